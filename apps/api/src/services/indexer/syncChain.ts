/**
 * One catch-up pass: checks the cursor's block is still on the chain (rolling back a reorg if
 * not), then indexes from the cursor to the head in batches, each written in one transaction
 * with the cursor, and finally fills in new NFTs' metadata.
 */

import type { Insertable } from 'kysely'
import { BlockNotFoundError } from 'viem'
import type { IndexerTokensTable } from '../../storage/storage'
import { type ChainCursor, readCursor } from './chainCursor'
import { ChainMovedError, CursorMovedError, type IndexerContext } from './context'
import { fillNftMetadata } from './fillNftMetadata'
import { readRange, type TransferRow } from './readRange'
import { rollBack } from './rollBack'
import { readTokenMetadata, type TokenRef } from './tokenMetadata'
import { chunks, writeRange } from './writeRange'

/** The blocks this pass indexed, inclusive; `from > to` when there was nothing new. */
export type SyncResult = { from: bigint; to: bigint }

export type SyncOptions = {
  /** Asked before each batch; false ends the pass early (stopping, lease lost). */
  shouldContinue?: (() => Promise<boolean>) | undefined
}

// A reorg happening while a batch is read makes it retry; this many times in one pass at most.
const maxRetries = 5

export async function syncChain(
  context: IndexerContext,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const { client, db, chainId } = context
  const headNumber = async () => Number(await client.getBlockNumber({ cacheTime: 0 }))

  let head = await headNumber()
  let cursor = await readCursor(db, chainId)
  let from = cursor === undefined ? context.startBlock : cursor.number + 1
  let retries = 0
  try {
    if (cursor !== undefined) cursor = await reconcile(context, cursor)
    let next = cursor === undefined ? context.startBlock : cursor.number + 1
    from = Math.min(from, next)
    while (next <= head) {
      if (options.shouldContinue !== undefined && !(await options.shouldContinue())) break
      const end = Math.min(next + context.batchBlocks - 1, head)
      try {
        const range = await readRange(context, next, end)
        const [first] = range.blocks
        const last = range.blocks.at(-1)
        if (first === undefined || last === undefined) break
        if (cursor !== undefined && first.parentHash !== cursor.hash)
          throw new ChainMovedError(`block ${next} does not follow the cursor's block`)
        const tokens = await newTokens(context, range.transfers)
        const moved = { number: last.number, hash: last.hash }
        await writeRange(context, cursor, moved, range, tokens)
        cursor = moved
        next = end + 1
      } catch (error) {
        if (!(error instanceof ChainMovedError) || ++retries > maxRetries) throw error
        head = await headNumber()
        cursor = await readCursor(db, chainId)
        if (cursor !== undefined) cursor = await reconcile(context, cursor)
        next = cursor === undefined ? context.startBlock : cursor.number + 1
        from = Math.min(from, next)
      }
    }
  } catch (error) {
    // Another process indexes this chain now; what it writes is what this one would have.
    if (!(error instanceof CursorMovedError)) throw error
    return { from: BigInt(from), to: BigInt((await readCursor(db, chainId))?.number ?? from - 1) }
  }
  await fillNftMetadata(context)
  return { from: BigInt(from), to: BigInt(cursor?.number ?? from - 1) }
}

/**
 * The cursor if its block is still on the chain. Otherwise a reorg replaced it: walks the stored
 * recent hashes down to the newest one the chain still has, rolls back to it and returns it.
 */
async function reconcile(
  context: IndexerContext,
  cursor: ChainCursor,
): Promise<ChainCursor | undefined> {
  const { db, chainId, logger, confirmationDepth } = context
  if ((await hashAt(context, cursor.number)) === cursor.hash) return cursor

  const recent = await db
    .selectFrom('indexer_blocks')
    .select(['block_number', 'block_hash'])
    .where('chain_id', '=', chainId)
    .where('block_number', '<', cursor.number)
    .orderBy('block_number', 'desc')
    .execute()
  let ancestor: ChainCursor | undefined
  for (const block of recent) {
    const number = Number(block.block_number)
    if ((await hashAt(context, number)) === block.block_hash) {
      ancestor = { number, hash: block.block_hash }
      break
    }
  }
  if (ancestor === undefined) {
    const number = cursor.number - Math.max(confirmationDepth, 1)
    const hash = number >= context.startBlock ? await hashAt(context, number) : undefined
    ancestor = hash === undefined ? undefined : { number, hash }
    logger.error(
      'REORG DEEPER THAN THE CONFIRMATION DEPTH ' +
        `(${confirmationDepth} blocks) below block ${cursor.number}. Rewinding to block ` +
        `${ancestor?.number ?? context.startBlock - 1}; transfers at or below it may come from ` +
        'orphaned blocks. Raise the confirmation depth, or clear the indexer tables for this ' +
        'chain to re-index from the start block.',
    )
  }
  await rollBack(context, cursor, ancestor)
  logger.warn(
    `reorg, rolled back from block ${cursor.number} to ` +
      `${ancestor?.number ?? 'before the start block'}`,
  )
  return ancestor
}

async function hashAt(context: IndexerContext, number: number): Promise<string | undefined> {
  try {
    const block = await context.client.getBlock({ blockNumber: BigInt(number) })
    return block.hash ?? undefined
  } catch (error) {
    if (error instanceof BlockNotFoundError) return undefined
    throw error
  }
}

/** Metadata of the token contracts in `transfers` not stored yet. */
async function newTokens(
  context: IndexerContext,
  transfers: readonly TransferRow[],
): Promise<Insertable<IndexerTokensTable>[]> {
  const seen = new Map<string, TokenRef>()
  for (const transfer of transfers)
    if (typeof transfer.token_address === 'string' && transfer.kind !== 'native')
      seen.set(transfer.token_address, { address: transfer.token_address, kind: transfer.kind })
  if (seen.size === 0) return []
  for (const addresses of chunks([...seen.keys()])) {
    const known = await context.db
      .selectFrom('indexer_tokens')
      .select('address')
      .where('chain_id', '=', context.chainId)
      .where('address', 'in', addresses)
      .execute()
    for (const { address } of known) seen.delete(address)
  }
  return readTokenMetadata(context.reader, context.chainId, [...seen.values()])
}
