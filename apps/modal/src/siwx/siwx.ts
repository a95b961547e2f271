/**
 * Sign in with a wallet (SIWX, spec §4) in the frame. While the project asks for it, every
 * connected account on every network is checked for a session; without one, the visitor is asked
 * to sign a CAIP-122 message bound to the host site and to a nonce, which turns it into a
 * session. Who keeps the sessions: the site itself when its page gave `createAirlock` a
 * `siwxHandler` (siteSignIn.ts; the first answer of the page says), else the API
 * (apiSignIn.ts). The message's libraries load only when a visitor signs.
 */
import {
  type CaipNetworkId,
  namespaceOf,
  type RequestArguments,
  type SiwxSiteSession,
  siwxErrors,
} from '@airlock/protocol'
import { stringToHex } from 'viem'
import type { ApiFetch } from '../api'
import type { Persistence } from '../stores/persistence'
import type { ModalStore } from '../stores/store'
import { createApiSignIn } from './apiSignIn'
import { createSiteSignIn, type SiteSiwxCall } from './siteSignIn'
import type { SiwxCheck } from './siwxCheck'

export type SiwxDeps = {
  store: ModalStore
  apiFetch: ApiFetch
  persistence: Persistence
  /** Asks the connected wallet (the site's kind of request); undefined when none is connected. */
  walletRequest: (args: RequestArguments) => Promise<unknown> | undefined
  /** Asks the page's own sign-in handler; penpal's METHOD_NOT_FOUND when it has none. */
  siteCall: SiteSiwxCall
}

/** The connected account, on the page it signs in to. */
export type SiwxAccountAt = { chainId: CaipNetworkId; address: string; hostOrigin: string }

/** Who keeps the sign-ins: the API, or the site itself. */
export type SiwxBackend = {
  /** The kept session of the account on this site, if it still holds. */
  find(account: SiwxAccountAt): Promise<SiwxSiteSession | undefined>
  /** The message the account is to sign. @throws SiwxInitError when there is none to sign. */
  message(account: SiwxAccountAt): Promise<string>
  /** Turns the signed message into a kept session. */
  keep(signed: SiwxAccountAt & { message: string; signature: string }): Promise<SiwxSiteSession>
  /** Ends a session. */
  end(session: SiwxSiteSession): Promise<void>
}

