import { describe, expect, test } from 'vitest'
import { memoryLogger } from '../test/logs'
import { ConfigError } from './configError'
import { processMetricsMessage, readMetricsIntervalMs, startProcessMetrics } from './processMetrics'

describe('startProcessMetrics', () => {
  test('behavior: logs the RSS, heap used and event-loop delay p99 every interval until stopped', async () => {
    const { logger, entries } = memoryLogger('info')
    const metrics = startProcessMetrics({ intervalMs: 100, logger })
    const lines = () => entries().filter((entry) => entry.msg === processMetricsMessage)
    await expect.poll(() => lines().length).toBeGreaterThanOrEqual(2)
    metrics.stop()
    const [first] = lines()
    expect(first).toMatchObject({
      level: 'info',
      msg: 'process metrics',
      rssBytes: expect.any(Number),
      heapUsedBytes: expect.any(Number),
      eventLoopDelayP99Ms: expect.any(Number),
    })
    const rssBytes = first?.rssBytes as number
    const heapUsedBytes = first?.heapUsedBytes as number
    expect(heapUsedBytes).toBeGreaterThan(0)
    expect(rssBytes).toBeGreaterThan(heapUsedBytes)
    expect(first?.eventLoopDelayP99Ms).toBeGreaterThanOrEqual(0)

    // Stopped: while another one logs two more lines at the same interval, it logs none.
    const logged = lines().length
    const other = memoryLogger('info')
    const witness = startProcessMetrics({ intervalMs: 100, logger: other.logger })
    await expect.poll(() => other.entries().length).toBeGreaterThanOrEqual(2)
    witness.stop()
    expect(lines().length).toBe(logged)
  })

  test('behavior: a blocked event loop shows in the next line’s p99', async () => {
    const { logger, entries } = memoryLogger('info')
    const metrics = startProcessMetrics({ intervalMs: 400, logger })
    // Blocked from a timer's callback, once the monitor's own timer runs: 150 ms without a turn.
    await new Promise((resolve) =>
      setTimeout(() => {
        const blockedUntil = Date.now() + 150
        while (Date.now() < blockedUntil) {}
        resolve(undefined)
      }, 50),
    )
    await expect
      .poll(() => entries().filter((entry) => entry.msg === processMetricsMessage).length)
      .toBeGreaterThanOrEqual(1)
    metrics.stop()
    expect(entries()[0]?.eventLoopDelayP99Ms).toBeGreaterThanOrEqual(100)
  })
})

describe('readMetricsIntervalMs', () => {
  test('behavior: unset or empty is no metrics; a whole number of ms is the interval', () => {
    expect(readMetricsIntervalMs({})).toBeUndefined()
    expect(readMetricsIntervalMs({ AIRLOCK_METRICS_INTERVAL_MS: '' })).toBeUndefined()
    expect(readMetricsIntervalMs({ AIRLOCK_METRICS_INTERVAL_MS: '5000' })).toBe(5000)
  })

  test.each(['0', '99', '2.5', '-5', '5s', 'soon'])(
    'errors: %j is refused naming the variable',
    (text) => {
      const read = () => readMetricsIntervalMs({ AIRLOCK_METRICS_INTERVAL_MS: text })
      expect(read).toThrow(ConfigError)
      expect(read).toThrow(
        `AIRLOCK_METRICS_INTERVAL_MS must be a whole number of milliseconds, at least 100, got ${JSON.stringify(text)}.`,
      )
    },
  )
})
