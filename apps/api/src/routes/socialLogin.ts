/**
 * Social login (spec §1, issue 19): `POST /v1/projects/:id/social/:provider/authorizations` gives
 * the frame the URL to open in its popup and a secret to keep; that URL, `GET /v1/social/start`,
 * sets the sign-in's state cookie in the popup's browser (HttpOnly, Secure, SameSite=Lax, 10
 * minutes) and redirects to the provider; the provider sends the visitor back to
 * `GET /v1/social/callback` (`POST` for Apple's form_post), which takes the sign-in only with that
 * cookie and whose page posts a one-time grant — or the error — to the popup's opener on this
 * API's origin only; and `POST /v1/projects/:id/social/sessions` redeems the grant, with the
 * secret, for the frame whose email session is the one that asked: it signs in (the same session
 * an email code starts: its cookie, its embedded wallet), or links the social account to the
 * frame's account once the visitor said yes (issue 33). The frame's requests come only from the
 * modal's own pages (their Origin is this API's; no CORS is answered), for a site the project
 * allows, within the email login's client and project budgets (an authorization for a provider
 * the project or this API does not offer spends nothing of the project's).
 */
import {
  type OAuthSocialProvider,
  oauthSocialProviders,
  socialAuthorizationRequestSchema,
  socialAuthorizationTtlMs,
  socialProviderNames,
  socialSignInRequestSchema,
  socialStartPath,
} from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Project } from '../services/projects'
import type { EmailLoginRateLimiter } from '../services/rateLimit'
import {
  browserKeyPattern,
  createSocialAuthorization,
  socialStatePattern,
  startSocialAuthorization,
} from '../services/social/authorizations'
import {
  formPostAgainPage,
  resubmittedField,
  type SocialCallbackOutcome,
  socialCallbackPage,
} from '../services/social/callbackPage'
import { redeemSocialGrant } from '../services/social/grants'
import type { SocialProviderSetup } from '../services/social/providers'
import { completeSocialSignIn } from '../services/social/socialCallback'
import { createSocialClient, type SocialClient } from '../services/social/socialClient'
import { socialEnvName } from '../services/social/socialConfig'
import { SocialLoginError, type SocialLoginErrorCode } from '../services/social/socialLoginError'
import type { SocialSignInOutcome } from '../services/social/socialSignIn'
import type { Storage } from '../storage/storage'
import { apiError } from './apiError'
import { setEmailSessionCookie } from './emailSession'
import { ownOrigin } from './frameAdmission'
import { frameRequests } from './frameRequest'
import { jsonBodyLimit, noStore } from './middleware'
import { routeCheck } from './validators'

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
  socialBrowserMismatch: 403,
  socialFrameMismatch: 403,
  socialSessionMismatch: 409,
  socialIdentityPrimary: 409,
  socialIdentityNotFound: 404,
}

/** A site's origin and a grant: a few hundred bytes. */
const maxBodyBytes = 2048
/** Apple's form_post: the code, the state and, the first time, the visitor's name. */
const maxCallbackBodyBytes = 16 * 1024

/** The callback's path: every provider's redirect URI is `<public origin>` and this. */
export const socialCallbackPath = '/v1/social/callback'

/**
 * The state cookie of the sign-in `state`, set in the popup's browser by its start: `__Host-`
 * (Secure, this origin only, Path=/). One per sign-in, so two under way do not clash.
 */
export const socialStateCookie = (state: string) => `__Host-airlock-social-${state}`

/** A social login's refusal as its answer; anything else is not one and is thrown on. */
export function socialLoginRefusal(c: Context, error: unknown): Response {
  if (!(error instanceof SocialLoginError)) throw error
  return apiError(c, statusOf[error.code], error.code, error.message)
}

const isOAuthSocialProvider = (name: string): name is OAuthSocialProvider =>
  (oauthSocialProviders as readonly string[]).includes(name)

/**
 * A redeemed sign-in's answer: the question of a link (200), or the session (201) — a new one
 * with its cookie, or the frame's own.
 */
