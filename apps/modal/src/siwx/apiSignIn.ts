/**
 * Sign-ins the API keeps (a site without its own `siwxHandler`): a nonce from the API, the
 * message built here, the session made by the API from the signed message and read back with
 * its token, which is kept in the frame's storage (never where the host page can read it).
 */
import {
  type CaipNetworkId,
  namespaceOf,
  siwxMessageData,
  siwxNonceResponseSchema,
  siwxSessionResponseSchema,
  siwxSignInResponseSchema,
} from '@airlock/protocol'
import { type ApiFetch, HttpError } from '../api'
import type { Persistence } from '../stores/persistence'
import type { ModalStore } from '../stores/store'
import type { SiwxBackend } from './siwx'
import { SiwxInitError } from './siwxCheck'

/** Where the sessions' tokens are kept: one entry of the frame's storage, by account. */
const tokensKey = 'airlock:v1:siwxSessions'
type SiwxTokens = Record<string, string>
const isTokens = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((token) => typeof token === 'string')

/** The key of an account's token: its network and address (EVM addresses in any case). */
const accountKey = (chainId: CaipNetworkId, address: string) =>
  `${chainId}|${namespaceOf(chainId) === 'eip155' ? address.toLowerCase() : address}`

export function createApiSignIn({
  store,
  apiFetch,
  persistence,
}: {
  store: ModalStore
  apiFetch: ApiFetch
  persistence: Persistence
}): SiwxBackend {
  const readTokens = () => persistence.read<SiwxTokens>(tokensKey, {}, isTokens)
  const projectId = () => store.getState().config.projectId ?? ''

  async function forgetToken(key: string) {
    const tokens = await readTokens()
    if (!(key in tokens)) return
    delete tokens[key]
    await persistence.write(tokensKey, tokens)
  }

  return {
    async find({ chainId, address, hostOrigin }) {
      const key = accountKey(chainId, address)
      const token = (await readTokens())[key]
      if (!token) return undefined
      try {
        const found = siwxSessionResponseSchema.parse(
          await apiFetch('GET', '/v1/siwx/session', { bearer: token, quiet: true }),
        )
        const { data } = found.session
        const same =
          found.projectId === projectId() &&
          found.hostOrigin === hostOrigin &&
          accountKey(data.chainId, data.accountAddress) === key
        if (same) return { ...found.session, token }
      } catch (error) {
        // Ended or unknown: forgotten. Any other failure leaves it for the next check.
        if (!(error instanceof HttpError && error.status === 401)) throw error
      }
      await forgetToken(key)
      return undefined
    },

    async message({ chainId, address, hostOrigin }) {
      const [{ createSiwxMessage }, { nonce }] = await Promise.all([
        import('@airlock/protocol/siwx-messages'),
        apiFetch('POST', `/v1/projects/${projectId()}/siwx/nonces`, {
          body: { hostOrigin },
          quiet: true,
        })
          .then((body) => siwxNonceResponseSchema.parse(body))
          .catch((error: unknown) => {
            throw new SiwxInitError('No nonce for the sign-in.', { cause: error })
          }),
      ])
      return createSiwxMessage(
        siwxMessageData({ hostOrigin, address, chainId, nonce, now: Date.now() }),
      )
    },

    async keep({ chainId, address, hostOrigin, message, signature }) {
      const { token, session } = siwxSignInResponseSchema.parse(
        await apiFetch('POST', `/v1/projects/${projectId()}/siwx/sessions`, {
          body: { hostOrigin, address, chainId, message, signature },
          quiet: true,
        }),
      )
      const tokens = await readTokens()
      tokens[accountKey(chainId, address)] = token
      await persistence.write(tokensKey, tokens)
      return { ...session, token }
    },

    async end({ data, token }) {
      await forgetToken(accountKey(data.chainId, data.accountAddress))
      await apiFetch('DELETE', '/v1/siwx/session', { bearer: token, quiet: true }).catch(() => {})
    },
  }
}
