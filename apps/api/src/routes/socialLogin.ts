/**
 * Social login (spec §1, issue 19): `POST /v1/projects/:id/social/:provider/authorizations` gives
 * the frame the provider's authorization URL to open in a popup; the provider sends the visitor
 * back to `GET /v1/social/callback` (`POST` for Apple's form_post), whose page posts a one-time
 * grant — or the error — to the popup's opener on this API's origin only; and
 * `POST /v1/projects/:id/social/sessions` turns the grant into the same session an email code
 * starts (its cookie, its embedded wallet), keyed by the social account's login. The frame's
 * requests come only from the modal's own pages (their Origin is this API's; no CORS is
 * answered), for a site the project allows, within the email login's client and project budgets.
 */
import {
  type OAuthSocialProvider,
  oauthSocialProviders,
  socialAuthorizationRequestSchema,
  socialProviderNames,
  socialSignInRequestSchema,
} from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Project } from '../services/projects'
import type { EmailLoginRateLimiter } from '../services/rateLimit'
import { createSocialAuthorization, socialStatePattern } from '../services/social/authorizations'
import { type SocialCallbackOutcome, socialCallbackPage } from '../services/social/callbackPage'
import { startSocialSession } from '../services/social/grants'
import type { SocialProviderSetup } from '../services/social/providers'
import { completeSocialSignIn } from '../services/social/socialCallback'
import { createSocialClient, type SocialClient } from '../services/social/socialClient'
import { socialEnvName } from '../services/social/socialConfig'
import { SocialLoginError, type SocialLoginErrorCode } from '../services/social/socialLoginError'
import type { Storage } from '../storage/storage'
import { apiError } from './apiError'
import { setEmailSessionCookie } from './emailSession'
import { ownOrigin } from './frameAdmission'
import { frameRequests } from './frameRequest'
import { jsonBodyLimit, noStore } from './middleware'

export type SocialLoginRoutesOptions = {
  storage: Storage
  /** The providers this API has a client for (`socialProviderSetups`); the others are refused. */
  providers: readonly SocialProviderSetup[]
  /** The email login's budgets: the client's and the project's are spent here too. */
  rateLimiter: EmailLoginRateLimiter
  /** Reverse proxies in front of the API, for the client's address (`clientAddress`). */
  trustProxy: number
  /**
   * The public origin of this API, when a proxy makes it differ from the request URL: the
   * callback's redirect URI is on it, and its page posts to it.
   */
  publicOrigin: string | undefined
  now: () => number
}

/** The status of each social login refusal, Farcaster's too. */
const statusOf: Record<SocialLoginErrorCode, ContentfulStatusCode> = {
  socialNotEnabled: 403,
  socialProviderUnavailable: 502,
  socialStateInvalid: 400,
  socialProviderError: 400,
  socialCodeInvalid: 401,
  socialIdentityTaken: 409,
  socialGrantInvalid: 401,
}

/** A site's origin and a grant: a few hundred bytes. */
const maxBodyBytes = 2048
/** Apple's form_post: the code, the state and, the first time, the visitor's name. */
const maxCallbackBodyBytes = 16 * 1024
/** The longest provider error description shown. */

/** The callback's path: every provider's redirect URI is `<public origin>` and this. */
export const socialCallbackPath = '/v1/social/callback'

/** A social login's refusal as its answer; anything else is not one and is thrown on. */
export function socialLoginRefusal(c: Context, error: unknown): Response {
  if (!(error instanceof SocialLoginError)) throw error
  return apiError(c, statusOf[error.code], error.code, error.message)
}

const isOAuthSocialProvider = (name: string): name is OAuthSocialProvider =>
  (oauthSocialProviders as readonly string[]).includes(name)

/** A provider's error words as shown: one line, no control characters, at most 300 characters. */
/**
 * The client of `name` when the project offers it and this API has one.
 * @throws SocialLoginError `socialNotEnabled`
 */
