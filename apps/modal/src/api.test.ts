import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  type ApiClient,
  createApiClient,
  HttpError,
  httpTransport,
  RequestTimeoutError,
} from './api'
import { apiFailureAlert } from './stores/alerts'

// A real HTTP server on loopback: what it received, and what it answers per path.
let server: Server
let base: string
const received: {
  method: string
  url: string
  contentType: string
  body: string
  frameToken: string | undefined
}[] = []
/** The frame tokens the server gave, in order, and those it now refuses. */
const frameTokens = { issued: 0, expiresIn: 600, refused: new Set<string>() }

async function readBody(request: IncomingMessage) {
  let body = ''
  for await (const chunk of request) body += chunk
  return body
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request)
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      contentType: request.headers['content-type'] ?? '',
      body,
      frameToken: request.headers['airlock-frame-token'] as string | undefined,
    })
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const json = (status: number, answer: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(answer))
    }
    if (path === '/v1/projects/shop/frame-token')
      return json(200, { token: `t${++frameTokens.issued}`, expiresIn: frameTokens.expiresIn })
    if (path === '/relay') {
      const token = request.headers['airlock-frame-token'] as string | undefined
      if (token === undefined || frameTokens.refused.has(token))
        return json(401, {
          error: { code: 'frameTokenExpired', message: 'The frame token has expired.' },
        })
      return json(200, { token })
    }
    if (path === '/echo') {
      response.writeHead(200, { 'content-type': 'application/json' })
      return response.end(
        JSON.stringify({ method: request.method, body: body && JSON.parse(body) }),
      )
    }
    if (path === '/empty') return response.writeHead(204).end()
    if (path === '/limited') {
      response.writeHead(429, { 'content-type': 'application/json' })
      return response.end(
        JSON.stringify({ error: { code: 'rateLimited', message: 'Rate Limited' } }),
      )
    }
    if (path === '/broken') return response.writeHead(502).end('<html>bad gateway</html>')
    if (path === '/slow') return setTimeout(() => response.writeHead(204).end(), 500)
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

// A fresh client per test: no test's failure listeners hear another's calls.
let api: ApiClient
beforeEach(() => {
  api = createApiClient()
})

/** The error a call fails with (none: the test fails). */
function failureOf<error extends Error>(call: Promise<unknown>): Promise<error> {
  return call.then(
    () => {
      throw new Error('The call did not fail.')
    },
    (caught: error) => caught,
  )
}

describe('apiFetch', () => {
  test.each(['GET', 'POST', 'PUT', 'DELETE'] as const)(
    'behavior: %s sends JSON and parses the JSON answer',
    async (method) => {
      const body = method === 'GET' ? undefined : { a: 1 }
      const answer = await api.apiFetch(method, `${base}/echo`, {
        query: { projectId: 'shop', cursor: 'a b' },
        ...(body ? { body } : {}),
      })
      expect(answer).toEqual({ method, body: body ?? '' })
      const request = received.at(-1)!
      expect(request.url).toBe('/echo?projectId=shop&cursor=a+b')
      expect(request.contentType).toBe(body ? 'application/json' : '')
    },
  )

  test('behavior: PUT sends its body and DELETE none, through the same helper', async () => {
    expect(await api.apiFetch('PUT', `${base}/echo`, { body: [1] })).toEqual({
      method: 'PUT',
      body: [1],
    })
    expect(await api.apiFetch('DELETE', `${base}/echo`)).toEqual({ method: 'DELETE', body: '' })
  })

  test('behavior: an empty answer resolves undefined', async () => {
    expect(await api.apiFetch('POST', `${base}/empty`, { body: {} })).toBeUndefined()
  })

  test("behavior: a non-OK status throws 'HTTP status code: {status}' with the status and parsed body", async () => {
    const error = await failureOf<HttpError>(api.apiFetch('GET', `${base}/limited`))
    expect(error).toBeInstanceOf(HttpError)
    expect(error.message).toBe('HTTP status code: 429')
    expect(error.status).toBe(429)
    expect(error.body).toEqual({ error: { code: 'rateLimited', message: 'Rate Limited' } })
    expect(error.code).toBe('rateLimited')
  })

  test('behavior: a body that is not JSON is carried as undefined', async () => {
    const error = await failureOf<HttpError>(api.apiFetch('GET', `${base}/broken`))
    expect(error).toMatchObject({ message: 'HTTP status code: 502', status: 502, body: undefined })
  })

  test('behavior: a call that outlasts its timeout throws RequestTimeoutError', async () => {
    const error = await failureOf<RequestTimeoutError>(
      api.apiFetch('GET', `${base}/slow`, { timeoutMs: 50 }),
    )
    expect(error).toBeInstanceOf(RequestTimeoutError)
    expect(error.message).toBe('The request to /slow took longer than 50 ms.')
  })

  test('behavior: failures reach the failure listeners unless quiet; the caller still gets them', async () => {
    const seen: string[] = []
    const stop = api.onApiFailure(({ method, path, error }) =>
      seen.push(`${method} ${path} ${error.message}`),
    )
    await expect(api.apiFetch('GET', `${base}/limited`)).rejects.toThrow('HTTP status code: 429')
    await expect(api.apiFetch('GET', `${base}/limited`, { quiet: true })).rejects.toThrow(
      'HTTP status code: 429',
    )
    await api.apiFetch('GET', `${base}/echo`)
    stop()
    await expect(api.apiFetch('GET', `${base}/limited`)).rejects.toThrow()
    expect(seen).toEqual([`GET ${base}/limited HTTP status code: 429`])
  })

  test("behavior: a client's failure listeners hear only that client's calls", async () => {
    const seen: string[] = []
    api.onApiFailure(({ path }) => seen.push(path))
    const other = createApiClient()
    await expect(other.apiFetch('GET', `${base}/limited`)).rejects.toThrow('HTTP status code: 429')
    expect(seen).toEqual([])
  })

  test("behavior: the caller's own abort is not a failure", async () => {
    const seen: unknown[] = []
    const stop = api.onApiFailure((failure) => seen.push(failure))
    const controller = new AbortController()
    const call = api.apiFetch('GET', `${base}/slow`, { signal: controller.signal })
    controller.abort()
    await expect(call).rejects.toMatchObject({ name: 'AbortError' })
    stop()
    expect(seen).toEqual([])
  })
})

