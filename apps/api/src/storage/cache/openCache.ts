/**
 * Picks the cache's back-end at start: in memory by default, Redis with `REDIS_URL`. Apart from
 * cache.ts so the interface both back-ends implement sits below them, and the choice above.
 */

import type { Logger } from '../../logger'
import type { Cache } from './cache'
import { createMemoryCache } from './memoryCache'
import { createRedisCache } from './redisCache'

export type CacheConfig = { kind: 'memory'; maxEntries?: number } | { kind: 'redis'; url: string }

/**
 * Opens the cache `config` names. A Redis cache waits briefly for its first connection; when
 * Redis is not there yet it warns and keeps trying in the background, missing meanwhile.
 *
 * @example
 * const cache = await openCache(process.env.REDIS_URL ? { kind: 'redis', url } : { kind: 'memory' }, { logger })
 * await cache.set('balances:eip155:1:0xab…', body, 30_000)
 */
export async function openCache(
  config: CacheConfig,
  options: { logger?: Logger | undefined } = {},
): Promise<Cache> {
  if (config.kind === 'memory')
    return createMemoryCache(
      config.maxEntries === undefined ? {} : { maxEntries: config.maxEntries },
    )
  const cache = createRedisCache({ url: config.url, logger: options.logger })
  await cache.ready(2_000)
  return cache
}
