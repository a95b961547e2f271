/**
 * Connecting and switching wallets (spec §4): browser-extension wallets that live on the host
 * page — the frame asks the host to call them (`hostWalletRequest`: EIP-1193 methods on eip155,
 * Wallet Standard features as `standard_connect`, `solana_signMessage`… on solana) and their
 * events arrive from the host — and the WalletConnect session, whose requests and events go through the frame's
 * sign-client under the wallet id `walletConnect`. Every path (connect, reconnect on reload,
 * switch, disconnect from the modal, the site or the wallet) ends in the same store fields, so
 * the site and the modal agree.
 */
import {
  type CaipNetworkId,
  connectionErrors,
  DisconnectedError,
  errorCodes,
  type HostWalletEvent,
  type HostWalletInfo,
  InvalidParamsError,
  isUserRejection,
  type RequestArguments,
  UnsupportedMethodError,
  walletStandardChain,
} from '@airlock/protocol'
import { addRecentWallet, stableWalletId } from '../navigation/ordering'
import type { SessionView } from '../walletconnect/namespaces'
import { walletConnectId } from '../walletconnect/peer'
import type { Persistence } from './persistence'
import { type Connection, type ModalState, type ModalStore, namespaceOf } from './store'

export type WalletRequest = (walletId: string, request: RequestArguments) => Promise<unknown>

/** A wallet the visitor can be connected with: one on the host page, or a WalletConnect peer. */
type WalletInfo = Omit<HostWalletInfo, 'type'> & {
  type: HostWalletInfo['type'] | 'WALLET_CONNECT'
}

/** What the connection controller needs of the WalletConnect session (walletConnect.ts). */
export type WalletConnectSessions = {
  /** Makes the newest stored session current; false when there is none. */
  restore(): Promise<boolean>
  current(): SessionView
  hasSession(): boolean
}

/** The id a connection keeps across page loads. */
const connectionIdOf = (wallet: WalletInfo) =>
  wallet.type === 'WALLET_CONNECT' ? walletConnectId : stableWalletId(wallet)

/** Per-connection status relative to the namespace (spec §4). */
export type ConnectionStatus = 'connected' | 'active' | 'disconnected'

export function connectionStatus(state: ModalState, connection: Connection): ConnectionStatus {
  if (connection.id === state.activeConnectionId && state.status === 'connected') return 'connected'
  return connection.accounts.length > 0 ? 'active' : 'disconnected'
}

const codeOf = (error: unknown) => (error as { code?: unknown })?.code

const toCaip = (chainIdHex: unknown): CaipNetworkId | undefined =>
  typeof chainIdHex === 'string' && /^0x[0-9a-f]+$/i.test(chainIdHex)
    ? `eip155:${Number.parseInt(chainIdHex, 16)}`
    : undefined

const asAccounts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

/** What the site may ask a Solana wallet, and the bytes each takes. */
const solanaRequests: Record<string, string> = {
  solana_signMessage: 'message',
  solana_signTransaction: 'transaction',
  solana_signAndSendTransaction: 'transaction',
}
/** Solana transactions are at most 1232 bytes; messages to sign are kept under 64 KiB. */
const maxSolanaBytes = 65_536

/** Refuses a site's Solana request the modal doesn't offer, or whose bytes aren't bytes. */
function checkSolanaRequest({ method, params }: RequestArguments) {
  const key = solanaRequests[method]
  if (!key) throw new UnsupportedMethodError({ details: `${method} is not offered.` })
  const bytes = (params as Record<string, unknown> | undefined)?.[key]
  if (!(bytes instanceof Uint8Array) || bytes.length === 0 || bytes.length > maxSolanaBytes)
    throw new InvalidParamsError({
      message: `${method} takes { ${key}: Uint8Array } of 1 to ${maxSolanaBytes} bytes.`,
    })
}

type WalletNamespace = 'eip155' | 'solana'
const namespacesOf = (wallet: WalletInfo): WalletNamespace[] =>
  (wallet as HostWalletInfo).namespaces ?? ['eip155']
