/**
 * The visitor's connections in the store (spec §3 Connection, §4): making a connector's
 * accounts the active connection, forgetting it, following the network, and saving the list so
 * a reload reconnects. Every connection action ends here, so the site and the modal agree.
 */
import type { CaipNetworkId } from '@airlock/protocol'
import { namespaceOf } from '@airlock/protocol'
import type { Connector, WalletNamespace } from '../connectors/types'
import type { Persistence } from './persistence'
import type { Connection, ModalState, ModalStore } from './store'

/** Per-connection status relative to the namespace (spec §4). */
export type PerConnectionStatus = 'connected' | 'active' | 'disconnected'

export function connectionStatus(state: ModalState, connection: Connection): PerConnectionStatus {
  if (connection.id === state.activeConnectionId && state.status === 'connected') return 'connected'
  return connection.accounts.length > 0 ? 'active' : 'disconnected'
}

/** The namespace a connection's accounts are on. */
export const namespaceOfConnection = (connection: Connection | undefined): WalletNamespace =>
  connection?.namespace ?? 'eip155'

export function activeConnection(state: ModalState): Connection | undefined {
  return state.connections.find((connection) => connection.id === state.activeConnectionId)
}

/** A connection record of a connector's accounts. */
export function connectionOf(connector: Connector, accounts: string[]): Connection {
  return {
    id: connector.connectionId,
    walletId: connector.id,
    name: connector.name,
    icon: connector.icon,
    ...(connector.rdns ? { rdns: connector.rdns } : {}),
    ...(connector.authName ? { authName: connector.authName } : {}),
    ...(connector.authProvider ? { authProvider: connector.authProvider } : {}),
    ...(connector.namespace !== 'eip155' ? { namespace: connector.namespace } : {}),
    accounts,
  }
}

/** The connections, with `connection` first in place of any of the same id. */
export function withConnection(state: ModalState, connection: Connection): Connection[] {
  return [connection, ...state.connections.filter((item) => item.id !== connection.id)]
}

/** The connections, with the accounts of the one of `id` replaced. */
export function withAccounts(state: ModalState, id: string, accounts: string[]): Connection[] {
  return state.connections.map((item) => (item.id === id ? { ...item, accounts } : item))
}

/**
 * Saves what a reload reconnects from: the connections' wallets and the active one. Called with
 * the state about to be set, before it is set: whoever hears of a change (the host, through the
 * bridge's state mirror, which waits for the storage to settle) hears of it once it is stored.
 */
function saveConnections(
  persistence: Persistence,
  connections: Connection[],
  activeConnectionId: string | undefined,
) {
  persistence.saveConnections({
    ...(activeConnectionId ? { active: activeConnectionId } : {}),
    ids: connections.map(({ id, name, namespace, authProvider }) => ({
      id,
      name,
      ...(namespace ? { namespace } : {}),
      ...(authProvider ? { authProvider } : {}),
    })),
  })
}

/** Makes a connector's accounts the active connection, on `network` when given. */
export function activate(
  store: ModalStore,
  persistence: Persistence,
  connector: Connector,
  accounts: string[],
  network: CaipNetworkId | undefined,
) {
  const state = store.getState()
  const address = accounts[0]
  const activeNetwork = network ?? state.activeNetwork
  const connections = withConnection(state, connectionOf(connector, accounts))
  saveConnections(persistence, connections, connector.connectionId)
  store.setState({
    approvedNetworks: connector.approvedNetworks(),
    connections,
    activeConnectionId: connector.connectionId,
    status: address ? 'connected' : 'disconnected',
    address,
    caipAddress: address && activeNetwork ? (`${activeNetwork}:${address}` as never) : undefined,
    connectorId: connector.id,
    activeNetwork,
    connecting: undefined,
  })
}

/** No active connection; still connecting while another wallet's prompt is open. */
export function clearActive(store: ModalStore, persistence: Persistence, connecting: boolean) {
  saveConnections(persistence, store.getState().connections, undefined)
  store.setState({
    status: connecting ? 'connecting' : 'disconnected',
    address: undefined,
    caipAddress: undefined,
    connectorId: undefined,
    activeConnectionId: undefined,
    approvedNetworks: undefined,
  })
}

/** The active network changed (the wallet's chain, or the visitor's choice of cluster). */
export function setActiveNetwork(store: ModalStore, activeNetwork: CaipNetworkId) {
  const { address } = store.getState()
  store.setState({
    activeNetwork,
    caipAddress: address ? (`${activeNetwork}:${address}` as never) : undefined,
  })
}

/** The network to be on for `namespace`: the active one if it is of it, else the site's first. */
export function networkFor(state: ModalState, namespace: WalletNamespace) {
  if (namespaceOf(state.activeNetwork) === namespace) return state.activeNetwork
  return state.networks.find((network) => namespaceOf(network.caipNetworkId) === namespace)
    ?.caipNetworkId
}
