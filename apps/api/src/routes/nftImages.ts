/**
 * The NFT picture proxy the modal loads from in production (`nftImageUrls.ts` points it here):
 *
 *   GET /v1/nft-image?url=<encoded https URL>
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

import { Hono } from 'hono'
import {
  defaultUntrustedFetchLimits,
  fetchUntrusted,
  UntrustedFetchError,
} from '../services/untrustedFetch/fetchUntrusted'
import { uncachedApiError } from './apiError'
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
  /** How pictures are fetched (fetchUntrusted's), and `production`: `https:` pictures only. */
  type Options = Pick<fetchUntrusted.Options, 'allowedNetworks' | 'resolve' | 'timeoutMs'> & {
    production: boolean
  }
}

/**
 * @example
 * app.route('/', nftImageRoutes({ production: true }))
 */
export function nftImageRoutes(options: nftImageRoutes.Options): Hono {
  const { production, allowedNetworks = [] } = options
  if (production && allowedNetworks.length > 0)
    throw new TypeError('allowedNetworks is for tests: production fetches public addresses only')
  const app = new Hono()

  app.get(nftImagePath, async (c) => {
    const url = c.req.query('url')
    if (url === undefined || url === '')
      return uncachedApiError(c, 400, 'invalidRequest', 'url: is required')
    if (url.length > maxNftImageUrlChars)
      return uncachedApiError(
        c,
        400,
        'invalidRequest',
        `url: must be at most ${maxNftImageUrlChars} characters`,
      )
    let image: fetchUntrusted.ReturnType
    try {
      image = await fetchUntrusted(url, {
        httpsOnly: production,
        allowedNetworks,
        resolve: options.resolve,
        timeoutMs: options.timeoutMs ?? defaultUntrustedFetchLimits.timeoutMs,
        maxBytes: maxNftImageBytes,
        accept: nftImageMediaTypes.join(', '),
      })
    } catch (error) {
      if (!(error instanceof UntrustedFetchError)) throw error
      if (error.code === 'refused')
        return uncachedApiError(c, 400, 'invalidRequest', `url: ${error.message}`)
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
