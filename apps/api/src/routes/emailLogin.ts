/**
 * Email login (spec §1): `POST /v1/projects/:id/email/codes` mails a one-time code,
 * `POST /v1/projects/:id/email/sessions` turns the code into a session, and
 * `GET`/`DELETE /v1/projects/:id/email/session?hostOrigin=…` read and end it. Only the modal's own
 * pages may ask (the Origin header is this API's; no CORS is answered, so no host page can read
 * an answer), and only for a site the project allows. The session is an HttpOnly, Secure,
 * `Partitioned` cookie of the modal's origin, one per project: no host script can read it, and
 * another top-level site's frame does not get it.
 */
import {
  emailCodeRequestSchema,
  emailSessionTtlMs,
  emailSignInRequestSchema,
  isProjectId,
  normalizeEmail,
} from '@airlock/protocol'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type * as z from 'zod/mini'
import { clientAddress } from '../services/clientAddress'
import {
  type EmailLoginContext,
  emailCodeKey,
  sendEmailCode,
  signInWithEmailCode,
} from '../services/email/codes'
import { EmailLoginError, type EmailLoginErrorCode } from '../services/email/emailLoginError'
import type { Mailer } from '../services/email/mailer'
import {
  emailSessionTokenPattern,
  readEmailSession,
  revokeEmailSession,
} from '../services/email/sessions'
import { getProject, type Project } from '../services/projects'
import { type EmailLoginRateLimiter, retryAfterSeconds, spendEach } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { apiError, checkedJsonBody } from './apiError'

export type EmailLoginRoutesOptions = {
  storage: Storage
  /** Where codes are mailed from; undefined: no `SMTP_URL`, and codes are refused. */
  mailer: Mailer | undefined
  /** `AIRLOCK_SERVER_KEY`: codes are kept as HMACs under a key derived from it. */
  serverKey: Uint8Array
  /** Codes and sign-ins a minute, per address, per client and per project. */
  rateLimiter: EmailLoginRateLimiter
  /** Reverse proxies in front of the API, for the client's address (`clientAddress`). */
  trustProxy: number
  /** The public origin of this API, when a proxy makes it differ from the request URL. */
  publicOrigin: string | undefined
  now: () => number
}

const statusOf: Record<EmailLoginErrorCode, ContentfulStatusCode> = {
  emailNotEnabled: 403,
  emailNotConfigured: 503,
  emailInvalid: 400,
  emailDeliveryFailed: 502,
  emailCodeInvalid: 401,
  emailCodeExpired: 401,
  emailCodeLocked: 429,
  emailSessionInvalid: 401,
}

/** An address, a 6-digit code and a site's origin: a few hundred bytes. */
const maxBodyBytes = 2048

/** The session cookie of a project: `__Host-` (Secure, this origin only, Path=/). */
export const emailSessionCookie = (projectId: string) => `__Host-airlock-email-${projectId}`

/** The email session token a request carries for `projectId`, when it is of a token's form. */
export function emailSessionToken(c: Context, projectId: string): string | undefined {
  const token = getCookie(c, emailSessionCookie(projectId))
  return token && emailSessionTokenPattern.test(token) ? token : undefined
}

