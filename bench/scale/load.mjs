// Drives a workload (workload.mjs) against the balancer, every route at once for the same
// duration: closed-loop routes with one autocannon instance each (its connections; in the soak,
// or with `perSecond`, at that overall rate), paced routes by a timer here. Each route's figures:
// requests, requests/s, p50 and p99 latency, and errors (non-2xx answers plus socket errors and
// timeouts), with the status codes seen.
import autocannon from 'autocannon'

/**
 * @typedef {{ name: string, requests: number, requestsPerSecond: number, p50Ms: number,
 *   p99Ms: number, errors: number, statusCodes: Record<string, number> }} RouteResult
 */

/** The `p`th percentile (0–100) of `values`, nearest rank; 0 for none. */
export function percentile(values, p) {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)))
  return /** @type {number} */ (sorted[rank - 1])
}

/** One closed-loop route for `durationSeconds` with autocannon. */
function cannon(url, route, { durationSeconds, overallRate, connections }) {
  const statusCodes = {}
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: durationSeconds,
        ...(overallRate ? { overallRate } : {}),
        requests: [
          {
            method: route.method,
            path: route.path,
            headers: route.headers,
            ...(route.body
              ? {
                  setupRequest: (request) => ({ ...request, body: route.body() }),
                }
              : {}),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error)
        const requests = result.requests.total
        resolve({
          name: route.name,
          requests,
          requestsPerSecond: Math.round((requests / durationSeconds) * 10) / 10,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          errors: result.non2xx + result.errors,
          statusCodes: {
            ...statusCodes,
            ...(result.errors ? { 'socket error or timeout': result.errors } : {}),
          },
        })
      },
    )
    instance.on('response', (_client, statusCode) => {
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1
    })
  })
}

/** One paced route: a request every 60 000 / perMinute ms for `durationSeconds`, never waiting. */
async function paced(url, route, { durationSeconds }) {
  const latencies = []
  const statusCodes = {}
  let errors = 0
  const inFlight = []
  const send = async () => {
    const started = performance.now()
    try {
      const response = await fetch(`${url}${route.path}`, {
        method: route.method,
        headers: route.headers,
        ...(route.body ? { body: route.body() } : {}),
        signal: AbortSignal.timeout(10_000),
      })
      await response.arrayBuffer()
      latencies.push(performance.now() - started)
      statusCodes[response.status] = (statusCodes[response.status] ?? 0) + 1
      if (response.status < 200 || response.status > 299) errors += 1
    } catch {
      errors += 1
      statusCodes['socket error or timeout'] = (statusCodes['socket error or timeout'] ?? 0) + 1
    }
  }
  const everyMs = 60_000 / /** @type {number} */ (route.perMinute)
  const count = Math.max(1, Math.floor((durationSeconds * 1000) / everyMs))
  await new Promise((resolve) => {
    let sent = 0
    const tick = () => {
      inFlight.push(send())
      sent += 1
      if (sent >= count) return resolve(undefined)
      setTimeout(tick, everyMs)
    }
    tick()
  })
  await Promise.all(inFlight)
  const requests = latencies.length + (statusCodes['socket error or timeout'] ?? 0)
  return {
    name: route.name,
    requests,
    requestsPerSecond: Math.round((requests / durationSeconds) * 10) / 10,
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
    errors,
    statusCodes,
  }
}

/**
 * Runs every route of `routes` against `url` at once for `durationSeconds`. `steady`: the soak's
 * rates (`soakPerSecond`) instead of closed loops.
 * @param {string} url the balancer
 * @param {import('./workload.mjs').Route[]} routes
 * @param {{ durationSeconds: number, steady?: boolean }} options
 * @returns {Promise<RouteResult[]>}
 */
export function runWorkload(url, routes, { durationSeconds, steady = false }) {
  return Promise.all(
    routes.map((route) =>
      route.perMinute !== undefined
        ? paced(url, route, { durationSeconds })
        : cannon(url, route, {
            durationSeconds,
            connections: /** @type {number} */ (route.connections),
            overallRate: steady ? route.soakPerSecond : route.perSecond,
          }),
    ),
  )
}

/** The routes' figures added up: requests/s, errors; the p50 and p99 are the worst route's. */
export function totalOf(results) {
  const sum = (pick) => results.reduce((total, result) => total + pick(result), 0)
  return {
    name: 'total',
    requests: sum((result) => result.requests),
    requestsPerSecond: Math.round(sum((result) => result.requestsPerSecond) * 10) / 10,
    p50Ms: Math.max(0, ...results.map((result) => result.p50Ms)),
    p99Ms: Math.max(0, ...results.map((result) => result.p99Ms)),
    errors: sum((result) => result.errors),
    statusCodes: {},
  }
}

/**
 * Sends `route` once, as the workload does: its status and body, to check a route answers 2xx
 * before the load starts.
 * @param {string} url
 * @param {import('./workload.mjs').Route} route
 */
export async function sendOnce(url, route) {
  const response = await fetch(`${url}${route.path}`, {
    method: route.method,
    headers: route.headers,
    ...(route.body ? { body: route.body() } : {}),
  })
  return { status: response.status, body: await response.text() }
}

/** Sends each route once; fails naming every route that did not answer 2xx, with its answer. */
export async function checkRoutes(url, routes) {
  const answers = await Promise.all(routes.map((route) => sendOnce(url, route)))
  const failed = routes
    .map((route, index) => ({ route, answer: answers[index] }))
    .filter(({ answer }) => answer === undefined || answer.status < 200 || answer.status > 299)
  if (failed.length > 0)
    throw new Error(
      `Routes of the workload did not answer 2xx: ${failed
        .map(
          ({ route, answer }) => `${route.name} → ${answer?.status} ${answer?.body.slice(0, 200)}`,
        )
        .join('; ')}`,
    )
}
