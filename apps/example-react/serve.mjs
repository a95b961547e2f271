// Serves the built example dapp (`dist/`, `npm run build -w @airlock/example-react`) on its own
// origin (default http://127.0.0.1:5174). Its page points at the API on http://localhost:8787 and
// anvil on http://127.0.0.1:8545; AIRLOCK_URL and ANVIL_RPC_URL rewrite those.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, normalize } from 'node:path'

const host = process.env.EXAMPLE_HOST ?? '127.0.0.1'
const port = Number(process.env.EXAMPLE_PORT ?? 5174)
const airlockUrl = process.env.AIRLOCK_URL ?? 'http://localhost:8787'
const rpcUrl = process.env.ANVIL_RPC_URL ?? 'http://127.0.0.1:8545'
const dist = new URL('./dist/', import.meta.url)
const types = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
}

const server = createServer(async (request, response) => {
  const path = normalize(new URL(request.url ?? '/', 'http://x').pathname)
  try {
    if (path === '/' || path === '/index.html') {
      const html = (await readFile(new URL('index.html', dist), 'utf8'))
        .replaceAll('http://localhost:8787', airlockUrl)
        .replaceAll('http://127.0.0.1:8545', rpcUrl)
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      })
      return response.end(html)
    }
    if (!path.startsWith('/assets/') || path.includes('..')) throw new Error('not an asset')
    const body = await readFile(new URL(`.${path}`, dist))
    response.writeHead(200, {
      'content-type': types[extname(path)] ?? 'application/octet-stream',
      'cache-control': 'public, max-age=31536000, immutable',
    })
    response.end(body)
  } catch {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
  }
})
server.listen(port, host, () => console.log(`example-react: http://${host}:${port}`))
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => server.close(() => process.exit(0)))
