// `npm run stack:scale`: Airlock's production topology on loopback (issue 40). A throwaway
// PostgreSQL cluster (the data) and a redis-server (the shared cache and rate limits), N stateless
// API replicas on them (default 3; `--replicas N` or SCALE_REPLICAS), and HAProxy from Debian's
// packages in front, on one port (default 8700; `--port P` or SCALE_PORT), balancing round-robin
// and checking each replica's /healthz every second, so a dead replica is out within 2-3 s. Every
// answer names its replica (`X-Airlock-Instance: api-<n>`). Ctrl-C stops all of it and removes
// its temp folder. `startScaleStack()` starts the same for a test or the bench.
import { execFile, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { chmod, chown, copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { createConnection, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { root, startProcess, waitFor } from './stack.mjs'

export const defaultReplicas = 3
export const defaultBalancerPort = 8700
/** At most this many replicas: each is a Node process of some 150 MB. */
export const maxReplicas = 16

/**
 * Debian's haproxy: `HAPROXY_PATH` when set (and then only it), else /usr/sbin/haproxy or on
 * PATH; missing, a clear error naming the package.
 * @param {Record<string, string | undefined>} [env]
 */
export function findHaproxy(env = process.env) {
  const candidates = env.HAPROXY_PATH
    ? [env.HAPROXY_PATH]
    : ['/usr/sbin/haproxy', ...(env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'haproxy'))]
  const found = candidates.find((path) => existsSync(path))
  if (found === undefined)
    throw new Error(
      `HAProxy not found (${env.HAPROXY_PATH ? `HAPROXY_PATH ${env.HAPROXY_PATH}` : '/usr/sbin/haproxy, PATH'}): ` +
        'the scale stack balances its replicas with it. Install it with `apt-get install haproxy`.',
    )
  return found
}

function findPostgresBin() {
  const versioned = '/usr/lib/postgresql'
  const candidates = [
    ...(existsSync(versioned)
      ? readdirSync(versioned)
          .filter((version) => /^\d+$/.test(version))
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => join(versioned, version, 'bin'))
      : []),
    ...(process.env.PATH ?? '').split(delimiter).filter(Boolean),
  ]
  const bin = candidates.find((dir) => existsSync(join(dir, 'initdb')))
  if (bin === undefined)
    throw new Error(
      'PostgreSQL (initdb, pg_ctl) not found in /usr/lib/postgresql/*/bin or on PATH. Install it ' +
        'with `apt-get install postgresql`.',
    )
  return bin
}

function findRedisServer() {
  const found = [
    process.env.REDIS_SERVER,
    '/usr/bin/redis-server',
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'redis-server')),
  ].find((path) => path && existsSync(path))
  if (found === undefined)
    throw new Error(
      'redis-server not found (REDIS_SERVER, /usr/bin/redis-server, PATH). Install it with ' +
        '`apt-get install redis-server`.',
    )
  return found
}

/** A loopback TCP port nothing listens on now; `port` itself when given and free. */
function loopbackPort(port = 0) {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', () =>
      reject(
        new Error(
          `Port ${port} on 127.0.0.1 is in use. Stop what runs there or pick another port.`,
        ),
      ),
    )
    server.listen(port, '127.0.0.1', () => {
      const { port: taken } = /** @type {import('node:net').AddressInfo} */ (server.address())
      server.close(() => resolve(taken))
    })
  })
}

/** Whether something accepts TCP connections on the loopback port. */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Kills a child with SIGKILL (`kill -9`); resolves when it is gone. */
function killChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined)
    child.once('exit', () => resolve(undefined))
    child.kill('SIGKILL')
  })
}

/** Stops a child: SIGTERM, SIGKILL after `graceMs`; resolves when it is gone. */
function stopChild(child, graceMs = 6000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined)
    child.once('exit', () => resolve(undefined))
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), graceMs).unref()
  })
}

/** Keeps the last lines a child wrote, for the error that says why it stopped. */
function tail(child, lines = 20) {
  const kept = []
  const keep = (chunk) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) kept.push(line)
    kept.splice(0, Math.max(0, kept.length - lines))
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return () => kept.join('\n')
}

/** Calls `onLine` with each whole line `stream` writes, a line split across chunks joined. */
function eachLine(stream, onLine) {
  let partial = ''
  stream.on('data', (chunk) => {
    const lines = (partial + chunk.toString()).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) if (line.trim()) onLine(line)
  })
  stream.on('end', () => {
    if (partial.trim()) onLine(partial)
  })
}

/**
 * Starts a throwaway PostgreSQL cluster in `dir` on a free loopback port with one database,
 * `airlock`, as apps/api/test/postgres.ts does (as the postgres user when run as root).
 * `stopServer()` (a fast shutdown: sessions are ended) and `startServer()` restart it on the same
 * port and data, without blocking the event loop meanwhile (the trials' load runs beside).
 */
