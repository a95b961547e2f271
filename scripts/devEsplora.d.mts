// Types of devEsplora.mjs for the TypeScript configs that import it.

/** Fee rates in sat/vB by confirmation target (blocks), as GET /fee-estimates answers. */
export declare const defaultFeeEstimates: Readonly<Record<string, number>>

export type DevEsplora = {
  /** `http://127.0.0.1:<port>`: the Esplora API's base URL (paths as `/tx/:txid`, no `/api`). */
  url: string
  /** Pays `sats` to a regtest address in a coinbase-like transaction, mined; its txid. */
  fund(address: string, sats: number): string
  /** Mines a block with every transaction of the mempool; its hash. */
  mine(): string
  close(): Promise<void>
}

export declare function startDevEsplora(options?: {
  /** Default env ESPLORA_PORT, else 8796; 0 for a free port. */
  port?: number
  /** Mine each accepted transaction into a block at once (default true). */
  automine?: boolean
  /** GET /fee-estimates' map of target blocks → sat/vB (default `defaultFeeEstimates`). */
  feeEstimates?: Record<string, number>
  /** The minimum relay fee rate in sat/vB (default 1, bitcoind's). */
  minFeeRate?: number
  quiet?: boolean
}): Promise<DevEsplora>
