import { once } from 'node:events'
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fetchUntrusted, type Resolver, UntrustedFetchError } from './fetchUntrusted'

/**
 * Two servers on one port: 127.0.0.2 stands for a public host (allowed below), 127.0.0.1 for
 * the API's own network, which no test may reach.
 */
const publicHost = '127.0.0.2'
const internalHost = '127.0.0.1'
const asPublic = { httpsOnly: false, allowedNetworks: [`${publicHost}/32`] } as const

type Recorded = { server: Server; requests: { url: string; host: string }[] }

async function listen(host: string, port: number, listener: RequestListener): Promise<Recorded> {
  const requests: Recorded['requests'] = []
  const server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', host: request.headers.host ?? '' })
    listener(request, response)
  })
  server.listen(port, host)
  await once(server, 'listening')
  return { server, requests }
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => {
      if (!(error instanceof UntrustedFetchError)) throw error
      return { code: error.code, message: error.message }
    },
  )

describe('fetchUntrusted', () => {
  let publicServer: Recorded
  let internalServer: Recorded
  let port: number
  beforeAll(async () => {
    publicServer = await listen(publicHost, 0, (request, response) => {
      const url = new URL(request.url ?? '/', 'http://x')
      if (url.pathname === '/doc') return response.end('public document')
      if (url.pathname === '/hop')
        return response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end()
      if (url.pathname === '/loop') return response.writeHead(301, { location: '/loop' }).end()
      if (url.pathname === '/declared-large')
        return response.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000))
      if (url.pathname === '/streamed-large') {
        // No Content-Length: chunks until the client hangs up.
        const write = () => {
          if (response.write('x'.repeat(1024))) setImmediate(write)
          else response.once('drain', write)
        }
        response.on('close', () => response.removeAllListeners('drain'))
        return write()
      }
      if (url.pathname === '/never') return // keeps the request open: no answer at all
      if (url.pathname === '/gzip')
        return response.writeHead(200, { 'content-encoding': 'gzip' }).end('zz')
      response.writeHead(404).end()
    })
    port = (publicServer.server.address() as AddressInfo).port
    internalServer = await listen(internalHost, port, (_request, response) =>
      response.end('internal secret'),
    )
  })
  afterAll(() => {
    for (const { server } of [publicServer, internalServer]) {
      server.closeAllConnections()
      server.close()
    }
  })

  const publicUrl = (path: string) => `http://${publicHost}:${port}${path}`
  const internalUrl = (path: string) => `http://${internalHost}:${port}${path}`

  test('behavior: a name that rebinds after the check is still fetched from the address checked', async () => {
    // Answers a "public" address first and loopback on every later query: a check-then-fetch
    // client would check the first answer and connect to the second.
    let queries = 0
    const rebinding: Resolver = async () => [
      { address: queries++ === 0 ? publicHost : internalHost, family: 4 },
    ]
    const fetched = await fetchUntrusted(`http://nft.example:${port}/doc`, {
      ...asPublic,
      resolve: rebinding,
    })
    expect(fetched.body.toString()).toBe('public document')
    expect(publicServer.requests.at(-1)).toEqual({ url: '/doc', host: `nft.example:${port}` })
    expect(internalServer.requests).toEqual([])
  })

  test('behavior: a name is refused when any of its addresses is not public', async () => {
    const mixed: Resolver = async () => [
      { address: publicHost, family: 4 },
      { address: internalHost, family: 4 },
    ]
    expect(
      await rejection(
        fetchUntrusted(`http://nft.example:${port}/doc`, { ...asPublic, resolve: mixed }),
      ),
    ).toEqual({
      code: 'refused',
      message: 'Refused: 127.0.0.1 is a loopback address (nft.example resolves to it)',
    })
    expect(internalServer.requests).toEqual([])
  })

  test.each([
    [`http://127.0.0.1:PORT/`, 'Refused: 127.0.0.1 is a loopback address'],
    [`http://[::ffff:127.0.0.1]:PORT/`, 'Refused: ::ffff:7f00:1 is an IPv4-mapped address'],
    [`http://[64:ff9b::7f00:1]:PORT/`, 'Refused: 64:ff9b::7f00:1 is a NAT64 address'],
    [`http://[::1]:PORT/`, 'Refused: ::1 is a loopback address'],
    [`http://100.64.0.1:PORT/`, 'Refused: 100.64.0.1 is a carrier-grade NAT address'],
    [
      `http://169.254.169.254/latest/meta-data/`,
      'Refused: 169.254.169.254 is a link-local address',
    ],
    // The URL parser turns these spellings into 127.0.0.1 before the check sees them.
    [`http://2130706433:PORT/`, 'Refused: 127.0.0.1 is a loopback address'],
    [`http://0x7f.1:PORT/`, 'Refused: 127.0.0.1 is a loopback address'],
  ])('behavior: %s is refused without a request', async (url, message) => {
    expect(
      await rejection(fetchUntrusted(url.replace('PORT', String(port)), { httpsOnly: false })),
    ).toEqual({ code: 'refused', message })
    expect(internalServer.requests).toEqual([])
  })

  test('behavior: a name that resolves to loopback is refused', async () => {
    const toLoopback: Resolver = async () => [{ address: internalHost, family: 4 }]
    expect(
      await rejection(
        fetchUntrusted(`http://localhost:${port}/`, { httpsOnly: false, resolve: toLoopback }),
      ),
    ).toEqual({
      code: 'refused',
      message: 'Refused: 127.0.0.1 is a loopback address (localhost resolves to it)',
    })
    expect(internalServer.requests).toEqual([])
  })

  test('behavior: redirects are followed, and each hop is checked again', async () => {
    const hop = (to: string) => publicUrl(`/hop?to=${encodeURIComponent(to)}`)
    expect((await fetchUntrusted(hop('/doc'), asPublic)).body.toString()).toBe('public document')
    expect(await rejection(fetchUntrusted(hop(internalUrl('/')), asPublic))).toEqual({
      code: 'refused',
      message: 'Refused: 127.0.0.1 is a loopback address',
    })
    // A redirect to a name is resolved then, and refused for what it resolves to.
    let queries = 0
    const secondIsInternal: Resolver = async () => [
      { address: queries++ === 0 ? publicHost : internalHost, family: 4 },
    ]
    expect(
      await rejection(
        fetchUntrusted(`http://a.example:${port}/hop?to=http://b.example:${port}/`, {
          ...asPublic,
          resolve: secondIsInternal,
        }),
      ),
    ).toEqual({
      code: 'refused',
      message: 'Refused: 127.0.0.1 is a loopback address (b.example resolves to it)',
    })
    expect(await rejection(fetchUntrusted(hop('file:///etc/passwd'), asPublic))).toEqual({
      code: 'refused',
      message: 'Refused: file: URLs are not fetched (http: and https: only)',
    })
    expect(internalServer.requests).toEqual([])
  })

  test('behavior: more than three redirects are refused', async () => {
    expect(await rejection(fetchUntrusted(publicUrl('/loop'), asPublic))).toEqual({
      code: 'refused',
      message: 'Refused: more than 3 redirects',
    })
  })

  test('behavior: bodies over the cap are refused, by their length or while they stream', async () => {
    const capped = { ...asPublic, maxBytes: 4096 }
    for (const path of ['/declared-large', '/streamed-large'])
      expect(await rejection(fetchUntrusted(publicUrl(path), capped))).toEqual({
        code: 'tooLarge',
        message: 'Too large: more than 4096 bytes',
      })
  })

  test('behavior: a server that never answers times out', async () => {
    expect(
      await rejection(fetchUntrusted(publicUrl('/never'), { ...asPublic, timeoutMs: 200 })),
    ).toEqual({ code: 'timeout', message: 'Timed out after 200 ms' })
  })

  test('behavior: a resolver that never answers times out too', async () => {
    const stuck: Resolver = () => new Promise(() => {})
    expect(
      await rejection(
        fetchUntrusted('http://slow.example/', { ...asPublic, resolve: stuck, timeoutMs: 100 }),
      ),
    ).toEqual({ code: 'timeout', message: 'Timed out after 100 ms' })
  })

  test('behavior: only http and https are fetched, and only https when asked', async () => {
    for (const url of [
      'ftp://example.com/1',
      'file:///etc/passwd',
      'data:text/plain,x',
      'gopher://x/',
    ])
      expect(await rejection(fetchUntrusted(url, { httpsOnly: false }))).toEqual({
        code: 'refused',
        message: `Refused: ${new URL(url).protocol} URLs are not fetched (http: and https: only)`,
      })
    expect(
      await rejection(fetchUntrusted(publicUrl('/doc'), { ...asPublic, httpsOnly: true })),
    ).toEqual({
      code: 'refused',
      message: 'Refused: http: URLs are not fetched (https: only)',
    })
    expect(await rejection(fetchUntrusted('not a url', { httpsOnly: false }))).toEqual({
      code: 'refused',
      message: 'Refused: not a URL',
    })
  })

  test('behavior: error statuses, compressed bodies and unresolvable names fail', async () => {
    expect(await rejection(fetchUntrusted(publicUrl('/missing'), asPublic))).toEqual({
      code: 'httpStatus',
      message: `HTTP 404 from http://${publicHost}:${port}`,
    })
    expect(await rejection(fetchUntrusted(publicUrl('/gzip'), asPublic))).toEqual({
      code: 'network',
      message: `Unsupported gzip encoding from http://${publicHost}:${port}`,
    })
    expect(
      await rejection(
        fetchUntrusted('http://nowhere.example/', { ...asPublic, resolve: async () => [] }),
      ),
    ).toEqual({ code: 'network', message: 'Could not resolve nowhere.example' })
  })
})
