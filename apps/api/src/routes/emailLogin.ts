/**
 * Email login (spec §1): `POST /v1/projects/:id/email/codes` mails a one-time code,
 * `POST /v1/projects/:id/email/sessions` turns the code into a session (a wrong code is answered
 * 200 with the tries left, not as an error), and
 * `GET`/`DELETE /v1/projects/:id/email/session?hostOrigin=…` read and end it;
 * `POST /v1/projects/:id/email/change` mails codes to the session's address and a new one, and
 * `POST …/email/change/confirm` with both moves the account to the new address (wrong codes are
 * answered 200, saying which). Only the modal's
 * own pages may ask (the Origin header is this API's; no CORS is answered, so no host page can
 * read an answer), and only for a site the project allows. The session is an HttpOnly, Secure,
 * `Partitioned` cookie of the modal's origin, one per project: no host script can read it, and
 * another top-level site's frame does not get it.
 */
import {
  emailChangeConfirmSchema,
  emailChangeRequestSchema,
  emailCodeRequestSchema,
  emailSignInRequestSchema,
} from '@airlock/protocol'
import { type Context, type Env, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import {
  assertEmailOn,
  checkCodeRequest,
  checkSignInRequest,
  emailCodeKey,
  sendEmailCode,
  signInWithEmailCode,
} from '../services/email/codes'
import {
  checkChangeRequest,
  confirmEmailChange,
  type EmailChangeContext,
  requestEmailChange,
} from '../services/email/emailChange'
import { EmailLoginError, type EmailLoginErrorCode } from '../services/email/emailLoginError'
import { MailBudgetSpent } from '../services/email/mailBudget'
import type { Mailer } from '../services/email/mailer'
import {
  type EmailSessionRecord,
  readEmailSession,
  revokeEmailSession,
} from '../services/email/sessions'
import { EmbeddedWalletError } from '../services/embeddedWallets/embeddedWalletError'
import { embeddedWalletSealKey } from '../services/embeddedWallets/seal'
import type { Project } from '../services/projects'
import { type EmailLoginRateLimiter, retryAfterSeconds } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { apiError } from './apiError'
import { rateLimitedAnswer } from './clientBudgets'
import {
  clearEmailSessionCookie,
  emailSession,
  emailSessionToken,
  noEmailSession,
  setEmailSessionCookie,
} from './emailSession'
import { fromModal, projectIdParam } from './frameAdmission'
import { frameRequests } from './frameRequest'
import { jsonBodyLimit, noStore } from './middleware'
import { checkedBody, routeCheck } from './validators'

export type EmailLoginRoutesOptions = {
  storage: Storage
  /** Where codes are mailed from; undefined: no `SMTP_URL`, and codes are refused. */
  mailer: Mailer | undefined
  /**
   * `AIRLOCK_SERVER_KEY`: codes are kept as HMACs under a key derived from it, and an email change
   * seals the embedded wallet again under another.
   */
  serverKey: Uint8Array
  /** Codes and sign-ins a minute, per client and per project. */
  rateLimiter: EmailLoginRateLimiter
  /**
   * Codes mailed to one address a minute, per project (`AIRLOCK_EMAIL_LOGIN_PER_EMAIL_PER_MINUTE`),
   * counted in the database once a request is found good, and only for mails sent.
   */
  mailsPerAddressPerMinute: number
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
  emailAddressLocked: 429,
  emailSessionInvalid: 401,
  emailChangeTaken: 409,
}

/** An address, a 6-digit code and a site's origin: a few hundred bytes. */
const maxBodyBytes = 2048

const doing = 'signs visitors in by email'

const refusal = (c: Context, error: unknown) => {
  // An email change seals the wallet again: a seal that does not open is `embeddedWalletCorrupt`.
  if (error instanceof EmbeddedWalletError)
    return apiError(
      c,
      error.code === 'embeddedWalletProofInvalid' ? 401 : 500,
      error.code,
      error.message,
    )
  if (error instanceof MailBudgetSpent) return rateLimitedAnswer(c, error.retryAfterMs)
  if (!(error instanceof EmailLoginError)) throw error
  if (error.retryAfterMs !== undefined)
    c.header('Retry-After', String(retryAfterSeconds(error.retryAfterMs)))
  return apiError(
    c,
    statusOf[error.code],
    error.code,
    error.message,
    error.triesLeft === undefined ? {} : { triesLeft: error.triesLeft },
  )
}

/** `work`'s answer with `status`, or the refusal of the email login it threw. */
async function answered(c: Context, status: 200 | 201 | 202, work: () => Promise<unknown>) {
  try {
    return c.json(await work(), status)
  } catch (error) {
    return refusal(c, error)
  }
}

/**
 * Answers the refusal `check` throws; else goes on. The checks a request needs no database for,
 * run before the project's budget is spent, so a request refused by them spends nothing.
 */
const checked = <env extends Env>(check: (c: Context<env>) => unknown) => routeCheck(check, refusal)

type Admitted = { Variables: { project: Project } }
type WithSession = { Variables: { project: Project; session: EmailSessionRecord } }

export function emailLoginRoutes(options: EmailLoginRoutesOptions): Hono {
  const { storage, mailer, serverKey, mailsPerAddressPerMinute, publicOrigin, now } = options
  const app = new Hono()
  // Each address's budget of mails is spent by the services, once a request is found good
  // (project, site, address, lock) and only for mails sent (services/email/mailBudget.ts).
  const context: EmailChangeContext = {
    db: storage.db,
    mailer,
    codeKey: emailCodeKey(serverKey),
    sealKey: embeddedWalletSealKey(serverKey),
    mailsPerAddressPerMinute,
    now,
  }
  // The client's budget first, the project's once a request passed its own checks too.
  const { frameRequest, projectBudget } = frameRequests(options)
  const admitted = { doing, spend: 'client' } as const

  /** The session the frame's POST comes with, for its project and the site its body names. */
  const postSession = emailSession(
    { storage, now },
    (c) => checkedBody<{ hostOrigin: string }>(c).hostOrigin,
  )

  /** The session token of a request about the session; else 401 `emailSessionInvalid`. */
  const sessionToken = createMiddleware<{ Variables: { token: string } }>(async (c, next) => {
    const token = emailSessionToken(c, c.req.param('id') ?? '')
    if (!token) return noEmailSession(c)
    c.set('token', token)
    await next()
  })
  const sessionScope = (c: Context) => ({
    projectId: c.req.param('id') ?? '',
    hostOrigin: c.req.query('hostOrigin') ?? '',
  })

  const limit = jsonBodyLimit(maxBodyBytes)
  // Codes and sessions are never cached.
  app.use('/v1/projects/:id/email/*', noStore)

  app.post(
    '/v1/projects/:id/email/codes',
    limit,
    frameRequest(emailCodeRequestSchema, admitted),
    checked<Admitted>((c) =>
      checkCodeRequest(c.var.project, mailer, checkedBody<{ email: string }>(c)),
    ),
    projectBudget,
    (c) => answered(c, 201, () => sendEmailCode(context, c.var.project, c.req.valid('json'))),
  )

  // A sign-in mails nothing, and guesses are bounded by the code's 5 tries and the address's count
  // across its codes (services/email/addressLocks.ts): the address's budget is for mails.
  app.post(
    '/v1/projects/:id/email/sessions',
    limit,
    frameRequest(emailSignInRequestSchema, admitted),
    checked<Admitted>((c) => checkSignInRequest(c.var.project, checkedBody<{ email: string }>(c))),
    projectBudget,
    async (c) => {
      const { project } = c.var
      try {
        const signIn = await signInWithEmailCode(context, project, c.req.valid('json'))
        // A wrong code is answered 200 (`emailCodeRejectedSchema`): the modal says the tries
        // left, and the visitor's console logs no error for a typo.
        if (!signIn.verified) return c.json(signIn, 200)
        setEmailSessionCookie(c, project.id, signIn.token)
        return c.json(signIn.session, 201)
      } catch (error) {
        return refusal(c, error)
      }
    },
  )

  app.get('/v1/projects/:id/email/session', projectIdParam, sessionToken, (c) =>
    answered(c, 200, () => readEmailSession(storage.db, c.var.token, sessionScope(c), now())),
  )

  app.delete(
    '/v1/projects/:id/email/session',
    fromModal(publicOrigin, doing, { sameOriginGet: false }),
    projectIdParam,
    sessionToken,
    async (c) => {
      clearEmailSessionCookie(c, sessionScope(c).projectId)
      if (!(await revokeEmailSession(storage.db, c.var.token, now())))
        return noEmailSession(c, 'No email session: signed out or expired.')
      return c.body(null, 204)
    },
  )

  app.post(
    '/v1/projects/:id/email/change',
    limit,
    frameRequest(emailChangeRequestSchema, admitted),
    postSession,
    checked<WithSession>((c) =>
      checkChangeRequest(
        c.var.project,
        c.var.session,
        mailer,
        checkedBody<{ newEmail: string }>(c),
      ),
    ),
    projectBudget,
    (c) =>
      answered(c, 202, () =>
        requestEmailChange(context, c.var.project, c.var.session, c.req.valid('json')),
      ),
  )

  app.post(
    '/v1/projects/:id/email/change/confirm',
    limit,
    frameRequest(emailChangeConfirmSchema, admitted),
    postSession,
    checked<Admitted>((c) => assertEmailOn(c.var.project)),
    projectBudget,
    async (c) => {
      try {
        const answer = await confirmEmailChange(
          context,
          c.var.project,
          c.var.session,
          c.req.valid('json'),
        )
        // Wrong codes are answered 200 (`emailChangeRejectedSchema`), as a sign-in's are.
        return c.json(answer, answer.status === 'confirmed' ? 202 : 200)
      } catch (error) {
        return refusal(c, error)
      }
    },
  )
  return app
}
