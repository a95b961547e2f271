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
 * Origin on a POST), for a host origin its project allows. The session routes are for whoever
 * holds the token: the frame, and the site's backend, which verifies a visitor's session there
 * (or offline, from the session's message and signature).
 */
import {
  isProjectId,
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
import type * as z from 'zod/mini'
import { getProject, type Project } from '../services/projects'
import type { SiwxRateLimiter } from '../services/rateLimit'
import {
  issueNonce,
  readSession,
  revokeSession,
  type SiwxContext,
  signIn,
} from '../services/siwx/sessions'
import type { Storage } from '../storage/storage'
import { apiError, checkedJsonBody } from './apiError'
import { spendClientAndProject } from './clientBudgets'
import { jsonBodyLimit, noStore } from './middleware'

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

  /** The project and the checked body of a frame's POST, or the answer refusing it. */
  async function frameRequest<body extends { hostOrigin: string }>(
    c: Context,
    schema: z.ZodMiniType<body>,
  ): Promise<{ project: Project; body: body } | Response> {
    const ownOrigin = publicOrigin ?? new URL(c.req.url).origin
    if (c.req.header('Origin') !== ownOrigin)
      return apiError(c, 403, 'crossOriginRequest', 'Only the Airlock modal signs in visitors')
    const projectId = c.req.param('id') ?? ''
    if (!isProjectId(projectId)) return apiError(c, 404, 'invalidProjectId', 'Invalid Project ID')
    // Each nonce is a row: a client, and all of a project's, spend from budgets.
    const limited = await spendClientAndProject(c, rateLimiter, { projectId, trustProxy })
    if (limited) return limited
    const checked = await checkedJsonBody(c, schema)
    if (checked instanceof Response) return checked
    const { body } = checked
    const project = await getProject(storage.db, projectId)
    if (project === undefined) return apiError(c, 404, 'invalidProjectId', 'Invalid Project ID')
    if (!project.allowedOrigins.includes(body.hostOrigin))
      return apiError(c, 403, 'invalidAppConfiguration', 'Invalid App Configuration')
    return { project, body }
  }

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

  app.post('/v1/projects/:id/siwx/nonces', limit, async (c) => {
    const request = await frameRequest(c, siwxNonceRequestSchema)
    if (request instanceof Response) return request
    try {
      return c.json(await issueNonce(context, request.project, request.body.hostOrigin), 201)
    } catch (error) {
      return refusal(c, error)
    }
  })

  app.post('/v1/projects/:id/siwx/sessions', limit, async (c) => {
    const request = await frameRequest(c, siwxSignInRequestSchema)
    if (request instanceof Response) return request
    try {
      return c.json(await signIn(context, request.project, request.body), 201)
    } catch (error) {
      return refusal(c, error)
    }
  })

  // A site's page may read its visitor's session with the token it was given: no cookies.
  app.use(
    '/v1/siwx/session',
    cors({ origin: '*', allowMethods: ['GET', 'DELETE'], allowHeaders: ['Authorization'] }),
  )
  app.get('/v1/siwx/session', async (c) => {
    const token = bearer(c)
    if (!token) return noToken(c)
    try {
      return c.json(await readSession(context, token))
    } catch (error) {
      return refusal(c, error)
    }
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
