/**
 * The embedded wallet asks the visitor about a site's request: ApproveTransaction shows, over
 * whatever is open or in the modal opened for it, and goes away once the visitor decided.
 */
import { showToast } from '../stores/toasts'
import type { FlowContext } from './context'

type Context = Pick<
  FlowContext,
  'store' | 'navigation' | 'openModal' | 'closeModal' | 'setFrameVisible'
>

/** Shows ApproveTransaction. Resolves whether the modal was opened for it. */
export async function showApproval({ store, navigation, openModal, setFrameVisible }: Context) {
  if (store.getState().open) {
    await navigation.push('ApproveTransaction')
    return false
  }
  await openModal({ view: 'ApproveTransaction' })
  setFrameVisible(true)
  return true
}

/** The visitor decided: the modal closes again if it opened for the request, else goes back. */
export async function endApproval(
  { store, navigation, closeModal }: Context,
  openedForIt: boolean,
) {
  if (!store.getState().open || navigation.view() !== 'ApproveTransaction') return
  if (openedForIt) await closeModal({ fromFrame: true })
  else await navigation.back()
}

/**
 * What the visitor approved failed: said in an error toast that stays until closed, in the modal
 * opened again (on its usual first view) when it had closed after the approval.
 */
export async function showApprovalFailure(
  { store, openModal, setFrameVisible }: Context,
  message: string,
) {
  if (!store.getState().open) {
    await openModal({})
    setFrameVisible(true)
  }
  showToast(store, { message, variant: 'error', autoClose: false })
}

/** Leaving ApproveTransaction any other way than its buttons (back) declines the request. */
export function declineApprovalOnLeave({
  store,
  navigation,
  embeddedWallet,
}: Pick<FlowContext, 'store' | 'navigation' | 'embeddedWallet'>) {
  navigation.onViewChange((_view, previous) => {
    if (previous === 'ApproveTransaction' && store.getState().approval)
      void embeddedWallet.load().then((wallet) => wallet.approvals.decide(false))
  })
}
