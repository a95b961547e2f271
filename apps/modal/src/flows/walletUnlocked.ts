/**
 * EmailLogin, ConnectingSocial or ConnectingFarcaster signed the visitor in and the wallet is
 * unlocked: it becomes the active connection, and the modal goes on as after any login (a
 * sign-in the project asks for, or closing, or back to where the flow started).
 */
import type { SocialProvider } from '@airlock/protocol'
import { namespaceOf } from '@airlock/protocol'
import { embeddedWalletId } from '../connectors/embeddedWallet/embeddedWalletId'
import type { FlowContext } from './context'

export async function walletUnlocked(
  {
    store,
    connection,
    analytics,
    connected,
  }: Pick<FlowContext, 'store' | 'connection' | 'analytics' | 'connected'>,
  returnBack: boolean | undefined,
  login: 'email' | SocialProvider,
) {
  await connection.activate(embeddedWalletId)
  analytics.track('CONNECT_SUCCESS', {
    method: login === 'email' ? 'email' : 'social',
    name: login === 'email' ? 'Email' : login,
    namespace: namespaceOf(store.getState().activeNetwork),
  })
  await connected(returnBack)
}
