import { randomUUID } from 'node:crypto'
import { eventLimits } from '@airlock/protocol'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp, type TestAppOptions } from '../../test/app'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { memoryLogger } from '../../test/logs'
import { type RedisServer, startRedis } from '../../test/redis'
import type { Logger } from '../logger'
import { createProject } from '../services/projects'
import { createEventRateLimiter, type EventRateLimiter } from '../services/rateLimit'
import { maxEventBytes } from './analytics'

const query = 'projectId=shop&st=airlock&sv=0.1.0'

const event = (overrides: Record<string, unknown> = {}) => ({
  eventId: '6d1f0f0e-8a43-4b8e-9b55-0c7f6a1e2d3c',
  url: 'https://shop.example/checkout?step=2',
  domain: 'shop.example',
  timestamp: 1_760_000_000_000,
  props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
  ...overrides,
})

const errorReport = (overrides: Record<string, unknown> = {}) => ({
  type: 'error',
  event: 'UNCAUGHT_ERROR',
  errorType: 'TypeError',
  errorMessage: 'x is undefined',
  stackTrace: 'TypeError: x is undefined\n    at https://shop.example/app.js:1:2',
  ...overrides,
})

type ErrorBody = { error: { code: string; message: string } }

/** The events a minute the rate-limit tests allow. */
const limit = 3

/** A rate limiter back-end for the tests: a fresh limiter per test, its counts from zero. */
type LimiterBackend = {
  name: 'memory' | 'redis'
  setUp(): Promise<void>
  open(logger?: Logger): Promise<EventRateLimiter>
  /** The Redis server, for the redis back-end. */
  server(): RedisServer
  tearDown(): Promise<void>
}

const memoryLimiter = (): LimiterBackend => ({
  name: 'memory',
  async setUp() {},
  open: async () => createEventRateLimiter({ eventsPerMinute: limit }),
  server() {
    throw new Error('no Redis in memory')
  },
  async tearDown() {},
})

const redisLimiter = (): LimiterBackend => {
  let server: RedisServer | undefined
  const running = () => {
    if (server === undefined) throw new Error('setUp() first')
    return server
  }
  return {
    name: 'redis',
    async setUp() {
      server = await startRedis()
    },
    async open(logger) {
      await withRedis(running().url, (redis) => redis.flushall())
      const limiter = createEventRateLimiter(
        { eventsPerMinute: limit, redisUrl: running().url },
        { logger: logger ?? memoryLogger().logger },
      )
      expect(await limiter.ready(5_000)).toBe(true)
      return limiter
    },
    server: running,
    async tearDown() {
      await server?.stop()
    },
  }
}

async function withRedis<result>(url: string, use: (redis: Redis) => Promise<result>) {
  const redis = new Redis(url)
  try {
    return await use(redis)
  } finally {
    redis.disconnect()
  }
}

