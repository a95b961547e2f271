// The scale bench's results as tables (printed) and markdown (the `scale` section of
// bench/RESULTS.md): per route, 1 replica against N, and the scaling ratio; the soak's per-replica
// memory and event-loop figures. The section has two parts, each rewritten by its own run and
// kept by the other: the throughput comparison, and from `### Soak` on, the soak.
import { markdownTable, plainTable } from '../harness.mjs'
import { totalOf } from './load.mjs'

export const soakHeading = '### Soak'

const rate = (value) => value.toLocaleString('en-US', { maximumFractionDigits: 1 })
const ms = (value) => `${Math.round(value * 10) / 10} ms`

/** N ÷ 1 of two throughputs, `—` when the first is 0. */
export function scalingRatio(single, many) {
  return single > 0 ? `${(many / single).toFixed(2)}×` : '—'
}

/**
 * Rows (header first) of the comparison: per route and in total, each run's req/s, p50, p99 and
 * errors, and the ratio.
 * @param {import('./load.mjs').RouteResult[]} single the 1-replica run
 * @param {import('./load.mjs').RouteResult[]} many the N-replica run, same routes in order
 * @param {number} replicas N
 */
export function comparisonRows(single, many, replicas) {
  const header = [
    'Route',
    '1 replica req/s',
    'p50',
    'p99',
    'errors',
    `${replicas} replicas req/s`,
    'p50',
    'p99',
    'errors',
    `${replicas} ÷ 1`,
  ]
  const row = (one, other) => [
    one.name,
    rate(one.requestsPerSecond),
    ms(one.p50Ms),
    ms(one.p99Ms),
    String(one.errors),
    rate(other.requestsPerSecond),
    ms(other.p50Ms),
    ms(other.p99Ms),
    String(other.errors),
    scalingRatio(one.requestsPerSecond, other.requestsPerSecond),
  ]
  const rows = single.map((one, index) => {
    const other = many[index]
    if (other === undefined || other.name !== one.name)
      throw new Error(`The runs' routes differ at ${one.name}: compare the same workload.`)
    return row(one, other)
  })
  return [header, ...rows, row(totalOf(single), totalOf(many))]
}

/** The status codes of the answers that were not 2xx, per route: `name: 429 ×3`; none: ''. */
export function errorDetails(results) {
  return results
    .filter((result) => result.errors > 0)
    .map(
      (result) =>
        `${result.name}: ${Object.entries(result.statusCodes)
          .filter(([status]) => !/^2\d\d$/.test(status))
          .map(([status, count]) => `${status} ×${count}`)
          .join(', ')}`,
    )
    .join('; ')
}

/**
 * Per replica of the soak's summary (soakSamples.mjs), rows (header first).
 * @param {ReturnType<typeof import('./soakSamples.mjs').summarizeSoak>} summary
 */
export function soakRows(summary) {
  const mib = (value) => value.toFixed(1)
  const slope = (value) => `${value >= 0 ? '+' : ''}${value.toFixed(2)}`
  return [
    [
      'Replica',
      'Samples',
      'RSS start / end / max (MiB)',
      'RSS slope (MiB/min)',
      'Heap used start / end / max (MiB)',
      'Heap slope (MiB/min)',
      'Event-loop p99 start / end / max (ms)',
    ],
    ...summary.map(({ replica, samples, rssMiB, heapUsedMiB, eventLoopDelayP99Ms }) => [
      replica,
      String(samples),
      `${mib(rssMiB.start)} / ${mib(rssMiB.end)} / ${mib(rssMiB.max)}`,
      slope(rssMiB.perMinute),
      `${mib(heapUsedMiB.start)} / ${mib(heapUsedMiB.end)} / ${mib(heapUsedMiB.max)}`,
      slope(heapUsedMiB.perMinute),
      `${eventLoopDelayP99Ms.start.toFixed(1)} / ${eventLoopDelayP99Ms.end.toFixed(1)} / ${eventLoopDelayP99Ms.max.toFixed(1)}`,
    ]),
  ]
}

/** Per route of one run: req/s, p50, p99, errors; the total last. */
export function runRows(results) {
  return [
    ['Route', 'req/s', 'p50', 'p99', 'errors'],
    ...[...results, totalOf(results)].map((result) => [
      result.name,
      rate(result.requestsPerSecond),
      ms(result.p50Ms),
      ms(result.p99Ms),
      String(result.errors),
    ]),
  ]
}

/**
 * The `scale` section with one part replaced: `throughput` (everything before `### Soak`) or
 * `soak` (from it on), the other kept from `existing`.
 * @param {string} existing the section as bench/RESULTS.md has it ('' for none)
 * @param {{ throughput?: string, soak?: string }} parts
 */
export function mergeScaleSection(existing, parts) {
  const at = existing.indexOf(soakHeading)
  const keptThroughput = (at === -1 ? existing : existing.slice(0, at)).trim()
  const keptSoak = at === -1 ? '' : existing.slice(at).trim()
  const throughput = (parts.throughput ?? keptThroughput).trim()
  const soak = (parts.soak ?? keptSoak).trim()
  if (soak !== '' && !soak.startsWith(soakHeading))
    throw new Error(`The soak's part must start with "${soakHeading}".`)
  return [throughput, soak].filter(Boolean).join('\n\n')
}

export { markdownTable, plainTable }
