/**
 * The swap routes' budgets (issue 22), a minute each: one client's (a visitor's swap is a token
 * list, a quote refreshed as they type and every 30 s, an allowance, an approval, a swap and a few
 * gas prices) and a project's, all its visitors together. Each request that reaches a provider
 * spends from 1inch's own quota, so the budgets are what that quota bears.
 */
import { createRateLimiter, type RateLimiter } from '../rateLimit'

export const defaultSwapPerMinute = { client: 120, project: 6_000 } as const

export type SwapRateLimiter = RateLimiter<keyof typeof defaultSwapPerMinute>

/**
 * @example
 * const limiter = createSwapRateLimiter({ perMinute: defaultSwapPerMinute, redisUrl })
 */
export function createSwapRateLimiter(
  config: {
    perMinute: Record<keyof typeof defaultSwapPerMinute, number>
    redisUrl?: string | undefined
  },
  options: createRateLimiter.Options = {},
): SwapRateLimiter {
  return createRateLimiter(
    { name: 'swap', perMinute: { ...config.perMinute }, redisUrl: config.redisUrl },
    options,
  )
}
