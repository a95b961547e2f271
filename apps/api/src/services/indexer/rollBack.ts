/**
 * Undoes indexing above a block after a reorg, in one transaction with the cursor move: deletes
 * the orphaned transfers and block hashes, then gives each NFT they moved back to the receiver
 * of its latest remaining transfer (or forgets an NFT minted in the orphaned blocks).
 */

import { type ChainCursor, moveCursor } from './chainCursor'
import type { IndexerContext } from './context'

/** Rolls back from `cursor` to `ancestor`; `undefined` drops everything from the start block. */
export async function rollBack(
  context: IndexerContext,
  cursor: ChainCursor,
  ancestor: ChainCursor | undefined,
): Promise<void> {
  const { db, chainId } = context
  const keepThrough = ancestor?.number ?? context.startBlock - 1
  await db.transaction().execute(async (trx) => {
    await moveCursor(trx, chainId, cursor, ancestor)

    const movedNfts = await trx
      .selectFrom('indexer_transfers')
      .select(['token_address', 'value'])
      .distinct()
      .where('chain_id', '=', chainId)
      .where('kind', '=', 'erc721')
      .where('block_number', '>', keepThrough)
      .execute()

    await trx
      .deleteFrom('indexer_transfers')
      .where('chain_id', '=', chainId)
      .where('block_number', '>', keepThrough)
      .execute()
    await trx
      .deleteFrom('indexer_blocks')
      .where('chain_id', '=', chainId)
      .where('block_number', '>', keepThrough)
      .execute()

    for (const { token_address: contract, value: tokenId } of movedNfts) {
      if (contract === null) continue
      const latest = await trx
        .selectFrom('indexer_transfers')
        .select(['to_address', 'block_number', 'log_index'])
        .where((eb) =>
          eb.and({ chain_id: chainId, kind: 'erc721', token_address: contract, value: tokenId }),
        )
        .orderBy('block_number', 'desc')
        .orderBy('log_index', 'desc')
        .limit(1)
        .executeTakeFirst()
      const nft = { chain_id: chainId, contract, token_id: tokenId }
      if (latest === undefined)
        await trx
          .deleteFrom('indexer_nfts')
          .where((eb) => eb.and(nft))
          .execute()
      else
        await trx
          .updateTable('indexer_nfts')
          .set({
            owner: latest.to_address,
            owner_block_number: Number(latest.block_number),
            owner_log_index: latest.log_index,
          })
          .where((eb) => eb.and(nft))
          .execute()
    }
  })
}
