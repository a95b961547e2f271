// `npm run stack:scale`: Airlock's production topology on loopback (issue 40). A throwaway
// PostgreSQL cluster (the data) and a redis-server (the shared cache and rate limits), N stateless
// API replicas on them (default 3; `--replicas N` or SCALE_REPLICAS), and HAProxy from Debian's
// packages in front, on one port (default 8700; `--port P` or SCALE_PORT), balancing round-robin
// and checking each replica's /healthz every second, so a dead replica is out within 2-3 s. Every
// answer names its replica (`X-Airlock-Instance: api-<n>`). Ctrl-C stops all of it and removes
// its temp folder. `startScaleStack()` starts the same for a test or the bench.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { eachLine, killChild, loopbackPort, stopChild, tail } from './childProcesses.mjs'
import { balancerView, findHaproxy, haproxyConfig } from './haproxy.mjs'
import { startPostgresCluster, startRedisServer } from './loopbackServices.mjs'
import { root, startProcess, waitFor } from './stack.mjs'

export const defaultReplicas = 3
export const defaultBalancerPort = 8700
/** At most this many replicas: each is a Node process of some 150 MB. */
export const maxReplicas = 16

/**
 * The API compiled as the Docker image runs it (apps/api/build.mjs), in `dir`/app laid out as the
 * repository (the registry, node_modules and the modal's and SDK's builds linked from it), so
 * the server finds what it finds from the sources. A compiled replica starts in a third of the
 * time tsx takes (no TypeScript to transform), which the fault trials' restarts need.
 * @returns {Promise<string>} the server's main.js
 */
async function compileServer(dir) {
  const app = join(dir, 'app')
  const api = join(app, 'apps/api')
  await promisify(execFile)(process.execPath, [
    join(root, 'apps/api/build.mjs'),
    '--outdir',
    join(api, 'dist'),
  ])
  await copyFile(join(root, 'apps/api/package.json'), join(api, 'package.json'))
  await mkdir(join(app, 'apps/modal'), { recursive: true })
  await mkdir(join(app, 'packages/sdk'), { recursive: true })
  for (const linked of [
    'node_modules',
    'apps/api/node_modules',
    'apps/api/registry',
    'apps/modal/dist',
    'packages/sdk/dist',
  ])
    if (existsSync(join(root, linked))) await symlink(join(root, linked), join(app, linked))
  return join(api, 'dist/main.js')
}

/** What the stack sets on every replica itself: a caller's `env` may not. */
const stackWiring = [
  'HOST',
  'PORT',
  'DATABASE_URL',
  'REDIS_URL',
  'AIRLOCK_SERVER_KEY',
  'AIRLOCK_OPERATOR_TOKEN',
  'AIRLOCK_TRUST_PROXY',
  'AIRLOCK_INSTANCE_ID',
]

/**
 * Starts PostgreSQL, Redis, `replicas` API replicas (apps/api/src/main.ts under tsx, ids `api-1`…)
 * and HAProxy in front on `port` (0: a free one), all on loopback. The first replica starts alone
 * (it migrates the database, seeds the demo project and records the server key's fingerprint),
 * the others together after it. Every replica gets the same DATABASE_URL, REDIS_URL,
 * AIRLOCK_SERVER_KEY and AIRLOCK_OPERATOR_TOKEN (the caller's, else random for this stack).
 * `env` adds settings every replica gets (a bench's budgets, say); it may not set what wires the
 * stack together (the addresses, the shared secrets, the instance id).
 * `compiled` runs the replicas compiled (apps/api/build.mjs, as the Docker image does) instead
 * of under tsx: slower to set up by the build's second or two, three times quicker to (re)start.
 * `signal` aborts a start under way: what started is stopped and the promise rejects.
 * `onReplicaLine(id, line)` gets each line a replica writes to stdout (its JSON log lines), quiet
 * or not: a bench reads what the replicas report of themselves.
 * @param {{ replicas?: number, port?: number, quiet?: boolean, env?: Record<string, string>, compiled?: boolean, signal?: AbortSignal, onReplicaLine?: (id: string, line: string) => void }} [options]
 */
