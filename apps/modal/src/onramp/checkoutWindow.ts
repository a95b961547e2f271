/**
 * The provider's checkout window (spec §9 Onramp): opened in the visitor's click, and given only
 * an https address (or the dev stand-ins' http one on loopback).
 */
import { openCenteredPopup } from '../centeredPopup'

/**
 * The checkout's address when it is one to send the visitor to: https (a provider's page), or
 * http on this machine's loopback (the dev stand-ins of `npm start`, which production refuses);
 * never `javascript:` or plain http elsewhere, which anyone on the way could rewrite.
 */
export function safeCheckoutUrl(url: string): string | undefined {
  try {
    const { protocol, hostname } = new URL(url)
    if (protocol === 'https:') return url
    return protocol === 'http:' && loopbackHosts.includes(hostname) ? url : undefined
  } catch {
    return undefined
  }
}

const loopbackHosts = ['127.0.0.1', 'localhost', '[::1]']

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
