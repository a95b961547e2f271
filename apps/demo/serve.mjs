// Serves the demo site on its own origin (default http://127.0.0.1:5173). The page points at
// the API on http://localhost:8787; AIRLOCK_URL rewrites that when the API runs elsewhere.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'

const host = process.env.DEMO_HOST ?? '127.0.0.1'
const port = Number(process.env.DEMO_PORT ?? 5173)
const airlockUrl = process.env.AIRLOCK_URL ?? 'http://localhost:8787'
const page = new URL('./index.html', import.meta.url)

const server = createServer(async (request, response) => {
  const path = new URL(request.url ?? '/', 'http://x').pathname
  if (path !== '/' && path !== '/index.html') {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
    return
  }
  const html = (await readFile(page, 'utf8')).replaceAll('http://localhost:8787', airlockUrl)
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  })
  response.end(html)
})
server.listen(port, host, () => console.log(`demo: http://${host}:${port}`))
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => server.close(() => process.exit(0)))
