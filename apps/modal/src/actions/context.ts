/**
 * What every connection action works with: the store, what the modal remembers, the
 * connectors, the count of connect prompts still open (while any is, the status is
 * 'connecting'), the count of the visitor's choices (a connect, an activation, a disconnect: a
 * reconnect begun before one of them has no say after it) and the reconnect under way (one at a
 * time). One context per modal: nothing here is shared between instances.
 */

import { namespaceOf } from '@airlock/protocol'
import type { Connectors } from '../connectors/registry'
import type { WalletNamespace } from '../connectors/types'
import { activeConnection } from '../stores/connections'
import type { Persistence } from '../stores/persistence'
import type { ModalStore } from '../stores/store'

export type ConnectionContext = {
  store: ModalStore
  persistence: Persistence
  connectors: Connectors
  prompts: { open: number }
  choices: { made: number }
  reconnecting: { done: Promise<void> }
}

export function createConnectionContext(
  store: ModalStore,
  persistence: Persistence,
  connectors: Connectors,
): ConnectionContext {
  return {
    store,
    persistence,
    connectors,
    prompts: { open: 0 },
    choices: { made: 0 },
    reconnecting: { done: Promise.resolve() },
  }
}

/** The status the store settles on: connected when the active connection has accounts. */
export function settledStatus({ store, prompts }: ConnectionContext) {
  if (prompts.open > 0) return 'connecting'
  return activeConnection(store.getState())?.accounts.length ? 'connected' : 'disconnected'
}

/**
 * Which of a wallet's namespaces to connect on: the one the site asked for or is on when the
 * wallet speaks it, else the wallet's first that the site has networks for.
 */
export function preferredNamespace(
  { store }: ConnectionContext,
  spoken: readonly WalletNamespace[],
): WalletNamespace | undefined {
  const state = store.getState()
  const wanted = state.requestedNamespace ?? namespaceOf(state.activeNetwork)
  const match = spoken.find((namespace) => namespace === wanted)
  if (match) return match
  const siteHas = (namespace: string) =>
    state.networks.some((network) => namespaceOf(network.caipNetworkId) === namespace)
  return spoken.find(siteHas) ?? spoken[0]
}
