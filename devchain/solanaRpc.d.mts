// Types for solanaRpc.mjs, so TypeScript tests and the e2e setup can import it.
import type { LiteSVM } from 'litesvm'
import type { ListenOptions } from './localService.d.mts'

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

/** `port` defaults to 8899 (solana-test-validator's). */
export type StartSolanaRpcOptions = ListenOptions & {
  /** Funds the dev accounts and creates sUSD (solanaDev.mjs). Defaults to true. */
  seed?: boolean
}

/** Starts a local Solana JSON-RPC + WebSocket server over a fresh LiteSVM. */
export declare function startSolanaRpc(options?: StartSolanaRpcOptions): Promise<SolanaRpc>