describe('apiFetch of a relay (frame)', () => {
  const frame = { projectId: 'shop', hostOrigin: 'https://shop.example' }
  /** A client whose paths are on the test server, as the modal's are on its own origin. */
  const onServer = () =>
    createApiClient((method, path, options) =>
      httpTransport(method, path.startsWith('/') ? `${base}${path}` : path, options),
    )
  const tokenAsks = () => received.filter((request) => request.url.endsWith('/frame-token'))
  beforeEach(() => {
    received.length = 0
    Object.assign(frameTokens, { issued: 0, expiresIn: 600, refused: new Set() })
  })
  afterEach(() => vi.useRealTimers())

  test('behavior: relay calls go with the frame token the client asked for once, for the project and site', async () => {
    const client = onServer()
    const [first, second] = await Promise.all([
      client.apiFetch('POST', '/relay', { body: {}, frame }),
      client.apiFetch('GET', '/relay', { frame }),
    ])
    expect([first, second]).toEqual([{ token: 't1' }, { token: 't1' }])
    expect(await client.apiFetch('GET', '/relay', { frame })).toEqual({ token: 't1' })
    expect(tokenAsks()).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ hostOrigin: frame.hostOrigin }),
      }),
    ])
    // The token's ask goes without one; calls that are not a relay's never carry it.
    expect(tokenAsks()[0]?.frameToken).toBeUndefined()
    await client.apiFetch('GET', '/echo')
    expect(received.at(-1)?.frameToken).toBeUndefined()
    // Another client (another modal) has its own.
    expect(await onServer().apiFetch('GET', '/relay', { frame })).toEqual({ token: 't2' })
  })

  test('behavior: a token near its end is renewed before it is sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const client = onServer()
    expect(await client.apiFetch('GET', '/relay', { frame })).toEqual({ token: 't1' })
    vi.setSystemTime(Date.now() + 539_000)
    expect(await client.apiFetch('GET', '/relay', { frame })).toEqual({ token: 't1' })
    vi.setSystemTime(Date.now() + 2_000)
    expect(await client.apiFetch('GET', '/relay', { frame })).toEqual({ token: 't2' })
  })

  test("behavior: a token the API refuses is dropped and the call tried once more with a new one; refused again, the caller hears the API's refusal", async () => {
    const client = onServer()
    await client.apiFetch('GET', '/relay', { frame })
    frameTokens.refused.add('t1')
    expect(await client.apiFetch('GET', '/relay', { frame })).toEqual({ token: 't2' })
    frameTokens.refused.add('t2').add('t3')
    const error = await failureOf<HttpError>(client.apiFetch('GET', '/relay', { frame }))
    expect(error).toMatchObject({ status: 401, code: 'frameTokenExpired' })
    expect(tokenAsks()).toHaveLength(3)
  })
})

describe('HttpError: the code of the API error body', () => {
  test('behavior: a code this modal does not know (a newer API) is carried as it is, and is alerted as a failure without a code', () => {
    const error = new HttpError(418, { error: { code: 'teapot', message: 'short and stout' } })
    expect(error.code).toBe('teapot')
    expect(apiFailureAlert(error)).toEqual(apiFailureAlert(new HttpError(418, undefined)))
  })

  test.each([
    [
      'an error body',
      { error: { code: 'invalidProjectId', message: 'Invalid Project ID' } },
      'invalidProjectId',
    ],
    ['a body without a message', { error: { code: 'rateLimited' } }, undefined],
    ['a code that is not text', { error: { code: 42, message: 'forty-two' } }, undefined],
    ['a proxy page', '<html>Bad Gateway</html>', undefined],
  ])('behavior: %s gives the code %s', (_, body, code) => {
    expect(new HttpError(400, body).code).toBe(code)
  })
})
