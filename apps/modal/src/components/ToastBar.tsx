/**
 * The toast (spec §3 Toast), in a lane at the card's bottom edge under the view's body, not over
 * it: the lane opens while a toast shows, so the toast covers nothing the visitor needs (an
 * "Address copied" over Receive's networks was). On a phone's bottom sheet the lane sits above
 * the safe-area inset, which the sheet's padding keeps clear.
 */
import styles from './ToastBar.module.css'
import { useModalState } from './useModalState'

export function ToastBar() {
  const toast = useModalState((state) => state.toast)
  return (
    <div className={styles.toastLane} data-open={toast ? '' : undefined} aria-live="polite">
      <div className={styles.toastHolder}>
        {toast && (
          <div className={styles.toast} data-variant={toast.variant} role="status">
            {toast.message}
          </div>
        )}
      </div>
    </div>
  )
}
