/**
 * What the indexer's parts share for one chain: the database, the RPC client, and the settings
 * `createIndexer` resolved.
 */

import type { Kysely } from 'kysely'
import type { PublicClient } from 'viem'
import type { Logger } from '../../logger'
import type { Database } from '../../storage/storage'
import type { ContractReader } from './contractReader'
import type { NftMetadataOptions } from './nftMetadata'

export type IndexerContext = {
  db: Kysely<Database>
  client: PublicClient
  reader: ContractReader
  /** CAIP-2 id, the `chain_id` of every row. */
  chainId: string
  confirmationDepth: number
  batchBlocks: number
  /** The first block to index when the chain has no cursor yet. */
  startBlock: number
  nftMetadata: NftMetadataOptions
  /** A child of the given logger: `indexer: <chainId>` on every line. */
  logger: Logger
}

/** The chain changed while a batch was read (a reorg in progress): read it again. */
export class ChainMovedError extends Error {
  override readonly name = 'ChainMovedError'
}

/** Another process moved the cursor since this one read it: it is indexing; stand back. */
export class CursorMovedError extends Error {
  override readonly name = 'CursorMovedError'
}
