// The host page's globals as the e2e specs see them.
import type { Airlock } from '@airlock/sdk'

declare global {
  interface Window {
    airlock?: Airlock
    airlockError?: { name: string; message: string; code: number }
    fixtureReady?: boolean
    bridgeReady?: boolean
    // biome-ignore lint/suspicious/noExplicitAny: the raw penpal proxy in raw-bridge.html.
    remote?: any
  }
}
