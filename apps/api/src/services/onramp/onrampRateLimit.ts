/**
 * The onramp routes' budgets a minute (issue 22): one client's (a visitor asks for options, a few
 * quotes as they type an amount, and a checkout) and a project's, all its visitors together. Every
 * quote and checkout is a call to a provider on the operator's key, so both are kept modest.
 */
import { createRateLimiter, type RateLimiter } from '../rateLimit'

export const defaultOnrampPerMinute = { client: 60, project: 3_000 } as const

export type OnrampRateLimiter = RateLimiter<keyof typeof defaultOnrampPerMinute>

/**
 * @example
 * const limiter = createOnrampRateLimiter({ perMinute: defaultOnrampPerMinute, redisUrl: process.env.REDIS_URL })
 */
export function createOnrampRateLimiter(
  config: {
    perMinute: Record<keyof typeof defaultOnrampPerMinute, number>
    redisUrl?: string | undefined
  },
  options: createRateLimiter.Options = {},
): OnrampRateLimiter {
  return createRateLimiter(
    { name: 'onramp', perMinute: { ...config.perMinute }, redisUrl: config.redisUrl },
    options,
  )
}
