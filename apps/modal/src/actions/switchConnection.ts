/**
 * Switches to another of the visitor's connections (ProfileWallets, spec §4): a connected or
 * active one comes back through its connector without a prompt, a disconnected one (or one
 * whose wallet no longer authorises the site) runs its login flow. Says whether the wallet or
 * the account changed.
 */
import { connectionErrors, InvalidParamsError } from '@airlock/protocol'
import { connectionStatus, namespaceOfConnection } from '../stores/connections'
import { activate } from './activate'
import { connect } from './connect'
import type { ConnectionContext } from './context'

export async function switchConnection(context: ConnectionContext, id: string) {
  const { store, connectors } = context
  const state = store.getState()
  const connection = state.connections.find((item) => item.id === id)
  const connector = connection && connectors.byConnection(id, namespaceOfConnection(connection))
  if (!connection || !connector)
    throw new InvalidParamsError({ message: connectionErrors.noConnectorForConnection(id) })
  const before = { address: state.address, connection: state.activeConnectionId }
  const status = connectionStatus(state, connection)
  if (status === 'disconnected' || !(await activate(context, connector)))
    await connect(context, connector)
  const after = store.getState()
  return {
    hasSwitchedWallet: before.connection !== after.activeConnectionId,
    hasSwitchedAccount: before.address?.toLowerCase() !== after.address?.toLowerCase(),
  }
}