describe.each(testDatabases())('POST /e on $name', (database) => {
  let t: TestApp | undefined

  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  const openApp = async (options: TestAppOptions = {}) => {
    await t?.close()
    t = await createTestApp({ storage: await database.open(), ...options })
    return t
  }
  const app = () => {
    if (t === undefined) throw new Error('openApp() first')
    return t
  }

  function post(
    body: unknown,
    {
      search = query,
      headers = {} as Record<string, string>,
      client = undefined as string | undefined,
    } = {},
  ) {
    return app().app.request(
      `/e?${search}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://localhost', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      },
      // What @hono/node-server hands the app: the request's socket, with the client's address.
      client === undefined ? undefined : { incoming: { socket: { remoteAddress: client } } },
    )
  }

  const storedEvents = () => app().storage.db.selectFrom('events').selectAll().execute()

  describe('storing and refusing', () => {
    beforeEach(async () => {
      await openApp()
    })

    test('behavior: an event from an allowed host page is stored and answered 204', async () => {
      await openApp({ now: () => Date.parse('2025-10-09T23:30:00Z') })
      const response = await post(event())
      expect(response.status).toBe(204)
      expect(await response.text()).toBe('')
      const rows = await storedEvents()
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        project_id: 'shop',
        event_id: event().eventId,
        url: 'https://shop.example/checkout',
        domain: 'shop.example',
        sdk_type: 'airlock',
        sdk_version: '0.1.0',
        type: 'track',
        event: 'MODAL_OPEN',
        day: '2025-10-09',
      })
      expect(new Date(rows[0]!.received_at).toISOString()).toBe('2025-10-09T23:30:00.000Z')
      expect(Number(rows[0]!.timestamp)).toBe(event().timestamp)
      expect(JSON.parse(rows[0]!.props)).toEqual(event().props)
    })

    test('behavior: the stored url keeps no query string, fragment or credentials', async () => {
      const url = 'https://user:secret@shop.example/checkout/pay?token=abc&step=2#card'
      expect((await post(event({ url }))).status).toBe(204)
      expect((await storedEvents())[0]?.url).toBe('https://shop.example/checkout/pay')
    })

    test('behavior: an error report is stored with its type and event', async () => {
      const props = errorReport({ address: '0xabc' })
      expect((await post(event({ props }))).status).toBe(204)
      const rows = await storedEvents()
      expect(rows[0]).toMatchObject({ type: 'error', event: 'UNCAUGHT_ERROR' })
      expect(JSON.parse(rows[0]!.props)).toEqual(props)
    })

    test('behavior: strings and properties at their limits are accepted', async () => {
      // `{"a":"…"}` is the value plus 8 characters.
      const properties = { a: 'x'.repeat(eventLimits.properties - 8) }
      const address = 'a'.repeat(eventLimits.address)
      const track = { type: 'track', event: 'MODAL_CLOSE', properties, address }
      expect((await post(event({ props: track }))).status).toBe(204)
      const report = errorReport({
        errorType: 'E'.repeat(eventLimits.errorType),
        errorMessage: 'm'.repeat(eventLimits.errorMessage),
        stackTrace: 's'.repeat(eventLimits.stackTrace),
        address,
      })
      expect((await post(event({ eventId: randomUUID(), props: report }))).status).toBe(204)
      expect(await storedEvents()).toHaveLength(2)
    })

    test('behavior: a timestamp up to 24 hours ahead of the server clock is accepted, later is 400', async () => {
      const now = Date.parse('2025-10-09T12:00:00Z')
      await openApp({ now: () => now })
      const dayMs = 24 * 60 * 60 * 1000
      expect((await post(event({ timestamp: now + dayMs }))).status).toBe(204)
      const late = await post(event({ eventId: randomUUID(), timestamp: now + dayMs + 1 }))
      expect(late.status).toBe(400)
      expect(await late.json()).toEqual({
        error: {
          code: 'invalidRequest',
          message: 'body.timestamp: must not be more than 24 hours in the future',
        },
      })
      expect(await storedEvents()).toHaveLength(1)
    })

    test('behavior: a retried event is answered 204 and stored once', async () => {
      expect((await post(event())).status).toBe(204)
      expect((await post(event())).status).toBe(204)
      expect(await storedEvents()).toHaveLength(1)
    })

    test('behavior: a server-side caller without an Origin header is accepted', async () => {
      const response = await app().app.request(`/e?${query}`, {
        method: 'POST',
        body: JSON.stringify(event()),
      })
      expect(response.status).toBe(204)
    })

    test("behavior: a host page not on the allow-list gets 403 'Invalid App Configuration'", async () => {
      const response = await post(event({ url: 'https://evil.example/', domain: 'evil.example' }))
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({
        error: { code: 'invalidAppConfiguration', message: 'Invalid App Configuration' },
      })
      expect(await storedEvents()).toEqual([])
    })

    test('behavior: an allowed host on another port or scheme is not allowed', async () => {
      for (const url of [
        'http://shop.example/',
        'https://shop.example:8443/',
        'http://localhost:5174/',
      ])
        expect((await post(event({ url, domain: new URL(url).hostname }))).status).toBe(403)
      expect(await storedEvents()).toEqual([])
    })

    test('behavior: an unknown project answers 404', async () => {
      const response = await post(event(), { search: 'projectId=nope&st=airlock&sv=0.1.0' })
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({
        error: { code: 'invalidProjectId', message: 'Invalid Project ID' },
      })
    })

    test('behavior: a browser POST from another origin is refused with 403', async () => {
      const response = await post(event(), { headers: { Origin: 'https://shop.example' } })
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ error: { code: 'crossOriginRequest' } })
      expect((await post(event(), { headers: { Origin: 'null' } })).status).toBe(403)
      expect(await storedEvents()).toEqual([])
    })

    test('behavior: in production a request without an Origin header is refused with 403', async () => {
      await openApp({ production: true })
      const response = await app().app.request(`/e?${query}`, {
        method: 'POST',
        body: JSON.stringify(event()),
      })
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({
        error: {
          code: 'originRequired',
          message:
            "Events are accepted only from the modal's origin; the request has no Origin header",
        },
      })
      expect(await storedEvents()).toEqual([])
    })

    test("behavior: in production another origin is refused and the modal's own is accepted", async () => {
      await openApp({ production: true, publicOrigin: 'https://airlock.example' })
      for (const origin of ['https://shop.example', 'http://localhost', 'null']) {
        const response = await post(event(), { headers: { Origin: origin } })
        expect(response.status).toBe(403)
        expect(await response.json()).toMatchObject({ error: { code: 'crossOriginRequest' } })
      }
      expect(await storedEvents()).toEqual([])
      expect((await post(event(), { headers: { Origin: 'https://airlock.example' } })).status).toBe(
        204,
      )
    })

    test('behavior: with publicOrigin set, only that origin may post', async () => {
      await openApp({ publicOrigin: 'https://airlock.example' })
      expect((await post(event())).status).toBe(403)
      expect((await post(event(), { headers: { Origin: 'https://airlock.example' } })).status).toBe(
        204,
      )
    })

    test.each([
      ['no projectId', 'st=airlock&sv=0.1.0', 'query.projectId'],
      [
        'a malformed projectId',
        'projectId=Shop!&st=airlock&sv=0.1.0',
        'query.projectId: must be a project id',
      ],
      ['no st', 'projectId=shop&sv=0.1.0', 'query.st'],
      ['no sv', 'projectId=shop&st=airlock', 'query.sv'],
    ])('behavior: a query with %s answers 400 naming the field', async (_, search, message) => {
      const response = await post(event(), { search })
      expect(response.status).toBe(400)
      const body = (await response.json()) as ErrorBody
      expect(body.error.code).toBe('invalidRequest')
      expect(body.error.message).toContain(message)
    })

    const track = (overrides: Record<string, unknown>) => ({
      type: 'track',
      event: 'MODAL_OPEN',
      ...overrides,
    })

    test.each([
      ['a non-UUID eventId', event({ eventId: 'abc' }), 'body.eventId'],
      ['a non-http url', event({ url: 'javascript:alert(1)' }), 'body.url: must be an http(s) URL'],
      ['a missing domain', event({ domain: undefined }), 'body.domain'],
      [
        'a domain that is not the hostname of url',
        event({ domain: 'other.example' }),
        'body.domain: must be the hostname of url',
      ],
      ['a fractional timestamp', event({ timestamp: 1.5 }), 'body.timestamp'],
      ['a string timestamp', event({ timestamp: '1760000000000' }), 'body.timestamp'],
      ['an unknown key in the body', event({ extra: 1 }), 'body: Unrecognized key: "extra"'],
      ['props that are not an object', event({ props: ['a'] }), 'body.props'],
      ['props without a type', event({ props: { event: 'MODAL_OPEN' } }), 'body.props.type'],
      ['props of an unknown type', event({ props: track({ type: 'page' }) }), 'body.props.type'],
      ['an unknown event', event({ props: track({ event: 'PAGE_VIEW' }) }), 'body.props.event'],
      [
        'MODAL_CREATED',
        event({ props: track({ event: 'MODAL_CREATED' }) }),
        'body.props.event: MODAL_CREATED is never sent',
      ],
      [
        'an error report name as a track event',
        event({ props: track({ event: 'UNCAUGHT_ERROR' }) }),
        'body.props.event',
      ],
      [
        'an unknown key in props',
        event({ props: track({ url: 'https://shop.example/?token=1' }) }),
        'body.props: Unrecognized key: "url"',
      ],
      [
        'properties that are not an object',
        event({ props: track({ properties: ['a'] }) }),
        'body.props.properties',
      ],
      [
        'properties over the limit as JSON',
        event({ props: track({ properties: { a: 'x'.repeat(eventLimits.properties - 7) } }) }),
        `body.props.properties: must be at most ${eventLimits.properties} characters as JSON`,
      ],
      [
        'an address over the limit',
        event({ props: track({ address: 'a'.repeat(eventLimits.address + 1) }) }),
        `body.props.address: must be at most ${eventLimits.address} characters`,
      ],
      [
        'an error report of an unknown event',
        event({ props: errorReport({ event: 'MODAL_OPEN' }) }),
        'body.props.event',
      ],
      [
        'an error report without a stack trace',
        event({ props: errorReport({ stackTrace: undefined }) }),
        'body.props.stackTrace',
      ],
      [
        'an error type over the limit',
        event({ props: errorReport({ errorType: 'E'.repeat(eventLimits.errorType + 1) }) }),
        `body.props.errorType: must be at most ${eventLimits.errorType} characters`,
      ],
      [
        'an error message over the limit',
        event({ props: errorReport({ errorMessage: 'm'.repeat(eventLimits.errorMessage + 1) }) }),
        `body.props.errorMessage: must be at most ${eventLimits.errorMessage} characters`,
      ],
      [
        'a stack trace over the limit',
        event({ props: errorReport({ stackTrace: 's'.repeat(eventLimits.stackTrace + 1) }) }),
        `body.props.stackTrace: must be at most ${eventLimits.stackTrace} characters`,
      ],
      [
        'an unknown key in an error report',
        event({ props: errorReport({ cause: 'x' }) }),
        'body.props: Unrecognized key: "cause"',
      ],
      ['a body that is not an object', [], 'body: '],
      ['a body that is not JSON', '{"eventId":', 'The request body must be JSON'],
    ])('behavior: %s answers 400 naming the problem', async (_, body, message) => {
      const response = await post(body)
      expect(response.status).toBe(400)
      const json = (await response.json()) as ErrorBody
      expect(json.error.code).toBe('invalidRequest')
      expect(json.error.message).toContain(message)
      expect(await storedEvents()).toEqual([])
    })

    test('error: properties nested 4,500 deep answer 400 jsonTooDeep, not a 500; nothing is stored', async () => {
      // Written as text: JSON.stringify of such a value would overflow the test's own stack.
      const nested = (depth: number) =>
        JSON.stringify(event({ props: track({ properties: { a: 'deep' } }) })).replace(
          '"deep"',
          `${'['.repeat(depth)}${']'.repeat(depth)}`,
        )
      const response = await post(nested(4_500))
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        error: {
          code: 'jsonTooDeep',
          message: 'The request body nests arrays and objects more than 64 deep',
        },
      })
      expect(await storedEvents()).toEqual([])
      // The body, props and properties are three levels: 61 arrays inside make 64, still taken.
      const deepest = await post(nested(61))
      expect(deepest.status).toBe(204)
      expect(await storedEvents()).toHaveLength(1)
    })

    test('behavior: a body over 16 KiB answers 413', async () => {
      const response = await post(event({ props: { blob: 'x'.repeat(maxEventBytes) } }))
      expect(response.status).toBe(413)
      expect(await response.json()).toEqual({
        error: { code: 'payloadTooLarge', message: 'The request body exceeds 16384 bytes' },
      })
      expect(await storedEvents()).toEqual([])
    })

    test('behavior: a streamed body without Content-Length is cut off at 16 KiB with 413', async () => {
      let sent = 0
      const chunk = new TextEncoder().encode('x'.repeat(1024))
      // Endless: only a limit enforced while reading, before parsing, ever answers.
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += chunk.length
          controller.enqueue(chunk)
        },
      })
      const response = await app().app.request(`/e?${query}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' },
        body,
        duplex: 'half',
      } as RequestInit)
      expect(response.status).toBe(413)
      expect(await response.json()).toMatchObject({ error: { code: 'payloadTooLarge' } })
      expect(sent).toBeLessThan(maxEventBytes + 64 * 1024)
    })
  })

  /** Opens the app with a fresh limiter of `backend`, `limit` events a minute. */
  const openLimited = async (backend: LimiterBackend, logger?: Logger) => {
    const limiter = await backend.open(logger)
    await openApp({ eventRateLimiter: limiter })
    return limiter
  }
  /** A new event (its own eventId) from `url`, for project `projectId`, sent by `client`. */
  const postNew = (url = 'https://shop.example/', projectId = 'shop', client?: string) =>
    post(event({ eventId: randomUUID(), url, domain: new URL(url).hostname }), {
      search: `projectId=${projectId}&st=airlock&sv=0.1.0`,
      client,
    })
  const statuses = async (count: number, send: () => Response | Promise<Response>) => {
    const answered: number[] = []
    for (let i = 0; i < count; i++) answered.push((await send()).status)
    return answered
  }
  const expectRateLimited = async (response: Response) => {
    expect(response.status).toBe(429)
    const retryAfter = Number(response.headers.get('Retry-After'))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(await response.json()).toEqual({
      error: { code: 'rateLimited', message: 'Rate Limited' },
    })
  }

  describe.each([memoryLimiter(), redisLimiter()])('rate limits, $name', (backend) => {
    beforeAll(() => backend.setUp())
    afterAll(() => backend.tearDown())

    test(`behavior: past ${limit} events a minute from one page, 429 with Retry-After and nothing stored`, async () => {
      await openLimited(backend)
      expect(await statuses(limit, () => postNew())).toEqual([204, 204, 204])
      await expectRateLimited(await postNew())
      await expectRateLimited(await postNew())
      expect(await storedEvents()).toHaveLength(limit)
    })

    test('behavior: two clients of one origin have separate budgets', async () => {
      await openLimited(backend)
      const alice = '198.51.100.7'
      const bob = '203.0.113.9'
      expect(await statuses(limit, () => postNew(undefined, undefined, alice))).toEqual([
        204, 204, 204,
      ])
      await expectRateLimited(await postNew(undefined, undefined, alice))
      expect(await statuses(limit, () => postNew(undefined, undefined, bob))).toEqual([
        204, 204, 204,
      ])
    })

    test("behavior: a body claiming another page's URL or project spends the same budget", async () => {
      await openLimited(backend)
      await createProject(app().storage.db, 'cafe', ['https://shop.example'])
      const client = '198.51.100.7'
      expect(await statuses(limit, () => postNew('https://shop.example/', 'shop', client))).toEqual(
        [204, 204, 204],
      )
      await expectRateLimited(await postNew('http://localhost:5173/', 'shop', client))
      await expectRateLimited(await postNew('https://shop.example/', 'cafe', client))
      expect(await storedEvents()).toHaveLength(limit)
    })

    test('behavior: requests refused for their Origin spend none of the budget; others do', async () => {
      await openLimited(backend)
      for (let i = 0; i <= limit; i++)
        expect((await post(event(), { headers: { Origin: 'https://evil.example' } })).status).toBe(
          403,
        )
      expect((await postNew('https://evil.example/')).status).toBe(403)
      expect((await postNew('https://shop.example/', 'nope')).status).toBe(404)
      expect((await postNew()).status).toBe(204)
      await expectRateLimited(await postNew())
    })

    test('behavior: behind a trusted proxy, clients are told apart by the address it saw, not by what they wrote', async () => {
      const limiter = await backend.open()
      await openApp({ eventRateLimiter: limiter, trustProxy: 1 })
      const through = (forwardedFor: string) =>
        post(event({ eventId: randomUUID() }), {
          headers: { 'X-Forwarded-For': forwardedFor },
          client: '10.0.0.2',
        })
      // A client writing its own X-Forwarded-For does not get a new budget per request.
      expect(await statuses(limit, () => through(`${randomUUID()}, 198.51.100.7`))).toEqual([
        204, 204, 204,
      ])
      await expectRateLimited(await through('192.0.2.1, 198.51.100.7'))
      expect((await through('203.0.113.9')).status).toBe(204)
    })
  })

  describe('rate limits in Redis', () => {
    const backend = redisLimiter()
    beforeAll(() => backend.setUp())
    afterAll(() => backend.tearDown())

    test('behavior: counts live in Redis under airlock:events:client:<Origin> <client>, for the minute', async () => {
      await openLimited(backend)
      await statuses(2, () => postNew(undefined, undefined, '198.51.100.7'))
      await withRedis(backend.server().url, async (redis) => {
        const key = 'airlock:events:client:http://localhost 198.51.100.7'
        expect(await redis.keys('airlock:events:*')).toEqual([key])
        expect(await redis.get(key)).toBe('2')
        const ttl = await redis.pttl(key)
        expect(ttl).toBeGreaterThan(0)
        expect(ttl).toBeLessThanOrEqual(60_000)
      })
    })

    test('behavior: while Redis is down each process counts in memory (204s then 429, no 500), and Redis counts again once back', async () => {
      const logs = memoryLogger()
      const warnings = () => logs.entries().filter((entry) => entry.level === 'warn')
      const server = backend.server()
      try {
        const limiter = await openLimited(backend, logs.logger)
        expect((await postNew('http://localhost:5173/')).status).toBe(204)

        await server.stop()
        expect(await statuses(limit, () => postNew())).toEqual([204, 204, 204])
        await expectRateLimited(await postNew())
        // The outage is noticed as the connection closes, which may come after the answers.
        await expect.poll(() => warnings().length).toBe(1)
        expect(warnings()[0]?.msg).toMatch(/^redis rate limiter at 127\.0\.0\.1:\d+ unavailable/)

        await server.start()
        expect(await limiter.ready(10_000)).toBe(true)
        // A new Redis holds no counts: the budget is whole again, and counted there.
        expect((await postNew()).status).toBe(204)
        await withRedis(server.url, async (redis) => {
          expect(await redis.get('airlock:events:client:http://localhost unknown')).toBe('1')
        })
      } finally {
        await server.start()
      }
    })
  })
})
