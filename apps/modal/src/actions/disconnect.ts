/**
 * Disconnect from the modal or the site: the wallet is asked to forget the site (wallets that
 * can't, or don't answer within a second, are fine) and the active connection is forgotten
 * everywhere.
 */
import { activeConnection, clearActive, withAccounts } from '../stores/connections'
import { connectorOf } from './connectorOf'
import type { ConnectionContext } from './context'

/** How long a wallet may take to forget the site before the modal forgets it anyway. */
const forgetTimeoutMs = 1000

export async function disconnect(context: ConnectionContext) {
  const { store, persistence, prompts, choices } = context
  choices.made++
  const connection = activeConnection(store.getState())
  const connector = connection && connectorOf(context, connection)
  if (connector)
    await Promise.race([
      connector.disconnect().catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, forgetTimeoutMs)),
    ])
  if (connection) store.setState({ connections: withAccounts(store.getState(), connection.id, []) })
  clearActive(store, persistence, prompts.open > 0)
}
