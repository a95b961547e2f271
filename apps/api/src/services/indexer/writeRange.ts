/**
 * Stores one indexed range in a single transaction: the cursor move, the transfers, new token
 * contracts, NFT owners and the recent block hashes. Inserts ignore rows already there, so
 * writing a range twice changes nothing.
 */

import type { Insertable, Transaction } from 'kysely'
import type { Database, IndexerNftsTable, IndexerTokensTable } from '../../storage/storage'
import { type ChainCursor, moveCursor } from './chainCursor'
import type { IndexerContext } from './context'
import type { RangeContents, TransferRow } from './readRange'

// Well under SQLite's 32,766 and Postgres's 65,535 bound parameters per statement.
const rowsPerInsert = 500

export async function writeRange(
  context: IndexerContext,
  cursor: ChainCursor | undefined,
  next: ChainCursor,
  range: RangeContents,
  tokens: readonly Insertable<IndexerTokensTable>[],
): Promise<void> {
  const { db, chainId, confirmationDepth } = context
  await db.transaction().execute(async (trx) => {
    await moveCursor(trx, chainId, cursor, next)

    for (const rows of chunks(tokens))
      await trx
        .insertInto('indexer_tokens')
        .values(rows)
        .onConflict((conflict) => conflict.columns(['chain_id', 'address']).doNothing())
        .execute()

    for (const rows of chunks(range.transfers))
      await trx
        .insertInto('indexer_transfers')
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(['chain_id', 'tx_hash', 'log_index']).doNothing(),
        )
        .execute()

    await updateNftOwners(trx, chainId, range.transfers)

    // Keep the hashes of the last `confirmationDepth` blocks below the cursor, and the cursor's.
    const oldest = next.number - confirmationDepth
    const recent = range.blocks
      .filter((block) => block.number >= oldest)
      .map((block) => ({ chain_id: chainId, block_number: block.number, block_hash: block.hash }))
    for (const rows of chunks(recent))
      await trx
        .insertInto('indexer_blocks')
        .values(rows)
        .onConflict((conflict) =>
          conflict
            .columns(['chain_id', 'block_number'])
            .doUpdateSet((update) => ({ block_hash: update.ref('excluded.block_hash') })),
        )
        .execute()
    await trx
      .deleteFrom('indexer_blocks')
      .where('chain_id', '=', chainId)
      .where('block_number', '<', oldest)
      .execute()
  })
}

/** Each ERC-721 token moved in the range belongs to the receiver of its last transfer. */
async function updateNftOwners(
  trx: Transaction<Database>,
  chainId: string,
  transfers: readonly TransferRow[],
): Promise<void> {
  const owners = new Map<string, Insertable<IndexerNftsTable>>()
  const moves = transfers
    .filter((transfer) => transfer.kind === 'erc721' && transfer.token_address !== null)
    .sort((a, b) => Number(a.block_number) - Number(b.block_number) || a.log_index - b.log_index)
  for (const move of moves)
    owners.set(`${move.token_address}:${move.value}`, {
      chain_id: chainId,
      contract: move.token_address as string,
      token_id: move.value,
      owner: move.to_address,
      owner_block_number: move.block_number,
      owner_log_index: move.log_index,
      metadata_status: 'pending',
      token_uri: null,
      name: null,
      image: null,
    })
  for (const rows of chunks([...owners.values()]))
    await trx
      .insertInto('indexer_nfts')
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(['chain_id', 'contract', 'token_id']).doUpdateSet((update) => ({
          owner: update.ref('excluded.owner'),
          owner_block_number: update.ref('excluded.owner_block_number'),
          owner_log_index: update.ref('excluded.owner_log_index'),
        })),
      )
      .execute()
}

export function chunks<item>(items: readonly item[], size = rowsPerInsert): item[][] {
  const result: item[][] = []
  for (let start = 0; start < items.length; start += size)
    result.push(items.slice(start, start + size))
  return result
}
