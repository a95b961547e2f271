/**
 * The provider's checkout window (spec §9 Onramp): opened in the visitor's click, and given only
 * an https address.
 */
import { openCenteredPopup } from '../centeredPopup'

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
  return openCenteredPopup('airlock-onramp', { width: 480, height: 760 })
}