async function startPostgresCluster(dir) {
  const bin = findPostgresBin()
  const dataDir = join(dir, 'data')
  const port = await loopbackPort()
  let run = (command, args) => execFileSync(join(bin, command), args, { stdio: 'pipe' })
  let runAsync = (command, args) => promisify(execFile)(join(bin, command), args)
  if (process.getuid?.() === 0) {
    // The postgres user must get through the stack's temp folder (mkdtemp makes it 0700) to its own.
    await chmod(dirname(dir), 0o711)
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    await chown(dir, uid, gid)
    await mkdir(dataDir, { mode: 0o700 })
    await chown(dataDir, uid, gid)
    run = (command, args) =>
      execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], {
        stdio: 'pipe',
      })
    runAsync = (command, args) =>
      promisify(execFile)('runuser', ['-u', 'postgres', '--', join(bin, command), ...args])
  }
  const startArgs = [
    '-D',
    dataDir,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    '-l',
    join(dir, 'postgres.log'),
    '-w',
    'start',
  ]
  const stop = () => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'])
    } catch {}
  }
  try {
    run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync'])
    run('pg_ctl', startArgs)
    run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'airlock'])
  } catch (error) {
    stop()
    const stderr = error?.stderr?.toString().trim()
    throw new Error(`Could not start a PostgreSQL cluster with ${bin}: ${stderr || error.message}`)
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/airlock`,
    stop,
    stopServer: async () => {
      await runAsync('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'])
    },
    startServer: async () => {
      await runAsync('pg_ctl', startArgs)
    },
  }
}

/** Starts redis-server on `port` (0: a free one) on loopback, persistence off. */
async function startRedisServer(wanted = 0) {
  const port = await loopbackPort(wanted)
  const child = spawn(
    findRedisServer(),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const output = tail(child)
  try {
    await waitFor(`redis-server on 127.0.0.1:${port}`, () => accepts(port), {
      timeoutMs: 10_000,
      child,
    })
  } catch (error) {
    await stopChild(child)
    throw new Error(`${error.message}\n${output()}`)
  }
  return { url: `redis://127.0.0.1:${port}`, port, child }
}

/**
 * HAProxy's own 503, when no replica passes its check (all dead, or PostgreSQL down and every
 * /healthz failing), said as the API says its 503s: JSON, `serviceUnavailable`, `Retry-After`.
 * deploy/haproxy.cfg carries the same line.
 */
export const noReplicaAnswer =
  'http-error status 503 content-type application/json hdr Retry-After 5 hdr Cache-Control no-store ' +
  `string '${JSON.stringify({ error: { code: 'serviceUnavailable', message: 'No API replica is available; try again shortly.' } })}'`

/**
 * HAProxy's configuration: one frontend on `port`, round-robin over the replicas, each checked
 * with GET /healthz every second, out after 2 failures, back after 1 success. A request whose
 * connection to a replica fails (the replica just died) is sent to another one, not failed; with
 * none left, the answer is a 503 with Retry-After ({@link noReplicaAnswer}).
 * HAProxy's stats page (each replica UP or DOWN; `;csv` for machines) is on `statsPort`.
 * @param {{ port: number, statsPort: number, replicas: { id: string, port: number }[] }} options
 */
export function haproxyConfig({ port, statsPort, replicas }) {
  return [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    '  # The replicas count each visitor from X-Forwarded-For (AIRLOCK_TRUST_PROXY=1).',
    '  option forwardfor',
    '  # A connection refused by a replica that just died is retried on another one.',
    '  retries 2',
    '  retry-on conn-failure',
    '  option redispatch 1',
    `  ${noReplicaAnswer}`,
    '',
    'frontend stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /',
    '',
    'frontend airlock',
    `  bind 127.0.0.1:${port}`,
    '  default_backend api',
    '',
    'backend api',
    '  balance roundrobin',
    '  # HTTP/1.1 with a Host header: the API answers a request without one 400.',
    '  option httpchk GET /healthz HTTP/1.1',
    '  http-check send hdr Host airlock-lb',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 1',
    ...replicas.map(({ id, port: replicaPort }) => `  server ${id} 127.0.0.1:${replicaPort} check`),
    '',
  ].join('\n')
}

/**
 * Each replica as HAProxy's stats CSV (`<statsUrl>;csv`) shows it: its `status` (`UP`, `DOWN`,
 * `UP 1/2` while going down…) and its last check's (`L7OK`, `L4CON`…).
 * @param {string} statsUrl
 * @returns {Promise<Record<string, { status: string, check: string }>>}
 */
export async function balancerView(statsUrl) {
  const [header = '', ...rows] = (await (await fetch(`${statsUrl};csv`)).text()).trim().split('\n')
  const columns = header.replace(/^# /, '').split(',')
  const [proxy, server, status, check] = ['pxname', 'svname', 'status', 'check_status'].map(
    (name) => columns.indexOf(name),
  )
  return Object.fromEntries(
    rows
      .map((row) => row.split(','))
      .filter((cells) => cells[proxy] === 'api' && /^api-\d+$/.test(cells[server] ?? ''))
      .map((cells) => [cells[server], { status: cells[status], check: cells[check] }]),
  )
}

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
