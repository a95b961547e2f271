/**
 * How a social sign-in (a popup's grant, a signed Farcaster channel) ends before the wallet opens
 * (issue 33): the session; or, when it would link a new social account to the account this frame
 * is signed in to, the API's question — what would be linked, and to what — which the visitor
 * answers in the modal (ConnectingSocial, ConnectingFarcaster). Nothing is linked until `link()`,
 * their yes; a no is simply never calling it.
 */
import type { EmailSession, SocialLinkConfirmation } from '@airlock/protocol'
import { HttpError } from '../api'
import { SocialLoginError } from './socialGrant'

export type SocialSignIn =
  | { session: EmailSession }
  | { confirmLink: SocialLinkConfirmation; link: () => Promise<EmailSession> }

/**
 * The sign-in `answer` says, where `again` asks the same with the visitor's yes.
 * @example
 * const signIn = settleSignIn(await api.socialSession(grant, secret), () =>
 *   api.socialSession(grant, secret, true),
 * )
 */
export function settleSignIn(
  answer: { confirmLink: SocialLinkConfirmation } | EmailSession,
  again: () => Promise<object>,
): SocialSignIn {
  if (!('confirmLink' in answer)) return { session: answer }
  return {
    confirmLink: answer.confirmLink,
    async link() {
      const linked = await again()
      if (!('email' in linked)) throw new Error('The API did not link the account.')
      return linked as EmailSession
    },
  }
}

/**
 * An API refusal of a sign-in as a `SocialLoginError` in the API's words (they are written for
 * the visitor: which account, why, what to do), as the callback page's refusals are.
 */
export function socialRefusal(error: unknown): unknown {
  if (!(error instanceof HttpError) || !error.code?.startsWith('social')) return error
  const said = (error.body as { error?: { message?: unknown } } | undefined)?.error?.message
  return typeof said === 'string' && said ? new SocialLoginError(error.code, said) : error
}

/**
 * A sign-in that waits for the visitor's answer about a link: what would be linked and to what,
 * and `confirm()`, their yes, which links it and goes on to the wallet.
 */
export type LinkQuestion<opening> = {
  status: 'confirmLink'
  link: SocialLinkConfirmation
  confirm: () => Promise<opening>
}
