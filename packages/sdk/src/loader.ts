/**
 * The one-line loader, built as `airlock.js` (IIFE): reads its options from the script tag's
 * data-* attributes, creates `window.airlock`, and dispatches `airlock:ready` on `window`.
 *
 *   <script async src="http://localhost:8787/airlock.js" data-project-id="demo"></script>
 */
import { type Airlock, type AirlockOptions, createAirlock } from './createAirlock'

declare global {
  interface Window {
    airlock?: Airlock
  }
}

const script = document.currentScript as HTMLScriptElement | null
const data = script?.dataset ?? {}
const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean)

const options = {
  projectId: data.projectId ?? '',
  modalUrl: data.modalUrl ?? (script ? new URL(script.src).origin : undefined),
  networks: list(data.networks),
  defaultNetwork: data.defaultNetwork,
  themeMode: data.themeMode,
  excludeWallets: list(data.excludeWallets),
  featuredWalletIds: list(data.featuredWalletIds),
  preload: data.preload,
}
// Attributes the page did not set are left out, so defaults apply.
for (const key of Object.keys(options) as (keyof typeof options)[])
  if (options[key] === undefined) delete options[key]

try {
  window.airlock = createAirlock(options as AirlockOptions)
  dispatchEvent(new CustomEvent('airlock:ready', { detail: window.airlock }))
} catch (error) {
  console.error(error)
  dispatchEvent(new CustomEvent('airlock:error', { detail: error }))
}
