/**
 * The API's side of Sign In With Farcaster, through `@farcaster/auth-client`'s app client: a
 * channel opened on the Farcaster auth relay (its sign-in URL is what the visitor's Farcaster app
 * opens), the channel's status read back, and the signed message verified — its nonce and domain,
 * the SIWE signature (an EOA's, or a contract wallet's through ERC-1271/6492), and the signer being
 * the fid's custody address or one of its auth addresses on Optimism's Farcaster contracts.
 * The relay is a third-party service: what it answers is checked before it is used.
 */
import { type AuthClientError, createAppClient, viemConnector } from '@farcaster/auth-client'
import * as z from 'zod/mini'
import { SocialLoginError } from '../social/socialLoginError'
import type { FarcasterConfig } from './farcasterConfig'

/** What a channel's status says: still waiting for the app, or signed by it. */
export type FarcasterChannelState =
  | { state: 'pending' }
  | {
      state: 'completed'
      message: string
      signature: `0x${string}`
      fid: number
      username: string | undefined
    }

export type FarcasterRelay = {
  /** Opens a channel for a sign-in to `domain`; its secret token and the app's sign-in URL. */
  openChannel(request: {
    siweUri: string
    domain: string
    nonce: string
    notBefore: string
    expirationTime: string
  }): Promise<{ channelToken: string; url: string }>
  channelState(channelToken: string): Promise<FarcasterChannelState>
  /** The fid the message signs in, once it verifies. @throws SocialLoginError */
  verify(request: {
    nonce: string
    domain: string
    message: string
    signature: `0x${string}`
  }): Promise<number>
}

const channelSchema = z.object({
  channelToken: z.string().check(z.minLength(1), z.maxLength(200)),
  url: z.url({ protocol: /^https?$/ }),
})

const statusSchema = z.union([
  z.object({ state: z.literal('pending') }),
  z.object({
    state: z.literal('completed'),
    message: z.string().check(z.maxLength(4000)),
    signature: z.string().check(z.regex(/^0x[0-9a-fA-F]*$/)),
    fid: z.number().check(z.int(), z.positive()),
    username: z.optional(z.nullable(z.string())),
  }),
])

const unavailable = (what: string, cause?: unknown) =>
  new SocialLoginError(
    'socialProviderUnavailable',
    `The Farcaster relay could not ${what}${cause instanceof Error ? ` (${cause.message})` : ''}: try again in a moment.`,
  )

/**
 * Whether verifying failed for want of Optimism's RPC (unreachable, timed out, or failing)
 * rather than because the sign-in is wrong: auth-client says 'unavailable' for the fid lookups,
 * and passes viem's own errors of the signature check on as 'unknown'.
 */
function unreachable(error: AuthClientError): boolean {
  if (error.errCode === 'unavailable') return true
  if (error.errCode !== 'unknown') return false
  const transportErrors = ['HttpRequestError', 'TimeoutError', 'WebSocketRequestError']
  for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause)
    if (transportErrors.includes(cause.name)) return true
  return false
}

export function createFarcasterRelay(config: FarcasterConfig): FarcasterRelay {
  const client = createAppClient({
    relay: config.relayUrl,
    ethereum: viemConnector({ rpcUrl: config.rpcUrl }),
  })

  return {
    async openChannel(request) {
      const answer = await client.createChannel({ ...request, acceptAuthAddress: true })
      if (answer.isError) throw unavailable('open a sign-in channel', answer.error)
      const channel = channelSchema.safeParse(answer.data)
      if (answer.response.status !== 201 || !channel.success)
        throw unavailable(`open a sign-in channel (it answered ${answer.response.status})`)
      return channel.data
    },

    async channelState(channelToken) {
      const answer = await client.status({ channelToken })
      if (answer.isError) throw unavailable('tell how the sign-in goes', answer.error)
      const { status } = answer.response
      if (status === 401 || status === 404)
        throw new SocialLoginError(
          'socialStateInvalid',
          'The Farcaster relay no longer knows this sign-in: start it again.',
        )
      const parsed = statusSchema.safeParse(answer.data)
      if ((status !== 200 && status !== 202) || !parsed.success)
        throw unavailable(`tell how the sign-in goes (it answered ${status})`)
      const channel = parsed.data
      if (channel.state === 'pending') return { state: 'pending' }
      return {
        state: 'completed',
        message: channel.message,
        signature: channel.signature as `0x${string}`,
        fid: channel.fid,
        username: channel.username ?? undefined,
      }
    },

    async verify(request) {
      const verified = await client.verifySignInMessage({ ...request, acceptAuthAddress: true })
      if (!verified.isError && verified.success) return verified.fid
      const error: AuthClientError | undefined = verified.isError ? verified.error : undefined
      if (error && unreachable(error))
        throw new SocialLoginError(
          'socialProviderUnavailable',
          "Farcaster's accounts could not be read on Optimism to check this sign-in: try again in a moment.",
        )
      throw new SocialLoginError(
        'socialCodeInvalid',
        `This Farcaster sign-in does not verify${error ? ` (${error.message})` : ''}: start it again.`,
      )
    },
  }
}
