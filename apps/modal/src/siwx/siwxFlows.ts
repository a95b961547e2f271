/**
 * What SIWXSignMessage's buttons do (spec §4 "SIWX", §8 toasts), loaded with the view: Sign has
 * the wallet sign ('Authenticating...' meanwhile) and closes once the session is kept; leaving
 * unsigned (Cancel, ✕, Esc, back) keeps the wallet connected when sign-in is optional, and when
 * it is required goes back to the network last signed in on or, with none, disconnects.
 */
import { isUserRejection, toastMessages, unknownError } from '@airlock/protocol'
import { embeddedWalletId } from '../connectors/embeddedWallet/embeddedWalletId'
import type { Modal } from '../modal'
import { hideToast, showToast } from '../stores/toasts'
import { SiwxInitError } from './siwxCheck'

/** Sign: the wallet signs the site's message; the session is kept and the modal closes. */
export async function signInWithWallet(modal: Modal) {
  const { store, siwx, navigation, analytics } = modal
  const toast = (message: string) =>
    showToast(store, { message, variant: 'error', autoClose: true })
  showToast(store, { message: toastMessages.authenticating, variant: 'loading', autoClose: false })
  try {
    await (await siwx.load()).signIn()
  } catch (error) {
    // Declined: the view stays, to sign or leave.
    if (isUserRejection(error)) return toast(toastMessages.signatureDeclined)
    if (error instanceof SiwxInitError) {
      toast(toastMessages.siwxInitFailed)
      await modal.disconnect().catch(() => {})
      await navigation.reset('Connect')
      return
    }
    // A smart account's signature the site's check refused: it may not know ERC-1271 or 6492.
    if (
      store.getState().accountType === 'smartAccount' &&
      store.getState().connectorId === embeddedWalletId
    )
      return toast(toastMessages.smartAccountsMaybeUnsupported)
    toast(unknownError)
    analytics.reportError('SIWX_ERROR', error)
    return
  }
  hideToast(store)
  analytics.track('SIWX_AUTH_SUCCESS', { network: store.getState().activeNetwork })
  await modal.closeModal({ fromFrame: true })
}

/** Leaving unsigned: as the project's mode says (see the module's comment). */
export async function leaveSignIn(
  modal: Pick<Modal, 'store' | 'siwx' | 'switchNetwork' | 'disconnect'>,
) {
  const state = modal.store.getState()
  if (state.siwx !== 'required' || state.siwxSession || state.status !== 'connected') return
  const last = (await modal.siwx.load()).lastSignedNetwork()
  if (last) await modal.switchNetwork(last).catch(() => modal.disconnect())
  else await modal.disconnect().catch(() => {})
}