export function emailLoginRoutes({
  storage,
  mailer,
  serverKey,
  rateLimiter,
  trustProxy,
  publicOrigin,
  now,
}: EmailLoginRoutesOptions): Hono {
  const app = new Hono()
  const context: EmailLoginContext = {
    db: storage.db,
    mailer,
    codeKey: emailCodeKey(serverKey),
    now,
  }
  const ownOrigin = (c: Context) => publicOrigin ?? new URL(c.req.url).origin
  const notOwnPage = (c: Context) =>
    apiError(c, 403, 'crossOriginRequest', 'Only the Airlock modal signs visitors in by email')
  const unknownProject = (c: Context) => apiError(c, 404, 'invalidProjectId', 'Invalid Project ID')
  const notAllowed = (c: Context) =>
    apiError(c, 403, 'invalidAppConfiguration', 'Invalid App Configuration')
  const refusal = (c: Context, error: unknown) => {
    if (!(error instanceof EmailLoginError)) throw error
    return apiError(c, statusOf[error.code], error.code, error.message)
  }
  const rateLimited = (c: Context, retryAfterMs: number) => {
    c.header('Retry-After', String(retryAfterSeconds(retryAfterMs)))
    return apiError(c, 429, 'rateLimited', 'Rate Limited')
  }

  /** The project and the checked body of a frame's POST (its budgets spent), or the refusal. */
  async function frameRequest<body extends { email: string; hostOrigin: string }>(
    c: Context,
    schema: z.ZodMiniType<body>,
  ): Promise<{ project: Project; body: body } | Response> {
    if (c.req.header('Origin') !== ownOrigin(c)) return notOwnPage(c)
    const projectId = c.req.param('id') ?? ''
    if (!isProjectId(projectId)) return unknownProject(c)
    const spent = await spendEach(rateLimiter, [
      ['client', clientAddress(c, trustProxy)],
      ['project', projectId],
    ])
    if (!spent.allowed) return rateLimited(c, spent.retryAfterMs)
    const checked = await checkedJsonBody(c, schema)
    if (checked instanceof Response) return checked
    const { body } = checked
    // A code is a mail in someone's inbox: an address has its own budget, whoever asks.
    const perAddress = await rateLimiter.consume(
      'email',
      `${projectId}:${normalizeEmail(body.email).slice(0, 320)}`,
    )
    if (!perAddress.allowed) return rateLimited(c, perAddress.retryAfterMs)
    const project = await getProject(storage.db, projectId)
    if (project === undefined) return unknownProject(c)
    if (!project.allowedOrigins.includes(body.hostOrigin)) return notAllowed(c)
    return { project, body }
  }

  /** The project, site and token of a request about the session, or the refusal. */
  async function sessionRequest(c: Context) {
    const projectId = c.req.param('id') ?? ''
    if (!isProjectId(projectId)) return unknownProject(c)
    const hostOrigin = c.req.query('hostOrigin') ?? ''
    const token = emailSessionToken(c, projectId)
    if (!token)
      return apiError(c, 401, 'emailSessionInvalid', 'No email session: sign in by email first.')
    return { projectId, hostOrigin, token }
  }

  const limit = bodyLimit({
    maxSize: maxBodyBytes,
    onError: (c) =>
      apiError(c, 413, 'payloadTooLarge', `The request body exceeds ${maxBodyBytes} bytes`),
  })
  // Codes and sessions are never cached.
  const noStore: MiddlewareHandler = async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  }
  app.use('/v1/projects/:id/email/*', noStore)

  app.post('/v1/projects/:id/email/codes', limit, async (c) => {
    const request = await frameRequest(c, emailCodeRequestSchema)
    if (request instanceof Response) return request
    try {
      return c.json(await sendEmailCode(context, request.project, request.body), 201)
    } catch (error) {
      return refusal(c, error)
    }
  })

  app.post('/v1/projects/:id/email/sessions', limit, async (c) => {
    const request = await frameRequest(c, emailSignInRequestSchema)
    if (request instanceof Response) return request
    try {
      const { token, session } = await signInWithEmailCode(context, request.project, request.body)
      setCookie(c, emailSessionCookie(request.project.id), token, {
        path: '/',
        secure: true,
        httpOnly: true,
        sameSite: 'None',
        partitioned: true,
        maxAge: emailSessionTtlMs / 1000,
      })
      return c.json(session, 201)
    } catch (error) {
      return refusal(c, error)
    }
  })

  app.get('/v1/projects/:id/email/session', async (c) => {
    const request = await sessionRequest(c)
    if (request instanceof Response) return request
    try {
      return c.json(await readEmailSession(storage.db, request.token, request, now()))
    } catch (error) {
      return refusal(c, error)
    }
  })

  app.delete('/v1/projects/:id/email/session', async (c) => {
    if (c.req.header('Origin') !== ownOrigin(c)) return notOwnPage(c)
    const request = await sessionRequest(c)
    if (request instanceof Response) return request
    deleteCookie(c, emailSessionCookie(request.projectId), {
      path: '/',
      secure: true,
      sameSite: 'None',
      partitioned: true,
    })
    if (!(await revokeEmailSession(storage.db, request.token, now())))
      return apiError(c, 401, 'emailSessionInvalid', 'No email session: signed out or expired.')
    return c.body(null, 204)
  })
  return app
}
