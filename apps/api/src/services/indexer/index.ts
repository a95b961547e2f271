/**
 * The built-in indexer: follows EVM chains over their RPC into the API's database and serves
 * account data from it. `main.ts` creates one per chain it indexes and hands the adapters to
 * the account-data routes.
 */

export { canonicalMulticall3Address } from './contractReader'
export { type CreateIndexerOptions, createIndexer, type Indexer } from './createIndexer'
export type { NftMetadataOptions } from './nftMetadata'
export { markSpamContract, unmarkSpamContract } from './spamContracts'
export type { SyncResult } from './syncChain'
