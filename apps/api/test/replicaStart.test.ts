/**
 * How a replica's start ends on bad input (issue 40), as an operator sees it: `main.ts` run with
 * tsx. A replica that cannot reach PostgreSQL exits 1 with one line naming DATABASE_URL's host;
 * a replica whose AIRLOCK_SERVER_KEY differs from the one the database's first replica started
 * with exits 1 saying so, while a replica with the same key starts; without a key (development)
 * nothing is recorded or checked.
 */

import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { repoRoot } from '../src/repoRoot'
import { setUpTimeout } from './databases'
import { freePort } from './ports'
import { type PostgresCluster, startPostgres } from './postgres'

const running = new Set<ChildProcess>()
afterEach(() => {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
})

let cluster: PostgresCluster | undefined
beforeAll(async () => {
  cluster = await startPostgres()
}, setUpTimeout)
afterAll(() => cluster?.stop())

type Started = {
  output: () => string
  exited: Promise<number | null>
  /** The port it listens on, from its "listening on" line (it is started on port 0). */
  port: Promise<number>
  stop(): void
}

/**
 * `main.ts` with only `env` (and PATH), on a loopback port of the system's choosing (PORT=0: a
 * port picked here and given to it could be taken while tsx starts it, as a loaded machine's
 * other tests open connections): tsx as Node's loader, so the pid is the server's and a SIGKILL
 * leaves no server behind.
 */
function startReplica(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
  })
  running.add(child)
  let output = ''
  let listening: (port: number) => void = () => {}
  const port = new Promise<number>((resolve) => (listening = resolve))
  const read = (chunk: Buffer) => {
    output += chunk
    const said = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)
    if (said) listening(Number(said[1]))
  }
  child.stdout.on('data', read)
  child.stderr.on('data', read)
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child)
      resolve(code)
    }),
  )
  return { output: () => output, exited, port, stop: () => child.kill('SIGTERM') }
}

/** The fatal lines of a replica's JSON log. */
const fatalMessages = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: string; msg: string; err?: unknown })
    .filter((entry) => entry.level === 'fatal')

/** Waits for the replica's /healthz to answer 200; fails with its output if it exits first. */
async function healthy(replica: Started): Promise<void> {
  const exit = replica.exited.then(() => {
    throw new Error(`the replica exited:\n${replica.output()}`)
  })
  const port = await Promise.race([replica.port, exit])
  let exited = false
  exit.catch(() => (exited = true))
  await expect
    .poll(
      async () => {
        if (exited) throw new Error(`the replica exited:\n${replica.output()}`)
        return (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status
      },
      { timeout: 90_000, interval: 200 },
    )
    .toBe(200)
}

test('error: a replica that cannot reach PostgreSQL exits 1 with one line naming the host', async () => {
  const deadPort = await freePort()
  const replica = startReplica({
    DATABASE_URL: `postgres://airlock:pw@127.0.0.1:${deadPort}/airlock`,
  })
  expect(await replica.exited).toBe(1)
  expect(fatalMessages(replica.output())).toEqual([
    expect.objectContaining({
      msg: `Cannot reach PostgreSQL at 127.0.0.1:${deadPort} (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:${deadPort}. A replica needs its database to start: check that PostgreSQL runs there and that DATABASE_URL names it.`,
    }),
  ])
  // One clear line: no stack trace, no "failed to start" with an error object.
  expect(replica.output()).not.toContain('    at ')
}, 120_000)

test('error: a replica with another AIRLOCK_SERVER_KEY is refused at start; one with the same key starts', async () => {
  const databaseUrl = await cluster!.createDatabase()
  const key = randomBytes(32).toString('hex')
  const first = startReplica({ DATABASE_URL: databaseUrl, AIRLOCK_SERVER_KEY: key })
  await healthy(first)

  const other = startReplica({
    DATABASE_URL: databaseUrl,
    AIRLOCK_SERVER_KEY: randomBytes(32).toString('hex'),
  })
  expect(await other.exited).toBe(1)
  const [refusal, ...more] = fatalMessages(other.output())
  expect(more).toEqual([])
  expect(refusal?.msg).toMatch(
    /^AIRLOCK_SERVER_KEY is not the key this database's replicas use \(this key's fingerprint [0-9a-f]{12}…, the database's [0-9a-f]{12}…, recorded .*\)\. Start every replica with the same AIRLOCK_SERVER_KEY\./,
  )
  expect(other.output()).not.toContain(key)

  const same = startReplica({ DATABASE_URL: databaseUrl, AIRLOCK_SERVER_KEY: key })
  await healthy(same)
  first.stop()
  same.stop()
  expect(await Promise.all([first.exited, same.exited])).toEqual([0, 0])
}, 240_000)

test('behavior: without AIRLOCK_SERVER_KEY (development) a replica records no key and checks none: a keyed one starts after it, and it starts again after that', async () => {
  const databaseUrl = await cluster!.createDatabase()
  const start = async (env: Record<string, string>) => {
    const replica = startReplica({ DATABASE_URL: databaseUrl, ...env })
    await healthy(replica)
    replica.stop()
    expect(await replica.exited).toBe(0)
  }
  // Had the development key been recorded, the keyed replica would be refused…
  await start({})
  await start({ AIRLOCK_SERVER_KEY: randomBytes(32).toString('hex') })
  // …and had it been checked, the keyless one would be refused now.
  await start({})
}, 240_000)
