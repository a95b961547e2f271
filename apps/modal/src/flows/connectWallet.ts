/**
 * The login flow of a browser wallet, shown in ConnectingExternal. On success the modal closes,
 * or goes back to where the flow started (ProfileWallets); on failure the view shows why and
 * offers a retry.
 */
import { isUserRejection, namespaceOf } from '@airlock/protocol'
import type { FlowContext } from './context'
import { eventMessage } from './eventMessage'

export async function connectWallet(
  {
    store,
    navigation,
    analytics,
    connection,
    connected,
  }: Pick<FlowContext, 'store' | 'navigation' | 'analytics' | 'connection' | 'connected'>,
  walletId: string,
  options: { returnBack?: boolean } = {},
) {
  const returnBack = options.returnBack ?? store.getState().connecting?.returnBack
  store.setState({ connecting: { walletId, ...(returnBack ? { returnBack } : {}) } })
  const name = store.getState().hostWallets.find((wallet) => wallet.id === walletId)?.name
  analytics.track('SELECT_WALLET', { name, walletId, platform: 'browser' })
  if (navigation.view() !== 'ConnectingExternal') await navigation.push('ConnectingExternal')
  try {
    await connection.connect(walletId)
  } catch (error) {
    analytics.track('CONNECT_ERROR', { method: 'browser', name, message: eventMessage(error) })
    if (!isUserRejection(error)) analytics.reportError('CONNECT_ERROR', error)
    return
  }
  analytics.track('CONNECT_SUCCESS', {
    method: 'browser',
    name,
    namespace: namespaceOf(store.getState().activeNetwork),
  })
  await connected(returnBack)
}
