import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { memoryLogger } from '../../../test/logs'
import { type RedisServer, startRedis } from '../../../test/redis'
import { type Cache, decodeCacheValue, encodeCacheValue } from './cache'
import { createMemoryCache } from './memoryCache'
import { openCache } from './openCache'
import { createRedisCache } from './redisCache'

type Backend = {
  name: 'memory' | 'redis'
  setUp(): Promise<void>
  open(): Promise<Cache>
  tearDown(): Promise<void>
}

const memory = (): Backend => ({
  name: 'memory',
  async setUp() {},
  open: () => openCache({ kind: 'memory' }),
  async tearDown() {},
})

const redis = (): Backend => {
  let server: RedisServer | undefined
  let opened = 0
  return {
    name: 'redis',
    async setUp() {
      server = await startRedis()
    },
    async open() {
      if (server === undefined) throw new Error('setUp() first')
      // A prefix per test keeps tests apart on one server.
      const cache = createRedisCache({ url: server.url, keyPrefix: `airlock:t${++opened}:` })
      expect(await cache.ready(5_000)).toBe(true)
      return cache
    },
    async tearDown() {
      await server?.stop()
    },
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.each([memory(), redis()])('$name cache', (backend) => {
  let cache: Cache

  beforeAll(() => backend.setUp())
  afterAll(() => backend.tearDown())
  afterEach(() => cache?.close())

  test('behavior: a stored value is read back equal, bigints included', async () => {
    cache = await backend.open()
    const value = { balance: 12345678901234567890n, list: [1, 'two', null], nested: { ok: true } }
    await cache.set('k', value, 10_000)
    expect(await cache.get('k')).toEqual(value)
  })

  test('behavior: an absent key misses', async () => {
    cache = await backend.open()
    expect(await cache.get('absent')).toBeUndefined()
  })

  test('behavior: a value expires after its ttl', async () => {
    cache = await backend.open()
    await cache.set('short', 'soon gone', 60)
    expect(await cache.get('short')).toBe('soon gone')
    await sleep(150)
    expect(await cache.get('short')).toBeUndefined()
  })

  test('behavior: delete removes; set replaces', async () => {
    cache = await backend.open()
    await cache.set('k', 1, 10_000)
    await cache.set('k', 2, 10_000)
    expect(await cache.get('k')).toBe(2)
    await cache.delete('k')
    expect(await cache.get('k')).toBeUndefined()
  })

  test('behavior: a read gives a copy; changing it does not change what is cached', async () => {
    cache = await backend.open()
    await cache.set('k', { n: 1 }, 10_000)
    const first = await cache.get<{ n: number }>('k')
    first!.n = 2
    expect(await cache.get('k')).toEqual({ n: 1 })
  })

  test('behavior: storing undefined stores nothing', async () => {
    cache = await backend.open()
    await cache.set('k', 1, 10_000)
    await cache.set('k', undefined, 10_000)
    expect(await cache.get('k')).toBeUndefined()
  })
})

describe('memory cache', () => {
  test('behavior: keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = createMemoryCache({ maxEntries: 2 })
    await cache.set('a', 1, 10_000)
    await cache.set('b', 2, 10_000)
    await cache.get('a') // a is now more recent than b
    await cache.set('c', 3, 10_000)
    expect(await cache.get('a')).toBe(1)
    expect(await cache.get('b')).toBeUndefined()
    expect(await cache.get('c')).toBe(3)
  })

  test('behavior: follows its clock for expiry', async () => {
    let time = 1_000
    const cache = createMemoryCache({ now: () => time })
    await cache.set('k', 'v', 30_000)
    time += 29_999
    expect(await cache.get('k')).toBe('v')
    time += 1
    expect(await cache.get('k')).toBeUndefined()
  })
})

describe('redis cache', () => {
  let server: RedisServer
  const caches: Cache[] = []

  beforeAll(async () => {
    server = await startRedis()
  })
  afterEach(async () => {
    await Promise.all(caches.splice(0).map((cache) => cache.close()))
  })
  afterAll(() => server.stop())

  const open = async (options: Partial<createRedisCache.Options> = {}) => {
    const cache = createRedisCache({ url: server.url, reconnectDelayMs: () => 50, ...options })
    caches.push(cache)
    expect(await cache.ready(5_000)).toBe(true)
    return cache
  }

  test('behavior: two replicas on one Redis agree', async () => {
    const [a, b] = [await open(), await open()]
    await a.set('shared', { balance: 5n }, 10_000)
    expect(await b.get('shared')).toEqual({ balance: 5n })
    await b.delete('shared')
    expect(await a.get('shared')).toBeUndefined()
  })

  test('behavior: keys carry the airlock: prefix and expire through Redis (PX)', async () => {
    const cache = await open()
    await cache.set('balances:x', 1, 10_000)
    const raw = new Redis(server.url)
    try {
      expect(await raw.get('airlock:balances:x')).toBe('1')
      const ttl = await raw.pttl('airlock:balances:x')
      expect(ttl).toBeGreaterThan(9_000)
      expect(ttl).toBeLessThanOrEqual(10_000)
    } finally {
      raw.disconnect()
    }
  })

  test('behavior: with Redis down, reads miss and writes are dropped with one warning; it recovers', async () => {
    const logs = memoryLogger()
    const warnings = () => logs.entries().filter((entry) => entry.level === 'warn')
    try {
      const cache = await open({ logger: logs.logger })
      await cache.set('k', 'before', 10_000)
      expect(await cache.get('k')).toBe('before')

      await server.stop()
      await sleep(100)
      expect(await cache.get('k')).toBeUndefined()
      await expect(cache.set('k', 'during', 10_000)).resolves.toBeUndefined()
      await expect(cache.delete('k')).resolves.toBeUndefined()
      expect(await cache.get('k')).toBeUndefined()
      await sleep(300) // several failed reconnect attempts
      expect(warnings()).toHaveLength(1)
      expect(warnings()[0]?.msg).toMatch(/^redis cache at 127\.0\.0\.1:\d+ unavailable/)

      await server.start()
      await vi.waitFor(async () => {
        await cache.set('k', 'after', 10_000)
        expect(await cache.get('k')).toBe('after')
      })
      expect(warnings()).toHaveLength(1)
      expect(logs.entries().at(-1)).toMatchObject({
        level: 'info',
        msg: expect.stringMatching(/^redis cache at 127\.0\.0\.1:\d+ is back$/),
      })
    } finally {
      await server.start()
    }
  })

  test('behavior: openCache with an unreachable Redis warns and answers misses', async () => {
    const logs = memoryLogger()
    const cache = await openCache(
      { kind: 'redis', url: 'redis://127.0.0.1:1' },
      { logger: logs.logger },
    )
    caches.push(cache)
    expect(cache.kind).toBe('redis')
    expect(await cache.get('k')).toBeUndefined()
    await cache.set('k', 1, 1_000)
    expect(logs.entries()).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: expect.stringContaining('redis cache at 127.0.0.1:1 unavailable'),
      }),
    ])
  })
})

describe('cache values', () => {
  test.each([
    ['bigints, negative and zero', { a: 1n, b: [-2n, 0n] }],
    ['an object that only looks tagged', { $bigint: 'not a number' }],
    ['a tagged-looking object with more keys', { $bigint: '1', other: true }],
    ['a string', 'plain'],
  ])('behavior: %s survive(s) encoding', (_, value) => {
    expect(decodeCacheValue(encodeCacheValue(value)!)).toEqual(value)
  })
})
