// Types for bundler.mjs, so the TypeScript tests and scripts can import it.
import type { Hex } from 'viem'

/** Alto's executor and utility keys (funded with anvil_setBalance). Public: dev only. */
export declare const bundlerKeys: {
  readonly executor: Hex
  readonly utility: Hex
}

export type Bundler = {
  /** The bundler's JSON-RPC endpoint on loopback (alto listens on 0.0.0.0). */
  url: string
  port: number
  /** Stops alto (SIGTERM, then SIGKILL after 3 s); resolves once it exited. */
  stop(): Promise<void>
}

/**
 * Starts alto for EntryPoint v0.8 on the anvil chain at `rpcUrl`; resolves once `GET /health`
 * answers. `port` 0 (the default) takes a free port. Rejects, quoting alto's output, when it
 * exits first or is not healthy within `timeoutMs` (30 s). `debug` turns on alto's
 * `debug_bundler_*` methods (manual bundling, sendBundleNow, the mempool's dump): tests only.
 */
export declare function startBundler(options: {
  rpcUrl: string
  port?: number
  quiet?: boolean
  timeoutMs?: number
  debug?: boolean
}): Promise<Bundler>
