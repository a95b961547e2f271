/**
 * The first thing a replica on PostgreSQL does at start: one connection and `select 1`, bounded
 * in time, so a database that refuses, is not there or never answers stops the start with a
 * message naming DATABASE_URL's host, rather than a stack trace or a wait of minutes. A load
 * balancer never routes to a replica that exited. SQLite (a local file) needs no such check.
 */
import pg from 'pg'
import type { StorageConfig } from './storage'

/** How long a start waits for PostgreSQL to answer, at most. */
export const databaseReachTimeoutMs = 10_000

export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError' as const
}

/**
 * Resolves when the database answers a query; else throws {@link DatabaseUnreachableError}.
 *
 * @example
 * await checkDatabaseReach({ dialect: 'postgres', url: process.env.DATABASE_URL })
 */
export async function checkDatabaseReach(
  config: StorageConfig,
  { timeoutMs = databaseReachTimeoutMs }: { timeoutMs?: number } = {},
): Promise<void> {
  if (config.dialect !== 'postgres') return
  const client = new pg.Client({
    connectionString: config.url,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  })
  // A connection lost after the check is not this check's to report.
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select 1')
  } catch (error) {
    throw new DatabaseUnreachableError(
      `Cannot reach PostgreSQL at ${databaseHost(config.url)} (DATABASE_URL): ${reason(error)}. ` +
        'A replica needs its database to start: check that PostgreSQL runs there and that DATABASE_URL names it.',
      { cause: error },
    )
  } finally {
    await client.end().catch(() => {})
  }
}

/** `host:port` of a connection URL (never its user or password). */
export function databaseHost(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}`
  } catch {
    return 'an unreadable URL'
  }
}

/** What went wrong, in one line: Node's connect errors to several addresses have no message. */
function reason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0)
    return error.errors.map(reason).join('; ')
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code
    if (error.message !== '') return error.message
    if (code !== undefined) return code
  }
  return String(error)
}
