// Types for wcRelay.mjs, so TypeScript tests and the e2e setup can import it.
import type { ListenOptions } from './localService.d.mts'

export type WalletConnectRelay = {
  /** `ws://127.0.0.1:PORT`: the `relayUrl` for sign-client's Core. */
  url: string
  port: number
  /** Drops every connection and stops listening. */
  close(): Promise<void>
}

/** `port` defaults to 0, a free port. */
export type StartRelayOptions = ListenOptions & {
  /** Gets one line per connection and per request, for debugging. */
  log?: (line: string) => void
}

/** Starts a local WalletConnect relay (irn_* and wc_* JSON-RPC over WebSocket). */
export declare function startRelay(options?: StartRelayOptions): Promise<WalletConnectRelay>
