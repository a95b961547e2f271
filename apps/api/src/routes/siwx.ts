/**
 * Sign in with a wallet (SIWX; `services/siwx/sessions.ts` says what is checked):
 *
 *   POST   /v1/projects/:id/siwx/nonces    { hostOrigin }                → 201 { nonce, expiresAt }
 *   POST   /v1/projects/:id/siwx/sessions  { hostOrigin, address, chainId, message, signature }
 *                                                                         → 201 { token, session }
 *   GET    /v1/siwx/session                Authorization: Bearer <token> → { projectId, hostOrigin, session }
 *   DELETE /v1/siwx/session                Authorization: Bearer <token> → 204 (signed out)
 *
 * The first two are the frame's: only the modal's own origin sends them (browsers always send
 * Origin on a POST), for a host origin its project allows, each spending the client's budget and,
 * once it passed every check that asks no network (SIWX on; a sign-in's message, nonce and a
 * signature no contract wallet could make), the project's. The session routes are for whoever
 * holds the token: the frame, and the site's backend, which verifies a visitor's session there
 * (or offline, from the session's message and signature).
 */
import {
  type NetworkConfig,
  SiwxError,
  type SiwxErrorCode,
  siwxLimits,
  siwxNonceRequestSchema,
  siwxSignInRequestSchema,
} from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Project } from '../services/projects'
import type { SiwxRateLimiter } from '../services/rateLimit'
import {
  assertSiwxEnabled,
  checkSignIn,
  issueNonce,
  readSession,
  revokeSession,
  type SiwxContext,
  signIn,
} from '../services/siwx/sessions'
import type { Storage } from '../storage/storage'
import { apiError } from './apiError'
import { frameRequests } from './frameRequest'
import { jsonBodyLimit, noStore } from './middleware'
import { checkedBody, routeCheck } from './validators'

export type SiwxRoutesOptions = {
  storage: Storage
  networks: readonly NetworkConfig[]
  /** Nonces and sign-ins a minute, per client and per project. */
  rateLimiter: SiwxRateLimiter
  /** Reverse proxies in front of the API, for the client's address (`clientAddress`). */
  trustProxy: number
  /** The public origin of this API, when a proxy makes it differ from the request URL. */
  publicOrigin: string | undefined
  now: () => number
}

const statusOf: Record<SiwxErrorCode, ContentfulStatusCode> = {
  siwxNotEnabled: 403,
  siwxInvalidMessage: 400,
  siwxInvalidSignature: 400,
  siwxChainNotAllowed: 400,
  siwxSignatureMismatch: 401,
  siwxNonceInvalid: 401,
  siwxMessageExpired: 401,
  siwxMessageNotYetValid: 401,
  siwxDomainMismatch: 401,
  siwxUriMismatch: 401,
  siwxAddressMismatch: 401,
  siwxSessionInvalid: 401,
  siwxVerificationUnavailable: 503,
}

// A sign-in body is its message and signature, each bounded, and a few short fields.
const maxBodyBytes = siwxLimits.messageChars * 4 + siwxLimits.signatureChars + 2048

type Admitted = { Variables: { project: Project } }

export function siwxRoutes({
  storage,
  networks,
  rateLimiter,
  trustProxy,
  publicOrigin,
  now,
}: SiwxRoutesOptions): Hono {
  const app = new Hono()
  const context: SiwxContext = { db: storage.db, networks, now }

  // Each nonce is a row: a client, and all of a project's, spend from budgets; the project's once
  // the request passed its checks (`routeCheck`).
  const { frameRequest, projectBudget } = frameRequests({
    storage,
    rateLimiter,
    trustProxy,
    publicOrigin,
    now,
  })
  const doing = 'signs in visitors'
  const admitted = { doing, spend: 'client' } as const

  const limit = jsonBodyLimit(maxBodyBytes)
  const refusal = (c: Context, error: unknown) => {
    if (!(error instanceof SiwxError)) throw error
    return apiError(c, statusOf[error.code], error.code, error.message)
  }
  const bearer = (c: Context) =>
    /^Bearer ([A-Za-z0-9_-]{43})$/.exec(c.req.header('Authorization') ?? '')?.[1]
  const noToken = (c: Context) =>
    apiError(c, 401, 'siwxSessionInvalid', 'Send the session token: Authorization: Bearer <token>')

  // Nonces and sessions are never cached; the middleware is this router's paths' only.
  app.use('/v1/projects/:id/siwx/*', noStore)
  app.use('/v1/siwx/session', noStore)

  /** `work`'s answer with `status`, or the sign-in's refusal it threw. */
  async function answered(c: Context, status: 200 | 201, work: () => Promise<unknown>) {
    try {
      return c.json(await work(), status)
    } catch (error) {
      return refusal(c, error)
    }
  }

  app.post(
    '/v1/projects/:id/siwx/nonces',
    limit,
    frameRequest(siwxNonceRequestSchema, admitted),
    routeCheck<Admitted>((c) => assertSiwxEnabled(c.var.project), refusal),
    projectBudget,
    (c) =>
      answered(c, 201, () => issueNonce(context, c.var.project, c.req.valid('json').hostOrigin)),
  )

  app.post(
    '/v1/projects/:id/siwx/sessions',
    limit,
    frameRequest(siwxSignInRequestSchema, admitted),
    routeCheck<Admitted>(
      (c) => checkSignIn(context, c.var.project, checkedBody(c), { offline: true }),
      refusal,
    ),
    projectBudget,
    (c) => answered(c, 201, () => signIn(context, c.var.project, c.req.valid('json'))),
  )

  // A site's page may read its visitor's session with the token it was given: no cookies.
  app.use(
    '/v1/siwx/session',
    cors({ origin: '*', allowMethods: ['GET', 'DELETE'], allowHeaders: ['Authorization'] }),
  )
  app.get('/v1/siwx/session', async (c) => {
    const token = bearer(c)
    if (!token) return noToken(c)
    return answered(c, 200, () => readSession(context, token))
  })
  app.delete('/v1/siwx/session', async (c) => {
    const token = bearer(c)
    if (!token) return noToken(c)
    if (!(await revokeSession(context, token)))
      return apiError(
        c,
        401,
        'siwxSessionInvalid',
        'No session for this token: signed out or expired.',
      )
    return c.body(null, 204)
  })
  return app
}
