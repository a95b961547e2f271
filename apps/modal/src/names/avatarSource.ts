/**
 * Where the frame loads a name's avatar from (an ENSIP-12 `avatar` text record): a `data:image/`
 * URI as it is; an `https:` picture through the API's image proxy, at the signed URL the API
 * answered the record with (`avatarImage`: the proxy serves only URLs the API handed out), so the
 * frame never connects to a host the name's owner chose (which would learn who looks at the
 * name); an `ipfs://` or NFT (`eip155:`) avatar by the picture the API found for it (its proxy
 * URL, or an NFT's inline `data:image/`); local servers in development as they are; anything else
 * (`http:`, any avatar without a picture from the API) not at all, and the caller shows its
 * fallback.
 */
import type { NameRecord } from '@airlock/protocol'

const proxyPath = '/v1/nft-image?'

export function avatarSource(
  record: Pick<NameRecord, 'attributes' | 'avatarImage'> | null | undefined,
): string | undefined {
  const avatar = record?.attributes.avatar
  if (!avatar) return undefined
  if (/^data:image\//i.test(avatar)) return avatar
  // The picture the API found for it (an ipfs:// or NFT avatar's included): proxied, or inline.
  const found = record.avatarImage
  if (found?.startsWith(proxyPath) || (found && /^data:image\//i.test(found))) return found
  let url: URL
  try {
    url = new URL(avatar)
  } catch {
    return undefined
  }
  if (url.protocol === 'https:')
    return record.avatarImage?.startsWith(proxyPath) ? record.avatarImage : undefined
  if (url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1'))
    return url.href
  return undefined
}
