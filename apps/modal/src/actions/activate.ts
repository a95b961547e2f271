/**
 * Makes a connector whose accounts are already authorised the active connection, without a
 * prompt: a WalletConnect session the visitor just approved, or a connection switched back to.
 * Resolves false when the connector has no account to give.
 */
import type { Connector } from '../connectors/types'
import { activate as activateConnection, networkFor } from '../stores/connections'
import type { ConnectionContext } from './context'

export async function activate(
  { store, persistence, choices }: ConnectionContext,
  connector: Connector,
): Promise<boolean> {
  choices.made++
  const accounts = await connector.getAccounts({ silent: true })
  if (!accounts.length) return false
  const network =
    (await connector.getNetwork()) ?? networkFor(store.getState(), connector.namespace)
  choices.made++
  activateConnection(store, persistence, connector, accounts, network)
  return true
}
