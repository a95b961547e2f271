/**
 * Switches network, from the SwitchNetwork view or `airlock.switchNetwork()`: the wallet switches
 * first when one is connected (nothing changes if it refuses); otherwise the network is the one
 * to connect on.
 */
import type { CaipNetworkId } from '@airlock/protocol'
import { selectNetwork } from '../stores/controllers'
import type { FlowContext } from './context'

export async function switchNetwork(
  { store, connection, analytics }: Pick<FlowContext, 'store' | 'connection' | 'analytics'>,
  caipNetworkId: CaipNetworkId,
) {
  if (!(await connection.switchNetwork(caipNetworkId))) selectNetwork(store, caipNetworkId)
  analytics.track('SWITCH_NETWORK', { network: caipNetworkId })
}
