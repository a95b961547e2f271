/** The toast at the bottom of the card (spec §3 Toast). */
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
