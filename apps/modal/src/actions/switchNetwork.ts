/**
 * Switches the connected wallet's network (SwitchNetwork, `airlock.switchNetwork()`). A network
 * of the other namespace moves to the same wallet's connector on it when it has one (a dual
 * wallet may prompt). Resolves false when no wallet is connected or none can be on it: then the
 * network is only the one to connect on.
 */
import type { CaipNetworkId } from '@airlock/protocol'
import { namespaceOf } from '@airlock/protocol'
import type { WalletNamespace } from '../connectors/types'
import { activate, setActiveNetwork } from '../stores/connections'
import { activeConnector } from './connectorOf'
import type { ConnectionContext } from './context'

export async function switchNetwork(context: ConnectionContext, caipNetworkId: CaipNetworkId) {
  const { store, persistence, connectors } = context
  const network = store.getState().networks.find((item) => item.caipNetworkId === caipNetworkId)
  const current = activeConnector(context)
  if (!network || !current) return false
  const target = namespaceOf(caipNetworkId) as WalletNamespace
  let connector = current
  if (target !== current.namespace) {
    const sibling = connectors.byWallet(current.id, target)
    if (!sibling) return false
    const accounts = await sibling.getAccounts({ silent: false })
    if (!accounts.length) return false
    activate(store, persistence, sibling, accounts, (await sibling.getNetwork()) ?? caipNetworkId)
    connector = sibling
  }
  if (!(await connector.switchNetwork(network))) return false
  // A namespace whose addresses are per network (Cosmos): the account as this network writes it.
  const accounts = await connector.accountsOn?.(network)
  if (accounts?.length) activate(store, persistence, connector, accounts, caipNetworkId)
  else setActiveNetwork(store, caipNetworkId)
  return true
}
