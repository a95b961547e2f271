// The scale bench's visitor mix (issue 40): the requests a modal and its host page make, each
// route as a real client sends it (apps/api/test's helpers, the routes' own tests), through the
// load balancer. Routes whose per-client budget the API fixes in code (SIWX nonces 30 a minute,
// name lookups 600) are paced under it, as one visitor's would be: the bench is one client to
// the API (HAProxy forwards one address). The others run closed-loop on their connections, with
// the per-client budgets that have settings raised (`raisedBudgets`), each said in the results.
import { randomUUID } from 'node:crypto'

/** Anvil's first account, which the dev-chain seed gives tokens and history. */
export const benchAccount = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** The demo site, an allowed origin of the seeded `demo` project (apps/api/src/seed.ts). */
export const demoSite = 'http://localhost:5173'

/**
 * The budgets raised for the bench, by their settings: at their defaults one machine's load is
 * one client and most of it would be 429s.
 */
export const raisedBudgets = {
  AIRLOCK_ACCOUNT_DATA_PER_CLIENT_PER_MINUTE: '100000000',
  AIRLOCK_ACCOUNT_DATA_UNCACHED_PER_CLIENT_PER_MINUTE: '100000000',
  AIRLOCK_ACCOUNT_DATA_PER_PROJECT_PER_MINUTE: '100000000',
  AIRLOCK_EVENTS_PER_MINUTE: '100000000',
  AIRLOCK_EMAIL_LOGIN_PER_CLIENT_PER_MINUTE: '100000000',
  AIRLOCK_EMAIL_LOGIN_PER_PROJECT_PER_MINUTE: '100000000',
}

/**
 * @typedef {{
 *   name: string,
 *   method: 'GET' | 'POST',
 *   path: string,
 *   headers: Record<string, string>,
 *   body?: () => string,
 *   connections?: number,
 *   perSecond?: number,
 *   perMinute?: number,
 *   soakPerSecond?: number,
 * }} Route
 * `connections`: closed-loop connections in the throughput runs; `perSecond`: at most this many
 * requests a second (autocannon's overallRate); `perMinute`: paced by the bench itself, for a rate
 * under one a second; `soakPerSecond`: the route's steady rate in the soak (paced routes keep
 * `perMinute`).
 */

const json = { 'content-type': 'application/json' }

/** The analytics event the modal posts (`/e`), a fresh id and time each. */
function modalEvent() {
  return JSON.stringify({
    eventId: randomUUID(),
    url: `${demoSite}/`,
    domain: 'localhost',
    timestamp: Date.now(),
    props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
  })
}

/**
 * The routes of the mix against the balancer at `origin` (the modal's origin: the frame's own
 * POSTs carry it as Origin).
 * @param {string} origin e.g. http://127.0.0.1:8700
 * @returns {Route[]}
 */
export function scaleWorkload(origin) {
  const balances = `/v1/accounts/${benchAccount}/balances?projectId=demo&chainId=eip155:31337`
  const fromFrame = { ...json, origin, 'sec-fetch-site': 'same-origin' }
  return [
    {
      name: 'project config',
      method: 'GET',
      path: '/v1/projects/demo/config',
      headers: { origin: demoSite },
      connections: 6,
      soakPerSecond: 15,
    },
    {
      name: 'modal page',
      method: 'GET',
      path: '/modal?projectId=demo',
      headers: {},
      connections: 6,
      soakPerSecond: 15,
    },
    {
      name: 'frame key',
      method: 'POST',
      path: '/v1/frame-key',
      headers: { origin, 'sec-fetch-site': 'same-origin' },
      connections: 4,
      soakPerSecond: 10,
    },
    {
      name: 'balances (cached)',
      method: 'GET',
      path: balances,
      headers: { origin: demoSite },
      connections: 8,
      soakPerSecond: 20,
    },
    {
      name: 'balances (cache=false)',
      method: 'GET',
      path: `${balances}&cache=false`,
      headers: { origin: demoSite },
      connections: 2,
      soakPerSecond: 5,
    },
    {
      name: 'analytics event',
      method: 'POST',
      path: '/e?projectId=demo&st=airlock&sv=0.1.0',
      headers: { ...json, origin },
      body: modalEvent,
      connections: 6,
      soakPerSecond: 15,
    },
    {
      name: 'email code',
      method: 'POST',
      path: '/v1/projects/demo/email/codes',
      headers: fromFrame,
      // A fresh address each: one address gets 5 codes a minute (its inbox's budget).
      body: () =>
        JSON.stringify({ hostOrigin: demoSite, email: `visitor-${randomUUID()}@example.com` }),
      connections: 2,
      perSecond: 20,
      soakPerSecond: 2,
    },
    {
      name: 'name lookup',
      method: 'GET',
      path: `/v1/names?address=${benchAccount}`,
      headers: { origin: demoSite },
      // 600 lookups a minute per client, fixed in code.
      perMinute: 480,
    },
    {
      name: 'SIWX nonce',
      method: 'POST',
      path: '/v1/projects/demo/siwx/nonces',
      headers: fromFrame,
      body: () => JSON.stringify({ hostOrigin: demoSite }),
      // 30 nonces a minute per client, fixed in code.
      perMinute: 24,
    },
  ]
}

/**
 * What is wrong with a workload, as sentences; none for a good one: every route names how it is
 * driven (connections, or a pace), and its rates are positive.
 * @param {Route[]} routes
 */
export function workloadProblems(routes) {
  const problems = []
  const names = new Set()
  for (const route of routes) {
    if (names.has(route.name)) problems.push(`${route.name}: named twice`)
    names.add(route.name)
    if (!route.path.startsWith('/')) problems.push(`${route.name}: path must start with /`)
    const closedLoop = route.connections !== undefined
    const paced = route.perMinute !== undefined
    if (closedLoop === paced)
      problems.push(
        `${route.name}: give either connections or perMinute, not ${paced ? 'both' : 'neither'}`,
      )
    for (const key of ['connections', 'perSecond', 'perMinute', 'soakPerSecond'])
      if (route[key] !== undefined && !(Number.isInteger(route[key]) && route[key] > 0))
        problems.push(`${route.name}: ${key} must be a positive whole number`)
    if (closedLoop && route.soakPerSecond === undefined)
      problems.push(`${route.name}: a closed-loop route needs soakPerSecond for the soak`)
  }
  return problems
}
