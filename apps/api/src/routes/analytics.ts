/**
 * `POST /e`: first-party analytics and error reports from the modal (spec §7). Only the modal's
 * own origin may post (or a server-side caller that sends no `Origin`), and an event is stored
 * only when the host page it describes is on the project's allow-list; the 403 otherwise is what
 * makes the modal show 'Invalid App Configuration'.
 */

import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { type ZodError, z } from 'zod'
import { projectIdPattern } from '../projectIds'
import { getProject, recordEvent } from '../projects'
import type { Storage } from '../storage'
import { apiError } from './apiError'

export const maxEventBytes = 16 * 1024

const eventQuerySchema = z.object({
  projectId: z.string().regex(projectIdPattern, 'must be a project id'),
  /** SDK type. */
  st: z.string().min(1).max(64),
  /** SDK version. */
  sv: z.string().min(1).max(64),
})

const eventBodySchema = z.object({
  eventId: z.uuid(),
  url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048),
  domain: z.string().min(1).max(253),
  timestamp: z.int().nonnegative(),
  props: z.record(z.string(), z.unknown()),
})

export type AnalyticsRoutesOptions = {
  storage: Storage
  /** The modal's origin; defaults to the origin of the request URL (its Host header). */
  publicOrigin?: string | undefined
}

export function analyticsRoutes({ storage, publicOrigin }: AnalyticsRoutesOptions): Hono {
  const app = new Hono()

  app.post(
    '/e',
    async (c, next) => {
      const origin = c.req.header('Origin')
      const ownOrigin = publicOrigin ?? new URL(c.req.url).origin
      if (origin !== undefined && origin !== ownOrigin)
        return apiError(
          c,
          403,
          'crossOriginRequest',
          "Events are accepted only from the modal's origin",
        )
      return next()
    },
    bodyLimit({
      maxSize: maxEventBytes,
      onError: (c) =>
        apiError(c, 413, 'payloadTooLarge', `The request body exceeds ${maxEventBytes} bytes`),
    }),
    async (c) => {
      const query = eventQuerySchema.safeParse(c.req.query())
      if (!query.success)
        return apiError(c, 400, 'invalidRequest', describeIssues(query.error, 'query'))

      let json: unknown
      try {
        json = JSON.parse(await c.req.text())
      } catch {
        return apiError(c, 400, 'invalidRequest', 'The request body must be JSON')
      }
      const body = eventBodySchema.safeParse(json)
      if (!body.success)
        return apiError(c, 400, 'invalidRequest', describeIssues(body.error, 'body'))

      const project = await getProject(storage.db, query.data.projectId)
      if (project === undefined) return apiError(c, 404, 'invalidProjectId', 'Invalid Project ID')
      if (!project.allowedOrigins.includes(new URL(body.data.url).origin))
        return apiError(c, 403, 'invalidAppConfiguration', 'Invalid App Configuration')

      await recordEvent(storage.db, {
        projectId: project.id,
        eventId: body.data.eventId,
        url: body.data.url,
        domain: body.data.domain,
        timestamp: body.data.timestamp,
        props: body.data.props,
        sdkType: query.data.st,
        sdkVersion: query.data.sv,
      })
      return c.body(null, 204)
    },
  )

  return app
}

/** `body.eventId: Invalid UUID; body.timestamp: ...` — the fields at fault, for the caller. */
function describeIssues(error: ZodError, where: 'query' | 'body'): string {
  return error.issues
    .map((issue) => `${[where, ...issue.path.map(String)].join('.')}: ${issue.message}`)
    .join('; ')
}