export function socialSignInAnswer(
  c: Context,
  projectId: string,
  outcome: SocialSignInOutcome,
): Response {
  if ('confirmLink' in outcome) return c.json({ confirmLink: outcome.confirmLink }, 200)
  if (outcome.token !== undefined) setEmailSessionCookie(c, projectId, outcome.token)
  return c.json(outcome.session, 201)
}

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
  const { frameRequest, currentSession, projectBudget } = frameRequests(options)
  /** The provider's client, refused before the project's budget is spent when it is not offered. */
  const providerOffered = routeCheck<{ Variables: { project: Project } }>(
    (c) => clientFor(clients, c.var.project, c.req.param('provider') ?? ''),
    socialLoginRefusal,
  )

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

  /** The state of `parameters` when it is of a state's form: echoed, and naming its cookie. */
  const stateOf = (parameters: URLSearchParams) => {
    const state = parameters.get('state') ?? undefined
    return state !== undefined && socialStatePattern.test(state) ? state : undefined
  }

  /** The state cookie of `state` the request carries, when it is of its form. */
  const browserKeyOf = (c: Context, state: string | undefined) => {
    const key = state === undefined ? undefined : getCookie(c, socialStateCookie(state))
    return key !== undefined && browserKeyPattern.test(key) ? key : undefined
  }

  /** A refusal in the popup, naming the state when it is of a state's form. */
  function refusedInPopup(c: Context, error: unknown, state: string | undefined) {
    if (!(error instanceof SocialLoginError)) throw error
    const outcome = {
      ...(state !== undefined && { state }),
      error: { code: error.code, message: error.message },
    }
    return callbackAnswer(c, outcome, statusOf[error.code])
  }

  /**
   * The callback, GET or POST alike: answers the page with the sign-in's grant, or with the
   * error, naming the state when it is of a state's form. The state cookie is spent with it.
   */
  async function callback(c: Context, parameters: URLSearchParams) {
    const echoed = stateOf(parameters)
    const browserKey = browserKeyOf(c, echoed)
    if (echoed !== undefined && browserKey !== undefined)
      deleteCookie(c, socialStateCookie(echoed), { path: '/', secure: true })
    try {
      const callbackUrl = `${ownOrigin(c, publicOrigin)}${socialCallbackPath}`
      const signedIn = await completeSocialSignIn(
        { db: storage.db, clients },
        parameters,
        browserKey,
        callbackUrl,
        now(),
      )
      return callbackAnswer(c, signedIn, 200)
    } catch (error) {
      return refusedInPopup(c, error, echoed)
    }
  }

  const limit = jsonBodyLimit(maxBodyBytes)
  // Authorizations, grants and sessions are never cached, nor are the start and callback pages.
  app.use('/v1/projects/:id/social/*', noStore)
  app.use(socialStartPath, noStore)
  app.use(socialCallbackPath, noStore)

  app.post(
    '/v1/projects/:id/social/:provider/authorizations',
    limit,
    frameRequest(socialAuthorizationRequestSchema, { spend: 'client' }),
    providerOffered,
    projectBudget,
    async (c) => {
      const { project } = c.var
      const { hostOrigin } = c.req.valid('json')
      try {
        const client = clientFor(clients, project, c.req.param('provider'))
        const own = ownOrigin(c, publicOrigin)
        const session = await currentSession(c, project.id, hostOrigin)
        const { state, secret } = await createSocialAuthorization(
          storage.db,
          client,
          {
            projectId: project.id,
            hostOrigin,
            sessionId: session?.id ?? null,
            redirectUri: `${own}${socialCallbackPath}`,
          },
          now(),
        )
        return c.json({ url: `${own}${socialStartPath}?state=${state}`, secret }, 201)
      } catch (error) {
        return socialLoginRefusal(c, error)
      }
    },
  )

  // The popup's first page: the state cookie in this browser, then the provider. Its refusal is
  // the callback's page, so the frame hears of it.
  app.get(socialStartPath, async (c) => {
    const state = c.req.query('state')
    try {
      const { providerUrl, browserKey } = await startSocialAuthorization(storage.db, state, now())
      setCookie(c, socialStateCookie(state ?? ''), browserKey, {
        path: '/',
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: socialAuthorizationTtlMs / 1000,
      })
      c.header('Referrer-Policy', 'no-referrer')
      return c.redirect(providerUrl, 302)
    } catch (error) {
      return refusedInPopup(
        c,
        error,
        state !== undefined && socialStatePattern.test(state) ? state : undefined,
      )
    }
  })

  app.get(socialCallbackPath, (c) => callback(c, new URL(c.req.url).searchParams))

  app.post(socialCallbackPath, jsonBodyLimit(maxCallbackBodyBytes), async (c) => {
    const form = await c.req.parseBody().catch(() => ({}))
    const parameters = new URLSearchParams()
    for (const [key, value] of Object.entries(form))
      if (typeof value === 'string') parameters.append(key, value)
    const resubmitted = parameters.has(resubmittedField)
    parameters.delete(resubmittedField)
    // A provider's cross-site form_post carries no SameSite=Lax cookie: this origin posts it
    // again, once, and the browser sends the state cookie with that.
    const echoed = stateOf(parameters)
    if (!resubmitted && echoed !== undefined && browserKeyOf(c, echoed) === undefined) {
      const { html, csp } = formPostAgainPage(parameters, socialCallbackPath)
      return c.html(html, 200, { 'Content-Security-Policy': csp, 'Referrer-Policy': 'no-referrer' })
    }
    return callback(c, parameters)
  })

  app.post(
    '/v1/projects/:id/social/sessions',
    limit,
    frameRequest(socialSignInRequestSchema),
    async (c) => {
      const { project } = c.var
      const { grant, hostOrigin, secret, link } = c.req.valid('json')
      try {
        const session = await currentSession(c, project.id, hostOrigin)
        const outcome = await redeemSocialGrant(
          storage.db,
          grant,
          { projectId: project.id, hostOrigin },
          { secret, session },
          { link: link === true },
          now(),
        )
        return socialSignInAnswer(c, project.id, outcome)
      } catch (error) {
        return socialLoginRefusal(c, error)
      }
    },
  )
  return app
}
