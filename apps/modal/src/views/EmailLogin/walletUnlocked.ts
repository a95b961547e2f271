/**
 * EmailLogin or ConnectingSocial signed the visitor in and the wallet is unlocked: it becomes the
 * active connection, and the modal goes on as after any login (a sign-in the project asks for,
 * or closing, or back to where the flow started).
 */

import { embeddedWalletId } from '../../connectors/embeddedWallet/embeddedWalletId'
import type { Modal } from '../../modal'
import { namespaceOf } from '../../stores/store'

export async function walletUnlocked(
  modal: Modal,
  returnBack: boolean | undefined,
  method: 'email' | 'social',
) {
  await modal.connection.activate(embeddedWalletId)
  const state = modal.store.getState()
  modal.analytics.track('CONNECT_SUCCESS', {
    method,
    name: method === 'email' ? 'Email' : state.social?.provider,
    namespace: namespaceOf(state.activeNetwork),
  })
  await modal.connected(returnBack)
}
