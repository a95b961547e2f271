/**
 * The visitor approved the WalletConnect pairing in the wallet: the session becomes the active
 * connection, and the modal goes on as after any login.
 */
import { namespaceOf } from '@airlock/protocol'
import { walletConnectId } from '../walletconnect/peer'
import type { FlowContext } from './context'

export async function walletConnectApproved({
  store,
  analytics,
  connection,
  walletConnect,
  connected,
}: Pick<FlowContext, 'store' | 'analytics' | 'connection' | 'walletConnect' | 'connected'>) {
  const returnBack = store.getState().connecting?.returnBack
  try {
    await connection.activate(walletConnectId)
  } catch {
    // The wallet approved none of the site's networks: nothing to connect with.
    await walletConnect.disconnect()
    store.setState({ pairing: { status: 'error', reason: 'failed' } })
    return
  }
  analytics.track('CONNECT_SUCCESS', {
    method: 'walletconnect',
    name: store.getState().walletConnectPeer?.name,
    namespace: namespaceOf(store.getState().activeNetwork),
  })
  store.setState({ connecting: undefined })
  await connected(returnBack)
}
