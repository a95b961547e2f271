/**
 * Email login (spec §1): `POST /v1/projects/:id/email/codes` mails a one-time code,
 * `POST /v1/projects/:id/email/sessions` turns the code into a session, and
 * `GET`/`DELETE /v1/projects/:id/email/session?hostOrigin=…` read and end it;
 * `POST /v1/projects/:id/email/change` mails codes to the session's address and a new one, and
 * `POST …/email/change/confirm` with both moves the account to the new address. Only the modal's
 * own pages may ask (the Origin header is this API's; no CORS is answered, so no host page can
 * read an answer), and only for a site the project allows. The session is an HttpOnly, Secure,
 * `Partitioned` cookie of the modal's origin, one per project: no host script can read it, and
 * another top-level site's frame does not get it.
 */
import {
  emailChangeConfirmSchema,
  emailChangeRequestSchema,
  emailCodeRequestSchema,
  emailSessionTtlMs,
  emailSignInRequestSchema,
  isProjectId,
  normalizeEmail,
} from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type * as z from 'zod/mini'
import { emailCodeKey, sendEmailCode, signInWithEmailCode } from '../services/email/codes'
import {
  confirmEmailChange,
  type EmailChangeContext,
  requestEmailChange,
} from '../services/email/emailChange'
import { EmailLoginError, type EmailLoginErrorCode } from '../services/email/emailLoginError'
import type { Mailer } from '../services/email/mailer'
import {
  type EmailSessionRecord,
  emailSessionTokenPattern,
  findEmailSession,
  readEmailSession,
  revokeEmailSession,
} from '../services/email/sessions'
import { EmbeddedWalletError } from '../services/embeddedWallets/embeddedWalletError'
import { embeddedWalletSealKey } from '../services/embeddedWallets/seal'
import { getProject, type Project } from '../services/projects'
import type { EmailLoginRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { apiError, checkedJsonBody } from './apiError'
import { rateLimitedAnswer, spendClientAndProject } from './clientBudgets'
import { jsonBodyLimit, noStore } from './middleware'

export type EmailLoginRoutesOptions = {
  storage: Storage
  /** Where codes are mailed from; undefined: no `SMTP_URL`, and codes are refused. */
  mailer: Mailer | undefined
  /**
   * `AIRLOCK_SERVER_KEY`: codes are kept as HMACs under a key derived from it, and an email change
   * seals the embedded wallet again under another.
   */
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
  emailChangeTaken: 409,
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

/**
 * Sets a response's session cookie of `projectId`: HttpOnly, Secure, SameSite=None (the frame is
 * on another site than its page) and Partitioned (another top-level site's frame does not get it).
 * A social login's session is set the same way (socialLogin.ts).
 */
export function setEmailSessionCookie(c: Context, projectId: string, token: string): void {
  setCookie(c, emailSessionCookie(projectId), token, {
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'None',
    partitioned: true,
    maxAge: emailSessionTtlMs / 1000,
  })
}

/** Ends a response's session cookie of `projectId` (signed out, or its device revoked). */
export function clearEmailSessionCookie(c: Context, projectId: string): void {
  deleteCookie(c, emailSessionCookie(projectId), {
    path: '/',
    secure: true,
    sameSite: 'None',
    partitioned: true,
  })
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
  const context: EmailChangeContext = {
    db: storage.db,
    mailer,
    codeKey: emailCodeKey(serverKey),
    sealKey: embeddedWalletSealKey(serverKey),
    now,
  }
  const ownOrigin = (c: Context) => publicOrigin ?? new URL(c.req.url).origin
  const notOwnPage = (c: Context) =>
    apiError(c, 403, 'crossOriginRequest', 'Only the Airlock modal signs visitors in by email')
  const unknownProject = (c: Context) => apiError(c, 404, 'invalidProjectId', 'Invalid Project ID')
  const notAllowed = (c: Context) =>
    apiError(c, 403, 'invalidAppConfiguration', 'Invalid App Configuration')
  const refusal = (c: Context, error: unknown) => {
    // An email change seals the wallet again: a seal that does not open is `embeddedWalletCorrupt`.
    if (error instanceof EmbeddedWalletError) return apiError(c, 500, error.code, error.message)
    if (!(error instanceof EmailLoginError)) throw error
    return apiError(c, statusOf[error.code], error.code, error.message)
  }
  /**
   * Spends one of each address's budget: a code is a mail in someone's inbox, so an address has
   * its own budget, whoever asks. The refusal, or undefined.
   */
  async function spendAddresses(c: Context, projectId: string, emails: readonly string[]) {
    for (const email of emails) {
      const spent = await rateLimiter.consume(
        'email',
        `${projectId}:${normalizeEmail(email).slice(0, 320)}`,
      )
      if (!spent.allowed) return rateLimitedAnswer(c, spent.retryAfterMs)
    }
    return undefined
  }

  /**
   * The project and the checked body of a frame's POST (its budgets spent, those of the
   * `addresses` the body names too), or the refusal.
   */
  async function frameRequest<body extends { hostOrigin: string }>(
    c: Context,
    schema: z.ZodMiniType<body>,
    addresses: (body: body) => string[],
  ): Promise<{ project: Project; body: body } | Response> {
    if (c.req.header('Origin') !== ownOrigin(c)) return notOwnPage(c)
    const projectId = c.req.param('id') ?? ''
    if (!isProjectId(projectId)) return unknownProject(c)
    const limited = await spendClientAndProject(c, rateLimiter, { projectId, trustProxy })
    if (limited) return limited
    const checked = await checkedJsonBody(c, schema)
    if (checked instanceof Response) return checked
    const { body } = checked
    const perAddress = await spendAddresses(c, projectId, addresses(body))
    if (perAddress) return perAddress
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

  /** The live session a frame's POST comes with, for its project and site; or the refusal. */
  async function sessionOf(
    c: Context,
    projectId: string,
    hostOrigin: string,
  ): Promise<EmailSessionRecord | Response> {
    const token = emailSessionToken(c, projectId)
    if (!token)
      return apiError(c, 401, 'emailSessionInvalid', 'No email session: sign in by email first.')
    try {
      return await findEmailSession(storage.db, token, { projectId, hostOrigin }, now())
    } catch (error) {
      return refusal(c, error)
    }
  }

  const limit = jsonBodyLimit(maxBodyBytes)
  // Codes and sessions are never cached.
  app.use('/v1/projects/:id/email/*', noStore)

  app.post('/v1/projects/:id/email/codes', limit, async (c) => {
    const request = await frameRequest(c, emailCodeRequestSchema, (body) => [body.email])
    if (request instanceof Response) return request
    try {
      return c.json(await sendEmailCode(context, request.project, request.body), 201)
    } catch (error) {
      return refusal(c, error)
    }
  })

  app.post('/v1/projects/:id/email/sessions', limit, async (c) => {
    // A sign-in mails nothing, and guesses are bounded by the code's 5 tries: the address's
    // budget is for codes, so a visitor can make their 5 tries in a minute.
    const request = await frameRequest(c, emailSignInRequestSchema, () => [])
    if (request instanceof Response) return request
    try {
      const { token, session } = await signInWithEmailCode(context, request.project, request.body)
      setEmailSessionCookie(c, request.project.id, token)
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
    clearEmailSessionCookie(c, request.projectId)
    if (!(await revokeEmailSession(storage.db, request.token, now())))
      return apiError(c, 401, 'emailSessionInvalid', 'No email session: signed out or expired.')
    return c.body(null, 204)
  })

  app.post('/v1/projects/:id/email/change', limit, async (c) => {
    const request = await frameRequest(c, emailChangeRequestSchema, () => [])
    if (request instanceof Response) return request
    const { project, body } = request
    const session = await sessionOf(c, project.id, body.hostOrigin)
    if (session instanceof Response) return session
    // Both addresses get a mail.
    const perAddress = await spendAddresses(c, project.id, [session.email, body.newEmail])
    if (perAddress) return perAddress
    try {
      return c.json(await requestEmailChange(context, project, session, body), 202)
    } catch (error) {
      return refusal(c, error)
    }
  })

  app.post('/v1/projects/:id/email/change/confirm', limit, async (c) => {
    const request = await frameRequest(c, emailChangeConfirmSchema, () => [])
    if (request instanceof Response) return request
    const { project, body } = request
    const session = await sessionOf(c, project.id, body.hostOrigin)
    if (session instanceof Response) return session
    try {
      return c.json(await confirmEmailChange(context, project, session, body), 202)
    } catch (error) {
      return refusal(c, error)
    }
  })
  return app
}
