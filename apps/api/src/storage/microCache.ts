/**
 * A one-second response cache in front of the app for the hottest cacheable GET, an account's
 * balances: the answer the app gave (status 200, body bytes as sent, headers) is kept for
 * `ttlMs` per URL, Origin and Accept-Encoding, and a repeat is written straight to the socket
 * without building a Request, routing or middleware. The route's own 30 s cache stays the source
 * of truth; this only spares the HTTP stack the same work many times a second (what an nginx
 * microcache does in front of an app). A fresh read (`cache=false`) passes through and drops the
 * address's copies, so what the visitor reads next is never older than the fresh read. A repeat
 * gets its own `X-Request-Id`, not the one of the answer it copies.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { requestIdFor, requestIdHeader } from '../requestLogging'

type Stored = { expiresAt: number; status: number; headers: [string, string][]; body: Buffer }

/** `/v1/accounts/<address>/balances`: the path whose answers are kept. */
const balancesPath = /^\/v1\/accounts\/[^/]+\/balances$/

export type MicroCacheOptions = { ttlMs?: number; maxEntries?: number; now?: () => number }

export function createMicroCache(options: MicroCacheOptions = {}) {
  const { ttlMs = 1000, maxEntries = 10_000, now = Date.now } = options
  const entries = new Map<string, Stored>()

  /** The key for a request the cache may answer, or undefined: the app answers it. */
  function keyOf(method: string | undefined, url: string, origin: string, encoding: string) {
    if (method !== 'GET') return undefined
    const queryAt = url.indexOf('?')
    const path = queryAt === -1 ? url : url.slice(0, queryAt)
    if (!balancesPath.test(path)) return undefined
    if (new URLSearchParams(url.slice(queryAt + 1)).get('cache') === 'false') return undefined
    return `${url}\n${origin}\n${encoding}`
  }

  /** Drops every kept answer for a path (any query, origin or encoding). */
  function dropPath(path: string) {
    for (const key of entries.keys()) if (key.startsWith(`${path}?`)) entries.delete(key)
  }

  return {
    /** Answers from the cache when it can; returns whether it did. */
    serve(request: IncomingMessage, response: ServerResponse): boolean {
      const key = keyOf(
        request.method,
        request.url ?? '',
        request.headers.origin ?? '',
        request.headers['accept-encoding'] ?? '',
      )
      const stored = key === undefined ? undefined : entries.get(key)
      if (!stored) return false
      if (stored.expiresAt <= now()) {
        entries.delete(key!)
        return false
      }
      const requestId = request.headers[requestIdHeader.toLowerCase()]
      response.writeHead(stored.status, [
        ...stored.headers,
        [requestIdHeader, requestIdFor(typeof requestId === 'string' ? requestId : undefined)],
      ])
      response.end(stored.body)
      return true
    },

    /**
     * Wraps the app's fetch: keeps its cacheable balances answers, drops them on fresh reads.
     * `env` (the Node request and socket, which the rate limits read the client from) is passed on.
     */
    wrap<env>(fetch: (request: Request, env?: env) => Response | Promise<Response>) {
      return async (request: Request, env?: env): Promise<Response> => {
        const response = await fetch(request, env)
        const url = new URL(request.url)
        const pathAndQuery = `${url.pathname}${url.search}`
        if (balancesPath.test(url.pathname) && url.searchParams.get('cache') === 'false')
          dropPath(url.pathname)
        const key = keyOf(
          request.method,
          pathAndQuery,
          request.headers.get('origin') ?? '',
          request.headers.get('accept-encoding') ?? '',
        )
        const cacheControl = response.headers.get('cache-control') ?? ''
        if (key === undefined || response.status !== 200 || /no-store/.test(cacheControl))
          return response
        const body = Buffer.from(await response.arrayBuffer())
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
        entries.set(key, {
          expiresAt: now() + ttlMs,
          status: response.status,
          headers: [...response.headers].filter(([name]) => name !== requestIdHeader.toLowerCase()),
          body,
        })
        return new Response(body, response)
      }
    },
  }
}
export type MicroCache = ReturnType<typeof createMicroCache>
