/**
 * Runs work the visitor doesn't see (re-reading the project, preparing storage) after the frame
 * that shows the modal, so it never delays that frame. A frame the browser doesn't render
 * (hidden, throttled) runs it after `fallbackMs` anyway.
 */
export function afterNextFrame(fallbackMs = 50): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, fallbackMs)
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer)
        resolve()
      }),
    )
  })
}
