// The PostgreSQL trial of `npm run trials`: the database stopped under writing visitors, then
// started again; 503 with Retry-After meanwhile, the service back by itself, nothing lost.
import { balancerView } from '../haproxy.mjs'
import { createLedger, visitorsWriting } from './journeys'
import { pause, randomMs, type TrialStack, within } from './trialStack'
import { halfWrittenRows, missingWrites } from './verify'
import { type Answer, createVisitor, jsonOf } from './visitor'

export type PostgresTrialResult = {
  acknowledged: number
  /** Answers during the outage: by status, and how many 503s lacked Retry-After. */
  duringOutage: Record<string, number>
  withoutRetryAfter: number
  /** The visitors' writes not acknowledged, by kind and status: the outage's 503s. */
  writesRefused: Record<string, number>
  /** Ms from PostgreSQL's start to a request through the balancer answered 200 again. */
  resumedInMs: number | undefined
  problems: string[]
}

/**
 * PostgreSQL stopped (fast shutdown: its sessions cut) under writing visitors for 3 s, then
 * started again: during the outage every request through the balancer and to each replica is
 * answered 503 with Retry-After (the replica's `serviceUnavailable`, or HAProxy's once every
 * /healthz failed), never 500; after, the service resumes by itself (no replica restarted), every
 * acknowledged write is there and nothing is half-written.
 */
export async function postgresTrial(
  t: TrialStack,
  { visitors = 4 } = {},
): Promise<PostgresTrialResult> {
  const pids = t.stack.replicas.map((replica) => replica.pid)
  const ledger = createLedger()
  const stop = { requested: false }
  const writing = visitorsWriting(
    Array.from({ length: visitors }, () => t.newVisitor()),
    t.setting,
    ledger,
    stop,
  )
  await pause(randomMs(300, 1_000))
  await t.stack.postgres.stop()
  const probe = t.newVisitor()
  const config = () =>
    probe.send('GET', `/v1/projects/${t.setting.projectId}/config`, undefined, {
      Origin: t.setting.hostOrigin,
    })
  const seen: Answer[] = []
  for (const replica of t.stack.replicas) {
    const direct = createVisitor(replica.url, probe.address)
    seen.push(
      await direct.send('GET', `/v1/projects/${t.setting.projectId}/config`, undefined, {
        Origin: t.setting.hostOrigin,
      }),
    )
  }
  const allDownMs = await within(10_000, async () =>
    Object.values(await balancerView(t.stack.statsUrl)).every(({ status }) => status === 'DOWN'),
  )
  seen.push(await config())
  await t.stack.postgres.start()
  const resumedInMs = await within(30_000, async () => (await config()).status === 200)
  await pause(500)
  stop.requested = true
  await writing
  const duringOutage: Record<string, number> = {}
  for (const { status } of seen) duringOutage[status] = (duringOutage[status] ?? 0) + 1
  const withoutRetryAfter = seen.filter(
    (answer) => answer.status === 503 && answer.headers['retry-after'] === undefined,
  ).length
  const problems = [
    ...seen
      .filter((answer) => answer.status !== 503)
      .map(
        (answer) =>
          `a request during the outage answered ${answer.status}: ${answer.body.slice(0, 120)}`,
      ),
    ...(withoutRetryAfter > 0 ? [`${withoutRetryAfter} answers 503 without Retry-After`] : []),
    ...seen
      .filter(
        (answer) =>
          answer.status === 503 &&
          jsonOf<{ error?: { code?: string } }>(answer)?.error?.code !== 'serviceUnavailable',
      )
      .map(
        (answer) =>
          `a 503 during the outage is not serviceUnavailable: ${answer.body.slice(0, 120)}`,
      ),
    ...(allDownMs === undefined ? ['HAProxy did not take every replica out within 10 s'] : []),
    ...(resumedInMs === undefined ? ['the service did not resume within 30 s'] : []),
    ...(t.stack.replicas.some((replica, index) => replica.pid !== pids[index])
      ? ['a replica was restarted']
      : []),
    ...ledger.serverErrors.map((error) => `a write answered ${error}`),
    ...(await missingWrites(ledger, t.db, t.newVisitor(), t.setting.hostOrigin)),
    ...(await halfWrittenRows(t.db)),
  ]
  return {
    acknowledged: ledger.acknowledged.length,
    duringOutage,
    withoutRetryAfter,
    writesRefused: ledger.unacknowledged,
    resumedInMs,
    problems,
  }
}
