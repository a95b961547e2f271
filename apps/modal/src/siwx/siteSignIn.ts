/**
 * Sign-ins a site keeps itself (`createAirlock({ siwxHandler })`), asked for over the bridge: the
 * page makes the message and verifies the signature, and says which sign-in it keeps for an
 * account. Nothing the page answers is taken on trust: a message is read strictly and must be
 * for the page's own origin, the connected account and now before a wallet is asked to sign it,
 * so the modal never puts its name to a signature meant for another site; a kept sign-in that
 * fails the same checks is not used (the visitor signs again).
 */
import {
  type SiwxHandlerCall,
  type SiwxMessageData,
  type SiwxSiteSession,
  siwxLimits,
  siwxMessageData,
  siwxSessionTtlMs,
  siwxSiteSignInSchema,
} from '@airlock/protocol'
import type { SiwxAccountAt, SiwxBackend } from './siwx'
import { SiwxInitError } from './siwxCheck'

/** Calls the page's handler (HostMethods' `siwx`). */
export type SiteSiwxCall = (call: SiwxHandlerCall, input: unknown) => Promise<unknown>

/** The message's fields, when it is one the connected account may sign on this page now. */
async function checkedMessage(message: unknown, account: SiwxAccountAt): Promise<SiwxMessageData> {
  if (typeof message !== 'string') throw new TypeError('The message is not a string.')
  const { assertSiwxForAccount, assertSiwxForHost, assertSiwxInTime, parseSiwxMessage } =
    await import('@airlock/protocol/siwx-messages')
  const data = parseSiwxMessage(message)
  assertSiwxForHost(data, account.hostOrigin)
  assertSiwxForAccount(data, account)
  assertSiwxInTime(data, Date.now())
  return data
}

/** When a site's sign-in ends: its message's Expiration Time, else as the API's sessions do. */
const expiryOf = (data: SiwxMessageData) =>
  data.expirationTime ?? new Date(Date.parse(data.issuedAt) + siwxSessionTtlMs).toISOString()

export function createSiteSignIn(call: SiteSiwxCall): SiwxBackend {
  return {
    async find(account) {
      const kept = await call('getSession', {
        accountAddress: account.address,
        chainId: account.chainId,
      })
      if (kept === null || kept === undefined) return undefined
      try {
        const { message, signature, token } = siwxSiteSignInSchema.parse(kept)
        const data = await checkedMessage(message, account)
        const session: SiwxSiteSession = {
          data,
          message,
          signature,
          expiresAt: expiryOf(data),
          token,
        }
        return Date.parse(session.expiresAt) > Date.now() ? session : undefined
      } catch (error) {
        console.warn(
          "Airlock: the site's siwxHandler.getSession() answered a sign-in that is not used:",
          error,
        )
        return undefined
      }
    },

    async message(account) {
      const { nonce: _, ...input } = siwxMessageData({ ...account, nonce: '', now: Date.now() })
      try {
        const message = await call('createMessage', input)
        await checkedMessage(message, account)
        return message as string
      } catch (error) {
        console.error(
          "Airlock: the site's siwxHandler.createMessage() gave no message to sign:",
          error,
        )
        throw new SiwxInitError("The site's sign-in message was refused.", { cause: error })
      }
    },

    async keep({ message, signature, ...account }) {
      const data = await checkedMessage(message, account)
      const token = await call('verify', { message, signature, data })
      if (typeof token !== 'string' || token.length > siwxLimits.tokenChars)
        throw new TypeError(
          `The site's siwxHandler.verify() must answer its token for the session: a string of at most ${siwxLimits.tokenChars} characters.`,
        )
      return { data, message, signature, expiresAt: expiryOf(data), token }
    },

    async end(session) {
      await call('signOut', session)
    },
  }
}
