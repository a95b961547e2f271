// Types of devPolkadot.mjs for the TypeScript configs that import it.

/** The stand-in's existential deposit in plancks: 0.01 DOT. */
export declare const existentialDeposit: bigint

export type DevPolkadot = {
  /** `ws://127.0.0.1:<port>`: the node's JSON-RPC over WebSocket, for `WsProvider`. */
  wsUrl: string
  /** `http://127.0.0.1:<port>`: the same JSON-RPC over HTTP POST. */
  httpUrl: string
  /** Subscan's API base: POST `${subscanUrl}/api/v2/scan/transfers`. */
  subscanUrl: string
  /** The chain's genesis hash, the same on every start. */
  genesisHash: `0x${string}`
  /** The chain's SS58 prefix (42). */
  ss58Format: number
  /** Adds `plancks` to an address's free balance in a new block; the block's hash. */
  fund(address: string, plancks: bigint): string
  close(): Promise<void>
}

export declare function startDevPolkadot(options?: {
  /** Default env POLKADOT_PORT, else 8798; 0 for a free port. */
  port?: number
  quiet?: boolean
  /** The fee's fixed part in plancks (default 10_000_000). */
  baseFee?: bigint
  /** The fee per byte of the extrinsic in plancks (default 100_000). */
  byteFee?: bigint
}): Promise<DevPolkadot>
