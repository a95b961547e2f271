// Types for wcRelay.mjs, so TypeScript tests and the e2e setup can import it.

export type WalletConnectRelay = {
  /** `ws://127.0.0.1:PORT`: the `relayUrl` for sign-client's Core. */
  url: string
  port: number
  /** Drops every connection and stops listening. */
  close(): Promise<void>
}

export type StartRelayOptions = {
  /** Defaults to 127.0.0.1. */
  host?: string
  /** 0 (the default) picks a free port. */
  port?: number
  /** Gets one line per connection and per request, for debugging. */
  log?: (line: string) => void
}

/** Starts a local WalletConnect relay (irn_* and wc_* JSON-RPC over WebSocket). */
export declare function startRelay(options?: StartRelayOptions): Promise<WalletConnectRelay>
