/**
 * The admission of a request from the modal's own pages, as Hono middleware: from the modal's
 * own pages (no CORS is answered, so no other page may ask), a project id, the frame's credential
 * where the route takes one (the relays: `frameCredential.ts`; an Origin alone is not enough), the
 * route's service configured at all, the client's budget, the project, a site it allows, the
 * project's switch of the feature, the route's own checks (its body's or query's validator), and
 * then the project's budget: a request refused on the way spends nothing of what the project's
 * visitors share. A handler after it reads `c.var.project` and `c.var.service`; a refused request
 * never reaches it. The bundler relay, names, buying crypto and swaps name their site in
 * `?hostOrigin=`; the sign-ins in their body (frameRequest.ts).
 */
import { type ApiErrorCode, isProjectId, type ProjectFeatures } from '@airlock/protocol'
import type { Context, Input, MiddlewareHandler } from 'hono'
import { every } from 'hono/combine'
import { createMiddleware } from 'hono/factory'
import type { BlankInput } from 'hono/types'
import { getProject, type Project } from '../services/projects'
import type { RateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { apiError } from './apiError'
import { clientBudget, projectBudget } from './clientBudgets'
import {
  type FrameCredential,
  type FrameCredentialOptions,
  frameCredential,
} from './frameCredential'

export type FrameAdmissionOptions = {
  storage: Storage
  rateLimiter: RateLimiter<'client' | 'project'>
  trustProxy: number
  /** The public origin of this API, when a proxy makes it differ from the request URL. */
  publicOrigin: string | undefined
  /**
   * The frame credential every route of these options requires (the relays), checked before
   * any budget is spent; without it, the Origin and the site are the admission.
   */
  credential?: FrameCredentialOptions | undefined
}

/** What an admitted request carries on to its handler (its credential, where one is required). */
export type FrameAdmitted<service> = {
  Variables: { project: Project; service: service; frameCredential?: FrameCredential }
}

/** A project switch that is on or off (not the list of socials). */
type FeatureSwitch = {
  [name in keyof ProjectFeatures]: ProjectFeatures[name] extends boolean ? name : never
}[keyof ProjectFeatures]

export type FrameRoute<service> = {
  /** What only the modal does here, for the refusal of another page: 'swaps tokens'. */
  doing: string
  /** The route's service for this request; undefined when this API has none configured. */
  service: (c: Context) => service | undefined
  /** The refusal of a service that is not configured, answered as it is. */
  notConfigured?: (c: Context) => Response
  /** The project's switch the route needs, and its refusal (403) when off. */
  feature?: { name: FeatureSwitch; code: ApiErrorCode; message: string }
}

/** This API's origin as the modal's pages see it. */
export const ownOrigin = (c: Context, publicOrigin: string | undefined) =>
  publicOrigin ?? new URL(c.req.url).origin

/**
 * Whether the request comes from the modal's own pages: its Origin is this API's. A browser
 * sends no Origin on a same-origin GET; then its `Sec-Fetch-Site: same-origin` says so (another
 * page's GET carries its Origin, or `cross-site`).
 */
export function fromOwnPages(c: Context, own: string): boolean {
  const origin = c.req.header('Origin')
  if (origin !== undefined) return origin === own
  return c.req.method === 'GET' && c.req.header('Sec-Fetch-Site') === 'same-origin'
}

/**
 * Refuses 403 `crossOriginRequest` what does not come from the modal's own pages: an Origin of
 * this API's, or with `sameOriginGet` also a same-origin GET without one.
 */
export const fromModal = (
  publicOrigin: string | undefined,
  doing: string,
  { sameOriginGet }: { sameOriginGet: boolean },
) =>
  createMiddleware(async (c, next) => {
    const own = ownOrigin(c, publicOrigin)
    const admitted = sameOriginGet ? fromOwnPages(c, own) : c.req.header('Origin') === own
    if (!admitted) return apiError(c, 403, 'crossOriginRequest', `Only the Airlock modal ${doing}`)
    await next()
  })

const unknownProject = (c: Context) => apiError(c, 404, 'invalidProjectId', 'Invalid Project ID')

/** Refuses 404 `invalidProjectId` a `:id` that is not of a project id's form. */
export const projectIdParam = createMiddleware(async (c, next) => {
  if (!isProjectId(c.req.param('id') ?? '')) return unknownProject(c)
  await next()
})

/**
 * Sets `c.var.project`, the `:id` project, when it exists and allows the site `siteOf` reads;
 * else 404 `invalidProjectId` or 403 `invalidAppConfiguration`.
 */
export const allowedSite = (storage: Storage, siteOf: (c: Context) => string) =>
  createMiddleware<{ Variables: { project: Project } }>(async (c, next) => {
    const project = await getProject(storage.db, c.req.param('id') ?? '')
    if (project === undefined) return unknownProject(c)
    if (!project.allowedOrigins.includes(siteOf(c)))
      return apiError(c, 403, 'invalidAppConfiguration', 'Invalid App Configuration')
    c.set('project', project)
    await next()
  })

const routeService = <service>({ service, notConfigured }: FrameRoute<service>) =>
  createMiddleware<{ Variables: { service: service } }>(async (c, next) => {
    const ready = service(c)
    if (ready === undefined) {
      if (notConfigured === undefined) throw new Error('a route service without its refusal')
      return notConfigured(c)
    }
    c.set('service', ready)
    await next()
  })

const featureOn = (feature: FrameRoute<unknown>['feature']) =>
  createMiddleware<{ Variables: { project: Project } }>(async (c, next) => {
    if (feature && !c.var.project.features[feature.name])
      return apiError(c, 403, feature.code, feature.message)
    await next()
  })

/**
 * A route's admission: called with nothing, or with the route's validator (a `jsonBody` or
 * `queryOf`) and any checks of its own, it is the middleware that admits the request in the order
 * the checks are answered, the project's budget spent last.
 */
export type FrameAdmission<service> = <input extends Input = BlankInput>(
  // biome-ignore lint/suspicious/noExplicitAny: a validator of any Env; only its input is kept.
  validator?: MiddlewareHandler<any, string, input>,
  // biome-ignore lint/suspicious/noExplicitAny: checks that read what the admission set.
  ...checks: MiddlewareHandler<any>[]
) => MiddlewareHandler<FrameAdmitted<service>, string, input>

/**
 * The admission middleware of a route, in the order the checks are answered.
 *
 * @example
 * const admitted = frameAdmission(options)({ doing: 'swaps tokens', service: () => swaps })
 * app.get('/v1/projects/:id/swap/tokens', admitted(), (c) => c.json(c.var.service.served))
 * app.post('/v1/projects/:id/swap/quote', admitted(jsonBody(swapQuoteRequestSchema)), (c) =>
 *   c.json(c.req.valid('json')),
 * )
 */
export const frameAdmission =
  ({ storage, rateLimiter, trustProxy, publicOrigin, credential }: FrameAdmissionOptions) =>
  <service>(route: FrameRoute<service>): FrameAdmission<service> =>
  (validator, ...checks) =>
    every(
      fromModal(publicOrigin, route.doing, { sameOriginGet: true }),
      projectIdParam,
      ...(credential
        ? [frameCredential(credential, { doing: route.doing, siteOf: hostOriginQuery })]
        : []),
      routeService(route),
      clientBudget(rateLimiter, trustProxy),
      allowedSite(storage, hostOriginQuery),
      featureOn(route.feature),
      ...(validator ? [validator] : []),
      ...checks,
      projectBudget(rateLimiter),
    )

/** The site a relay request names, `?hostOrigin=`. */
const hostOriginQuery = (c: Context) => c.req.query('hostOrigin') ?? ''
