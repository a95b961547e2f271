/**
 * The picture a name's `avatar` record (ENSIP-12) shows, for the image proxy to serve (issue 36):
 * an `https:` URL as it is; `ipfs://` through an IPFS HTTP gateway; an NFT's `eip155:` URI
 * (`eip155:1/erc721:0x…/42`, `eip155:1/erc1155:0x…/7`) by the token's metadata — read on the
 * token's chain through the API's network catalogue, only when the name's owner holds the token
 * (ENSIP-12 asks clients to check it, so no one wears someone else's NFT), then its `image`; a
 * `data:image/` URI as it is. Metadata over `https:` is fetched with `fetchUntrusted` (public
 * addresses only) by the caller's `fetchMetadata`. Anything else, or a token or metadata that
 * can't be read, is no picture: the modal shows its fallback.
 */
import { type Address, isAddressEqual, type PublicClient, parseAbi } from 'viem'

export type AvatarSources = {
  /** An IPFS HTTP gateway's origin, `https://ipfs.io`: `ipfs://{cid}/{path}` is read at `{gateway}/ipfs/{cid}/{path}`. */
  ipfsGateway: string
  /** A client of an eip155 chain in the catalogue; undefined for another. */
  chainClient(chainId: number): PublicClient | undefined
  /** An NFT's metadata JSON at an `https:` URL, parsed. */
  fetchMetadata(url: string): Promise<unknown>
}

const nftAbi = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function uri(uint256 id) view returns (string)',
])

const nftAvatar = /^eip155:(\d{1,10})\/(erc721|erc1155):(0x[0-9a-fA-F]{40})\/(\d{1,78})$/

/**
 * @returns an `https:` URL to proxy, a `data:image/` URI, or undefined: no picture.
 * @example
 * await avatarPicture('ipfs://bafy…/a.png', owner, sources) // 'https://ipfs.io/ipfs/bafy…/a.png'
 */
export async function avatarPicture(
  avatar: string,
  owner: Address,
  sources: AvatarSources,
): Promise<string | undefined> {
  const nft = nftAvatar.exec(avatar)
  if (!nft) return pictureAt(avatar, sources)
  const [, chain, standard, contract, id] = nft as unknown as [
    string,
    string,
    string,
    Address,
    string,
  ]
  const client = sources.chainClient(Number(chain))
  if (!client) return undefined
  const tokenId = BigInt(id)
  try {
    let metadataUri: string
    if (standard === 'erc721') {
      const holder = await client.readContract({
        address: contract,
        abi: nftAbi,
        functionName: 'ownerOf',
        args: [tokenId],
      })
      if (!isAddressEqual(holder, owner)) return undefined
      metadataUri = await client.readContract({
        address: contract,
        abi: nftAbi,
        functionName: 'tokenURI',
        args: [tokenId],
      })
    } else {
      const held = await client.readContract({
        address: contract,
        abi: nftAbi,
        functionName: 'balanceOf',
        args: [owner, tokenId],
      })
      if (held === 0n) return undefined
      // ERC-1155: `{id}` is the id in lowercase hex, 64 digits.
      metadataUri = (
        await client.readContract({
          address: contract,
          abi: nftAbi,
          functionName: 'uri',
          args: [tokenId],
        })
      ).replaceAll('{id}', tokenId.toString(16).padStart(64, '0'))
    }
    const metadata = (await metadataAt(metadataUri, sources)) as {
      image?: unknown
      image_url?: unknown
    }
    const image = typeof metadata?.image === 'string' ? metadata.image : metadata?.image_url
    return typeof image === 'string' ? pictureAt(image, sources) : undefined
  } catch {
    // A token that does not exist, a chain or metadata host that does not answer: no picture.
    return undefined
  }
}

/** A picture URI that is no NFT's: https, ipfs, or a data: image. */
function pictureAt(uri: string, sources: AvatarSources): string | undefined {
  if (/^data:image\//i.test(uri)) return uri
  const url = httpsOf(uri, sources)
  return url
}

/** `uri` as an https URL: itself, or an `ipfs://` one through the gateway; undefined otherwise. */
function httpsOf(uri: string, sources: AvatarSources): string | undefined {
  const ipfs = /^ipfs:\/\/(?:ipfs\/)?([A-Za-z0-9]{10,100}(?:\/[^?#]*)?)$/.exec(uri)
  if (ipfs) return `${sources.ipfsGateway.replace(/\/$/, '')}/ipfs/${ipfs[1]}`
  try {
    const url = new URL(uri)
    return url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** An NFT's metadata: a `data:application/json` URI decoded, else fetched over https. */
async function metadataAt(uri: string, sources: AvatarSources): Promise<unknown> {
  const inline = /^data:application\/json(;base64)?,(.*)$/is.exec(uri)
  if (inline) {
    const [, base64, body = ''] = inline
    return JSON.parse(
      base64 ? Buffer.from(body, 'base64').toString('utf8') : decodeURIComponent(body),
    )
  }
  const url = httpsOf(uri, sources)
  if (url === undefined) return undefined
  return sources.fetchMetadata(url)
}
