// PostgreSQL and Redis from Debian's packages, started throwaway on loopback for the scale stack
// (scripts/stackScale.mjs): a cluster in a temp folder with one database, and a redis-server
// without persistence; each found where Debian puts it, or a clear error naming the package.
import { execFile, execFileSync, spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chmod, chown, mkdir } from 'node:fs/promises'
import { delimiter, dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { accepts, loopbackPort, stopChild, tail } from './childProcesses.mjs'
import { waitFor } from './stack.mjs'

/** Debian's PostgreSQL binaries (initdb, pg_ctl): the newest /usr/lib/postgresql/<n>/bin, else PATH. */
export function findPostgresBin() {
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
  const bin = candidates.find(
    (dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')),
  )
  if (bin === undefined)
    throw new Error(
      'PostgreSQL (initdb, pg_ctl) not found in /usr/lib/postgresql/*/bin or on PATH. Install it ' +
        'with `apt-get install postgresql` (the stacks and the tests that need it do not skip).',
    )
  return bin
}

/** redis-server: `REDIS_SERVER`, else /usr/bin/redis-server, else on PATH. */
export function findRedisServer() {
  const found = [
    process.env.REDIS_SERVER,
    '/usr/bin/redis-server',
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'redis-server')),
  ].find((path) => path && existsSync(path))
  if (found === undefined)
    throw new Error(
      'redis-server not found (REDIS_SERVER, /usr/bin/redis-server, PATH). Install it with ' +
        '`apt-get install redis-server` (the stacks and the tests that need it do not skip).',
    )
  return found
}

/**
 * Starts a throwaway PostgreSQL cluster in `dir` on a free loopback port with one database,
 * `airlock`, as apps/api/test/postgres.ts does (as the postgres user when run as root).
 * `stopServer()` (a fast shutdown: sessions are ended) and `startServer()` restart it on the same
 * port and data, without blocking the event loop meanwhile (the trials' load runs beside).
 */
export async function startPostgresCluster(dir) {
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
export async function startRedisServer(wanted = 0) {
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
