/**
 * The frame credential of a relay request (issue 33), as Hono middleware: the frame token the API
 * gave the modal (`Airlock-Frame-Token`, `services/frameTokens.ts`) for the `:id` project and the
 * request's site, or else the frame's email or social session there. An `Origin` header, which
 * any client that is not a browser sets, is not one: without either the request is refused 401
 * `frameTokenRequired`; a token that is not ours, or for another project or site, 401
 * `frameTokenInvalid`; one past its lifetime, 401 `frameTokenExpired`. Each credential spends its
 * own budget (`token`), so one token (or session) can't flood the relays. The handler reads
 * `c.var.frameCredential`.
 */
import { frameTokenHeader } from '@airlock/protocol'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { FrameTokenError, type FrameTokens } from '../services/frameTokens'
import type { RateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { apiError } from './apiError'
import { rateLimitedAnswer } from './clientBudgets'
import { currentEmailSession } from './emailSession'

export type FrameCredentialOptions = {
  frameTokens: FrameTokens
  /** Requests a minute per credential (`token`). */
  rateLimiter: RateLimiter<'token'>
  storage: Storage
  now: () => number
}

/** What the request came with: a frame token (its id) or the frame's session (its id). */
export type FrameCredential = { kind: 'token' | 'session'; id: string }

/**
 * Sets `c.var.frameCredential` for a request with a good credential for the `:id` project and the
 * site `siteOf` reads; else the 401 of what is wrong, or 429 past the credential's budget.
 */
export const frameCredential = (
  { frameTokens, rateLimiter, storage, now }: FrameCredentialOptions,
  { doing, siteOf }: { doing: string; siteOf: (c: Context) => string },
) =>
  createMiddleware<{ Variables: { frameCredential: FrameCredential } }>(async (c, next) => {
    const scope = { projectId: c.req.param('id') ?? '', hostOrigin: siteOf(c) }
    const token = c.req.header(frameTokenHeader)
    let credential: FrameCredential
    if (token !== undefined) {
      try {
        credential = { kind: 'token', id: (await frameTokens.verify(token, scope)).id }
      } catch (error) {
        if (!(error instanceof FrameTokenError)) throw error
        return apiError(c, 401, error.code, error.message)
      }
    } else {
      const session = await currentEmailSession(c, { storage, now }, scope)
      if (session === undefined)
        return apiError(
          c,
          401,
          'frameTokenRequired',
          `Only the Airlock modal ${doing}: the request has neither the frame token the API gave it nor its session.`,
        )
      credential = { kind: 'session', id: session.id }
    }
    const spent = await rateLimiter.consume('token', `${credential.kind}:${credential.id}`)
    if (!spent.allowed) return rateLimitedAnswer(c, spent.retryAfterMs)
    c.set('frameCredential', credential)
    await next()
  })
