/**
 * What a sign-in request from the modal's own pages must carry, for the social and Farcaster
 * logins: an Origin that is this API's (no CORS is answered: no other page may ask), a project
 * that exists, a body of its schema naming a site the project allows — and, for requests that
 * make something, the email login's client and project budgets. Also the login of the email
 * session such a request comes with, which a new social account is linked to.
 */
import { isProjectId } from '@airlock/protocol'
import type { Context } from 'hono'
import type * as z from 'zod/mini'
import { EmailLoginError } from '../services/email/emailLoginError'
import { findEmailSession } from '../services/email/sessions'
import { getProject, type Project } from '../services/projects'
import type { EmailLoginRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { apiError, checkedJsonBody } from './apiError'
import { spendClientAndProject } from './clientBudgets'
import { emailSessionToken } from './emailLogin'

export type FrameRequestOptions = {
  storage: Storage
  rateLimiter: EmailLoginRateLimiter
  trustProxy: number
  /** The public origin of this API, when a proxy makes it differ from the request URL. */
  publicOrigin: string | undefined
  now: () => number
}

export function frameRequests({
  storage,
  rateLimiter,
  trustProxy,
  publicOrigin,
  now,
}: FrameRequestOptions) {
  const ownOrigin = (c: Context) => publicOrigin ?? new URL(c.req.url).origin

  /**
   * The project and checked body of a frame's POST, the budgets spent unless `spend` is false
   * (a request that only asks how something goes); or the refusal.
   */
  async function frameRequest<body extends { hostOrigin: string }>(
    c: Context,
    schema: z.ZodMiniType<body>,
    { spend = true }: { spend?: boolean } = {},
  ): Promise<{ project: Project; body: body } | Response> {
    if (c.req.header('Origin') !== ownOrigin(c))
      return apiError(c, 403, 'crossOriginRequest', 'Only the Airlock modal signs visitors in')
    const projectId = c.req.param('id') ?? ''
    if (!isProjectId(projectId)) return apiError(c, 404, 'invalidProjectId', 'Invalid Project ID')
    if (spend) {
      const limited = await spendClientAndProject(c, rateLimiter, { projectId, trustProxy })
      if (limited) return limited
    }
    const checked = await checkedJsonBody(c, schema)
    if (checked instanceof Response) return checked
    const project = await getProject(storage.db, projectId)
    if (project === undefined) return apiError(c, 404, 'invalidProjectId', 'Invalid Project ID')
    if (!project.allowedOrigins.includes(checked.body.hostOrigin))
      return apiError(c, 403, 'invalidAppConfiguration', 'Invalid App Configuration')
    return { project, body: checked.body }
  }

  /** The login of the email session the frame has on this project and site, if any. */
  async function currentLogin(c: Context, projectId: string, hostOrigin: string) {
    const token = emailSessionToken(c, projectId)
    if (!token) return null
    try {
      return (await findEmailSession(storage.db, token, { projectId, hostOrigin }, now())).email
    } catch (error) {
      if (error instanceof EmailLoginError) return null
      throw error
    }
  }

  return { ownOrigin, frameRequest, currentLogin }
}
