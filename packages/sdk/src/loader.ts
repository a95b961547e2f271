/**
 * The one-line loader, built as `airlock.js` (IIFE): reads its options from the script tag's
 * data-* attributes, creates `window.airlock`, and dispatches `airlock:ready` on `window`.
 *
 *   <script async src="http://localhost:8787/airlock.js" data-project-id="demo"></script>
 */
import { type AirlockOptions, createAirlockHost } from './createAirlock'

const script = document.currentScript as HTMLScriptElement | null
const data = script?.dataset ?? {}
const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean)

// An attribute the page did not set is undefined: its default applies (the SDK's, and the frame
// reads an undefined option as one not given).
const options = {
  projectId: data.projectId ?? '',
  modalUrl: data.modalUrl ?? (script ? new URL(script.src).origin : undefined),
  networks: list(data.networks),
  defaultNetwork: data.defaultNetwork,
  themeMode: data.themeMode,
  excludeWallets: list(data.excludeWallets),
  featuredWalletIds: list(data.featuredWalletIds),
  preload: data.preload,
  locale: data.locale,
  // data-announce="off": no EIP-6963 announcement on this page.
  announce: data.announce === 'off' ? false : undefined,
}

try {
  window.airlock = createAirlockHost(options as AirlockOptions)
  dispatchEvent(new CustomEvent('airlock:ready', { detail: window.airlock }))
} catch (error) {
  console.error(error)
  dispatchEvent(new CustomEvent('airlock:error', { detail: error }))
}
