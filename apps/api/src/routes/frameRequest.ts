/**
 * The admission of a sign-in request from the modal's own pages, as Hono middleware, for the
 * email, social and Farcaster logins: an Origin that is this API's (no CORS is answered: no other
 * page may ask), a project id, the client's budget, a body of its schema, a project that allows
 * the site the body names, and then the project's budget (for requests that make something): a
 * request refused on the way spends nothing of what the project's visitors share. The handler
 * reads `c.var.project` and `c.req.valid('json')`. Also the email session such a request comes
 * with, which a social sign-in is bound to (the session that asked is the only one that may
 * redeem it, and the account a new social account may be linked to).
 */
import type { Context, MiddlewareHandler } from 'hono'
import { every } from 'hono/combine'
import { EmailLoginError } from '../services/email/emailLoginError'
import { type EmailSessionRecord, findEmailSession } from '../services/email/sessions'
import type { Project } from '../services/projects'
import type { RateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import type { RequestSchema } from './apiError'
import { clientBudget, projectBudget } from './clientBudgets'
import { emailSessionToken } from './emailSession'
import { allowedSite, fromModal, projectIdParam } from './frameAdmission'
import { checkedBody, jsonBody } from './validators'

export type FrameRequestOptions = {
  storage: Storage
  rateLimiter: RateLimiter<'client' | 'project'>
  trustProxy: number
  /** The public origin of this API, when a proxy makes it differ from the request URL. */
  publicOrigin: string | undefined
  now: () => number
}

/** What an admitted sign-in request carries on to its handler. */
export type SignInAdmission<body> = MiddlewareHandler<
  { Variables: { project: Project } },
  string,
  { in: { json: unknown }; out: { json: body } }
>

export type SignInRoute = {
  /**
   * Spend the budgets: true (the default) the client's first and the project's last; false for a
   * request that only asks how something goes; 'client' for a route with checks of its own after
   * these, which spends the project's itself after them (`projectBudget`).
   */
  spend?: boolean | 'client'
  /** What only the modal does here: 'signs visitors in' by default. */
  doing?: string
}

export function frameRequests({
  storage,
  rateLimiter,
  trustProxy,
  publicOrigin,
  now,
}: FrameRequestOptions) {
  /**
   * The admission of a frame's POST of `schema`, its budgets spent unless `spend` is false.
   *
   * @example
   * app.post('/v1/projects/:id/social/sessions', frameRequest(socialSignInRequestSchema), (c) =>
   *   c.json({ project: c.var.project.id, site: c.req.valid('json').hostOrigin }),
   * )
   */
  function frameRequest<body extends { hostOrigin: string }>(
    schema: RequestSchema<body>,
    { spend = true, doing = 'signs visitors in' }: SignInRoute = {},
  ): SignInAdmission<body> {
    return every(
      fromModal(publicOrigin, doing, { sameOriginGet: false }),
      projectIdParam,
      ...(spend ? [clientBudget(rateLimiter, trustProxy)] : []),
      jsonBody(schema),
      allowedSite(storage, (c) => checkedBody<body>(c).hostOrigin),
      ...(spend === true ? [projectBudget(rateLimiter)] : []),
    )
  }

  /** The live email session the frame has on this project and site, if any. */
  async function currentSession(
    c: Context,
    projectId: string,
    hostOrigin: string,
  ): Promise<EmailSessionRecord | null> {
    const token = emailSessionToken(c, projectId)
    if (!token) return null
    try {
      return await findEmailSession(storage.db, token, { projectId, hostOrigin }, now())
    } catch (error) {
      if (error instanceof EmailLoginError) return null
      throw error
    }
  }

  return { frameRequest, currentSession, projectBudget: projectBudget(rateLimiter) }
}
