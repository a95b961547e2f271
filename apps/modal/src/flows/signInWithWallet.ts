/**
 * SIWXSignMessage's Sign (spec §4 "SIWX", §8 toasts), loaded with the view: the wallet signs the
 * site's message ('Authenticating...' meanwhile), and the modal closes once the session is kept.
 * Leaving unsigned is flows/leaveSignIn.ts.
 */
import { isUserRejection, toastMessages, unknownError } from '@airlock/protocol'
import { embeddedWalletId } from '../connectors/embeddedWallet/embeddedWalletId'
import { SiwxInitError } from '../siwx/siwxCheck'
import { hideToast, showToast } from '../stores/toasts'
import type { FlowContext } from './context'

export async function signInWithWallet({
  store,
  siwx,
  navigation,
  analytics,
  disconnect,
  closeModal,
}: Pick<FlowContext, 'store' | 'siwx' | 'navigation' | 'analytics' | 'disconnect' | 'closeModal'>) {
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
      await disconnect().catch(() => {})
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
  await closeModal({ fromFrame: true })
}
