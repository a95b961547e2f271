/**
 * The signatures of the picture URLs the API hands out for its image proxy (`GET /v1/nft-image`):
 * an HMAC-SHA256 of the URL under a key derived (HKDF) from the server key
 * (`AIRLOCK_SERVER_KEY`, which production mode requires). The proxy fetches only a URL signed
 * here, so it is no open fetcher for anyone's URLs: only pictures of NFTs and names the API
 * itself answered with.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

export type ImageUrlSigner = {
  /** The signature of `url`, base64url: what goes in the proxy URL's `sig`. */
  sign(url: string): string
  /** Whether `signature` is `url`'s, compared in constant time. */
  verify(url: string, signature: string): boolean
}

/**
 * @example
 * const signer = imageUrlSigner(serverKey)
 * signer.verify(url, signer.sign(url)) // true
 */
export function imageUrlSigner(serverKey: Uint8Array): ImageUrlSigner {
  const key = Buffer.from(
    hkdfSync('sha256', serverKey, new Uint8Array(), 'airlock image proxy urls', 32),
  )
  const mac = (url: string) => createHmac('sha256', key).update(url).digest()
  return {
    sign: (url) => mac(url).toString('base64url'),
    verify(url, signature) {
      const expected = mac(url)
      const given = Buffer.from(signature, 'base64url')
      // base64url decoding skips what is not base64url: only the exact text is the signature.
      return (
        given.length === expected.length &&
        given.toString('base64url') === signature &&
        timingSafeEqual(given, expected)
      )
    },
  }
}
