/**
 * The cache on Redis (`REDIS_URL`), shared by every API replica. Keys get the `airlock:` prefix
 * and expire with `PX`. Redis being down is not an error for a request: reads miss and writes
 * are dropped, with one warning per outage, while ioredis reconnects in the background.
 */

import { Redis } from 'ioredis'
import { type Cache, decodeCacheValue, encodeCacheValue } from './cache'

export declare namespace createRedisCache {
  type Options = {
    /** `redis://` or `rediss://` URL. */
    url: string
    /** Default `airlock:`. */
    keyPrefix?: string
    /** Longest wait for one command before it counts as a miss. Default 1 000 ms. */
    commandTimeoutMs?: number
    /** Delay before reconnect attempt `attempt` (1, 2, …). Default: 100 ms more each time, up to 2 s. */
    reconnectDelayMs?: (attempt: number) => number
    /** Where the outage warning goes. Default `console.warn`. */
    warn?: (message: string) => void
  }
  type ReturnType = Cache & {
    /** Resolves true once connected, or false after `timeoutMs` (the cache keeps trying). */
    ready(timeoutMs: number): Promise<boolean>
  }
}

/**
 * @example
 * const cache = createRedisCache({ url: 'redis://127.0.0.1:6379' })
 * await cache.ready(2_000)
 * await cache.set('balances:eip155:1:0xab…', body, 30_000)
 */
export function createRedisCache(options: createRedisCache.Options): createRedisCache.ReturnType {
  const {
    url,
    keyPrefix = 'airlock:',
    commandTimeoutMs = 1_000,
    reconnectDelayMs = (attempt) => Math.min(attempt * 100, 2_000),
    warn = (message) => console.warn(message),
  } = options
  const client = new Redis(url, {
    keyPrefix,
    // Fail fast while disconnected instead of queueing requests behind a dead connection.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    retryStrategy: reconnectDelayMs,
  })
  const where = describeUrl(url)
  let degraded = false
  let closed = false

  const failed = (error: unknown) => {
    if (degraded || closed) return
    degraded = true
    const reason = error instanceof Error ? error.message : String(error)
    warn(`airlock api: redis cache at ${where} unavailable (${reason}); serving without cache`)
  }
  client.on('error', failed)
  client.on('close', () => failed(new Error('connection closed')))
  client.on('ready', () => {
    if (degraded) console.log(`airlock api: redis cache at ${where} is back`)
    degraded = false
  })

  return {
    kind: 'redis',
    ready(timeoutMs) {
      if (client.status === 'ready') return Promise.resolve(true)
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          client.off('ready', onReady)
          resolve(false)
        }, timeoutMs)
        const onReady = () => {
          clearTimeout(timer)
          resolve(true)
        }
        client.once('ready', onReady)
      })
    },
    async get<value>(key: string) {
      let text: string | null
      try {
        text = await client.get(key)
      } catch (error) {
        failed(error)
        return undefined
      }
      if (text === null) return undefined
      try {
        return decodeCacheValue<value>(text)
      } catch {
        // Written by something else under our prefix; treat as a miss.
        return undefined
      }
    },
    async set(key, value, ttlMs) {
      const ms = Math.ceil(ttlMs)
      const text = encodeCacheValue(value)
      try {
        if (text === undefined || !(ms > 0)) await client.del(key)
        else await client.set(key, text, 'PX', ms)
      } catch (error) {
        failed(error)
      }
    },
    async delete(key) {
      try {
        await client.del(key)
      } catch (error) {
        failed(error)
      }
    },
    async close() {
      closed = true
      try {
        await client.quit()
      } catch {
        client.disconnect()
      }
    },
  }
}

/** The URL without its password, for logs. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url)
    parsed.password = ''
    parsed.username = ''
    return parsed.host
  } catch {
    return 'REDIS_URL'
  }
}
