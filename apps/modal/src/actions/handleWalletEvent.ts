/**
 * A connected wallet's events (from the host page, or the WalletConnect session): another
 * account, another chain, or gone. They update that connection; the active one's change is
 * the site's too.
 */
import {
  cosmosNetworkOf,
  cosmosNetworkParams,
  evmNetworkOf,
  type HostWalletEvent,
  polkadotNetworkOf,
} from '@airlock/protocol'
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
  const apply = (accounts: string[]) => {
    const now = store.getState()
    store.setState({ connections: withAccounts(now, connection.id, accounts) })
    if (!isActive) return
    const connector = connectorOf(context, connection)
    if (accounts.length && connector) activate(store, persistence, connector, accounts, undefined)
    else clearActive(store, persistence, prompts.open > 0)
  }
  // A Polkadot extension gives its accounts in any SS58 prefix: written again with the active
  // network's (the codec loads with the namespace's code).
  const polkadot = eventNamespace === 'polkadot' && polkadotNetworkOf(state.activeNetwork ?? '')
  if (polkadot)
    return void import('../polkadot/polkadotRequests').then(({ polkadotAddressesOf }) =>
      apply(
        polkadotAddressesOf(
          given.map((address) => ({ address })),
          polkadot,
        ),
      ),
    )
  // A Cosmos wallet reports its address on each chain it enabled: the connection's is the one
  // of the active network's prefix.
  const prefix = eventNamespace === 'cosmos' ? cosmosPrefixOf(state.activeNetwork) : undefined
  apply(prefix ? given.filter((address) => address.startsWith(`${prefix}1`)) : given)
}

/** The bech32 prefix of a Cosmos network Airlock knows. */
function cosmosPrefixOf(caipNetworkId: string | undefined) {
  const name = caipNetworkId && cosmosNetworkOf(caipNetworkId)
  return name ? cosmosNetworkParams[name].bech32Prefix : undefined
}
