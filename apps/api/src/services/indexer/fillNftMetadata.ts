/**
 * Fills in the name and image of NFTs the indexer found, apart from indexing itself so that
 * slow metadata servers never hold the cursor back: `tokenURI` by multicall, then the document.
 */

import type { IndexerContext } from './context'
import { mapLimit } from './contractReader'
import { fetchNftMetadata } from './nftMetadata'
import { readTokenUris } from './tokenMetadata'

const nftsPerRound = 100
const roundsPerCall = 5
const fetchConcurrency = 4
/** The document's address is kept for reference; long inline documents are not. */
const maxStoredUriChars = 2048

export async function fillNftMetadata(context: IndexerContext): Promise<void> {
  const { db, chainId } = context
  for (let round = 0; round < roundsPerCall; round++) {
    const pending = await db
      .selectFrom('indexer_nfts')
      .select(['contract', 'token_id'])
      .where('chain_id', '=', chainId)
      .where('metadata_status', '=', 'pending')
      .orderBy('owner_block_number')
      .limit(nftsPerRound)
      .execute()
    if (pending.length === 0) return

    const uris = await readTokenUris(
      context.reader,
      pending.map((nft) => ({ contract: nft.contract, tokenId: nft.token_id })),
    )
    const found = await mapLimit(
      pending.map((nft, index) => ({ nft, uri: uris[index] ?? null })),
      fetchConcurrency,
      async ({ nft, uri }) => ({
        nft,
        uri,
        metadata: uri === null ? {} : await fetchNftMetadata(uri, context.nftMetadata),
      }),
    )
    await db.transaction().execute(async (trx) => {
      for (const { nft, uri, metadata } of found)
        await trx
          .updateTable('indexer_nfts')
          .set({
            metadata_status: 'done',
            token_uri: uri !== null && uri.length <= maxStoredUriChars ? uri : null,
            name: metadata.name ?? null,
            image: metadata.image ?? null,
          })
          .where('chain_id', '=', chainId)
          .where('contract', '=', nft.contract)
          .where('token_id', '=', nft.token_id)
          .execute()
    })
  }
}
