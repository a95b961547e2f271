/**
 * The wallet registry the modal's AllWallets view lists (shapes in `@airlock/protocol`):
 *
 *   GET /v1/wallets?projectId=&page=&entries=&search=&namespaces=&include=&exclude=&recommended=
 *   GET /v1/wallets/:id/image[?v=]
 *
 * The list is public data, cached a minute by browsers and CDNs. Logo URLs carry the image's
 * version (`?v=`), so a logo at its current version is cached for a year and an operator's new
 * logo gets a new URL. The modal calls these from the API's own origin, so there is no CORS
 * header.
 */

import {
  type WalletListing,
  type WalletPage,
  walletListQuerySchema,
  walletPageSize,
} from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import { projectExists } from '../services/projects'
import { fallbackWalletImage } from '../services/walletRegistry/fallbackImage'
import { imageHash, walletIdPattern } from '../services/walletRegistry/registryFile'
import {
  findWalletImage,
  findWallets,
  type StoredWallet,
} from '../services/walletRegistry/walletRegistry'
import type { Storage } from '../storage/storage'
import { uncachedApiError } from './apiError'
import { queryOf } from './validators'

/** How long browsers and CDNs keep a page of the list. */
export const walletListMaxAgeSeconds = 60

const immutable = 'public, max-age=31536000, immutable'
/** For an image URL without the current version: long enough for a page, short for an update. */
const unversioned = 'public, max-age=3600'
// An SVG opened as a page must not run anything, whoever wrote it.
const imageSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

export type WalletRoutesOptions = { storage: Storage }

export function walletRoutes({ storage }: WalletRoutesOptions): Hono {
  const app = new Hono()
  const { db } = storage

  const listQuery = queryOf(walletListQuerySchema, {
    refused: (c, message) => uncachedApiError(c, 400, 'invalidRequest', message),
    read: (c) => withLists(c, ['namespaces', 'include', 'exclude']),
  })

  app.get('/v1/wallets', listQuery, async (c) => {
    const query = c.req.valid('query')
    const { projectId, page = 1, entries = walletPageSize } = query
    if (!(await projectExists(db, projectId)))
      return uncachedApiError(c, 404, 'invalidProjectId', 'Invalid Project ID')

    const { count, wallets } = await findWallets(db, {
      search: query.search,
      namespaces: query.namespaces,
      include: query.include,
      exclude: query.exclude,
      recommended: query.recommended === undefined ? undefined : query.recommended === 'true',
      offset: (page - 1) * entries,
      limit: entries,
    })
    const body: WalletPage = {
      count,
      data: wallets.map(toListing),
      ...(page * entries < count ? { nextPage: page + 1 } : {}),
    }
    c.header('Cache-Control', `public, max-age=${walletListMaxAgeSeconds}`)
    return c.json(body)
  })

  app.get('/v1/wallets/:id/image', async (c) => {
    const id = c.req.param('id')
    const found = walletIdPattern.test(id) ? await findWalletImage(db, id) : undefined
    c.header('Content-Security-Policy', imageSecurityPolicy)
    if (found === undefined) {
      // An <img> still gets a picture; a short cache lets a wallet added later show up.
      c.header('Cache-Control', 'public, max-age=300')
      return c.body(fallbackWalletImage(undefined), 404, { 'Content-Type': 'image/svg+xml' })
    }
    const { bytes, contentType, hash } = found.image ?? fallbackOf(found.name)
    const etag = `"${hash}"`
    c.header('ETag', etag)
    c.header('Cache-Control', c.req.query('v') === hash ? immutable : unversioned)
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304)
    return c.body(bytes.slice().buffer as ArrayBuffer, 200, { 'Content-Type': contentType })
  })

  return app
}

/** The listing the API answers for a stored wallet; its image URL carries the image version. */
function toListing(wallet: StoredWallet): WalletListing {
  const version = wallet.imageHash ?? fallbackOf(wallet.name).hash
  return {
    id: wallet.id,
    name: wallet.name,
    ...(wallet.rdns !== undefined ? { rdns: wallet.rdns } : {}),
    ...(wallet.homepage !== undefined ? { homepage: wallet.homepage } : {}),
    imageUrl: `/v1/wallets/${encodeURIComponent(wallet.id)}/image?v=${version}`,
    namespaces: wallet.namespaces,
    mobile: wallet.mobile,
    desktop: wallet.desktop,
    stores: wallet.stores,
  }
}

function fallbackOf(name: string) {
  const svg = fallbackWalletImage(name)
  return {
    bytes: new TextEncoder().encode(svg),
    contentType: 'image/svg+xml' as const,
    hash: imageHash(svg),
  }
}

/** The query string, with the list parameters as arrays (they may repeat). */
function withLists(c: Context, lists: readonly string[]): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = { ...c.req.query() }
  for (const name of lists) {
    const values = c.req.queries(name)
    if (values === undefined) delete query[name]
    else query[name] = values
  }
  return query
}
