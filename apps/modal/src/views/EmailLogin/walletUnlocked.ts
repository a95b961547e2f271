/**
 * EmailLogin, ConnectingSocial or ConnectingFarcaster signed the visitor in and the wallet is unlocked: it becomes the
 * active connection, and the modal goes on as after any login (a sign-in the project asks for,
 * or closing, or back to where the flow started).
 */

import type { SocialProvider } from '@airlock/protocol'
import { embeddedWalletId } from '../../connectors/embeddedWallet/embeddedWalletId'
import type { Modal } from '../../modal'
import { namespaceOf } from '../../stores/store'

export async function walletUnlocked(
  modal: Modal,
  returnBack: boolean | undefined,
  login: 'email' | SocialProvider,
) {
  await modal.connection.activate(embeddedWalletId)
  modal.analytics.track('CONNECT_SUCCESS', {
    method: login === 'email' ? 'email' : 'social',
    name: login === 'email' ? 'Email' : login,
    namespace: namespaceOf(modal.store.getState().activeNetwork),
  })
  await modal.connected(returnBack)
}
