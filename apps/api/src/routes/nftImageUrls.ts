/**
 * Where the modal loads NFT pictures from in production: an `https:` picture through the API's
 * own `GET /v1/nft-image` (`nftImages.ts`), so the frame never connects to a host a token's
 * creator chose (which would learn the visitor's IP address and that they hold the token, and
 * could serve anything); a `data:image/` picture as it is, since it needs no request; `http:`
 * and anything else not at all, so the modal shows its fallback tile.
 */

import type { NftItem, Transaction } from '@airlock/protocol'

export const nftImagePath = '/v1/nft-image'

/**
 * The URL the modal should load for the NFT picture at `url`, or `undefined` for none.
 *
 * @example
 * servedNftImageUrl('https://example.com/1.png') // '/v1/nft-image?url=https%3A%2F%2Fexample.com%2F1.png'
 * servedNftImageUrl('http://example.com/1.png') // undefined
 */
export function servedNftImageUrl(url: string): string | undefined {
  if (/^data:image\//i.test(url)) return url
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  if (parsed.protocol !== 'https:') return undefined
  return `${nftImagePath}?url=${encodeURIComponent(parsed.href)}`
}

/**
 * `nft` as the modal may see it: in production its picture is served as
 * {@link servedNftImageUrl} says; elsewhere it is unchanged (the dev CSP allows local servers).
 */
export function servedNft(nft: NftItem, production: boolean): NftItem {
  if (!production || nft.imageUrl === undefined) return nft
  const { imageUrl, ...rest } = nft
  const served = servedNftImageUrl(imageUrl)
  return served === undefined ? rest : { ...rest, imageUrl: served }
}

/** `transaction` with the pictures of the NFTs it moved served as {@link servedNft} does. */
export function servedTransaction(transaction: Transaction, production: boolean): Transaction {
  if (!production || !transaction.transfers.some((transfer) => transfer.nft_info?.content))
    return transaction
  return {
    ...transaction,
    transfers: transaction.transfers.map((transfer) => {
      const url = transfer.nft_info?.content?.preview?.url
      if (transfer.nft_info === undefined || url === undefined) return transfer
      const served = servedNftImageUrl(url)
      const { content: _content, ...nftInfo } = transfer.nft_info
      return {
        ...transfer,
        nft_info:
          served === undefined ? nftInfo : { ...nftInfo, content: { preview: { url: served } } },
      }
    }),
  }
}
