/**
 * The process's own health as log lines, for a soak or an operator watching a replica: with
 * `AIRLOCK_METRICS_INTERVAL_MS` set, one pino line every interval,
 * `{"msg":"process metrics","rssBytes":…,"heapUsedBytes":…,"eventLoopDelayP99Ms":…}`, the
 * event-loop delay measured by `perf_hooks.monitorEventLoopDelay` over that interval alone.
 * Unset: nothing runs. `main.ts` starts it and stops it on shutdown.
 */

import { monitorEventLoopDelay } from 'node:perf_hooks'
import { ConfigError } from './configError'
import type { Logger } from './logger'

/** The line's `msg`, which readers of the logs (the soak, bench/scale) look for. */
export const processMetricsMessage = 'process metrics'

/** At least this many ms: a shorter interval would be mostly its own noise. */
export const minMetricsIntervalMs = 100

export type ProcessMetrics = {
  rssBytes: number
  heapUsedBytes: number
  /** The 99th percentile of the event loop's delay since the previous line, in ms. */
  eventLoopDelayP99Ms: number
}

/**
 * `AIRLOCK_METRICS_INTERVAL_MS`: a whole number of ms (at least {@link minMetricsIntervalMs}), or
 * undefined when unset (no metrics).
 */
export function readMetricsIntervalMs(env: Record<string, string | undefined>): number | undefined {
  const text = env.AIRLOCK_METRICS_INTERVAL_MS
  if (text === undefined || text === '') return undefined
  const value = Number(text)
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < minMetricsIntervalMs)
    throw new ConfigError(
      `AIRLOCK_METRICS_INTERVAL_MS must be a whole number of milliseconds, at least ${minMetricsIntervalMs}, got ${JSON.stringify(text)}.`,
    )
  return value
}

export declare namespace startProcessMetrics {
  type Options = { intervalMs: number; logger: Logger }
  type ReturnType = { stop(): void }
}

/**
 * @example
 * const metrics = startProcessMetrics({ intervalMs: 5_000, logger })
 * // on shutdown
 * metrics.stop()
 */
export function startProcessMetrics({
  intervalMs,
  logger,
}: startProcessMetrics.Options): startProcessMetrics.ReturnType {
  const delay = monitorEventLoopDelay({ resolution: 10 })
  delay.enable()
  const timer = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage()
    const metrics: ProcessMetrics = {
      rssBytes: rss,
      heapUsedBytes: heapUsed,
      // Nanoseconds to ms, to the microsecond.
      eventLoopDelayP99Ms: Math.round(delay.percentile(99) / 1_000) / 1_000,
    }
    delay.reset()
    logger.info(metrics, processMetricsMessage)
  }, intervalMs)
  // A process that has nothing else to do may end: the metrics don't keep it alive.
  timer.unref()
  return {
    stop() {
      clearInterval(timer)
      delay.disable()
    },
  }
}
