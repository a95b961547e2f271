/** What the modal's flows need of a sign-in without loading it (siwx.ts loads on first use). */

/** Where a check of the connected account ended. */
export type SiwxCheck = 'off' | 'signedIn' | 'needed'

/** The nonce could not be had: the sign-in cannot start (toast 'A problem occurred…'). */
export class SiwxInitError extends Error {
  override name = 'SiwxInitError'
}
