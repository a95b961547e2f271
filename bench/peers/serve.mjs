// Static server for the built peer pages (bench/peers/dist): gzip for text, immutable
// caching for hashed assets/, no-cache for html. Usage: servePeers({ port }) or run directly.
import { readFile, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import { dirname, extname, join, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = join(dirname(fileURLToPath(import.meta.url)), 'dist')

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
}
const gzipped = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg'])
// Compress each file once, so repeated benchmark loads don't pay for gzip again.
const gzCache = new Map()

async function resolveFile(urlPath) {
  let path
  try {
    path = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (path.includes('\0')) return null
  if (path.endsWith('/')) path += 'index.html'
  const file = join(root, path)
  if (!file.startsWith(root + sep)) return null
  const info = await stat(file).catch(() => null)
  if (!info) return null
  if (info.isDirectory()) return { redirect: `${urlPath}/` }
  return { file }
}

async function handle(req, res) {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const found =
    req.method === 'GET' || req.method === 'HEAD' ? await resolveFile(url.pathname) : null
  if (!found) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found')
    return
  }
  if (found.redirect) {
    res.writeHead(301, { Location: found.redirect }).end()
    return
  }
  const ext = extname(found.file)
  let body = await readFile(found.file)
  const headers = {
    'Content-Type': types[ext] ?? 'application/octet-stream',
    'Cache-Control': found.file.includes(`${sep}assets${sep}`)
      ? 'public, max-age=31536000, immutable'
      : 'no-cache',
  }
  if (gzipped.has(ext)) {
    headers.Vary = 'Accept-Encoding'
    if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      if (!gzCache.has(found.file)) gzCache.set(found.file, gzipSync(body))
      body = gzCache.get(found.file)
      headers['Content-Encoding'] = 'gzip'
    }
  }
  headers['Content-Length'] = body.length
  res.writeHead(200, headers)
  res.end(req.method === 'HEAD' ? undefined : body)
}

export function servePeers({ port = 0, host = '127.0.0.1' } = {}) {
  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500)
      res.end(String(err))
    })
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      const base = `http://${host}:${server.address().port}`
      resolve({
        urls: { appkit: `${base}/appkit/`, rainbowkit: `${base}/rainbowkit/` },
        stop: () =>
          new Promise((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { urls } = await servePeers({ port: Number(process.env.PORT ?? 0) })
  console.log(urls)
}
