/**
 * The login flow of a connector the visitor picked (ConnectingExternal): the wallet is asked
 * for accounts (it may prompt), and its accounts become the active connection. A wallet picked
 * from the list is remembered among the recent ones.
 */
import { isUserRejection } from '@airlock/protocol'
import type { Connector } from '../connectors/types'
import { activate, networkFor } from '../stores/connections'
import { addRecentWallet } from '../stores/recentWallets'
import { type ConnectionContext, settledStatus } from './context'

export async function connect(context: ConnectionContext, connector: Connector) {
  const { store, persistence, prompts, choices } = context
  choices.made++
  const returnBack = store.getState().connecting?.returnBack
  const connecting = { walletId: connector.id, ...(returnBack ? { returnBack } : {}) }
  store.setState({ status: 'connecting', connecting })
  prompts.open++
  try {
    const accounts = await connector.getAccounts({ silent: false })
    if (!accounts.length) throw new Error('The wallet returned no accounts.')
    const network =
      (await connector.getNetwork()) ?? networkFor(store.getState(), connector.namespace)
    prompts.open--
    // A reconnect begun while the wallet prompted read what was saved before this connection.
    choices.made++
    activate(store, persistence, connector, accounts, network)
  } catch (error) {
    prompts.open = Math.max(0, prompts.open - 1)
    store.setState({
      status: settledStatus(context),
      connecting: { ...connecting, error: isUserRejection(error) ? 'rejected' : 'failed' },
    })
    throw error
  }
  if (connector.type !== 'ANNOUNCED' && connector.type !== 'INJECTED') return
  const recent = addRecentWallet(store.getState().recentWallets, {
    id: connector.connectionId,
    name: connector.name,
    ...(connector.rdns ? { rdns: connector.rdns } : {}),
  })
  store.setState({ recentWallets: recent })
  persistence.saveRecentWallets(recent)
}
