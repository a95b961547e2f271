/**
 * Gives every request an id and a logger that carries it. The id is the client's `X-Request-Id`
 * when that is safe to echo and to log (1 to 64 letters, digits, `_`, `-` or `=`: what
 * `hono/request-id` accepts, capped), else a new UUID; the response's `X-Request-Id` says which,
 * so an operator can find a visitor's failed request in the logs. The logger
 * (`c.var.logger`) adds the id, the method and the path, never the query string or the body:
 * both can carry a visitor's address, and so can a path, so a route with parameters is logged as
 * its pattern (`/v1/accounts/:address/balances`). At `debug`, one line per request.
 * With `AIRLOCK_INSTANCE_ID` set, every answer also says which API process gave it
 * (`X-Airlock-Instance`): behind a load balancer, operators and tests see which replica served a
 * request. Unset, nothing is said: a host's name is not the visitors' business.
 */

import { randomUUID } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { type RequestIdVariables, requestId } from 'hono/request-id'
import { matchedRoutes } from 'hono/route'
import { ConfigError } from './configError'
import type { Environment } from './environment'
import type { Logger } from './logger'

export const requestIdHeader = 'X-Request-Id'
export const maxRequestIdChars = 64
export const instanceHeader = 'X-Airlock-Instance'

/** What `AIRLOCK_INSTANCE_ID` may hold: a header value safe to log, like a host name or pod name. */
const instanceIdPattern = /^[\w.:=-]{1,128}$/

/**
 * `AIRLOCK_INSTANCE_ID`, the name this process gives in {@link instanceHeader}; unset or empty,
 * undefined (no header).
 */
export function readInstanceId(env: Environment): string | undefined {
  const id = env.AIRLOCK_INSTANCE_ID
  if (id === undefined || id === '') return undefined
  if (!instanceIdPattern.test(id))
    throw new ConfigError(
      `AIRLOCK_INSTANCE_ID must be 1 to 128 letters, digits, '.', ':', '=', '_' or '-', got ${JSON.stringify(id)}.`,
    )
  return id
}

/** The incoming ids kept: hono/request-id's rule with {@link maxRequestIdChars}. */
const keptRequestId = new RegExp(`^[\\w=-]{1,${maxRequestIdChars}}$`)

// Declared for every context of the API, not through an app's Env type: the routes are apps of
// their own, mounted on createApp's, whose first middleware is this one.
declare module 'hono' {
  interface ContextVariableMap extends RequestIdVariables {
    /** The app's logger with this request's `requestId`, `method` and `path`. */
    logger: Logger
  }
}

/**
 * The first middleware of the app: sets `X-Request-Id` and `c.var.requestId`, then
 * `c.var.logger`, and `X-Airlock-Instance` when given an `instanceId`.
 *
 * @example
 * const app = new Hono()
 * app.use(requestLogging(logger, { instanceId: 'api-1' }))
 * app.onError((error, c) => { c.var.logger.error({ err: error }, 'unhandled error'); … })
 */
export function requestLogging(
  logger: Logger,
  { instanceId }: { instanceId?: string | undefined } = {},
): MiddlewareHandler {
  const assignId = requestId({ headerName: requestIdHeader, limitLength: maxRequestIdChars })
  return (c, next) =>
    assignId(c, async () => {
      const started = performance.now()
      const requestLogger = logger.child({
        requestId: c.var.requestId,
        method: c.req.method,
        path: loggedPath(c),
      })
      c.set('logger', requestLogger)
      await next()
      // A response built outside the context (an HTTPException's) lacks what was set before.
      if (!c.res.headers.has(requestIdHeader)) c.header(requestIdHeader, c.var.requestId)
      if (instanceId !== undefined) c.header(instanceHeader, instanceId)
      requestLogger.debug(
        { status: c.res.status, ms: Math.round(performance.now() - started) },
        'request',
      )
    })
}

/**
 * The id of a request answered outside Hono (`microCache.ts`): the incoming one when the app
 * would keep it, else a new one.
 */
export function requestIdFor(incoming: string | undefined): string {
  return incoming !== undefined && keptRequestId.test(incoming) ? incoming : randomUUID()
}

/** The pattern of a matched route with parameters, else the path; never the query string. */
function loggedPath(c: Context): string {
  // Routing is done before the first middleware runs. Catch-alls (`/*`) match too, so the
  // pattern is the first match that names a parameter.
  const pattern = matchedRoutes(c).find((route) => route.path.includes('/:'))?.path
  return pattern ?? c.req.path
}
