/**
 * The budget of `POST /e`: so many events a minute per project and host page origin, so that one
 * page (or someone posing as it) cannot flood the events table. Counted in Redis with
 * `REDIS_URL`, so every replica spends from the same budget; otherwise in this process. A limiter
 * guards, it is not something a request depends on: while Redis is down each process counts in
 * memory instead (the insurance limiter), and an event is let through rather than failed when
 * nothing can count it.
 */

import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible'
import { connectRedis } from './redis'

export const defaultEventsPerMinute = 6_000
const windowSeconds = 60

export type EventRateLimitConfig = {
  /** Events accepted per key in each 60 s window. */
  eventsPerMinute: number
  /** Count in this Redis (shared by replicas); without it, in this process. */
  redisUrl?: string | undefined
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number }

export type EventRateLimiter = {
  /** 'memory' or 'redis', for logs. */
  readonly kind: 'memory' | 'redis'
  readonly eventsPerMinute: number
  /** Spends one event of `key`'s budget. Never throws. */
  consume(key: string): Promise<RateLimitDecision>
  /** Resolves true once the back-end answers, or false after `timeoutMs` (it keeps trying). */
  ready(timeoutMs: number): Promise<boolean>
  close(): Promise<void>
}

export declare namespace createEventRateLimiter {
  type Options = {
    /** Where the outage warning goes. Default `console.warn`. */
    warn?: (message: string) => void
  }
}

/**
 * @example
 * const limiter = createEventRateLimiter({ eventsPerMinute: 6_000, redisUrl: process.env.REDIS_URL })
 * await limiter.ready(2_000)
 * const decision = await limiter.consume(`${projectId} ${origin}`)
 * if (!decision.allowed) retryAfter(decision.retryAfterMs)
 */
export function createEventRateLimiter(
  config: EventRateLimitConfig,
  options: createEventRateLimiter.Options = {},
): EventRateLimiter {
  const { eventsPerMinute, redisUrl } = config
  const inMemory = () => new RateLimiterMemory({ points: eventsPerMinute, duration: windowSeconds })
  if (redisUrl === undefined || redisUrl === '')
    return {
      kind: 'memory',
      eventsPerMinute,
      consume: consumeFrom(inMemory()),
      ready: async () => true,
      close: async () => {},
    }

  const redis = connectRedis(redisUrl, {
    purpose: 'rate limiter',
    whileDown: 'counting events per process',
    ...(options.warn ? { warn: options.warn } : {}),
  })
  const limiter = new RateLimiterRedis({
    storeClient: redis.client,
    keyPrefix: 'airlock:events',
    points: eventsPerMinute,
    duration: windowSeconds,
    // Not connected: go to the insurance limiter at once rather than wait for a timeout.
    rejectIfRedisNotReady: true,
    // A key over its budget is refused from memory until its window ends, sparing Redis a flood.
    inMemoryBlockOnConsumed: eventsPerMinute + 1,
    insuranceLimiter: inMemory(),
  })
  return {
    kind: 'redis',
    eventsPerMinute,
    consume: consumeFrom(limiter),
    ready: redis.ready,
    close: redis.close,
  }
}

/** Whole seconds for a `Retry-After` header: at least 1, so a client never retries at once. */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000))
}

function consumeFrom(limiter: RateLimiterAbstract): EventRateLimiter['consume'] {
  return async (key) => {
    try {
      await limiter.consume(key)
      return { allowed: true }
    } catch (error) {
      if (error instanceof RateLimiterRes)
        return { allowed: false, retryAfterMs: Math.max(0, error.msBeforeNext) }
      // Neither Redis nor the insurance could count it: better one event too many than a 500.
      return { allowed: true }
    }
  }
}
