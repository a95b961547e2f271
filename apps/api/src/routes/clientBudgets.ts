/**
 * A request's rate limits as the routes answer them: one request spent from the client's budget,
 * then from its project's; past either, 429 `rateLimited` with `Retry-After`. Shared by every
 * route whose limiter has a client and a project budget (sign-ins, codes, the bundler relay).
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { clientAddress } from '../services/clientAddress'
import { type RateLimiter, retryAfterSeconds, spendEach } from '../services/rateLimit'
import { apiError } from './apiError'

/** The 429 of a spent budget, telling the client when to try again. */
export function rateLimitedAnswer(c: Context, retryAfterMs: number): Response {
  c.header('Retry-After', String(retryAfterSeconds(retryAfterMs)))
  return apiError(c, 429, 'rateLimited', 'Rate Limited')
}

/** Spends the client's and the `:id` project's budgets; the 429 when one is spent. */
export const clientAndProjectBudgets = (
  limiter: RateLimiter<'client' | 'project'>,
  trustProxy: number,
) =>
  createMiddleware(async (c, next) => {
    const spent = await spendEach(limiter, [
      ['client', clientAddress(c, trustProxy)],
      ['project', c.req.param('id') ?? ''],
    ])
    if (!spent.allowed) return rateLimitedAnswer(c, spent.retryAfterMs)
    await next()
  })
