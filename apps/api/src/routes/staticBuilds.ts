/**
 * The static builds this API serves: the SDK's loader (`/airlock.js`, embedded cross-origin by
 * host pages) and the modal's files (`/assets/*` are content-hashed, so cached for good).
 * A build that has not been made answers 503 with what to run, instead of failing at start.
 *
 * No HTML file is ever served from here: the modal's `index.html` is its page template, and only
 * `/modal` renders it, with the project's CSP (whose `frame-ancestors` is what keeps other sites
 * from framing it). Refusing by the type of the file found, not by the path asked for, covers
 * every spelling of that path (`//index.html`, `/index%2Ehtml`, `/index.html/`, symlinks...).
 */

import type { Context } from 'hono'
import { Hono } from 'hono'
import type { Precompressed } from '../services/precompressed'
import { buildExists, readStaticFile, type StaticFile } from '../services/staticFiles'

export type StaticBuildRoutesOptions = {
  modalDist: string
  sdkDist: string
  /** One kept-gzip store for every build route of the app (`createPrecompressed`). */
  precompressed: Precompressed
}

export function buildMissing(c: Context, build: 'modal' | 'SDK'): Response {
  c.header('Cache-Control', 'no-store')
  return c.text(
    `The ${build} build is missing. Run \`npm run build\` at the root of the Airlock repository, then reload.`,
    503,
  )
}

/** A file of the modal build, unless it is missing, refused or a document (HTML). */
async function readModalFile(root: string, encodedPath: string): Promise<StaticFile | undefined> {
  const file = await readStaticFile(root, encodedPath)
  return file === undefined || file.contentType.startsWith('text/html') ? undefined : file
}

/** Text types worth compressing; images and fonts are compressed already. */
const compressible = /^(text\/|application\/(json|manifest\+json|wasm)|image\/svg)/

/**
 * A build file's answer: gzipped once at the best level (`precompressed`) for a client that
 * accepts it, so the app's streaming compression passes it by.
 */
async function serve(
  c: Context,
  file: StaticFile,
  headers: Record<string, string>,
  precompressed: Precompressed,
): Promise<Response> {
  const all = { 'Content-Type': file.contentType, Vary: 'Accept-Encoding', ...headers }
  const gzip = /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')
  if (!gzip || !compressible.test(file.contentType)) return c.body(await file.read(), 200, all)
  return c.body(await precompressed.gzip(file.version, file.read), 200, {
    ...all,
    'Content-Encoding': 'gzip',
  })
}

const loaderHeaders = {
  'Cache-Control': 'public, max-age=300',
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
}

/**
 * The loader, the wallet modules it imports on Solana, Bitcoin, Polkadot and Cosmos pages (cross-origin module
 * scripts, hence CORS), and their source maps.
 */
export function sdkRoutes({
  sdkDist,
  precompressed,
}: Pick<StaticBuildRoutesOptions, 'sdkDist' | 'precompressed'>): Hono {
  const app = new Hono()
  for (const name of [
    'airlock.js',
    'airlock-solana.js',
    'airlock-bitcoin.js',
    'airlock-polkadot.js',
    'airlock-cosmos.js',
  ]) {
    app.get(`/${name}`, async (c) => {
      const file = await readStaticFile(sdkDist, name)
      if (file === undefined) return buildMissing(c, 'SDK')
      return serve(
        c,
        { ...file, contentType: 'text/javascript; charset=utf-8' },
        loaderHeaders,
        precompressed,
      )
    })
    app.get(`/${name}.map`, async (c) => {
      const file = await readStaticFile(sdkDist, `${name}.map`)
      if (file === undefined) return c.notFound()
      return serve(c, file, loaderHeaders, precompressed)
    })
  }
  return app
}

/** `/assets/*` of the modal build. */
export function modalAssetRoutes({
  modalDist,
  precompressed,
}: Pick<StaticBuildRoutesOptions, 'modalDist' | 'precompressed'>): Hono {
  const app = new Hono()
  app.get('/assets/*', async (c) => {
    if (!buildExists(modalDist)) return buildMissing(c, 'modal')
    const file = await readModalFile(`${modalDist}/assets`, requestPathAfter(c, '/assets/'))
    if (file === undefined) return c.notFound()
    return serve(c, file, { 'Cache-Control': 'public, max-age=31536000, immutable' }, precompressed)
  })
  return app
}

/**
 * The other top-level files of the modal build (favicon, robots.txt...). Register it last: it
 * answers any GET path. `index.html` is the page template and is served only through `/modal`.
 */
export function modalFileRoutes({
  modalDist,
  precompressed,
}: Pick<StaticBuildRoutesOptions, 'modalDist' | 'precompressed'>): Hono {
  const app = new Hono()
  app.get('/*', async (c) => {
    const file = await readModalFile(modalDist, requestPathAfter(c, '/'))
    if (file === undefined) return c.notFound()
    return serve(c, file, { 'Cache-Control': 'public, max-age=300' }, precompressed)
  })
  return app
}

/** The rest of the request path, still percent-encoded: `readStaticFile` decodes and checks it. */
function requestPathAfter(c: Context, prefix: string): string {
  const { pathname } = new URL(c.req.url)
  return pathname.startsWith(prefix) ? pathname.slice(prefix.length) : ''
}
