/** The connector a connection was made with, while its wallet is on the page. */
import type { Connector } from '../connectors/types'
import { activeConnection, namespaceOfConnection } from '../stores/connections'
import type { Connection } from '../stores/store'
import type { ConnectionContext } from './context'

export function connectorOf(
  { connectors }: ConnectionContext,
  connection: Connection,
): Connector | undefined {
  if (!connection.walletId) return undefined
  return connectors.byWallet(connection.walletId, namespaceOfConnection(connection))
}

/** The active connection's connector, while one is connected. */
export function activeConnector(context: ConnectionContext): Connector | undefined {
  const state = context.store.getState()
  const connection = activeConnection(state)
  if (!connection || state.status !== 'connected') return undefined
  return connectorOf(context, connection)
}
