/**
 * A throwaway Postgres cluster for tests: `initdb` into a temp folder, `pg_ctl start` on a free
 * loopback port, one database per test, and `stop()` removes it all. Binaries come from
 * /usr/lib/postgresql/<version>/bin or PATH; when absent, starting fails (tests must not skip).
 */

import { execFileSync } from 'node:child_process'
import { chown, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { findPostgresBin } from '../../../scripts/loopbackServices.mjs'
import { freePort } from './ports'

export type PostgresCluster = {
  port: number
  /** Creates an empty database and returns its connection URL. */
  createDatabase(): Promise<string>
  /** Stops the server (fast shutdown: open connections are ended), keeping its data and port. */
  stopServer(): void
  /** Starts it again after `stopServer()`, on the same port and data. */
  startServer(): void
  stop(): Promise<void>
}

export async function startPostgres(): Promise<PostgresCluster> {
  const bin = findPostgresBin()
  const root = await mkdtemp(join(tmpdir(), 'airlock-pg-'))
  const dataDir = join(root, 'data')
  const port = await freePort()

  // Postgres refuses to run as root; as root, hand the folder to the `postgres` user.
  const asRoot = process.getuid?.() === 0
  let runAs: (command: string, args: string[]) => void = (command, args) => {
    execFileSync(join(bin, command), args, { stdio: 'pipe' })
  }
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    await chown(root, uid, gid)
    await mkdir(dataDir, { mode: 0o700 })
    await chown(dataDir, uid, gid)
    runAs = (command, args) => {
      execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], {
        stdio: 'pipe',
      })
    }
  }

  const startServer = () =>
    runAs('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      join(root, 'postgres.log'),
      '-w',
      'start',
    ])
  try {
    runAs('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync'])
    startServer()
  } catch (error) {
    await rm(root, { recursive: true, force: true })
    throw new Error(`Could not start a Postgres cluster with ${bin}: ${describeExecError(error)}`)
  }

  let databases = 0
  const admin = new pg.Pool({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    database: 'postgres',
    max: 1,
  })
  // Its idle connection ends when a test stops the server: pg reports that here (unheard, it
  // would end the test process) and connects anew on the next query.
  admin.on('error', () => {})
  return {
    port,
    async createDatabase() {
      const name = `airlock_test_${++databases}`
      await admin.query(`create database ${name}`)
      return `postgres://postgres@127.0.0.1:${port}/${name}`
    },
    stopServer() {
      runAs('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'])
    },
    startServer,
    async stop() {
      await admin.end()
      try {
        runAs('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
      } finally {
        await rm(root, { recursive: true, force: true })
      }
    },
  }
}

function describeExecError(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'stderr' in error) {
    const stderr = String(error.stderr).trim()
    if (stderr !== '') return stderr
  }
  return error instanceof Error ? error.message : String(error)
}
