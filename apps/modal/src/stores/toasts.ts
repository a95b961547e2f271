/**
 * Toasts: one at a time; a new one replaces the shown one after the spec's 150 ms delay. The
 * timers are the store's own (`store.toastTimers`), so two modals' toasts never interfere.
 */
import { toastReplaceDelayMs } from '@airlock/protocol'
import type { ModalStore, Toast } from './store'

const autoCloseMs = 2500

export function showToast(store: ModalStore, toast: Toast) {
  const timers = store.toastTimers
  clearTimeout(timers.replace)
  clearTimeout(timers.close)
  const show = () => {
    store.setState({ toast })
    if (toast.autoClose) timers.close = setTimeout(() => hideToast(store), autoCloseMs)
  }
  // Nothing shown and no replacement under way: show at once. Otherwise the newest toast
  // waits out the replace delay from the moment the shown one was hidden.
  if (!store.getState().toast && !timers.replacing) return show()
  store.setState({ toast: undefined })
  timers.replacing = true
  timers.replace = setTimeout(() => {
    timers.replacing = false
    show()
  }, toastReplaceDelayMs)
}

export function hideToast(store: ModalStore) {
  clearTimeout(store.toastTimers.close)
  store.setState({ toast: undefined })
}
