// The fault trials (issue 40, point 3) on the scale stack: a replica killed with kill -9 while
// visitors write through the load balancer; Redis killed and started again under load; PostgreSQL
// stopped and started again under load. Each trial says what it saw as a result (its numbers and
// its problems, each a sentence; none: the trial held), for `npm run trials` and its test.
import { createConnection } from 'node:net'
import pg from 'pg'
import { defaultNetworks } from '../../apps/api/src/services/networks'
import { createProject } from '../../apps/api/src/services/projects'
import { openStorage } from '../../apps/api/src/storage/storage'
import { type DevMail, startDevMail } from '../devMail.mjs'
import {
  balancerView,
  type ScaleReplica,
  type ScaleStack,
  startScaleStack,
} from '../stackScale.mjs'
import { createLedger, type JourneySetting, type Ledger, visitorsWriting } from './journeys'
import { halfWrittenRows, missingWrites } from './verify'
import { type Answer, createVisitor, jsonOf, type Visitor, visitorAddress } from './visitor'

/** The site the trials' project allows: the visitors' pages. */
const site = 'https://shop.example'
/** HAProxy must take a dead replica out within this. */
export const downWithinMs = 5_000

export type TrialStack = {
  stack: ScaleStack
  devMail: DevMail
  /** Reads PostgreSQL directly, for the checks. */
  db: pg.Pool
  setting: JourneySetting
  /** A visitor with a loopback address no other one had. */
  newVisitor(): Visitor
  /** Restarts of killed replicas under way. */
  restarting: Map<string, Promise<void>>
  /** Restarts that failed: which replica, and why. */
  restartFailures: string[]
  stop(): Promise<void>
}

/**
 * The scale stack for the trials: `replicas` compiled replicas (quick to restart) mailing to a
 * dev mail server, with email login budgets no trial meets (each visitor has its own address, so
 * the per-client budgets of the other routes are not met either), and a project `trials` on
 * https://shop.example with email login and SIWX on the local EVM chain.
 */
export async function startTrialStack({
  replicas = 3,
  quiet = true,
}: {
  replicas?: number
  quiet?: boolean
} = {}): Promise<TrialStack> {
  const devMail = await startDevMail({ smtpPort: 0, httpPort: 0, quiet: true })
  let stack: ScaleStack
  try {
    stack = await startScaleStack({
      replicas,
      port: 0,
      quiet,
      compiled: true,
      env: {
        SMTP_URL: devMail.smtpUrl,
        AIRLOCK_EMAIL_LOGIN_PER_EMAIL_PER_MINUTE: '100',
        AIRLOCK_EMAIL_LOGIN_PER_CLIENT_PER_MINUTE: '100000',
        AIRLOCK_EMAIL_LOGIN_PER_PROJECT_PER_MINUTE: '100000',
        LOG_LEVEL: 'error',
      },
    })
  } catch (error) {
    await devMail.close()
    throw error
  }
  const storage = openStorage({ dialect: 'postgres', url: stack.databaseUrl })
  try {
    const catalogue = defaultNetworks('http://127.0.0.1:9')
    await createProject(
      storage.db,
      'trials',
      [site],
      {},
      { settings: { siwx: 'optional', networks: ['eip155:31337'] }, catalogue },
    )
  } finally {
    await storage.close()
  }
  const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 })
  // The PostgreSQL trial stops the server under it: pg reports the cut connections here.
  db.on('error', () => {})
  db.on('connect', (client) => client.on('error', () => {}))
  let visitors = 0
  const restarting = new Map<string, Promise<void>>()
  return {
    stack,
    devMail,
    db,
    setting: { projectId: 'trials', hostOrigin: site, devMail },
    newVisitor: () => createVisitor(stack.url, visitorAddress(visitors++ % 62_500)),
    restarting,
    restartFailures: [],
    async stop() {
      await Promise.allSettled(restarting.values())
      await db.end()
      await stack.stop()
      await devMail.close()
    },
  }
}

