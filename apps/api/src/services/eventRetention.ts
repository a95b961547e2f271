/**
 * How long events are kept (`AIRLOCK_EVENT_RETENTION_DAYS`): older ones are deleted at start and
 * then every hour, in small batches so that no delete holds a long lock on the events table or a
 * SQLite writer for long. Every replica runs it: deleting what another replica already deleted
 * finds nothing, and on Postgres each batch skips the rows another replica is deleting, so
 * several at once neither wait on each other nor deadlock.
 */

import { type Kysely, PostgresAdapter } from 'kysely'
import { createLogger, type Logger } from '../logger'
import type { Database } from '../storage/storage'

export const defaultEventRetentionDays = 90
const dayMs = 86_400_000
const hourMs = 3_600_000

export declare namespace pruneEvents {
  type Options = {
    /** Rows deleted per statement. Default 1 000. */
    batchSize?: number
  }
  /** How many events were deleted. */
  type ReturnType = number
}

/**
 * Deletes the events received more than `days` days before `now`.
 *
 * @example
 * const deleted = await pruneEvents(storage.db, new Date(), 90)
 */
export async function pruneEvents(
  db: Kysely<Database>,
  now: Date,
  days: number,
  options: pruneEvents.Options = {},
): Promise<pruneEvents.ReturnType> {
  const { batchSize = 1_000 } = options
  const cutoff = new Date(now.getTime() - days * dayMs).toISOString()
  // Project by project, so each batch is found through the (project_id, received_at) index.
  const projects = await db.selectFrom('projects').select('id').execute()
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  let deleted = 0
  for (const { id } of projects) {
    for (;;) {
      const result = await db
        .deleteFrom('events')
        .where('id', 'in', (eb) => {
          const batch = eb
            .selectFrom('events')
            .select('id')
            .where('project_id', '=', id)
            .where('received_at', '<', cutoff)
            .limit(batchSize)
          // SQLite has one writer at a time and no row locks to skip.
          return postgres ? batch.forUpdate().skipLocked() : batch
        })
        .executeTakeFirst()
      const batch = Number(result.numDeletedRows)
      deleted += batch
      if (batch < batchSize) break
    }
  }
  return deleted
}

export declare namespace scheduleEventPruning {
  type Options = {
    db: Kysely<Database>
    days: number
    /** Default `Date.now`. */
    now?: () => number
    /** Between runs. Default one hour. */
    intervalMs?: number
    /** Where failures and what was deleted are logged. Default: a `createLogger()`. */
    logger?: Logger | undefined
  }
  type ReturnType = {
    /** Settles once the run at start has. */
    firstRun: Promise<void>
    /** Stops the timer and waits for a run under way. */
    stop(): Promise<void>
  }
}

/**
 * Prunes now, then every `intervalMs`, on a timer that does not keep the process alive.
 *
 * @example
 * const pruning = scheduleEventPruning({ db: storage.db, days: config.eventRetentionDays, logger })
 * // on shutdown
 * await pruning.stop()
 */
export function scheduleEventPruning(
  options: scheduleEventPruning.Options,
): scheduleEventPruning.ReturnType {
  const { db, days, now = Date.now, intervalMs = hourMs, logger = createLogger() } = options
  let running: Promise<void> = Promise.resolve()
  const run = () => {
    running = running.then(async () => {
      try {
        const deleted = await pruneEvents(db, new Date(now()), days)
        if (deleted > 0) logger.info(`deleted ${deleted} events older than ${days} days`)
      } catch (error) {
        logger.warn({ err: error }, 'pruning events failed; the next run tries again')
      }
    })
    return running
  }
  const firstRun = run()
  const timer = setInterval(run, intervalMs)
  timer.unref()
  return {
    firstRun,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
