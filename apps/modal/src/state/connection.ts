/**
 * Connecting and switching browser-extension wallets that live on the host page (spec §4). The
 * frame asks the host to call the wallet (`hostWalletRequest`); wallet events arrive from the
 * host. Every path (connect, reconnect on reload, switch, disconnect from the modal, the site or
 * the wallet) ends in the same store fields, so the site and the modal agree.
 */
import {
  type CaipNetworkId,
  connectionErrors,
  errorCodes,
  type HostWalletEvent,
  type HostWalletInfo,
  InvalidParamsError,
  type RequestArguments,
} from '@airlock/protocol'
import { addRecentWallet, stableWalletId } from '../navigation/ordering'
import type { Persistence } from './persistence'
import { type Connection, type ModalState, type ModalStore, namespaceOf } from './store'

export type WalletRequest = (walletId: string, request: RequestArguments) => Promise<unknown>

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

export function createConnectionController(
  store: ModalStore,
  request: WalletRequest,
  persistence: Persistence,
) {
  // Connect prompts still open; while any is, the status is 'connecting'.
  let pendingConnects = 0
  /** The status the store settles on: connected when the active connection has accounts. */
  const settledStatus = () =>
    pendingConnects > 0 ? 'connecting' : active()?.accounts.length ? 'connected' : 'disconnected'
  const hostWallet = (walletId: string) =>
    store.getState().hostWallets.find((wallet) => wallet.id === walletId)
  const active = () => {
    const state = store.getState()
    return state.connections.find((connection) => connection.id === state.activeConnectionId)
  }

  function save() {
    const { connections, activeConnectionId } = store.getState()
    persistence.saveConnections({
      ...(activeConnectionId ? { active: activeConnectionId } : {}),
      ids: connections.map(({ id, name }) => ({ id, name })),
    })
  }

  function upsert(connection: Connection) {
    const others = store.getState().connections.filter((item) => item.id !== connection.id)
    return [connection, ...others]
  }

  /** Makes a wallet's accounts the active connection. */
  function activate(wallet: HostWalletInfo, accounts: string[], chainIdHex: unknown) {
    const id = stableWalletId(wallet)
    const connection: Connection = {
      id,
      walletId: wallet.id,
      name: wallet.name,
      icon: wallet.icon,
      ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
      accounts,
    }
    const address = accounts[0]
    const activeNetwork = toCaip(chainIdHex) ?? store.getState().activeNetwork
    store.setState({
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
    })
    save()
  }

  /** The login flow of a browser wallet: asks the wallet for accounts (it may prompt). */
  async function connect(walletId: string) {
    const wallet = hostWallet(walletId)
    if (!wallet) throw new InvalidParamsError({ message: connectionErrors.failedToConnect })
    const returnBack = store.getState().connecting?.returnBack
    const connecting = { walletId, ...(returnBack ? { returnBack } : {}) }
    store.setState({ status: 'connecting', connecting })
    pendingConnects++
    try {
      const accounts = asAccounts(await request(walletId, { method: 'eth_requestAccounts' }))
      if (!accounts.length) throw new Error('The wallet returned no accounts.')
      const chainId = await request(walletId, { method: 'eth_chainId' })
      pendingConnects--
      activate(wallet, accounts, chainId)
      const recent = addRecentWallet(store.getState().recentWallets, {
        id: stableWalletId(wallet),
        name: wallet.name,
        ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
      })
      store.setState({ recentWallets: recent })
      persistence.saveRecentWallets(recent)
    } catch (error) {
      pendingConnects = Math.max(0, pendingConnects - 1)
      const rejected = codeOf(error) === errorCodes.userRejectedRequest
      store.setState({
        status: settledStatus(),
        connecting: { ...connecting, error: rejected ? 'rejected' : 'failed' },
      })
      throw error
    }
  }

  /** On load: restores the saved connections the wallets still authorise, without a prompt. */
  async function reconnect() {
    const saved = await persistence.connections()
    store.setState({ recentWallets: await persistence.recentWallets() })
    const wallets = store.getState().hostWallets
    const restored: Connection[] = []
    let activeWallet: { wallet: HostWalletInfo; accounts: string[] } | undefined
    for (const { id, name } of saved.ids) {
      const wallet = wallets.find((candidate) => stableWalletId(candidate) === id)
      let accounts: string[] = []
      if (wallet) {
        try {
          accounts = asAccounts(await request(wallet.id, { method: 'eth_accounts' }))
        } catch {}
      }
      restored.push({
        id,
        walletId: wallet?.id ?? '',
        name: wallet?.name ?? name,
        icon: wallet?.icon ?? '',
        ...(wallet?.rdns ? { rdns: wallet.rdns } : {}),
        accounts,
      })
      if (id === saved.active && wallet && accounts.length) activeWallet = { wallet, accounts }
    }
    store.setState({ connections: restored })
    if (activeWallet) {
      const chainId = await request(activeWallet.wallet.id, { method: 'eth_chainId' }).catch(
        () => undefined,
      )
      activate(activeWallet.wallet, activeWallet.accounts, chainId)
    } else clearActive()
  }

  /** Disconnect from the modal or the site: forget the active connection everywhere. */
  async function disconnect() {
    const connection = active()
    if (connection?.walletId) {
      // Ask the wallet to forget the site too (EIP-2255); wallets that can't are fine.
      await Promise.race([
        request(connection.walletId, {
          method: 'wallet_revokePermissions',
          params: [{ eth_accounts: {} }],
        }).catch(() => {}),
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
    // The active connection, even while another wallet's prompt is open.
    const isActive = connection.id === state.activeConnectionId
    if (event === 'chainChanged') {
      const activeNetwork = toCaip(data)
      if (isActive && activeNetwork) setActiveNetwork(activeNetwork)
      return
    }
    const accounts = event === 'accountsChanged' ? asAccounts(data) : []
    store.setState({
      connections: state.connections.map((item) =>
        item.id === connection.id ? { ...item, accounts } : item,
      ),
    })
    if (!isActive) return
    const wallet = hostWallet(walletId)
    if (accounts.length && wallet) activate(wallet, accounts, undefined)
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
    const wallet = store.getState().hostWallets.find((item) => stableWalletId(item) === id)
    if (!wallet)
      throw new InvalidParamsError({ message: connectionErrors.noConnectorForConnection(id) })
    const before = { address: state.address, wallet: state.activeConnectionId }
    if (status === 'connected' || status === 'active') {
      const accounts = asAccounts(await request(wallet.id, { method: 'eth_accounts' }))
      if (accounts.length) {
        activate(wallet, accounts, await request(wallet.id, { method: 'eth_chainId' }))
      } else await connect(wallet.id)
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
    if (namespaceOf(caipNetworkId) !== 'eip155') return false
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
    if (!connection || store.getState().status !== 'connected') return undefined
    return request(connection.walletId, requestArguments)
  }

  return {
    connect,
    reconnect,
    disconnect,
    onWalletEvent,
    switchConnection,
    switchNetwork,
    forward,
  }
}
export type ConnectionController = ReturnType<typeof createConnectionController>
