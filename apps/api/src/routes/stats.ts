/**
 * `GET /v1/projects/:id/stats?from=&to=`: how many analytics events and error reports a project
 * received per UTC day, for the operator. It answers only to `Authorization: Bearer <token>` with
 * the server's `AIRLOCK_OPERATOR_TOKEN`; without one configured, the route is off (404). Counts
 * change with every event, so nothing here is cached.
 */

import { createHash, timingSafeEqual } from 'node:crypto'
import { isProjectId } from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { countEvents, type EventCount, getProject } from '../services/projects'
import { addDays, daysInRange, isUtcDay, utcDay } from '../storage/days'
import type { Storage } from '../storage/storage'
import { apiError, describeIssues } from './apiError'

/** Days a range covers when the query names no `from`: the last 30, today included. */
export const defaultStatsDays = 30
/** Most days one answer covers: a leap year. */
export const maxStatsDays = 366

export type ProjectStats = {
  projectId: string
  /** `YYYY-MM-DD`, included. */
  from: string
  /** `YYYY-MM-DD`, included. */
  to: string
  counts: EventCount[]
}

export type StatsRoutesOptions = {
  storage: Storage
  /** The bearer token the route answers to; undefined turns the route off. */
  operatorToken: string | undefined
  /** The clock, ms since the epoch: which day is today. */
  now: () => number
}

export function statsRoutes({ storage, operatorToken, now }: StatsRoutesOptions): Hono {
  const app = new Hono()
  const querySchema = statsQuerySchema(() => utcDay(now()))

  app.get('/v1/projects/:id/stats', async (c) => {
    c.header('Cache-Control', 'no-store')
    if (operatorToken === undefined)
      return apiError(
        c,
        404,
        'statsDisabled',
        'Stats are off on this server: it has no AIRLOCK_OPERATOR_TOKEN',
      )
    if (!hasOperatorToken(c, operatorToken)) {
      c.header('WWW-Authenticate', 'Bearer')
      return apiError(c, 401, 'unauthorized', 'The operator token is missing or wrong')
    }

    const query = querySchema.safeParse(c.req.query())
    if (!query.success)
      return apiError(c, 400, 'invalidRequest', describeIssues(query.error, 'query'))
    const projectId = c.req.param('id')
    const project = isProjectId(projectId) ? await getProject(storage.db, projectId) : undefined
    if (project === undefined) return apiError(c, 404, 'invalidProjectId', 'Invalid Project ID')

    const stats: ProjectStats = {
      projectId: project.id,
      ...query.data,
      counts: await countEvents(storage.db, project.id, query.data),
    }
    return c.json(stats)
  })

  return app
}

/**
 * `from` and `to` as `YYYY-MM-DD`, both included: by default the {@link defaultStatsDays} days
 * up to `today()`, and at most {@link maxStatsDays} days.
 */
function statsQuerySchema(today: () => string) {
  const day = z.string().refine(isUtcDay, 'must be a date as YYYY-MM-DD').optional()
  return z
    .object({ from: day, to: day })
    .transform(({ from, to = today() }) => ({
      from: from ?? addDays(to, 1 - defaultStatsDays),
      to,
    }))
    .refine(({ from, to }) => from <= to, { path: ['from'], message: 'must not be after to' })
    .refine(({ from, to }) => from > to || daysInRange(from, to) <= maxStatsDays, {
      path: ['from'],
      message: `must be at most ${maxStatsDays} days before to, both included`,
    })
}

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function hasOperatorToken(c: Context, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(c.req.header('Authorization') ?? '')
  if (match?.[1] === undefined) return false
  // Equal-length digests: timingSafeEqual needs them, and the token's length stays secret too.
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(match[1]), digest(token))
}
