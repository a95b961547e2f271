// The scale stack the fault trials run on (scripts/trials/): compiled replicas mailing login codes
// to a dev mail server, a project `trials` with email login and SIWX, a direct PostgreSQL pool for
// the checks and a new loopback address per visitor; and the waits the trials share.
import pg from 'pg'
import { defaultNetworks } from '../../apps/api/src/services/networks'
import { createProject } from '../../apps/api/src/services/projects'
import { openStorage } from '../../apps/api/src/storage/storage'
import { type DevMail, startDevMail } from '../devMail.mjs'
import { balancerView } from '../haproxy.mjs'
import { type ScaleStack, startScaleStack } from '../stackScale.mjs'
import type { JourneySetting } from './journeys'
import { createVisitor, type Visitor, visitorAddress } from './visitor'

/** The site the trials' project allows: the visitors' pages. */
const site = 'https://shop.example'
/** The parent the trials' replicas register names under. */
const namesParent = 'airlock.eth'
/** HAProxy must take a dead replica out within this. */
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
 * https://shop.example with email login and SIWX on the local EVM chain; names under
 * airlock.eth.
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
        AIRLOCK_NAMES_PARENT: namesParent,
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
    setting: { projectId: 'trials', hostOrigin: site, devMail, namesParent },
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
export async function within(
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

export const statusOf = async (t: TrialStack, id: string) =>
  (await balancerView(t.stack.statsUrl))[id]?.status

/** Ms from now to a random moment in [min, max). */
export const randomMs = (min: number, max: number) => min + Math.floor(Math.random() * (max - min))
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits for the restarts under way, then for every replica to be UP again. */
export async function allReplicasUp(t: TrialStack, timeoutMs = 60_000): Promise<void> {
  await Promise.all(t.restarting.values())
  const took = await within(timeoutMs, async () =>
    Object.values(await balancerView(t.stack.statsUrl)).every(({ status }) => status === 'UP'),
  )
  if (took === undefined) throw new Error(`Not every replica was UP within ${timeoutMs} ms.`)
}
