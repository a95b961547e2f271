/**
 * The API's shared cache: one interface, two back-ends. In memory by default (one process);
 * Redis with `REDIS_URL`, so several API replicas agree on what is cached (openCache.ts picks).
 * Values are JSON (bigints survive the trip). A cache is an optimisation: when its back-end
 * fails, reads miss and writes are dropped, so a request never fails because of it.
 */

export type Cache = {
  /** 'memory' or 'redis', for logs. */
  readonly kind: string
  /** The value stored under `key`, or undefined when absent, expired or unreadable. */
  get<value>(key: string): Promise<value | undefined>
  /** Stores `value` for `ttlMs` milliseconds. Never throws. */
  set(key: string, value: unknown, ttlMs: number): Promise<void>
  delete(key: string): Promise<void>
  close(): Promise<void>
}

const bigintTag = '$bigint'

/**
 * JSON text for `value`; bigints become `{ "$bigint": "123" }`. Undefined for a value JSON cannot
 * hold at the top (undefined, a function), which the caches store as nothing.
 */
export function encodeCacheValue(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? { [bigintTag]: item.toString() } : item,
  ) as string | undefined
}

/** The value {@link encodeCacheValue} wrote. */
export function decodeCacheValue<value>(text: string): value {
  return JSON.parse(text, (_key, item: unknown) => {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      const keys = Object.keys(item)
      const tagged = (item as Record<string, unknown>)[bigintTag]
      if (keys.length === 1 && typeof tagged === 'string' && /^-?\d+$/.test(tagged))
        return BigInt(tagged)
    }
    return item
  }) as value
}
