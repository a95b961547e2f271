/** Copies text to the clipboard from the frame, and says whether it did in a toast. */
import type { ModalStore } from '../stores/store'
import { showToast } from '../stores/toasts'

/** Copies text to the clipboard from the frame; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // Some browsers refuse the async clipboard in frames; the selection fallback still works.
    const field = document.createElement('textarea')
    field.value = text
    document.body.append(field)
    field.select()
    const copied = document.execCommand('copy')
    field.remove()
    return copied
  }
}

/** Copies `text` and toasts `words.copied`, or `words.failed` when the browser refused; whether it copied. */
export async function copyWithToast(
  store: ModalStore,
  text: string,
  words: { copied: string; failed: string },
): Promise<boolean> {
  const copied = await copyText(text)
  showToast(store, {
    message: copied ? words.copied : words.failed,
    variant: copied ? 'success' : 'error',
    autoClose: true,
  })
  return copied
}