export async function startScaleStack(options = {}) {
  const {
    replicas: count = defaultReplicas,
    port = defaultBalancerPort,
    quiet = false,
    env: extra = {},
    compiled = false,
    signal,
    onReplicaLine,
  } = options
  const wired = Object.keys(extra).filter((name) => stackWiring.includes(name))
  if (wired.length > 0)
    throw new Error(`env may not set what the scale stack wires itself: ${wired.join(', ')}.`)
  if (!Number.isInteger(count) || count < 1 || count > maxReplicas)
    throw new Error(`replicas must be a whole number from 1 to ${maxReplicas}, got ${count}.`)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`port must be a port number (0 for a free one), got ${port}.`)
  const haproxy = findHaproxy()
  const balancerPort = await loopbackPort(port)
  const log = (line) => {
    if (!quiet) process.stdout.write(`[scale] ${line}\n`)
  }

  const abortedError = () => new Error('The scale stack was stopped while starting.')
  /**
   * Rejects when `signal` aborts: the waits for replicas and HAProxy race it (their processes are
   * known to stop() already); PostgreSQL and Redis, which start in a second or two, are awaited.
   */
  const aborted = new Promise((_, reject) => {
    if (signal?.aborted) reject(abortedError())
    signal?.addEventListener('abort', () => reject(abortedError()), { once: true })
  })
  aborted.catch(() => {})
  const step = (promise) => Promise.race([promise, aborted])
  const checkAborted = () => {
    if (signal?.aborted) throw abortedError()
  }

  const dir = await mkdtemp(join(tmpdir(), 'airlock-scale-'))
  /** @type {Awaited<ReturnType<typeof startPostgresCluster>> | undefined} */
  let postgres
  /** @type {{ url: string, port: number, child: import('node:child_process').ChildProcess } | undefined} */
  let redis
  /** @type {{ id: string, url: string, port: number, child: import('node:child_process').ChildProcess }[]} */
  const replicas = []
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let balancer
  let stopped
  const stop = () => {
    stopped ??= (async () => {
      await Promise.all([
        balancer && stopChild(balancer),
        ...replicas.map(({ child }) => stopChild(child)),
      ])
      if (redis) await stopChild(redis.child)
      postgres?.stop()
      await rm(dir, { recursive: true, force: true })
    })()
    return stopped
  }

  try {
    const pgDir = join(dir, 'postgres')
    await mkdir(pgDir)
    postgres = await startPostgresCluster(pgDir)
    checkAborted()
    log(`PostgreSQL on ${postgres.url}`)
    redis = await startRedisServer()
    checkAborted()
    log(`Redis on ${redis.url}`)

    const shared = {
      ...extra,
      HOST: '127.0.0.1',
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      AIRLOCK_SERVER_KEY: process.env.AIRLOCK_SERVER_KEY || randomBytes(32).toString('hex'),
      AIRLOCK_OPERATOR_TOKEN:
        process.env.AIRLOCK_OPERATOR_TOKEN || randomBytes(24).toString('base64url'),
      // HAProxy appends X-Forwarded-For: each visitor is counted, not the balancer.
      AIRLOCK_TRUST_PROXY: '1',
    }
    // tsx as Node's loader, not its CLI (which runs the server in a child of its own): the pid
    // is the server's, so a kill -9 of it kills the replica and leaves nothing behind.
    const server = compiled
      ? [await compileServer(dir)]
      : ['--import', 'tsx', 'apps/api/src/main.ts']
    checkAborted()
    /** Starts `replica`'s process (again, after a kill) and waits for its /healthz. */
    const launch = async (replica) => {
      const { id, url, port: replicaPort } = replica
      const child = startProcess(id, process.execPath, server, {
        env: { ...shared, PORT: String(replicaPort), AIRLOCK_INSTANCE_ID: id },
        quiet,
      })
      replica.child = child
      const output = tail(child)
      if (onReplicaLine) eachLine(child.stdout, (line) => onReplicaLine(id, line))
      try {
        await waitFor(`replica ${id} on ${url}`, async () => (await fetch(`${url}/healthz`)).ok, {
          timeoutMs: 120_000,
          child,
        })
      } catch (error) {
        throw new Error(`${error.message}\n${output()}`)
      }
      log(`${id} on ${url} (pid ${child.pid})`)
    }
    const startReplica = async (index) => {
      const replicaPort = await loopbackPort()
      // A start aborted meanwhile starts no more processes: stop() may have run already.
      if (stopped) throw abortedError()
      const replica = {
        id: `api-${index + 1}`,
        url: `http://127.0.0.1:${replicaPort}`,
        port: replicaPort,
        /** @type {import('node:child_process').ChildProcess} */
        child: /** @type {any} */ (undefined),
      }
      replicas.push(replica)
      await launch(replica)
    }
    await step(startReplica(0))
    await step(
      Promise.all(Array.from({ length: count - 1 }, (_, index) => startReplica(index + 1))),
    )

    const configFile = join(dir, 'haproxy.cfg')
    const statsPort = await loopbackPort()
    await writeFile(configFile, haproxyConfig({ port: balancerPort, statsPort, replicas }))
    balancer = startProcess('haproxy', haproxy, ['-f', configFile, '-db'], { quiet })
    const output = tail(balancer)
    const url = `http://127.0.0.1:${balancerPort}`
    const statsUrl = `http://127.0.0.1:${statsPort}/`
    try {
      // Ready once HAProxy's own check passed on every replica (servers start UP unchecked).
      await step(
        waitFor(
          `HAProxy on ${url} with every replica passing its health check`,
          async () => {
            const view = await balancerView(statsUrl)
            return replicas.every(
              ({ id }) => view[id]?.status === 'UP' && view[id]?.check === 'L7OK',
            )
          },
          { timeoutMs: 15_000, child: balancer },
        ),
      )
    } catch (error) {
      throw new Error(`${error.message}\n${output()}`)
    }
    const redisPort = redis.port
    const cluster = postgres
    /** What a fault trial does to a part: refused once the stack is stopping. */
    const control = (what, action) => async () => {
      if (stopped) throw new Error(`The scale stack is stopped: cannot ${what}.`)
      await action()
    }
    return {
      url,
      statsUrl,
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      replicas: replicas.map((replica) => ({
        id: replica.id,
        url: replica.url,
        get pid() {
          return /** @type {number} */ (replica.child.pid)
        },
        running: () => replica.child.exitCode === null && replica.child.signalCode === null,
        kill: control(`kill ${replica.id}`, () => killChild(replica.child)),
        start: control(`start ${replica.id}`, async () => {
          if (replica.child.exitCode === null && replica.child.signalCode === null)
            throw new Error(`${replica.id} is running (pid ${replica.child.pid}): kill it first.`)
          await launch(replica)
        }),
      })),
      redis: {
        kill: control('kill Redis', async () => {
          if (redis) await killChild(redis.child)
        }),
        start: control('start Redis', async () => {
          if (redis && redis.child.exitCode === null && redis.child.signalCode === null)
            throw new Error('Redis is running: kill it first.')
          redis = await startRedisServer(redisPort)
          log(`Redis on ${redis.url} again`)
        }),
      },
      postgres: {
        stop: control('stop PostgreSQL', () => cluster.stopServer()),
        start: control('start PostgreSQL', () => cluster.startServer()),
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** `--replicas N` / SCALE_REPLICAS and `--port P` / SCALE_PORT, checked. */
export function readScaleOptions(argv, env) {
  const read = (flag, variable, fallback) => {
    const at = argv.indexOf(flag)
    const text = at === -1 ? env[variable] : argv[at + 1]
    if (text === undefined || text === '') return fallback
    if (!/^\d+$/.test(text))
      throw new Error(
        `${flag} (or ${variable}) must be a whole number, got ${JSON.stringify(text)}.`,
      )
    return Number(text)
  }
  const known = new Set(['--replicas', '--port'])
  for (let index = 0; index < argv.length; index += 2)
    if (!known.has(argv[index]))
      throw new Error(
        `Unknown argument ${JSON.stringify(argv[index])}. Usage: npm run stack:scale -- [--replicas N] [--port P]`,
      )
  return {
    replicas: read('--replicas', 'SCALE_REPLICAS', defaultReplicas),
    port: read('--port', 'SCALE_PORT', defaultBalancerPort),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Ctrl-C while starting aborts the start (which stops what it started); after, stops the stack.
  const starting = new AbortController()
  let stack
  let stopping = false
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, async () => {
      if (stopping) return
      stopping = true
      if (stack === undefined) return starting.abort()
      await stack.stop()
      process.exit(0)
    })
  try {
    stack = await startScaleStack({
      ...readScaleOptions(process.argv.slice(2), process.env),
      signal: starting.signal,
    })
  } catch (error) {
    console.error(error.message)
    process.exit(starting.signal.aborted ? 0 : 1)
  }
  console.log(`
Airlock at scale is running:
  load balancer ${stack.url}  (HAProxy: round-robin, /healthz checked every 1 s)
  its stats     ${stack.statsUrl}  (each replica UP or DOWN)
${stack.replicas.map(({ id, url, pid }) => `  ${id.padEnd(13)} ${url}  (pid ${pid})`).join('\n')}
  PostgreSQL    ${stack.databaseUrl}
  Redis         ${stack.redisUrl}
Each answer names its replica in X-Airlock-Instance. Press Ctrl-C to stop.
`)
}
