/**
 * Budgets of requests a minute per key, for the routes someone could flood: `POST /e` (events
 * per client and page origin), the account-data routes (per project, per client, and a much
 * smaller one for `cache=false`, which goes to the upstream indexer every time), the sign-in
 * routes (per client and per project: each nonce is a row) and the image proxy (per client). One
 * factory, `createRateLimiter`, counts any set of budgets: in Redis with `REDIS_URL`, so every replica
 * spends from the same budget, otherwise in this process. A limiter guards, it is not something
 * a request depends on: while Redis is down each process counts in memory instead (the insurance
 * limiter), and a request is let through rather than failed when nothing can count it.
 */

import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible'
import type { Logger } from '../logger'
import { connectRedis } from '../storage/redis'

export const defaultEventsPerMinute = 6_000

/** The account-data budgets by default, a minute each (env names in config.ts). */
export const defaultAccountDataPerMinute = {
  /** All of a project's visitors together: what its upstream quota can bear. */
  project: 6_000,
  /** One client (one address), any project. */
  client: 120,
  /** One client's `cache=false` reads: each one goes upstream. */
  uncached: 6,
} as const

const windowSeconds = 60

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number }

export type RateLimiter<budget extends string> = {
  /** 'memory' or 'redis', for logs. */
  readonly kind: 'memory' | 'redis'
  /** Each budget's requests a minute per key. */
  readonly perMinute: Readonly<Record<budget, number>>
  /** Spends one request of `key`'s `budget`. Never throws. */
  consume(budget: budget, key: string): Promise<RateLimitDecision>
  /** Resolves true once the back-end answers, or false after `timeoutMs` (it keeps trying). */
  ready(timeoutMs: number): Promise<boolean>
  close(): Promise<void>
}

export declare namespace createRateLimiter {
  type Config<budget extends string> = {
    /** Names the limiter in Redis keys (`airlock:<name>:<budget>:<key>`) and logs. */
    name: string
    /** Requests a minute per key, for each budget. */
    perMinute: Record<budget, number>
    /** Count in this Redis (shared by replicas); without it, in this process. */
    redisUrl?: string | undefined
  }
  type Options = {
    /** Where Redis outages and their ends are logged. Default: a `createLogger()`. */
    logger?: Logger | undefined
  }
}

/**
 * @example
 * const limiter = createRateLimiter({
 *   name: 'accountData',
 *   perMinute: { project: 6_000, client: 120 },
 *   redisUrl: process.env.REDIS_URL,
 * })
 * await limiter.ready(2_000)
 * const decision = await limiter.consume('client', clientAddress)
 * if (!decision.allowed) retryAfter(decision.retryAfterMs)
 */
export function createRateLimiter<budget extends string>(
  config: createRateLimiter.Config<budget>,
  options: createRateLimiter.Options = {},
): RateLimiter<budget> {
  const { name, perMinute, redisUrl } = config
  const inMemory = (points: number) => new RateLimiterMemory({ points, duration: windowSeconds })
  /** One counter per budget, made by `create`; `consume` spends from the budget's counter. */
  const consumeWith = (create: (budget: budget, points: number) => RateLimiterAbstract) => {
    const counters = Object.fromEntries(
      Object.entries<number>(perMinute).map(([budget, points]) => [
        budget,
        consumeFrom(create(budget as budget, points)),
      ]),
    ) as Record<budget, (key: string) => Promise<RateLimitDecision>>
    return (budget: budget, key: string) => counters[budget](key)
  }

  if (redisUrl === undefined || redisUrl === '')
    return {
      kind: 'memory',
      perMinute,
      consume: consumeWith((_, points) => inMemory(points)),
      ready: async () => true,
      close: async () => {},
    }

  const redis = connectRedis(redisUrl, {
    purpose: 'rate limiter',
    whileDown: `counting ${name} per process`,
    logger: options.logger,
  })
  const consume = consumeWith(
    (budget, points) =>
      new RateLimiterRedis({
        storeClient: redis.client,
        keyPrefix: `airlock:${name}:${budget}`,
        points,
        duration: windowSeconds,
        // Not connected: go to the insurance limiter at once rather than wait for a timeout.
        rejectIfRedisNotReady: true,
        // A key over its budget is refused from memory until its window ends, sparing Redis.
        inMemoryBlockOnConsumed: points + 1,
        insuranceLimiter: inMemory(points),
      }),
  )
  return {
    kind: 'redis',
    perMinute,
    consume,
    ready: redis.ready,
    close: redis.close,
  }
}

/** The budget of `POST /e`: events a minute per client and page origin (analytics.ts). */
export type EventRateLimiter = RateLimiter<'client'>

export type EventRateLimitConfig = {
  eventsPerMinute: number
  redisUrl?: string | undefined
}

/**
 * @example
 * const limiter = createEventRateLimiter({ eventsPerMinute: 6_000, redisUrl: process.env.REDIS_URL })
 */
export function createEventRateLimiter(
  config: EventRateLimitConfig,
  options: createRateLimiter.Options = {},
): EventRateLimiter {
  return createRateLimiter(
    { name: 'events', perMinute: { client: config.eventsPerMinute }, redisUrl: config.redisUrl },
    options,
  )
}