function clientFor(
  clients: ReadonlyMap<OAuthSocialProvider, SocialClient>,
  project: Project,
  name: string,
): SocialClient {
  const notEnabled = (message: string) => new SocialLoginError('socialNotEnabled', message)
  if (!isOAuthSocialProvider(name))
    throw notEnabled(
      `There is no social login called ${JSON.stringify(name.slice(0, 40))}: it is one of ${oauthSocialProviders.join(', ')}.`,
    )
  const label = socialProviderNames[name]
  if (!project.features.socials.includes(name))
    throw notEnabled(`${label} login is off for project "${project.id}".`)
  const client = clients.get(name)
  if (client === undefined)
    throw notEnabled(
      `This Airlock API has no ${label} app to sign in with (${socialEnvName(name, 'CLIENT_ID')}).`,
    )
  return client
}

export function socialLoginRoutes(options: SocialLoginRoutesOptions): Hono {
  const { storage, providers, publicOrigin, now } = options
  const app = new Hono()
  const clients = new Map<OAuthSocialProvider, SocialClient>(
    providers.map((setup) => [setup.provider, createSocialClient(setup)]),
  )
  const { frameRequest, currentLogin } = frameRequests(options)

  /** The popup's page: `outcome` posted to this API's origin. */
  function callbackAnswer(
    c: Context,
    outcome: SocialCallbackOutcome,
    status: ContentfulStatusCode,
  ) {
    const { html, csp } = socialCallbackPage(outcome, ownOrigin(c, publicOrigin))
    return c.html(html, status, {
      'Content-Security-Policy': csp,
      // The URL holds the code: no page it leads to learns it.
      'Referrer-Policy': 'no-referrer',
    })
  }

  /**
   * The callback, GET or POST alike: answers the page with the sign-in's grant, or with the
   * error, naming the state when it is of a state's form.
   */
  async function callback(c: Context, parameters: URLSearchParams) {
    const state = parameters.get('state') ?? undefined
    const echoed = state !== undefined && socialStatePattern.test(state) ? state : undefined
    try {
      const callbackUrl = `${ownOrigin(c, publicOrigin)}${socialCallbackPath}`
      const signedIn = await completeSocialSignIn(
        { db: storage.db, clients },
        parameters,
        callbackUrl,
        now(),
      )
      return callbackAnswer(c, signedIn, 200)
    } catch (error) {
      if (!(error instanceof SocialLoginError)) throw error
      const outcome = {
        ...(echoed !== undefined && { state: echoed }),
        error: { code: error.code, message: error.message },
      }
      return callbackAnswer(c, outcome, statusOf[error.code])
    }
  }

  const limit = jsonBodyLimit(maxBodyBytes)
  // Authorizations, grants and sessions are never cached, nor is the callback's page.
  app.use('/v1/projects/:id/social/*', noStore)
  app.use(socialCallbackPath, noStore)

  app.post(
    '/v1/projects/:id/social/:provider/authorizations',
    limit,
    frameRequest(socialAuthorizationRequestSchema),
    async (c) => {
      const { project } = c.var
      const { hostOrigin } = c.req.valid('json')
      try {
        const client = clientFor(clients, project, c.req.param('provider'))
        const url = await createSocialAuthorization(
          storage.db,
          client,
          {
            projectId: project.id,
            hostOrigin,
            linkLogin: await currentLogin(c, project.id, hostOrigin),
            redirectUri: `${ownOrigin(c, publicOrigin)}${socialCallbackPath}`,
          },
          now(),
        )
        return c.json({ url }, 201)
      } catch (error) {
        return socialLoginRefusal(c, error)
      }
    },
  )

  app.get(socialCallbackPath, (c) => callback(c, new URL(c.req.url).searchParams))

  app.post(socialCallbackPath, jsonBodyLimit(maxCallbackBodyBytes), async (c) => {
    const form = await c.req.parseBody().catch(() => ({}))
    const parameters = new URLSearchParams()
    for (const [key, value] of Object.entries(form))
      if (typeof value === 'string') parameters.append(key, value)
    return callback(c, parameters)
  })

  app.post(
    '/v1/projects/:id/social/sessions',
    limit,
    frameRequest(socialSignInRequestSchema),
    async (c) => {
      const { project } = c.var
      const { grant, hostOrigin } = c.req.valid('json')
      try {
        const { token, session } = await startSocialSession(
          storage.db,
          grant,
          { projectId: project.id, hostOrigin },
          now(),
        )
        setEmailSessionCookie(c, project.id, token)
        return c.json(session, 201)
      } catch (error) {
        return socialLoginRefusal(c, error)
      }
    },
  )
  return app
}
