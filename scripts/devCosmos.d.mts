// Types of devCosmos.mjs for the TypeScript configs that import it.

export type DevCosmos = {
  /** `http://127.0.0.1:<port>/rpc`: the CometBFT 0.38 JSON-RPC, for `StargateClient.connect`. */
  rpcUrl: string
  /** `http://127.0.0.1:<port>`: the REST (LCD) API's base URL (paths as `/cosmos/bank/v1beta1/…`). */
  restUrl: string
  /** `airlock-local-1`. */
  chainId: string
  /** Pays `uatom` from the faucet to a `cosmos1…` address in a signed send, mined; its tx hash. */
  fund(address: string, uatom: bigint | number | string): Promise<string>
  /** Mines a block with every transaction of the mempool; its height and hash. */
  mine(): Promise<{ height: number; hash: string }>
  close(): Promise<void>
}

export declare function startDevCosmos(options?: {
  /** Default env COSMOS_PORT, else 8797; 0 for a free port. */
  port?: number
  /** Mine each accepted transaction into its own block at once (default true). */
  automine?: boolean
  quiet?: boolean
}): Promise<DevCosmos>
