/**
 * The cache on Redis (`REDIS_URL`), shared by every API replica. Keys get the `airlock:` prefix
 * and expire with `PX`. Redis being down is not an error for a request: reads miss and writes
 * are dropped, with one warning per outage, while ioredis reconnects in the background.
 */

import type { Logger } from '../../logger'
import { connectRedis } from '../redis'
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
    /** Where the outage warning and its end go. Default: a `createLogger()`. */
    logger?: Logger | undefined
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
  const { url, keyPrefix = 'airlock:', ...connection } = options
  const redis = connectRedis(url, {
    ...connection,
    keyPrefix,
    purpose: 'cache',
    whileDown: 'serving without cache',
  })
  const { client, failed } = redis

  return {
    kind: 'redis',
    ready: redis.ready,
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
    close: redis.close,
  }
}
