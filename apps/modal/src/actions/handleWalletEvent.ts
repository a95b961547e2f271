/**
 * A connected wallet's events (from the host page, or the WalletConnect session): another
 * account, another chain, or gone. They update that connection; the active one's change is
 * the site's too.
 */
import { evmNetworkOf, type HostWalletEvent } from '@airlock/protocol'
import { accountsOf } from '../connectors/accountsOf'
import {
  activate,
  clearActive,
  namespaceOfConnection,
  setActiveNetwork,
  withAccounts,
} from '../stores/connections'
import { connectorOf } from './connectorOf'
import type { ConnectionContext } from './context'

export function handleWalletEvent(context: ConnectionContext, walletEvent: HostWalletEvent) {
  const { store, persistence, prompts } = context
  const { walletId, event, data } = walletEvent
  if (event === 'transactionSent') return
  const state = store.getState()
  const connection = state.connections.find((item) => item.walletId === walletId)
  if (!connection) return
  // A wallet's events of a namespace it is not connected on are not about it.
  const eventNamespace =
    event === 'solanaAccountsChanged'
      ? 'solana'
      : event === 'bitcoinAccountsChanged'
        ? 'bip122'
        : event === 'cosmosAccountsChanged'
          ? 'cosmos'
          : event === 'polkadotAccountsChanged'
            ? 'polkadot'
            : 'eip155'
  if (eventNamespace !== namespaceOfConnection(connection)) return
  // The active connection, even while another wallet's prompt is open.
  const isActive = connection.id === state.activeConnectionId
  if (event === 'chainChanged') {
    const network = evmNetworkOf(data)
    if (isActive && network) setActiveNetwork(store, network)
    return
  }
  const given = event === 'disconnect' ? [] : accountsOf(data)
  const connector = connectorOf(context, connection)
  const apply = (accounts: string[]) => {
    store.setState({ connections: withAccounts(store.getState(), connection.id, accounts) })
    if (!isActive) return
    if (accounts.length && connector) activate(store, persistence, connector, accounts, undefined)
    else clearActive(store, persistence, prompts.open > 0)
  }
  // Addresses written per network (Cosmos, Polkadot): the connection's are the active network's.
  if (connector?.eventAccounts && given.length)
    return void connector.eventAccounts(given).then(apply, () => {})
  apply(given)
}
