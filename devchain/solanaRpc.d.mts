// Types for solanaRpc.mjs, so TypeScript tests and the e2e setup can import it.
import type { LiteSVM } from 'litesvm'

export type SolanaRpc = {
  /** `http://HOST:PORT`: the JSON-RPC endpoint (`createSolanaRpc(url)`, web3.js `Connection`). */
  url: string
  /** `ws://HOST:PORT`: the subscriptions endpoint on the same port. */
  wsUrl: string
  port: number
  /** The in-process runtime behind the RPC, to inspect or change state directly in tests. */
  svm: LiteSVM
  /** Drops every connection and stops listening. */
  stop(): Promise<void>
}

export type StartSolanaRpcOptions = {
  /** Defaults to 8899 (solana-test-validator's); 0 picks a free port. */
  port?: number
  /** Defaults to 127.0.0.1. */
  host?: string
  /** Funds the dev accounts and creates sUSD (solanaDev.mjs). Defaults to true. */
  seed?: boolean
}

/** Starts a local Solana JSON-RPC + WebSocket server over a fresh LiteSVM. */
export declare function startSolanaRpc(options?: StartSolanaRpcOptions): Promise<SolanaRpc>
