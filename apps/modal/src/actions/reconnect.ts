/**
 * On load (and when a wallet announces late): restores the saved connections the wallets
 * still authorise, without a prompt, and makes the saved active one active again.
 */
import type { Connector, WalletNamespace } from '../connectors/types'
import { activate, clearActive, connectionOf, networkFor } from '../stores/connections'
import type { Connection } from '../stores/store'
import type { ConnectionContext } from './context'

export async function reconnect(context: ConnectionContext) {
  const { store, persistence, connectors, prompts } = context
  const saved = await persistence.connections()
  store.setState({ recentWallets: await persistence.recentWallets() })
  const restored: Connection[] = []
  let active: { connector: Connector; accounts: string[] } | undefined
  for (const { id, name, namespace: savedNamespace, authProvider } of saved.ids) {
    const namespace: WalletNamespace = savedNamespace === 'solana' ? 'solana' : 'eip155'
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
            ...(savedNamespace === 'solana' ? { namespace: 'solana' as const } : {}),
            ...(authProvider ? { authProvider } : {}),
            accounts,
          },
    )
    if (id === saved.active && connector && accounts.length) active = { connector, accounts }
  }
  store.setState({ connections: restored })
  if (!active) return clearActive(store, persistence, prompts.open > 0)
  const { connector, accounts } = active
  const network =
    (await connector.getNetwork()) ?? networkFor(store.getState(), connector.namespace)
  activate(store, persistence, connector, accounts, network)
}