export function createSiwx({ store, apiFetch, persistence, walletRequest, siteCall }: SiwxDeps) {
  /** The networks this page signed in on with the current address, the latest last. */
  let signedNetworks: CaipNetworkId[] = []
  const api = createApiSignIn({ store, apiFetch, persistence })
  const site = createSiteSignIn(siteCall)
  /** Whether the page has its own handler: unknown until it first answers. */
  let siteHandles: boolean | undefined

  const hostOrigin = () => store.getState().host?.origin

  /** The kept session, from the site when its page has a handler (its first answer says). */
  async function findSession(account: SiwxAccountAt) {
    if (siteHandles !== false)
      try {
        const found = await site.find(account)
        siteHandles = true
        return found
      } catch (error) {
        // A host without the method: the page gave no handler (or its SDK predates them).
        if ((error as { code?: unknown }).code !== 'METHOD_NOT_FOUND') throw error
        siteHandles = false
      }
    return api.find(account)
  }
  const backend = () => (siteHandles ? site : api)

  /** Checks the connected account now: its session, or that one is needed. */
  async function check(): Promise<SiwxCheck> {
    const { siwx, status, address, activeNetwork } = store.getState()
    const origin = hostOrigin()
    // Before the bridge knows the host, there is no site to be signed in to: checked once it does.
    if (siwx === 'off' || status !== 'connected' || !address || !activeNetwork || !origin) {
      if (store.getState().siwxSession) store.setState({ siwxSession: undefined })
      if (status !== 'connected') signedNetworks = []
      return 'off'
    }
    const session = await findSession({
      chainId: activeNetwork,
      address,
      hostOrigin: origin,
    }).catch(() => undefined)
    // The account or network changed while this was read: checked again, as it is now.
    const now = store.getState()
    if (now.address !== address || now.activeNetwork !== activeNetwork) return check()
    store.setState({ siwxSession: session })
    if (!session) return 'needed'
    signedNetworks = [...signedNetworks.filter((id) => id !== activeNetwork), activeNetwork]
    return 'signedIn'
  }

  /**
   * Signs the connected account in: the message, the wallet's signature, the session.
   * @throws the spec's SIWX errors when there is nothing to sign in with; SiwxInitError when no
   *   message could be had; the wallet's own error when it declines.
   */
  async function signIn(): Promise<SiwxSiteSession> {
    const { siwx, address, activeNetwork: chainId } = store.getState()
    const origin = hostOrigin()
    if (siwx === 'off') throw new Error(siwxErrors.notEnabled)
    if (!address) throw new Error(siwxErrors.noActiveCaipAddress)
    if (!chainId || !origin) throw new Error(siwxErrors.noActiveCaipNetworkOrClient)
    const account = { chainId, address, hostOrigin: origin }
    // Signing in before any check (none has told who keeps the sessions yet): one first.
    if (siteHandles === undefined) await findSession(account).catch(() => {})
    const keeper = backend()
    const message = await keeper.message(account)
    const pending = walletRequest(signRequest(chainId, address, message))
    if (!pending) throw new Error(siwxErrors.noConnectionControllerClient)
    const signature = await signatureOf(await pending, namespaceOf(chainId))
    const signedIn = await keeper.keep({ ...account, message, signature })
    signedNetworks = [...signedNetworks.filter((id) => id !== chainId), chainId]
    store.setState({ siwxSession: signedIn })
    return signedIn
  }

  /** Ends the connected account's session, where it is kept and here; the wallet stays connected. */
  async function signOut() {
    const session = store.getState().siwxSession
    if (!session) return
    store.setState({ siwxSession: undefined })
    signedNetworks = signedNetworks.filter((id) => id !== session.data.chainId)
    await backend().end(session)
  }

  return {
    check,
    signIn,
    signOut,
    /** Whether the site keeps the sign-ins itself (its page gave a handler), as far as known. */
    siteKeepsSessions: () => siteHandles === true,
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
  const namespace = namespaceOf(chainId)
  if (namespace === 'solana')
    return { method: 'solana_signMessage', params: { message: new TextEncoder().encode(message) } }
  // BIP-322 (a legacy signature is the wallet's choice for addresses BIP-322 doesn't cover).
  if (namespace === 'bip122') return { method: 'bitcoin_signMessage', params: { message, address } }
  // ADR-036 (Keplr's and Leap's signArbitrary).
  if (namespace === 'cosmos')
    return { method: 'cosmos_signArbitrary', params: { message, signerAddress: address } }
  // signRaw of the text's bytes (the extension wraps them in <Bytes>).
  if (namespace === 'polkadot')
    return { method: 'polkadot_signMessage', params: { message, address } }
  return { method: 'personal_sign', params: [stringToHex(message), address] }
}

/**
 * The signature a wallet answered: hex on eip155; base58 on solana (bytes or base58 given);
 * base64 on bip122; 0x-hex on polkadot; on cosmos the StdSignature as JSON (its public key names
 * the signer).
 */
async function signatureOf(answer: unknown, namespace: string | undefined): Promise<string> {
  if (namespace === 'cosmos' && typeof answer === 'object' && answer !== null)
    return JSON.stringify(answer)
  if (typeof answer === 'string') return answer
  const signature = (answer as { signature?: unknown } | undefined)?.signature
  if (typeof signature === 'string') return signature
  if (signature instanceof Uint8Array) {
    const { getBase58Decoder } = await import('@solana/kit')
    return getBase58Decoder().decode(signature)
  }
  throw new Error('The wallet answered the sign-in without a signature.')
}
