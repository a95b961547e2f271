/**
 * Closing the modal: the host's `close()`, or the frame itself (Esc, ✕, back, a flow that
 * ended), when the host is told. The stack goes back to where it rests.
 */
import { closingView } from '../navigation/rules'
import type { FlowContext } from './context'
import { restingView } from './restingStack'

export async function closeModal(
  context: Pick<
    FlowContext,
    | 'store'
    | 'navigation'
    | 'analytics'
    | 'walletConnect'
    | 'visibility'
    | 'setFrameVisible'
    | 'siwx'
    | 'switchNetwork'
    | 'disconnect'
  >,
  { fromFrame }: { fromFrame: boolean },
) {
  const { store, navigation, analytics, walletConnect, visibility, setFrameVisible } = context
  // Leaving a sign-in unsigned (✕, Esc, back, Cancel): as the project's mode says.
  if (fromFrame && navigation.view() === 'SIWXSignMessage')
    await (await import('./leaveSignIn')).leaveSignIn(context)
  visibility.openings++
  const { status, open } = store.getState()
  const connected = status === 'connected'
  const embedded = !!store.getState().options?.embedded
  if (open && !embedded) analytics.track('MODAL_CLOSE', { connected })
  if (!embedded) store.setState({ open: false })
  // A QR code nobody can see any more: its proposal is dropped, a new one made next time.
  walletConnect.pairing.stop()
  if (fromFrame) setFrameVisible(false)
  // Hidden first, then back to where the stack rests: that view's code may still be loading,
  // and an open asked for meanwhile must not be undone by this close finishing after it.
  visibility.closing = true
  try {
    await navigation.reset(
      embedded ? closingView({ embedded, connected }) : restingView(store.getState()),
    )
  } finally {
    visibility.closing = false
  }
}
