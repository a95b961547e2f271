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
