/**
 * The in-process cache: a bounded map with a TTL per entry, least recently used out first. Good
 * for one API process; replicas each keep their own, so use Redis when there are several.
 */

import { type Cache, decodeCacheValue, encodeCacheValue } from './cache'

export declare namespace createMemoryCache {
  type Options = {
    /** Entries kept at most; the least recently used goes first. Default 10 000. */
    maxEntries?: number
    /** The clock, in ms; tests move it. */
    now?: () => number
  }
}

/**
 * @example
 * const cache = createMemoryCache({ maxEntries: 1000 })
 * await cache.set('k', { n: 1n }, 30_000)
 * await cache.get<{ n: bigint }>('k') // { n: 1n }
 */
export function createMemoryCache(options: createMemoryCache.Options = {}): Cache {
  const { maxEntries = 10_000, now = Date.now } = options
  if (!Number.isInteger(maxEntries) || maxEntries < 1)
    throw new RangeError(`maxEntries must be a whole number of at least 1, got ${maxEntries}.`)
  // Stored as JSON text, like Redis does, so callers cannot mutate what is cached and both
  // back-ends give back the same values.
  const entries = new Map<string, { text: string; expiresAt: number }>()

  return {
    kind: 'memory',
    async get<value>(key: string) {
      const entry = entries.get(key)
      if (entry === undefined) return undefined
      if (entry.expiresAt <= now()) {
        entries.delete(key)
        return undefined
      }
      // Re-insert: a Map iterates in insertion order, so the front is the least recently used.
      entries.delete(key)
      entries.set(key, entry)
      return decodeCacheValue<value>(entry.text)
    },
    async set(key, value, ttlMs) {
      entries.delete(key)
      const text = encodeCacheValue(value)
      if (text === undefined || !(ttlMs > 0)) return
      entries.set(key, { text, expiresAt: now() + ttlMs })
      // Over the bound by one: the least recently used goes. Expired entries leave on read.
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
    },
    async delete(key) {
      entries.delete(key)
    },
    async close() {
      entries.clear()
    },
  }
}
