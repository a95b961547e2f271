/** Toasts: one at a time; a new one replaces the shown one after the spec's 150 ms delay. */
import { toastReplaceDelayMs } from '@airlock/protocol'
import type { ModalStore, Toast } from './store'

const autoCloseMs = 2500
let replaceTimer: ReturnType<typeof setTimeout> | undefined
let closeTimer: ReturnType<typeof setTimeout> | undefined
let replacing = false

export function showToast(store: ModalStore, toast: Toast) {
  clearTimeout(replaceTimer)
  clearTimeout(closeTimer)
  const show = () => {
    store.setState({ toast })
    if (toast.autoClose) closeTimer = setTimeout(() => hideToast(store), autoCloseMs)
  }
  // Nothing shown and no replacement under way: show at once. Otherwise the newest toast
  // waits out the replace delay from the moment the shown one was hidden.
  if (!store.getState().toast && !replacing) return show()
  store.setState({ toast: undefined })
  replacing = true
  replaceTimer = setTimeout(() => {
    replacing = false
    show()
  }, toastReplaceDelayMs)
}

export function hideToast(store: ModalStore) {
  clearTimeout(closeTimer)
  store.setState({ toast: undefined })
}
