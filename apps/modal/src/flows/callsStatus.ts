/**
 * A sent batch's status shown to the visitor (EIP-5792 `wallet_showCallsStatus`, or a user
 * operation past its timeout): CallsStatus over whatever is open, or in the modal opened for it.
 */
import type { FlowContext } from './context'

type Context = Pick<FlowContext, 'store' | 'navigation' | 'openModal' | 'setFrameVisible'>

export async function showCallsStatus({ store, navigation, openModal, setFrameVisible }: Context) {
  if (store.getState().open) {
    if (navigation.view() !== 'CallsStatus') await navigation.push('CallsStatus')
    return
  }
  await openModal({ view: 'CallsStatus' })
  setFrameVisible(true)
}
