/**
 * An event of the frame's WalletConnect session (accounts or network changed, disconnected): the
 * connection follows it as it follows any wallet's, and the account's balances and activity may
 * have moved.
 */
import type { HostWalletEvent } from '@airlock/protocol'
import { refreshAccountData } from '../queries/refresh'
import { walletConnectId } from '../walletconnect/peer'
import type { FlowContext } from './context'

export function walletConnectEvent(
  { store, connection }: Pick<FlowContext, 'store' | 'connection'>,
  event: HostWalletEvent,
) {
  connection.onWalletEvent(event)
  if (event.event !== 'disconnect' && store.getState().connectorId === walletConnectId)
    refreshAccountData(store)
}
