// The soak's samples: each replica's "process metrics" log lines (apps/api/src/processMetrics.ts)
// read from its output, and what they add up to per replica: first, last and highest RSS, heap
// used and event-loop delay p99, and the memory's slope over the soak (least squares).

/**
 * @typedef {{ replica: string, atSeconds: number, rssBytes: number, heapUsedBytes: number,
 *   eventLoopDelayP99Ms: number }} SoakSample
 */

/**
 * The sample in one line of a replica's output, or undefined for any other line.
 * @param {string} replica
 * @param {string} line
 * @param {number} atSeconds when it was read, from the soak's start
 * @returns {SoakSample | undefined}
 */
export function sampleOf(replica, line, atSeconds) {
  if (!line.includes('"process metrics"')) return undefined
  let entry
  try {
    entry = JSON.parse(line)
  } catch {
    return undefined
  }
  const { msg, rssBytes, heapUsedBytes, eventLoopDelayP99Ms } = entry
  if (msg !== 'process metrics') return undefined
  if (![rssBytes, heapUsedBytes, eventLoopDelayP99Ms].every((value) => Number.isFinite(value)))
    return undefined
  return { replica, atSeconds, rssBytes, heapUsedBytes, eventLoopDelayP99Ms }
}

/** The least-squares slope of `y` over `x`; 0 with fewer than two points. */
export function slope(points) {
  if (points.length < 2) return 0
  const meanX = points.reduce((total, [x]) => total + x, 0) / points.length
  const meanY = points.reduce((total, [, y]) => total + y, 0) / points.length
  const across = points.reduce((total, [x, y]) => total + (x - meanX) * (y - meanY), 0)
  const spread = points.reduce((total, [x]) => total + (x - meanX) ** 2, 0)
  return spread === 0 ? 0 : across / spread
}

const MiB = 1024 * 1024

/**
 * Per replica, in MiB and ms: RSS and heap used first, last, highest and their slope in MiB a
 * minute; event-loop p99 first, last, highest.
 * @param {SoakSample[]} samples
 */
export function summarizeSoak(samples) {
  const replicas = [...new Set(samples.map((sample) => sample.replica))].sort()
  return replicas.map((replica) => {
    const own = samples
      .filter((sample) => sample.replica === replica)
      .sort((a, b) => a.atSeconds - b.atSeconds)
    const series = (pick, scale) => {
      const values = own.map((sample) => pick(sample) / scale)
      return {
        start: /** @type {number} */ (values[0]),
        end: /** @type {number} */ (values.at(-1)),
        max: Math.max(...values),
        perMinute: slope(own.map((sample, index) => [sample.atSeconds / 60, values[index] ?? 0])),
      }
    }
    return {
      replica,
      samples: own.length,
      rssMiB: series((sample) => sample.rssBytes, MiB),
      heapUsedMiB: series((sample) => sample.heapUsedBytes, MiB),
      eventLoopDelayP99Ms: series((sample) => sample.eventLoopDelayP99Ms, 1),
    }
  })
}