const namespaceOfConnection = (connection: Connection | undefined): WalletNamespace =>
  connection?.namespace ?? 'eip155'

export function createConnectionController(
  store: ModalStore,
  request: WalletRequest,
  persistence: Persistence,
  walletConnect?: WalletConnectSessions,
) {
  // Connect prompts still open; while any is, the status is 'connecting'.
  let pendingConnects = 0
  /** The status the store settles on: connected when the active connection has accounts. */
  const settledStatus = () =>
    pendingConnects > 0 ? 'connecting' : active()?.accounts.length ? 'connected' : 'disconnected'
  /** A host wallet by its id on this page, or the WalletConnect session's wallet. */
  const walletInfo = (walletId: string): WalletInfo | undefined => {
    const state = store.getState()
    if (walletId === walletConnectId)
      return state.walletConnectPeer && walletConnect?.hasSession()
        ? { id: walletConnectId, ...state.walletConnectPeer, type: 'WALLET_CONNECT' }
        : undefined
    return state.hostWallets.find((wallet) => wallet.id === walletId)
  }
  const active = () => {
    const state = store.getState()
    return state.connections.find((connection) => connection.id === state.activeConnectionId)
  }

  function save() {
    const { connections, activeConnectionId } = store.getState()
    persistence.saveConnections({
      ...(activeConnectionId ? { active: activeConnectionId } : {}),
      ids: connections.map(({ id, name, namespace }) => ({
        id,
        name,
        ...(namespace ? { namespace } : {}),
      })),
    })
  }

  function upsert(connection: Connection) {
    const others = store.getState().connections.filter((item) => item.id !== connection.id)
    return [connection, ...others]
  }

  /**
   * The namespace a browser wallet connects on: the one the site asked for or is on when the
   * wallet speaks it, else the wallet's first that the site has networks for.
   */
  function namespaceFor(wallet: WalletInfo): WalletNamespace {
    const state = store.getState()
    const spoken = namespacesOf(wallet)
    const wanted = state.requestedNamespace ?? namespaceOf(state.activeNetwork)
    if (spoken.includes(wanted as WalletNamespace)) return wanted as WalletNamespace
    const siteHas = (namespace: string) =>
      state.networks.some((network) => namespaceOf(network.caipNetworkId) === namespace)
    return spoken.find(siteHas) ?? spoken[0] ?? 'eip155'
  }

  /** The network to be on for `namespace`: the active one if it is of it, else the site's first. */
  function networkFor(namespace: WalletNamespace): CaipNetworkId | undefined {
    const { activeNetwork, networks } = store.getState()
    if (namespaceOf(activeNetwork) === namespace) return activeNetwork
    return networks.find((network) => namespaceOf(network.caipNetworkId) === namespace)
      ?.caipNetworkId
  }

  /** Asks a browser wallet for its accounts on `namespace`; `silent`: only if already allowed. */
  async function requestAccounts(walletId: string, namespace: WalletNamespace, silent: boolean) {
    if (namespace === 'solana')
      return asAccounts(
        await request(walletId, { method: 'standard_connect', params: silent ? { silent } : {} }),
      )
    return asAccounts(
      await request(walletId, { method: silent ? 'eth_accounts' : 'eth_requestAccounts' }),
    )
  }

  /** The network a browser wallet is on after connecting on `namespace`. */
  async function walletNetwork(walletId: string, namespace: WalletNamespace) {
    if (namespace === 'solana') return networkFor('solana')
    return toCaip(await request(walletId, { method: 'eth_chainId' }).catch(() => undefined))
  }

  /** Makes a wallet's accounts the active connection, on `network` when given. */
  function activate(
    wallet: WalletInfo,
    accounts: string[],
    network: CaipNetworkId | undefined,
    namespace: WalletNamespace = 'eip155',
  ) {
    const id = connectionIdOf(wallet)
    const connection: Connection = {
      id,
      walletId: wallet.id,
      name: wallet.name,
      icon: wallet.icon,
      ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
      ...(namespace === 'solana' ? { namespace } : {}),
      accounts,
    }
    const address = accounts[0]
    const activeNetwork = network ?? store.getState().activeNetwork
    store.setState({
      approvedNetworks:
        wallet.type === 'WALLET_CONNECT' ? walletConnect?.current().approved : undefined,
      connections: upsert(connection),
      activeConnectionId: id,
      status: address ? 'connected' : 'disconnected',
      address,
      caipAddress: address && activeNetwork ? (`${activeNetwork}:${address}` as never) : undefined,
      connectorId: wallet.id,
      activeNetwork,
      connecting: undefined,
    })
    save()
  }

  /** The address may have changed while a wallet prompt was open: read it now. */
  function setActiveNetwork(activeNetwork: CaipNetworkId) {
    const { address } = store.getState()
    store.setState({
      activeNetwork,
      caipAddress: address ? (`${activeNetwork}:${address}` as never) : undefined,
    })
  }

  function clearActive() {
    store.setState({
      status: pendingConnects > 0 ? 'connecting' : 'disconnected',
      address: undefined,
      caipAddress: undefined,
      connectorId: undefined,
      activeConnectionId: undefined,
      approvedNetworks: undefined,
    })
    save()
  }

  /** The login flow of a browser wallet: asks the wallet for accounts (it may prompt). */
  async function connect(walletId: string) {
    const wallet = walletInfo(walletId)
    if (!wallet) throw new InvalidParamsError({ message: connectionErrors.failedToConnect })
    const returnBack = store.getState().connecting?.returnBack
    const connecting = { walletId, ...(returnBack ? { returnBack } : {}) }
    store.setState({ status: 'connecting', connecting })
    pendingConnects++
    try {
      const namespace = namespaceFor(wallet)
      const accounts = await requestAccounts(walletId, namespace, false)
      if (!accounts.length) throw new Error('The wallet returned no accounts.')
      const network = await walletNetwork(walletId, namespace)
      pendingConnects--
      activate(wallet, accounts, network, namespace)
      const recent = addRecentWallet(store.getState().recentWallets, {
        id: stableWalletId(wallet),
        name: wallet.name,
        ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
      })
      store.setState({ recentWallets: recent })
      persistence.saveRecentWallets(recent)
    } catch (error) {
      pendingConnects = Math.max(0, pendingConnects - 1)
      const rejected = isUserRejection(error)
      store.setState({
        status: settledStatus(),
        connecting: { ...connecting, error: rejected ? 'rejected' : 'failed' },
      })
      throw error
    }
  }

  /** A WalletConnect session the pairing shown to the visitor delivered: the active connection. */
  function activateWalletConnect() {
    const wallet = walletInfo(walletConnectId)
    const session = walletConnect?.current()
    if (!wallet || !session?.accounts.length) throw new Error(connectionErrors.failedToConnect)
    activate(wallet, session.accounts, session.network)
  }

  /** On load: restores the saved connections the wallets still authorise, without a prompt. */
  async function reconnect() {
    const saved = await persistence.connections()
    store.setState({ recentWallets: await persistence.recentWallets() })
    const wallets = store.getState().hostWallets
    const restored: Connection[] = []
    let activeWallet:
      | { wallet: WalletInfo; accounts: string[]; namespace: WalletNamespace }
      | undefined
    for (const { id, name, namespace: savedNamespace } of saved.ids) {
      if (id === walletConnectId) {
        // The sign-client loads only for a visitor who had a WalletConnect session.
        const live = walletConnect ? await walletConnect.restore().catch(() => false) : false
        const peer = live ? walletInfo(walletConnectId) : undefined
        const session = walletConnect?.current()
        const accounts = peer && session ? session.accounts : []
        restored.push({
          id,
          walletId: walletConnectId,
          name: peer?.name ?? name,
          icon: peer?.icon ?? '',
          accounts,
        })
        if (id === saved.active && peer && accounts.length)
          activeWallet = { wallet: peer, accounts, namespace: 'eip155' }
        continue
      }
      const namespace: WalletNamespace = savedNamespace === 'solana' ? 'solana' : 'eip155'
      const wallet = wallets.find(
        (candidate) =>
          stableWalletId(candidate) === id && namespacesOf(candidate).includes(namespace),
      )
      let accounts: string[] = []
      if (wallet) {
        try {
          accounts = await requestAccounts(wallet.id, namespace, true)
        } catch {}
      }
      restored.push({
        id,
        walletId: wallet?.id ?? '',
        name: wallet?.name ?? name,
        icon: wallet?.icon ?? '',
        ...(wallet?.rdns ? { rdns: wallet.rdns } : {}),
        ...(namespace === 'solana' ? { namespace } : {}),
        accounts,
      })
      if (id === saved.active && wallet && accounts.length)
        activeWallet = { wallet, accounts, namespace }
    }
    store.setState({ connections: restored })
    if (activeWallet?.wallet.type === 'WALLET_CONNECT')
      activate(activeWallet.wallet, activeWallet.accounts, walletConnect?.current().network)
    else if (activeWallet) {
      const { wallet, accounts, namespace } = activeWallet
      activate(wallet, accounts, await walletNetwork(wallet.id, namespace), namespace)
    } else clearActive()
  }

  /** Disconnect from the modal or the site: forget the active connection everywhere. */
  async function disconnect() {
    const connection = active()
    if (connection?.walletId) {
      // Ask the wallet to forget the site too (EIP-2255, Wallet Standard disconnect); wallets
      // that can't are fine.
      const forget: RequestArguments =
        connection.namespace === 'solana'
          ? { method: 'standard_disconnect' }
          : { method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }
      await Promise.race([
        request(connection.walletId, forget).catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, 1000)),
      ])
    }
    if (connection)
      store.setState({
        connections: store
          .getState()
          .connections.map((item) =>
            item.id === connection.id ? { ...item, accounts: [] } : item,
          ),
      })
    clearActive()
  }

  /** Events from a wallet on the host page. */
  function onWalletEvent({ walletId, event, data }: HostWalletEvent) {
    if (event === 'transactionSent') return
    const state = store.getState()
    const connection = state.connections.find((item) => item.walletId === walletId)
    if (!connection) return
    // A dual wallet's events of the namespace it is not connected on are not about it.
    const solanaEvent = event === 'solanaAccountsChanged'
    if (solanaEvent !== (connection.namespace === 'solana')) return
    // The active connection, even while another wallet's prompt is open.
    const isActive = connection.id === state.activeConnectionId
    if (event === 'chainChanged') {
      const activeNetwork = toCaip(data)
      if (!isActive || !activeNetwork) return
      setActiveNetwork(activeNetwork)
      // A WalletConnect session may hold other accounts on the other chain.
      const wallet = walletInfo(walletId)
      const session = walletConnect?.current()
      if (wallet?.type === 'WALLET_CONNECT' && session?.accounts.length)
        activate(wallet, session.accounts, activeNetwork)
      return
    }
    const accounts = event === 'accountsChanged' || solanaEvent ? asAccounts(data) : []
    store.setState({
      connections: state.connections.map((item) =>
        item.id === connection.id ? { ...item, accounts } : item,
      ),
    })
    if (!isActive) return
    const wallet = walletInfo(walletId)
    if (accounts.length && wallet)
      activate(wallet, accounts, undefined, namespaceOfConnection(connection))
    else clearActive()
  }

  /**
   * Switches to another of the visitor's connections (ProfileWallets). A connected or active one
   * reconnects through its connector; a disconnected one runs its login flow.
   */
  async function switchConnection(id: string) {
    const state = store.getState()
    const connection = state.connections.find((item) => item.id === id)
    if (!connection)
      throw new InvalidParamsError({ message: connectionErrors.noConnectorForConnection(id) })
    const status = connectionStatus(state, connection)
    const wallet =
      id === walletConnectId
        ? walletInfo(walletConnectId)
        : store.getState().hostWallets.find((item) => stableWalletId(item) === id)
    if (!wallet)
      throw new InvalidParamsError({ message: connectionErrors.noConnectorForConnection(id) })
    const before = { address: state.address, wallet: state.activeConnectionId }
    if (wallet.type === 'WALLET_CONNECT') {
      const session = walletConnect?.current()
      if (!session?.accounts.length)
        throw new InvalidParamsError({ message: connectionErrors.noConnectorForConnection(id) })
      activate(wallet, session.accounts, session.network)
    } else if (status === 'connected' || status === 'active') {
      const namespace = namespaceOfConnection(connection)
      const accounts = await requestAccounts(wallet.id, namespace, true)
      if (accounts.length)
        activate(wallet, accounts, await walletNetwork(wallet.id, namespace), namespace)
      else await connect(wallet.id)
    } else if (status === 'disconnected') await connect(wallet.id)
    else throw new InvalidParamsError({ message: connectionErrors.invalidConnectionStatus(status) })
    const after = store.getState()
    return {
      hasSwitchedWallet: before.wallet !== after.activeConnectionId,
      hasSwitchedAccount: before.address?.toLowerCase() !== after.address?.toLowerCase(),
    }
  }

  /** Switches the wallet's chain; adds the chain to the wallet first when it doesn't know it. */
  async function switchNetwork(caipNetworkId: CaipNetworkId) {
    const state = store.getState()
    const network = state.networks.find((item) => item.caipNetworkId === caipNetworkId)
    const connection = active()
    if (!network || !connection || state.status !== 'connected') return false
    const target = namespaceOf(caipNetworkId)
    const wallet = walletInfo(connection.walletId)
    const crossing = target !== namespaceOfConnection(connection)
    if (crossing && !wallet) return false
    const browserWallet = wallet && wallet.type !== 'WALLET_CONNECT' ? wallet : undefined
    if (browserWallet && (target === 'eip155' || target === 'solana')) {
      if (crossing) {
        // A browser wallet that speaks the other namespace too connects on it (it may prompt).
        if (!namespacesOf(browserWallet).includes(target)) return false
        const accounts = await requestAccounts(browserWallet.id, target, false)
        if (!accounts.length) return false
        const network =
          target === 'solana' ? caipNetworkId : await walletNetwork(browserWallet.id, target)
        activate(browserWallet, accounts, network, target)
      }
      // Solana wallets take the chain with each request: switching is the modal's to do.
      if (target === 'solana') {
        setActiveNetwork(caipNetworkId)
        return true
      }
    }
    if (target !== 'eip155') return false
    const chainId = `0x${Number(caipNetworkId.split(':')[1]).toString(16)}`
    const switchChain = () =>
      request(connection.walletId, { method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    try {
      await switchChain()
    } catch (error) {
      if (codeOf(error) !== errorCodes.unrecognizedChain) throw error
      await request(connection.walletId, {
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId,
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: [network.rpcUrl],
            ...(network.blockExplorerUrl ? { blockExplorerUrls: [network.blockExplorerUrl] } : {}),
          },
        ],
      })
      await switchChain()
    }
    setActiveNetwork(caipNetworkId)
    return true
  }

  /** The site's requests for a browser-wallet connection that crossed the bridge. */
  function forward(requestArguments: RequestArguments) {
    const connection = active()
    const { status, address, activeNetwork } = store.getState()
    if (!connection || status !== 'connected') return undefined
    const solanaMethod = requestArguments.method.startsWith('solana_')
    if (solanaMethod) checkSolanaRequest(requestArguments)
    if (solanaMethod !== (namespaceOfConnection(connection) === 'solana'))
      return Promise.reject(
        new DisconnectedError({
          message: `The wallet is not connected on ${solanaMethod ? 'solana' : 'eip155'}.`,
        }),
      )
    if (!solanaMethod || connection.walletId === walletConnectId)
      return request(connection.walletId, requestArguments)
    // Wallet Standard takes the account and chain with each call.
    return request(connection.walletId, {
      method: requestArguments.method,
      params: {
        ...requestArguments.params,
        account: address,
        ...(activeNetwork ? { chain: walletStandardChain(activeNetwork) } : {}),
      },
    })
  }

  return {
    connect,
    activateWalletConnect,
    reconnect,
    disconnect,
    onWalletEvent,
    switchConnection,
    switchNetwork,
    forward,
  }
}
export type ConnectionController = ReturnType<typeof createConnectionController>
