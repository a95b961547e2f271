/**
 * The API's answer while PostgreSQL cannot be reached (a restart, a failover, an outage): a 503
 * `serviceUnavailable` with `Retry-After`, not a 500, for any route whose query failed because
 * the connection did. pg's pool opens new connections on the next query, so service resumes by
 * itself once the database is back; nothing here keeps state.
 */
import type { Context } from 'hono'
import { apiError } from './routes/apiError'

/** Seconds a client is asked to wait: about what a PostgreSQL restart takes. */
export const databaseRetryAfterSeconds = 5

export const databaseUnavailableMessage = 'The database is unavailable; try again shortly.'

/** Socket errors of a connection that could not be made or was cut. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])

/**
 * PostgreSQL's SQLSTATEs of a server going away or not taking connections: class 08 (connection
 * exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up
 * or shutting down), 53300 too_many_connections.
 */
const unreachableStates = /^(08...|57P0[123]|53300)$/

/** pg's own messages for a connection that ended or never came, which carry no code. */
const unreachableMessages =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable)/

/**
 * Whether `error` (or its `cause`) says the database could not be reached, as opposed to a query
 * it refused (a constraint, a syntax error), which stays an error of ours.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; depth++) {
    const code = (at as { code?: unknown }).code
    if (typeof code === 'string' && (socketCodes.has(code) || unreachableStates.test(code)))
      return true
    if (unreachableMessages.test(at.message)) return true
    // An AggregateError of the addresses tried (localhost: ::1 and 127.0.0.1) each refused.
    if (at instanceof AggregateError && at.errors.some((inner) => isDatabaseUnreachable(inner)))
      return true
    at = at.cause
  }
  return false
}

/** The 503 of a request that met the outage: try again after Retry-After. */
export function databaseUnavailable(c: Context): Response {
  c.header('Retry-After', String(databaseRetryAfterSeconds))
  c.header('Cache-Control', 'no-store')
  return apiError(c, 503, 'serviceUnavailable', databaseUnavailableMessage)
}
