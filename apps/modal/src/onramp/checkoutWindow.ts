/**
 * The provider's checkout window (spec §9 Onramp): opened in the visitor's click, and given only
 * an https address.
 */

/**
 * The checkout's address when it is one to send the visitor to: https only (a provider's page),
 * never `javascript:` or plain http.
 */
export function safeCheckoutUrl(url: string): string | undefined {
  try {
    return new URL(url).protocol === 'https:' ? url : undefined
  } catch {
    return undefined
  }
}

/**
 * The checkout's window, opened blank in the visitor's click itself so no browser blocks it; the
 * checkout's address is given to it once the API answers. It keeps its opener: the frame's
 * sandbox (no `allow-popups-to-escape-sandbox`) passes to the window, and a sandboxed window may
 * not navigate other windows, so the checkout cannot send the modal elsewhere (e2e buy.spec.ts);
 * cutting the opener would also cut the frame's right to give the window its address.
 *
 * @returns undefined when the browser blocked it.
 */
export function openCheckoutWindow(): Window | undefined {
  const width = 480
  const height = 760
  const left = Math.max(0, (screen.width - width) / 2)
  const top = Math.max(0, (screen.height - height) / 2)
  return (
    window.open(
      'about:blank',
      'airlock-onramp',
      `popup,width=${width},height=${height},left=${left},top=${top}`,
    ) ?? undefined
  )
}
