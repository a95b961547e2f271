/**
 * A request's rate limits as the routes answer them: one request spent from the client's budget,
 * then from its project's; past either, 429 `rateLimited` with `Retry-After`. Shared by every
 * route whose limiter has a client and a project budget (sign-ins, codes, the bundler relay). The
 * client's is spent first, before anything else is looked at, so a flooding client spends only
 * its own; the project's last, once the request was found good (project, site, feature, body),
 * so bad requests do not spend what all the project's visitors share.
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { clientAddress } from '../services/clientAddress'
import { type RateLimiter, retryAfterSeconds } from '../services/rateLimit'
import { apiError } from './apiError'

/** The 429 of a spent budget, telling the client when to try again. */
export function rateLimitedAnswer(c: Context, retryAfterMs: number): Response {
  c.header('Retry-After', String(retryAfterSeconds(retryAfterMs)))
  return apiError(c, 429, 'rateLimited', 'Rate Limited')
}

/** Spends the client's budget; the 429 when it is spent. */
export const clientBudget = (limiter: RateLimiter<'client'>, trustProxy: number) =>
  createMiddleware(async (c, next) => {
    const spent = await limiter.consume('client', clientAddress(c, trustProxy))
    if (!spent.allowed) return rateLimitedAnswer(c, spent.retryAfterMs)
    await next()
  })

/** Spends the `:id` project's budget; the 429 when it is spent. */
export const projectBudget = (limiter: RateLimiter<'project'>) =>
  createMiddleware(async (c, next) => {
    const spent = await limiter.consume('project', c.req.param('id') ?? '')
    if (!spent.allowed) return rateLimitedAnswer(c, spent.retryAfterMs)
    await next()
  })
