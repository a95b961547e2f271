/**
 * The per-chain cursor: the last block whose transfers are stored. It moves only inside the
 * transaction that writes (or deletes) those transfers, and only from the position the writer
 * read, so a crash loses nothing and two writers cannot both advance it.
 */

import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../storage/storage'
import { CursorMovedError } from './context'

export type ChainCursor = { number: number; hash: string }

export async function readCursor(
  db: Kysely<Database>,
  chainId: string,
): Promise<ChainCursor | undefined> {
  const row = await db
    .selectFrom('indexer_cursors')
    .select(['block_number', 'block_hash'])
    .where('chain_id', '=', chainId)
    .executeTakeFirst()
  return row === undefined ? undefined : { number: Number(row.block_number), hash: row.block_hash }
}

/**
 * Moves the cursor from `expected` to `next` (`undefined`: no cursor) inside `trx`.
 *
 * @throws CursorMovedError when the stored cursor is no longer `expected`.
 */
export async function moveCursor(
  trx: Transaction<Database>,
  chainId: string,
  expected: ChainCursor | undefined,
  next: ChainCursor | undefined,
): Promise<void> {
  let changed: bigint | undefined
  if (expected === undefined) {
    if (next === undefined) return
    const result = await trx
      .insertInto('indexer_cursors')
      .values({ chain_id: chainId, block_number: next.number, block_hash: next.hash })
      .onConflict((conflict) => conflict.column('chain_id').doNothing())
      .executeTakeFirst()
    changed = result.numInsertedOrUpdatedRows
  } else if (next === undefined) {
    const result = await trx
      .deleteFrom('indexer_cursors')
      .where('chain_id', '=', chainId)
      .where('block_number', '=', expected.number)
      .where('block_hash', '=', expected.hash)
      .executeTakeFirst()
    changed = result.numDeletedRows
  } else {
    const result = await trx
      .updateTable('indexer_cursors')
      .set({ block_number: next.number, block_hash: next.hash })
      .where('chain_id', '=', chainId)
      .where('block_number', '=', expected.number)
      .where('block_hash', '=', expected.hash)
      .executeTakeFirst()
    changed = result.numUpdatedRows
  }
  if (!changed)
    throw new CursorMovedError(`the ${chainId} cursor moved while this process was indexing`)
}
