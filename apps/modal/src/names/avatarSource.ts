/**
 * Where the frame loads a name's avatar from (an ENSIP-12 `avatar` text record): a `data:image/`
 * URI as it is; an `https:` picture through the API's image proxy (`/v1/nft-image`), so the frame
 * never connects to a host the name's owner chose (which would learn who looks at the name);
 * local servers in development as they are; anything else (`ipfs://`, an NFT's `eip155:` URI,
 * `http:`) not at all, and the caller shows its fallback.
 */
export function avatarSource(avatar: string | undefined): string | undefined {
  if (!avatar) return undefined
  if (/^data:image\//i.test(avatar)) return avatar
  let url: URL
  try {
    url = new URL(avatar)
  } catch {
    return undefined
  }
  if (url.protocol === 'https:') return `/v1/nft-image?url=${encodeURIComponent(url.href)}`
  if (url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1'))
    return url.href
  return undefined
}
