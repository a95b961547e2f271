/**
 * On load (and when a wallet announces late): restores the saved connections the wallets
 * still authorise, without a prompt, and makes the saved active one active again. One runs at a
 * time, and one that a visitor's choice (a connect, a disconnect) overtook changes nothing: a
 * slow restore never brings back a wallet the visitor disconnected meanwhile.
 */
import type { Connector, WalletNamespace } from '../connectors/types'
import { activate, clearActive, connectionOf, networkFor } from '../stores/connections'
import type { Connection } from '../stores/store'
import type { ConnectionContext } from './context'

export function reconnect(
  context: ConnectionContext,
  options: { whenDisconnected?: boolean } = {},
) {
  const run = context.reconnecting.done.then(() =>
    options.whenDisconnected && context.store.getState().status !== 'disconnected'
      ? undefined
      : restoreSaved(context),
  )
  context.reconnecting.done = run.catch(() => undefined)
  return run
}

async function restoreSaved(context: ConnectionContext) {
  const { store, persistence, connectors, prompts, choices } = context
  const choicesBefore = choices.made
  const overtaken = () => choices.made !== choicesBefore
  const saved = await persistence.connections()
  const recentWallets = await persistence.recentWallets()
  // A connect meanwhile saved its wallet among the recent ones: this read is older.
  if (!overtaken()) store.setState({ recentWallets })
  const restored: Connection[] = []
  let active: { connector: Connector; accounts: string[] } | undefined
  for (const { id, name, namespace: savedNamespace, authProvider } of saved.ids) {
    const namespace: WalletNamespace = savedNamespace ?? 'eip155'
    await connectors.restore(id)
    const connector = connectors.byConnection(id, namespace)
    const accounts = connector ? await connector.getAccounts({ silent: true }).catch(() => []) : []
    restored.push(
      connector
        ? connectionOf(connector, accounts)
        : {
            id,
            walletId: '',
            name,
            icon: '',
            ...(savedNamespace ? { namespace: savedNamespace } : {}),
            ...(authProvider ? { authProvider } : {}),
            accounts,
          },
    )
    if (id === saved.active && connector && accounts.length) active = { connector, accounts }
  }
  if (overtaken()) return
  store.setState({ connections: restored })
  if (!active) return clearActive(store, persistence, prompts.open > 0)
  const { connector, accounts } = active
  const network =
    (await connector.getNetwork()) ?? networkFor(store.getState(), connector.namespace)
  if (overtaken()) return
  activate(store, persistence, connector, accounts, network)
}
