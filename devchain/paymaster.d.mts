// Types for paymaster.mjs, so the TypeScript tests and scripts can import it.

export type PaymasterService = {
  /** The ERC-7677 JSON-RPC endpoint, `http://127.0.0.1:PORT` (for `createPaymasterClient`). */
  url: string
  port: number
  /** Drops every connection and stops listening. */
  stop(): Promise<void>
}

/**
 * Starts the dev chain's ERC-7677 paymaster web service on 127.0.0.1: `pm_getPaymasterStubData`
 * and `pm_getPaymasterData` answer DevPaymaster (`devPaymasterAddress`, empty paymasterData) for
 * every user operation for EntryPoint v0.8 on chain 0x7a69, and refuse anything else with a
 * JSON-RPC error (-32602 for another EntryPoint or chain or malformed params, -32601 for another
 * method). `GET /health` answers 200. `port` 0 (the default) picks a free port; `quiet` leaves out
 * the line per sponsored user operation and per refusal. DevPaymaster must be deployed and funded
 * (deployAccountAbstraction) for the sponsored user operations to go through.
 */
export declare function startPaymasterService(options?: {
  port?: number
  quiet?: boolean
}): Promise<PaymasterService>
