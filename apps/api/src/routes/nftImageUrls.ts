/**
 * Where the modal loads NFT pictures from in production, and name avatars always: an `https:`
 * picture through the API's own `GET /v1/nft-image` (`nftImages.ts`), its URL signed
 * (`imageUrlSignatures.ts`) since the proxy fetches nothing else, so the frame never connects to
 * a host a token's creator chose (which would learn the visitor's IP address and that they hold
 * the token, and could serve anything); a `data:image/` picture as it is, since it needs no
 * request; `http:` and anything else not at all, so the modal shows its fallback tile.
 */

import type { NftItem, Transaction } from '@airlock/protocol'
import type { ImageUrlSigner } from '../services/images/imageUrlSignatures'

export const nftImagePath = '/v1/nft-image'

/**
 * The proxy's URL for the `https:` picture at `url`, signed; `undefined` for any other URL.
 *
 * @example
 * proxiedImageUrl('https://example.com/1.png', signer) // '/v1/nft-image?url=https%3A%2F%2Fexample.com%2F1.png&sig=…'
 * proxiedImageUrl('http://example.com/1.png', signer) // undefined
 */
export function proxiedImageUrl(url: string, signer: ImageUrlSigner): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  if (parsed.protocol !== 'https:') return undefined
  // What is signed is the URL's normal form, the one the proxy is given back.
  const query = new URLSearchParams({ url: parsed.href, sig: signer.sign(parsed.href) })
  return `${nftImagePath}?${query}`
}

/**
 * The URL the modal should load for the NFT picture at `url`, or `undefined` for none.
 *
 * @example
 * servedNftImageUrl('https://example.com/1.png', signer) // '/v1/nft-image?url=https%3A%2F%2Fexample.com%2F1.png&sig=…'
 * servedNftImageUrl('data:image/png;base64,…', signer) // as it is
 * servedNftImageUrl('http://example.com/1.png', signer) // undefined
 */
export function servedNftImageUrl(url: string, signer: ImageUrlSigner): string | undefined {
  if (/^data:image\//i.test(url)) return url
  return proxiedImageUrl(url, signer)
}

/**
 * `nft` as the modal may see it: with a signer (production) its picture is served as
 * {@link servedNftImageUrl} says; without, it is unchanged (the dev CSP allows local servers).
 */
export function servedNft(nft: NftItem, signer: ImageUrlSigner | undefined): NftItem {
  if (signer === undefined || nft.imageUrl === undefined) return nft
  const { imageUrl, ...rest } = nft
  const served = servedNftImageUrl(imageUrl, signer)
  return served === undefined ? rest : { ...rest, imageUrl: served }
}

/** `transaction` with the pictures of the NFTs it moved served as {@link servedNft} does. */
export function servedTransaction(
  transaction: Transaction,
  signer: ImageUrlSigner | undefined,
): Transaction {
  if (signer === undefined || !transaction.transfers.some((transfer) => transfer.nft_info?.content))
    return transaction
  return {
    ...transaction,
    transfers: transaction.transfers.map((transfer) => {
      const url = transfer.nft_info?.content?.preview?.url
      if (transfer.nft_info === undefined || url === undefined) return transfer
      const served = servedNftImageUrl(url, signer)
      const { content: _content, ...nftInfo } = transfer.nft_info
      return {
        ...transfer,
        nft_info:
          served === undefined ? nftInfo : { ...nftInfo, content: { preview: { url: served } } },
      }
    }),
  }
}
