/**
 * Sign in with a wallet (SIWX, spec §4) in the frame. While the project asks for it, every
 * connected account on every network is checked for a session (its token kept in the frame's
 * storage, the session read back from the API); without one, the visitor is asked to sign a
 * CAIP-122 message bound to the host site and to a nonce from the API, which turns it into a
 * session. The message's text and its libraries load only when a visitor signs.
 */
import {
  type CaipNetworkId,
  type RequestArguments,
  type SiwxSiteSession,
  siwxErrors,
  siwxMessageData,
  siwxNonceResponseSchema,
  siwxSessionResponseSchema,
  siwxSignInResponseSchema,
} from '@airlock/protocol'
import { stringToHex } from 'viem'
import { type ApiFetch, HttpError } from '../api'
import type { Persistence } from '../stores/persistence'
import type { ModalStore } from '../stores/store'
import { type SiwxCheck, SiwxInitError } from './siwxCheck'

export type SiwxDeps = {
  store: ModalStore
  apiFetch: ApiFetch
  persistence: Persistence
  /** Asks the connected wallet (the site's kind of request); undefined when none is connected. */
  walletRequest: (args: RequestArguments) => Promise<unknown> | undefined
}

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
  `${chainId}|${chainId.startsWith('eip155:') ? address.toLowerCase() : address}`

export function createSiwx({ store, apiFetch, persistence, walletRequest }: SiwxDeps) {
  /** The networks this page signed in on with the current address, the latest last. */
  let signedNetworks: CaipNetworkId[] = []

  const readTokens = () => persistence.read<SiwxTokens>(tokensKey, {}, isTokens)
  const projectId = () => store.getState().config.projectId ?? ''
  const hostOrigin = () => store.getState().host?.origin

  async function forgetToken(key: string) {
    const tokens = await readTokens()
    if (!(key in tokens)) return
    delete tokens[key]
    await persistence.write(tokensKey, tokens)
  }

  /** The session kept for the connected account, if the API still has it for this site. */
  async function findSession(chainId: CaipNetworkId, address: string) {
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
        found.hostOrigin === hostOrigin() &&
        accountKey(data.chainId, data.accountAddress) === key
      if (same) return { ...found.session, token }
    } catch (error) {
      // Ended or unknown: forgotten. Any other failure leaves it for the next check.
      if (!(error instanceof HttpError && error.status === 401)) throw error
    }
    await forgetToken(key)
    return undefined
  }

  /** Checks the connected account now: its session, or that one is needed. */
  async function check(): Promise<SiwxCheck> {
    const { siwx, status, address, activeNetwork } = store.getState()
    // Before the bridge knows the host, there is no site to be signed in to: checked once it does.
    if (siwx === 'off' || status !== 'connected' || !address || !activeNetwork || !hostOrigin()) {
      if (store.getState().siwxSession) store.setState({ siwxSession: undefined })
      if (status !== 'connected') signedNetworks = []
      return 'off'
    }
    const session = await findSession(activeNetwork, address).catch(() => undefined)
    // The account or network changed while this was read: checked again, as it is now.
    const now = store.getState()
    if (now.address !== address || now.activeNetwork !== activeNetwork) return check()
    store.setState({ siwxSession: session })
    if (!session) return 'needed'
    signedNetworks = [...signedNetworks.filter((id) => id !== activeNetwork), activeNetwork]
    return 'signedIn'
  }

  /**
   * Signs the connected account in: a nonce, the message, the wallet's signature, the session.
   * @throws the spec's SIWX errors when there is nothing to sign in with; SiwxInitError when no
   *   nonce could be had; the wallet's own error when it declines.
   */
  async function signIn(): Promise<SiwxSiteSession> {
    const { siwx, address, activeNetwork: chainId } = store.getState()
    const origin = hostOrigin()
    if (siwx === 'off') throw new Error(siwxErrors.notEnabled)
    if (!address) throw new Error(siwxErrors.noActiveCaipAddress)
    if (!chainId || !origin) throw new Error(siwxErrors.noActiveCaipNetworkOrClient)
    const [{ createSiwxMessage }, { nonce }] = await Promise.all([
      import('@airlock/protocol/siwx-messages'),
      apiFetch('POST', `/v1/projects/${projectId()}/siwx/nonces`, {
        body: { hostOrigin: origin },
        quiet: true,
      })
        .then((body) => siwxNonceResponseSchema.parse(body))
        .catch((error: unknown) => {
          throw new SiwxInitError('No nonce for the sign-in.', { cause: error })
        }),
    ])
    const data = siwxMessageData({ hostOrigin: origin, address, chainId, nonce, now: Date.now() })
    const message = createSiwxMessage(data)
    const pending = walletRequest(signRequest(chainId, address, message))
    if (!pending) throw new Error(siwxErrors.noConnectionControllerClient)
    const signature = await signatureOf(await pending)
    const { token, session } = siwxSignInResponseSchema.parse(
      await apiFetch('POST', `/v1/projects/${projectId()}/siwx/sessions`, {
        body: { hostOrigin: origin, address, chainId, message, signature },
        quiet: true,
      }),
    )
    const tokens = await readTokens()
    tokens[accountKey(chainId, address)] = token
    await persistence.write(tokensKey, tokens)
    const signedIn = { ...session, token }
    signedNetworks = [...signedNetworks.filter((id) => id !== chainId), chainId]
    store.setState({ siwxSession: signedIn })
    return signedIn
  }

  /** Ends the connected account's session, at the API and here; the wallet stays connected. */
  async function signOut() {
    const session = store.getState().siwxSession
    if (!session) return
    const { data, token } = session
    store.setState({ siwxSession: undefined })
    signedNetworks = signedNetworks.filter((id) => id !== data.chainId)
    await forgetToken(accountKey(data.chainId, data.accountAddress))
    await apiFetch('DELETE', '/v1/siwx/session', { bearer: token, quiet: true }).catch(() => {})
  }

  return {
    check,
    signIn,
    signOut,
    /** The network this page last signed in on with this address, other than the active one. */
    lastSignedNetwork(): CaipNetworkId | undefined {
      const active = store.getState().activeNetwork
      return signedNetworks.filter((id) => id !== active).at(-1)
    },
  }
}
export type Siwx = ReturnType<typeof createSiwx>

/** The wallet request that signs `message` on the account's namespace. */
function signRequest(chainId: CaipNetworkId, address: string, message: string): RequestArguments {
  if (chainId.startsWith('solana:'))
    return { method: 'solana_signMessage', params: { message: new TextEncoder().encode(message) } }
  return { method: 'personal_sign', params: [stringToHex(message), address] }
}

/** The signature a wallet answered: hex on eip155; base58 on solana (bytes or base58 given). */
async function signatureOf(answer: unknown): Promise<string> {
  if (typeof answer === 'string') return answer
  const signature = (answer as { signature?: unknown } | undefined)?.signature
  if (typeof signature === 'string') return signature
  if (signature instanceof Uint8Array) {
    const { getBase58Decoder } = await import('@solana/kit')
    return getBase58Decoder().decode(signature)
  }
  throw new Error('The wallet answered the sign-in without a signature.')
}