/** The budgets of the account-data routes: per project, per client, per client uncached. */
export type AccountDataRateLimiter = RateLimiter<keyof typeof defaultAccountDataPerMinute>

/**
 * The sign-in routes' budgets (nonces and sign-ins together), a minute each: one client's (a
 * visitor signs in a few times at most), and a project's, all its visitors together.
 */
export const defaultSiwxPerMinute = { client: 30, project: 3_000 } as const

export type SiwxRateLimiter = RateLimiter<keyof typeof defaultSiwxPerMinute>

/**
 * The email login routes' budgets (codes and sign-ins together), a minute each: one client's, and
 * a project's, all its visitors together; and one address's codes (a code is a mail in someone's
 * inbox), which is not this limiter's but counted in the database from the codes mailed
 * (services/email/mailBudget.ts), so only good requests and mails sent spend it.
 */
export const defaultEmailLoginPerMinute = { email: 5, client: 30, project: 3_000 } as const

export type EmailLoginRateLimiter = RateLimiter<'client' | 'project'>

/** Spends one request of each budget in turn: the first refusal, or allowed when none refused. */
export async function spendEach<budget extends string>(
  limiter: RateLimiter<budget>,
  budgets: readonly (readonly [budget: budget, key: string])[],
): Promise<RateLimitDecision> {
  for (const [budget, key] of budgets) {
    const decision = await limiter.consume(budget, key)
    if (!decision.allowed) return decision
  }
  return { allowed: true }
}

/** Whole seconds for a `Retry-After` header: at least 1, so a client never retries at once. */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000))
}

function consumeFrom(limiter: RateLimiterAbstract) {
  return async (key: string): Promise<RateLimitDecision> => {
    try {
      await limiter.consume(key)
      return { allowed: true }
    } catch (error) {
      if (error instanceof RateLimiterRes)
        return { allowed: false, retryAfterMs: Math.max(0, error.msBeforeNext) }
      // Neither Redis nor the insurance could count it: better one request too many than a 500.
      return { allowed: true }
    }
  }
}

/**
 * The bundler relay's budgets (issue 20), a minute each: one client's (a visitor's user
 * operation is a handful of calls: gas price, estimate, send, then its receipt, polled) and a
 * project's, all its visitors together.
 */
export const defaultBundlerPerMinute = { client: 240, project: 12_000 } as const

export type BundlerRateLimiter = RateLimiter<keyof typeof defaultBundlerPerMinute>

/**
 * The name routes' budgets a minute: registrations and record changes per client (a visitor
 * registers a name or two) and per project, all its visitors together; lookups, reverse lookups
 * and suggestions per client (`lookup`), public and cheap but each a query.
 */
export const defaultNamesPerMinute = { client: 30, project: 3_000, lookup: 600 } as const

export type NamesRateLimiter = RateLimiter<keyof typeof defaultNamesPerMinute>

/**
 * The onramp routes' budgets a minute (issue 22): one client's (a visitor asks for options, a few
 * quotes as they type an amount, and a checkout) and a project's, all its visitors together. Every
 * quote and checkout is a call to a provider on the operator's key, so both are kept modest.
 */
export const defaultOnrampPerMinute = { client: 60, project: 3_000 } as const

export type OnrampRateLimiter = RateLimiter<keyof typeof defaultOnrampPerMinute>

/**
 * The swap routes' budgets (issue 22), a minute each: one client's (a visitor's swap is a token
 * list, a quote refreshed as they type and every 30 s, an allowance, an approval, a swap and a few
 * gas prices) and a project's, all its visitors together. Each request that reaches a provider
 * spends from 1inch's own quota, so the budgets are what that quota bears.
 */
export const defaultSwapPerMinute = { client: 120, project: 6_000 } as const

export type SwapRateLimiter = RateLimiter<keyof typeof defaultSwapPerMinute>

/**
 * The frame tokens' budgets (issue 33), a minute each: tokens issued per client (a modal asks
 * for one when it first needs a relay and every ten minutes after) and per project, all its
 * visitors together; and the relay requests of one frame credential (`token`: a token's id, or
 * a session's), whichever relay they go to — a user operation's receipt is polled 4 times a
 * second while it waits.
 */
export const defaultFrameTokenPerMinute = { client: 30, project: 6_000, token: 600 } as const

export type FrameTokenRateLimiter = RateLimiter<keyof typeof defaultFrameTokenPerMinute>

/**
 * The image proxy's budget a minute per client (`GET /v1/nft-image`): a page of NFTs is 20
 * pictures, which the browser then keeps for a day; each one the proxy fetches is up to 5 MiB
 * of the API's bandwidth.
 */
export const defaultNftImagePerMinute = { client: 120 } as const

export type NftImageRateLimiter = RateLimiter<keyof typeof defaultNftImagePerMinute>

/** The routes' budgets by default, by the name of their limiter (its Redis keys' and logs'). */
export const defaultRouteBudgets = {
  siwx: defaultSiwxPerMinute,
  bundler: defaultBundlerPerMinute,
  names: defaultNamesPerMinute,
  onramp: defaultOnrampPerMinute,
  swap: defaultSwapPerMinute,
  frameToken: defaultFrameTokenPerMinute,
  nftImage: defaultNftImagePerMinute,
} as const
