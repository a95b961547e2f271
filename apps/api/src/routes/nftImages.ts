/**
 * The picture proxy the modal loads NFT pictures (in production) and name avatars from
 * (`nftImageUrls.ts` points it here):
 *
 *   GET /v1/nft-image?url=<encoded URL>&sig=<its signature>
 *
 * It serves only URLs the API itself handed out: `sig` must be the URL's signature under the
 * server key (`imageUrlSignatures.ts`), else 403 `imageSignatureInvalid`, so the proxy fetches
 * nothing a stranger names. A URL that is not one, not in its normal form (`http:///x`, which
 * would be fetched as `http://x/`) or of a scheme not fetched is refused 400 before that, and
 * before any lookup. Each client has a budget of pictures a minute (`rateLimit.ts`), spent once
 * the request is valid; past it, 429.
 *
 * The picture is fetched through `fetchUntrusted` (public addresses only, pinned, 5 s, 5 MiB),
 * must say it is PNG, JPEG, GIF, WebP, AVIF or SVG, and is sent with that type, `nosniff`, and a
 * day of browser caching. A URL that may not be fetched answers 400; a picture that could not be
 * had, 502.
 *
 * SVG is served, since many NFT pictures are SVG (ENS names' among them): inside the modal's
 * `<img>` an SVG runs no script and loads nothing. Opened on its own it would be a document on
 * the API's origin, so every answer carries a CSP that allows no script and sandboxes the
 * document into an opaque origin. `Cross-Origin-Resource-Policy: same-origin` keeps other sites
 * from embedding the proxy; the modal is on this origin.
 */

import { type Context, Hono } from 'hono'
import { clientAddress } from '../services/clientAddress'
import type { ImageUrlSigner } from '../services/images/imageUrlSignatures'
import type { NftImageRateLimiter } from '../services/rateLimit'
import {
  defaultUntrustedFetchLimits,
  fetchUntrusted,
  schemeRefusal,
  UntrustedFetchError,
} from '../services/untrustedFetch/fetchUntrusted'
import { uncachedApiError } from './apiError'
import { rateLimitedAnswer } from './clientBudgets'
import { nftImagePath } from './nftImageUrls'

export const nftImageMediaTypes = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/svg+xml',
] as const

export const maxNftImageBytes = 5 * 1024 * 1024
export const maxNftImageUrlChars = 2048
export const nftImageCacheControl = 'public, max-age=86400'
export const nftImageContentSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; sandbox"

export declare namespace nftImageRoutes {
  /**
   * How pictures are fetched (fetchUntrusted's), and `production`: `https:` pictures only. URLs
   * are checked with `signer`; each client spends from `rateLimiter`'s budget.
   */
  type Options = Pick<fetchUntrusted.Options, 'allowedNetworks' | 'resolve' | 'timeoutMs'> & {
    production: boolean
    signer: ImageUrlSigner
    rateLimiter: NftImageRateLimiter
    /** Reverse proxies in front of the API, for the client address (`clientAddress.ts`). */
    trustProxy: number
  }
}

/**
 * @example
 * app.route('/', nftImageRoutes({ production: true, signer, rateLimiter, trustProxy: 1 }))
 */
export function nftImageRoutes(options: nftImageRoutes.Options): Hono {
  const { production, allowedNetworks = [], signer, rateLimiter, trustProxy } = options
  if (production && allowedNetworks.length > 0)
    throw new TypeError('allowedNetworks is for tests: production fetches public addresses only')
  const app = new Hono()
  const refused = (c: Context, message: string) =>
    uncachedApiError(c, 400, 'invalidRequest', `url: ${message}`)

  app.get(nftImagePath, async (c) => {
    const url = c.req.query('url')
    if (url === undefined || url === '') return refused(c, 'is required')
    if (url.length > maxNftImageUrlChars)
      return refused(c, `must be at most ${maxNftImageUrlChars} characters`)
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      return refused(c, 'Refused: not a URL')
    }
    // The proxy hands out URLs in their normal form: any other spelling was not its own.
    if (parsed.href !== url) return refused(c, `Refused: not in its normal form (${parsed.href})`)
    const wrongScheme = schemeRefusal(parsed, production)
    if (wrongScheme !== undefined) return refused(c, wrongScheme)
    if (!signer.verify(url, c.req.query('sig') ?? ''))
      return uncachedApiError(
        c,
        403,
        'imageSignatureInvalid',
        'This picture URL was not handed out by this API: its sig is missing or wrong',
      )
    const spent = await rateLimiter.consume('client', clientAddress(c, trustProxy))
    if (!spent.allowed) {
      c.header('Cache-Control', 'no-store')
      return rateLimitedAnswer(c, spent.retryAfterMs)
    }

    let image: fetchUntrusted.ReturnType
    try {
      image = await fetchUntrusted(parsed, {
        httpsOnly: production,
        allowedNetworks,
        resolve: options.resolve,
        timeoutMs: options.timeoutMs ?? defaultUntrustedFetchLimits.timeoutMs,
        maxBytes: maxNftImageBytes,
        accept: nftImageMediaTypes.join(', '),
      })
    } catch (error) {
      if (!(error instanceof UntrustedFetchError)) throw error
      if (error.code === 'refused') return refused(c, error.message)
      return uncachedApiError(c, 502, 'imageUnavailable', error.message)
    }
    const mediaType = nftImageMediaTypes.find((type) => type === image.mediaType)
    if (mediaType === undefined)
      return uncachedApiError(
        c,
        502,
        'imageUnavailable',
        `Not an image: ${image.mediaType ?? 'no content type'}`,
      )
    return c.body(new Uint8Array(image.body), 200, {
      'Content-Type': mediaType,
      'Cache-Control': nftImageCacheControl,
      'Content-Security-Policy': nftImageContentSecurityPolicy,
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'same-origin',
    })
  })

  return app
}
