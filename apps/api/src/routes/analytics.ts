/**
 * `POST /e`: first-party analytics and error reports from the modal (spec §7). Only the modal's
 * own origin may post; in development a server-side caller that sends no `Origin` may too, in
 * production not. An event is stored only when the host page it describes is on the project's
 * allow-list; the 403 otherwise is what makes the modal show 'Invalid App Configuration'.
 *
 * Each client address and `Origin` has a budget of events a minute (`rateLimit.ts`), spent by
 * every request that gets past the Origin check; past it the answer is 429 with `Retry-After`.
 * The key is what the server observes, never the page URL in the body, which the sender writes.
 * The body is capped at {@link maxEventBytes} before it is read.
 */

import { eventBodySchema, eventQuerySchema } from '@airlock/protocol'
import { Hono } from 'hono'
import { clientAddress } from '../services/clientAddress'
import { getProject, recordEvent } from '../services/projects'
import type { EventRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { apiError, describeIssues } from './apiError'
import { rateLimitedAnswer } from './clientBudgets'
import { jsonBodyLimit } from './middleware'
import { jsonBody, queryOf } from './validators'

export const maxEventBytes = 16 * 1024

export type AnalyticsRoutesOptions = {
  storage: Storage
  /** The modal's origin; defaults to the origin of the request URL (its Host header). */
  publicOrigin?: string | undefined
  eventRateLimiter: EventRateLimiter
  /** The clock, ms since the epoch: when an event is received. */
  now: () => number
  /** Production mode: a request without `Origin` is refused. */
  production: boolean
  /** Reverse proxies in front of the API, for the client address (`clientAddress.ts`). */
  trustProxy: number
}

export function analyticsRoutes({
  storage,
  publicOrigin,
  eventRateLimiter,
  now,
  production,
  trustProxy,
}: AnalyticsRoutesOptions): Hono {
  const app = new Hono()
  const bodySchema = eventBodySchema(now)

  app.post(
    '/e',
    async (c, next) => {
      const origin = c.req.header('Origin')
      const ownOrigin = publicOrigin ?? new URL(c.req.url).origin
      if (origin === undefined && production)
        return apiError(
          c,
          403,
          'originRequired',
          "Events are accepted only from the modal's origin; the request has no Origin header",
        )
      if (origin !== undefined && origin !== ownOrigin)
        return apiError(
          c,
          403,
          'crossOriginRequest',
          "Events are accepted only from the modal's origin",
        )
      const key = `${origin ?? 'no-origin'} ${clientAddress(c, trustProxy)}`
      const decision = await eventRateLimiter.consume('client', key)
      if (!decision.allowed) return rateLimitedAnswer(c, decision.retryAfterMs)
      return next()
    },
    jsonBodyLimit(maxEventBytes),
    queryOf(eventQuerySchema, { describe: (error) => describeIssues(error, 'query') }),
    jsonBody(bodySchema),
    async (c) => {
      const query = c.req.valid('query')
      const body = c.req.valid('json')
      const project = await getProject(storage.db, query.projectId)
      if (project === undefined) return apiError(c, 404, 'invalidProjectId', 'Invalid Project ID')
      const hostOrigin = new URL(body.url).origin
      if (!project.allowedOrigins.includes(hostOrigin))
        return apiError(c, 403, 'invalidAppConfiguration', 'Invalid App Configuration')

      await recordEvent(
        storage.db,
        {
          projectId: project.id,
          eventId: body.eventId,
          url: body.url,
          domain: body.domain,
          timestamp: body.timestamp,
          props: body.props,
          sdkType: query.st,
          sdkVersion: query.sv,
        },
        new Date(now()),
      )
      return c.body(null, 204)
    },
  )

  return app
}