/** Polls `check` every 100 ms until it is true: the ms it took, or undefined after `timeoutMs`. */
async function within(
  timeoutMs: number,
  check: () => Promise<boolean>,
): Promise<number | undefined> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return undefined
}

const statusOf = async (t: TrialStack, id: string) =>
  (await balancerView(t.stack.statsUrl))[id]?.status

/** Ms from now to a random moment in [min, max). */
const randomMs = (min: number, max: number) => min + Math.floor(Math.random() * (max - min))
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export type KillTrialResult = {
  victim: string
  /** Ms from the kill to HAProxy showing it DOWN; undefined: not within 10 s. */
  downMs: number | undefined
  acknowledged: number
  byKind: Record<string, number>
  unacknowledged: Record<string, number>
  problems: string[]
}

/** Replicas running and UP in HAProxy's view, none of them restarting. */
async function upReplicas(t: TrialStack): Promise<ScaleReplica[]> {
  const view = await balancerView(t.stack.statsUrl)
  return t.stack.replicas.filter(
    (replica) =>
      replica.running() && !t.restarting.has(replica.id) && view[replica.id]?.status === 'UP',
  )
}

/**
 * One kill trial: `visitors` visitors write through the balancer; at a random moment 0.3-1.5 s in,
 * a random replica that is UP gets kill -9; the writes go on until HAProxy shows it DOWN and half
 * a second more. Then every acknowledged write is read back and the database checked for
 * half-written rows; the victim is started again in the background (`t.restarting`). At least
 * two replicas are UP when it kills one (it waits for restarts under way when fewer are).
 */
export async function killTrial(t: TrialStack, { visitors = 4 } = {}): Promise<KillTrialResult> {
  let candidates = await upReplicas(t)
  while (candidates.length < 2) {
    const waitedFor = t.restarting.size
    if (waitedFor > 0) await Promise.race(t.restarting.values())
    // A replica whose restart just ended is UP at HAProxy's next check, a second later.
    await within(5_000, async () => (await upReplicas(t)).length >= 2)
    candidates = await upReplicas(t)
    if (candidates.length < 2 && waitedFor === 0)
      throw new Error(
        `A kill trial needs two replicas UP; ${candidates.length} are.` +
          (t.restartFailures.length > 0 ? ` Restarts failed: ${t.restartFailures.join('; ')}` : ''),
      )
  }
  const victim = candidates[Math.floor(Math.random() * candidates.length)] as ScaleReplica
  const ledger = createLedger()
  const stop = { requested: false }
  const writers = Array.from({ length: visitors }, () => t.newVisitor())
  const writing = visitorsWriting(writers, t.setting, ledger, stop)
  await pause(randomMs(300, 1_500))
  await victim.kill()
  const downMs = await within(10_000, async () => (await statusOf(t, victim.id)) === 'DOWN')
  await pause(500)
  stop.requested = true
  await writing
  const problems = [
    ...(downMs === undefined || downMs > downWithinMs
      ? [
          `HAProxy did not show ${victim.id} DOWN within ${downWithinMs} ms (${downMs ?? '> 10 000'} ms)`,
        ]
      : []),
    ...ledger.serverErrors.map((error) => `a write answered ${error}`),
    ...(await missingWrites(ledger, t.db, t.newVisitor(), t.setting.hostOrigin)),
    ...(await halfWrittenRows(t.db)),
  ]
  const restart = victim
    .start()
    .catch((error: Error) => {
      t.restartFailures.push(`${victim.id}: ${error.message.split('\n')[0]}`)
    })
    .finally(() => t.restarting.delete(victim.id))
  t.restarting.set(victim.id, restart)
  return {
    victim: victim.id,
    downMs,
    acknowledged: ledger.acknowledged.length,
    byKind: countKinds(ledger),
    unacknowledged: ledger.unacknowledged,
    problems,
  }
}

function countKinds(ledger: Ledger): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { kind } of ledger.acknowledged) counts[kind] = (counts[kind] ?? 0) + 1
  return counts
}

