/**
 * The toast (spec §3 Toast), in a lane at the card's bottom edge under the view's body, not over
 * it (Shell.module.css): the lane opens while a toast shows, so the toast covers nothing the
 * visitor needs (an "Address copied" over Receive's networks did). On a phone's bottom sheet the
 * lane sits above the safe-area inset, which the sheet's padding keeps clear.
 */
import { localizeMessage } from '../messages/specText'
import styles from './Shell.module.css'
import { useModalState } from './useModalState'

export function ToastBar() {
  const toast = useModalState((state) => state.toast)
  return (
    <div className={styles.toastRegion} aria-live="polite">
      {toast && (
        <div className={styles.toast} data-variant={toast.variant} role="status">
          {localizeMessage(toast.message)}
        </div>
      )}
    </div>
  )
}
