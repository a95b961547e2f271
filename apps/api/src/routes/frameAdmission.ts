/**
 * The admission of a request from the modal's own pages that names its site in `?hostOrigin=`
 * (the bundler relay, names, buying crypto, swaps), in order: from the modal's own pages (no
 * CORS is answered, so no other page may ask), a project id, the route's own precondition (the
 * service configured at all), the client's and the project's budgets, the project, and a site it
 * allows. Each route then checks its own feature switch on the project it gets back.
 */
import { isProjectId } from '@airlock/protocol'
import type { Context } from 'hono'
import { getProject, type Project } from '../services/projects'
import type { RateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { apiError } from './apiError'
import { spendClientAndProject } from './clientBudgets'

export type FrameAdmissionOptions = {
  storage: Storage
  rateLimiter: RateLimiter<'client' | 'project'>
  trustProxy: number
  /** The public origin of this API, when a proxy makes it differ from the request URL. */
  publicOrigin: string | undefined
  /** What only the modal does here, for the refusal of another page: 'swaps tokens'. */
  doing: string
}

/**
 * Whether the request comes from the modal's own pages: its Origin is this API's. A browser
 * sends no Origin on a same-origin GET; then its `Sec-Fetch-Site: same-origin` says so (another
 * page's GET carries its Origin, or `cross-site`).
 */
export function fromOwnPages(c: Context, ownOrigin: string): boolean {
  const origin = c.req.header('Origin')
  if (origin !== undefined) return origin === ownOrigin
  return c.req.method === 'GET' && c.req.header('Sec-Fetch-Site') === 'same-origin'
}

/**
 * The request's project and the route's service, or the refusal to answer. `service` runs after
 * the project id is read and before any budget is spent: it gives what the route works with, or
 * the refusal of a service that is not configured, answered as it is.
 */
export async function admitFrameRequest<service>(
  c: Context,
  { storage, rateLimiter, trustProxy, publicOrigin, doing }: FrameAdmissionOptions,
  service: () => service | Response,
): Promise<{ project: Project; service: service } | Response> {
  if (!fromOwnPages(c, publicOrigin ?? new URL(c.req.url).origin))
    return apiError(c, 403, 'crossOriginRequest', `Only the Airlock modal ${doing}`)
  const projectId = c.req.param('id') ?? ''
  if (!isProjectId(projectId)) return apiError(c, 404, 'invalidProjectId', 'Invalid Project ID')
  const ready = service()
  if (ready instanceof Response) return ready
  const limited = await spendClientAndProject(c, rateLimiter, { projectId, trustProxy })
  if (limited) return limited
  const project = await getProject(storage.db, projectId)
  if (project === undefined) return apiError(c, 404, 'invalidProjectId', 'Invalid Project ID')
  if (!project.allowedOrigins.includes(c.req.query('hostOrigin') ?? ''))
    return apiError(c, 403, 'invalidAppConfiguration', 'Invalid App Configuration')
  return { project, service: ready }
}