/** Waits for the restarts under way, then for every replica to be UP again. */
export async function allReplicasUp(t: TrialStack, timeoutMs = 60_000): Promise<void> {
  await Promise.all(t.restarting.values())
  const took = await within(timeoutMs, async () =>
    Object.values(await balancerView(t.stack.statsUrl)).every(({ status }) => status === 'UP'),
  )
  if (took === undefined) throw new Error(`Not every replica was UP within ${timeoutMs} ms.`)
}

/** The number of keys Redis at `url` holds (DBSIZE, over its plain protocol). */
function redisKeys(url: string): Promise<number> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port) })
    socket.setTimeout(1_000, () => socket.destroy(new Error('Redis did not answer DBSIZE')))
    socket.once('error', reject)
    socket.once('data', (data) => {
      socket.destroy()
      const count = /^:(\d+)\r\n/.exec(data.toString())?.[1]
      if (count === undefined) reject(new Error(`Redis answered DBSIZE with ${data}`))
      else resolve(Number(count))
    })
    socket.write('DBSIZE\r\n')
  })
}

/** Requests a visitor makes that read Redis (the rate limits) but write little: each one's answer. */
async function lightLoad(t: TrialStack, stop: { requested: boolean }, answers: Answer[]) {
  const { projectId, hostOrigin } = t.setting
  const loop = async () => {
    while (!stop.requested) {
      // A new address each round: SIWX's per-client budget (30 a minute) is not what is tested.
      const visitor = t.newVisitor()
      answers.push(
        await visitor.send('POST', `/v1/projects/${projectId}/siwx/nonces`, { hostOrigin }),
        await visitor.send('POST', `/e?projectId=${projectId}&st=trials&sv=1`, {
          eventId: crypto.randomUUID(),
          url: `${hostOrigin}/`,
          domain: new URL(hostOrigin).hostname,
          timestamp: Date.now(),
          props: { type: 'track', event: 'MODAL_OPEN', properties: { view: 'Connect' } },
        }),
        await visitor.send('GET', `/v1/projects/${projectId}/config`, undefined, {
          Origin: hostOrigin,
        }),
      )
    }
  }
  await Promise.all([loop(), loop()])
}

/** Answers other than 2xx, counted by status: `{ '503': 4 }`. */
function failedAnswers(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { status } of answers)
    if (status < 200 || status >= 300) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

export type RedisTrialResult = {
  answered: number
  failed: Record<string, number>
  /** Ms from Redis's start to the replicas keeping keys in it again. */
  backInMs: number | undefined
  problems: string[]
}

/**
 * Redis killed with kill -9 under light load (SIWX nonces, events, configs: the rate-limited
 * routes) for 2 s, then started again, empty: every request is answered 2xx throughout (the rate
 * limits count in memory meanwhile, as the README says), the replicas write to Redis again
 * within 10 s, and no replica was restarted.
 */
export async function redisTrial(t: TrialStack): Promise<RedisTrialResult> {
  const pids = t.stack.replicas.map((replica) => replica.pid)
  const answers: Answer[] = []
  const stop = { requested: false }
  const load = lightLoad(t, stop, answers)
  await pause(500)
  await t.stack.redis.kill()
  await pause(2_000)
  await t.stack.redis.start()
  const backInMs = await within(10_000, async () => (await redisKeys(t.stack.redisUrl)) > 0)
  await pause(500)
  stop.requested = true
  await load
  const failed = failedAnswers(answers)
  const problems = [
    ...Object.entries(failed).map(([status, count]) => `${count} requests answered ${status}`),
    ...(backInMs === undefined
      ? ['the replicas kept nothing in Redis within 10 s of its start']
      : []),
    ...(t.stack.replicas.some((replica, index) => replica.pid !== pids[index])
      ? ['a replica was restarted']
      : []),
  ]
  return { answered: answers.length, failed, backInMs, problems }
}

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
