/**
 * WalletConnect in the frame: the sign-client (loaded on demand, never in the modal's first
 * bundle), the pairing shown as a QR code or deeplink, and the approved session as a wallet the
 * connection controller treats like any other — requests from the site go to the session, the
 * wallet's session events and deletion come back as wallet events. Sessions are persisted
 * (storage.ts) and restored on reload without a prompt.
 */
import {
  type CaipNetworkId,
  type ChainNamespace,
  DisconnectedError,
  errorCodes,
  evmChainId,
  evmNetworkOf,
  type HostWalletEvent,
  isUserRejection,
  namespaceOf,
  ProviderRpcError,
  parseCaipNetworkId,
  type RequestArguments,
  toastMessages,
  tryParseCaipAddress,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from '@airlock/protocol'
import type { ICore, SessionTypes, SignClientTypes } from '@walletconnect/types'
import { alertFor, SessionExpiredError } from '../stores/alerts'
import { showAlert } from '../stores/controllers'
import type { KeyValueStore } from '../stores/persistence'
import type { ModalStore } from '../stores/store'
import { showToast } from '../stores/toasts'
import { proposalNamespaces, type SessionNamespace, viewSession } from './namespaces'
import { createPairing } from './pairing'
import { walletConnectId } from './peer'
import { createClientStorage } from './storage'

type SignClient = Awaited<
  ReturnType<typeof import('@walletconnect/sign-client')['SignClient']['init']>
>
type Session = SessionTypes.Struct

export type WalletConnectOptions = {
  store: ModalStore
  /** The modal's key-value store (frame or host), for the persisted session. */
  storage: () => KeyValueStore | undefined
  /** A wallet event of the session (accounts, chain, deleted), for the connection controller. */
  onEvent(event: HostWalletEvent): void
  /** A session was approved in the pairing shown to the visitor. */
  onSession(): void
  /** The client or relay failed (not the visitor declining), for error reports. */
  onError?(error: unknown): void
}

export function createWalletConnect(options: WalletConnectOptions) {
  const { store } = options
  let client: Promise<SignClient> | undefined
  let session: Session | undefined
  /** Waits until the client's storage has written what it holds (storage.ts); none before it exists. */
  let storageStored: () => Promise<void> = async () => {}

  const config = () => store.getState().config.project?.walletConnect ?? undefined
  /**
   * The networks to ask the wallet for: the site's that the API knows, else — a site without
   * adapters (Opening rule 2) — the ones it named.
   */
  const siteNetworks = () => {
    const { networks, options } = store.getState()
    return networks.length
      ? networks.map((network) => network.caipNetworkId)
      : (options?.networks ?? [])
  }

  function load(): Promise<SignClient> {
    client ??= start().catch((error) => {
      client = undefined
      throw error
    })
    return client
  }

  async function start(): Promise<SignClient> {
    const settings = config()
    if (!settings) throw new Error('WalletConnect is not configured for this project.')
    const [storage, { Core }, { SignClient }] = await Promise.all([
      createClientStorage(options.storage),
      import('@walletconnect/core'),
      import('@walletconnect/sign-client'),
    ])
    storageStored = storage.flush
    const core = new Core({
      projectId: settings.projectId,
      relayUrl: settings.relayUrl,
      storage,
      customStoragePrefix: 'airlock',
      telemetryEnabled: false,
      logger: 'silent',
    })
    // Verify waits seconds for an attestation frame on every connect; a local relay has none.
    if (!settings.verify) {
      Object.assign(core.verify, { init: async () => {}, register: async () => undefined })
    }
    const siteOrigin = store.getState().host?.origin ?? location.origin
    const site = new URL(siteOrigin).host
    const signClient = await SignClient.init({
      // Core declares projectId and relayUrl optional where ICore wants them; both are set.
      core: core as unknown as ICore,
      metadata: {
        // The words and the picture name the site the visitor is on; the URL is the origin that
        // runs this client, the modal's: the one WalletConnect Verify attests, and the page's
        // own, as sign-client expects (it warns and rewrites any other).
        name: site,
        description: `Connect to ${site} via Airlock`,
        url: location.origin,
        icons: [`${siteOrigin}/favicon.ico`],
      },
    })
    listen(signClient)
    return signClient
  }

  /** Tells the connection actions of a change of the session, as a wallet on the page would. */
  const emit = (event: HostWalletEvent['event'], data: unknown) =>
    options.onEvent({ walletId: walletConnectId, event, data })
  /** The session's accounts changed, named by their namespace as host wallets name theirs. */
  const accountEvents = {
    solana: 'solanaAccountsChanged',
    bip122: 'bitcoinAccountsChanged',
  } as const
  const emitAccounts = (accounts: string[]) =>
    emit(
      accountEvents[namespaceOf(current().network) as keyof typeof accountEvents] ??
        'accountsChanged',
      accounts,
    )
  /** The wallet is on another chain: the session's accounts there follow. */
  function emitChain(chainId: string) {
    emit('chainChanged', chainId)
    const { accounts } = current()
    if (accounts.length) emitAccounts(accounts)
  }

  function listen(signClient: SignClient) {
    signClient.on(
      'session_event',
      ({ topic, params }: SignClientTypes.EventArguments['session_event']) => {
        if (topic !== session?.topic) return
        const { name, data } = params.event
        if (name === 'chainChanged') {
          const network = evmNetworkOf(data)
          if (network) emitChain(evmChainId(network))
        } else if (name === 'accountsChanged' && Array.isArray(data)) {
          // Wallets send plain addresses or CAIP-10 accounts.
          const addresses = data
            .filter((item): item is string => typeof item === 'string')
            .map((item) => tryParseCaipAddress(item)?.address ?? item)
          emitAccounts(addresses)
        }
      },
    )
    signClient.on(
      'session_update',
      ({ topic }: SignClientTypes.EventArguments['session_update']) => {
        if (topic !== session?.topic) return
        session = signClient.session.get(topic)
        const view = current()
        store.setState({ approvedNetworks: view.approved })
        emitAccounts(view.accounts)
      },
    )
    // The session last ended: sign-client deletes an expired session (session_delete) before it
    // says why (session_expire).
    let endedTopic: string | undefined
    const ended = ({ topic }: { topic: string }) => {
      if (topic !== session?.topic) return
      endedTopic = topic
      session = undefined
      store.setState({ walletConnectPeer: undefined, approvedNetworks: undefined })
      emit('disconnect', undefined)
    }
    signClient.on('session_delete', ended)
    // The wallet did not end it; time did: the visitor is told why they are disconnected.
    signClient.on('session_expire', (event) => {
      ended(event)
      if (event.topic === endedTopic) showAlert(store, alertFor(new SessionExpiredError()))
    })
  }

  function use(next: Session) {
    session = next
    const { name, icons } = next.peer.metadata
    const icon = icons.find((url) => /^(https:\/\/|data:image\/)/.test(url)) ?? ''
    store.setState({
      walletConnectPeer: { name: name || 'WalletConnect', icon },
      approvedNetworks: current().approved,
    })
  }

  /**
   * The session seen through the site's networks (those of `namespace` when given), with
   * `preferred` (the active network unless said) preferred.
   */
  function current(
    namespace?: ChainNamespace,
    preferred: CaipNetworkId | undefined = store.getState().activeNetwork,
  ) {
    const namespaces = (session?.namespaces ?? {}) as Record<string, SessionNamespace>
    const networks = siteNetworks().filter(
      (network) => !namespace || network.startsWith(`${namespace}:`),
    )
    return viewSession(namespaces, networks, preferred)
  }

  const pairing = createPairing<Session>({
    async propose() {
      const signClient = await load()
      const { uri, approval } = await signClient.connect({
        optionalNamespaces: proposalNamespaces(siteNetworks()),
      })
      if (!uri) throw new Error('The relay gave no pairing URI.')
      return { uri, approval }
    },
    onChange: (pairingState) => store.setState({ pairing: pairingState }),
    onError: (error) => options.onError?.(error),
    async onSession(next) {
      // The session is announced once it is stored: a reload right after the site hears of the
      // connection finds it (issue 33).
      await storageStored()
      use(next)
      options.onSession()
    },
  })

  async function request({ method, params }: RequestArguments): Promise<unknown> {
    if (!session) throw new DisconnectedError({ message: 'No WalletConnect session.' })
    const view = current()
    if (method === 'eth_accounts' || method === 'eth_requestAccounts') return view.accounts
    if (method === 'eth_chainId' && view.network && namespaceOf(view.network) === 'eip155')
      return evmChainId(view.network)
    if (method === 'wallet_switchEthereumChain') {
      const wanted = evmNetworkOf((params as [{ chainId?: unknown }] | undefined)?.[0]?.chainId)
      const target = view.approved.find((network) => network === wanted)
      if (!target)
        throw new ProviderRpcError(errorCodes.unrecognizedChain, 'Unrecognized chain', {
          details: 'The wallet did not approve this network for the session.',
        })
      // The session covers every approved chain: switching is the modal's choice of which.
      emitChain(evmChainId(target))
      return null
    }
    if (method === 'wallet_revokePermissions') {
      await disconnect()
      return null
    }
    const chainId = view.network ?? siteNetworks()[0]!
    const approvedMethods = session.namespaces[parseCaipNetworkId(chainId).namespace]?.methods ?? []
    if (!approvedMethods.includes(method))
      throw new UnsupportedMethodError({
        details: `The wallet did not approve ${method} for this session.`,
      })
    const signClient = await load()
    try {
      return await signClient.request({
        topic: session.topic,
        chainId,
        request: { method, params },
      })
    } catch (error) {
      const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
      if (isUserRejection(error)) {
        showToast(store, {
          message: toastMessages.signatureDeclined,
          variant: 'error',
          autoClose: true,
        })
        throw new UserRejectedRequestError({ message: toastMessages.signatureDeclined })
      }
      throw new ProviderRpcError(
        typeof code === 'number' ? code : errorCodes.internal,
        typeof message === 'string' && message ? message : 'The wallet could not answer.',
      )
    }
  }

  /** Ends the session with the wallet (from the modal, the site or a revoke). */
  async function disconnect() {
    const ending = session
    if (!ending) return
    session = undefined
    store.setState({ walletConnectPeer: undefined, approvedNetworks: undefined })
    const signClient = await load()
    // WalletConnect's USER_DISCONNECTED reason.
    const reason = { code: 6000, message: 'User disconnected.' }
    await signClient.disconnect({ topic: ending.topic, reason }).catch(() => {})
  }

  /** On reload: the newest live session from storage, made current without any prompt. */
  async function restore(): Promise<boolean> {
    if (!config()) return false
    const signClient = await load()
    const now = Date.now() / 1000
    const live = signClient.session
      .getAll()
      .filter((candidate) => candidate.expiry > now && candidate.acknowledged)
      .sort((a, b) => b.expiry - a.expiry)[0]
    if (!live) return false
    use(live)
    return true
  }

  return {
    pairing,
    request,
    disconnect,
    restore,
    /** Accounts and the network to be active, from the current session. */
    current,
    isConfigured: () => !!config(),
    hasSession: () => !!session,
    /** Starts loading the client ahead of need (the visitor is about to ask for a QR). */
    preload: () => {
      if (config()) load().catch(() => {})
    },
  }
}
export type WalletConnect = ReturnType<typeof createWalletConnect>
