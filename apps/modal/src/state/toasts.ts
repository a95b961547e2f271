/** Toasts: one at a time; a new one replaces the shown one after the spec's 150 ms delay. */
import { toastReplaceDelayMs } from '@airlock/protocol'
import type { ModalStore, Toast } from './store'

const autoCloseMs = 2500
let replaceTimer: ReturnType<typeof setTimeout> | undefined
let closeTimer: ReturnType<typeof setTimeout> | undefined

export function showToast(store: ModalStore, toast: Toast) {
  clearTimeout(replaceTimer)
  clearTimeout(closeTimer)
  const show = () => {
    store.setState({ toast })
    if (toast.autoClose) closeTimer = setTimeout(() => hideToast(store), autoCloseMs)
  }
  if (!store.getState().toast) return show()
  store.setState({ toast: undefined })
  replaceTimer = setTimeout(show, toastReplaceDelayMs)
}

export function hideToast(store: ModalStore) {
  clearTimeout(closeTimer)
  store.setState({ toast: undefined })
}
