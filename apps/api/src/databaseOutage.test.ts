import { once } from 'node:events'
import { createServer, type Socket } from 'node:net'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../test/app'
import { type MemoryLogger, memoryLogger } from '../test/logs'
import { freePort } from '../test/ports'
import { type PostgresCluster, startPostgres } from '../test/postgres'
import { isDatabaseUnreachable } from './databaseOutage'
import { migrateToLatest } from './storage/migrations'
import { openStorage } from './storage/storage'

describe('PostgreSQL stopped under a running app', () => {
  let cluster: PostgresCluster
  let t: TestApp
  let logs: MemoryLogger
  beforeAll(async () => {
    logs = memoryLogger()
    cluster = await startPostgres()
    const storage = openStorage({ dialect: 'postgres', url: await cluster.createDatabase() })
    await migrateToLatest(storage.db)
    t = await createTestApp({ storage, logger: logs.logger })
  })
  afterAll(async () => {
    await t?.close()
    await cluster?.stop()
  })

  const config = () =>
    t.app.request('http://localhost:8787/v1/projects/shop/config', {
      headers: { Origin: 'https://shop.example' },
    })

  test('behavior: requests get 503 serviceUnavailable with Retry-After and /healthz fails; once it is back, 200 again with no restart', async () => {
    expect((await config()).status).toBe(200)
    cluster.stopServer()
    try {
      const during = await config()
      expect(during.status).toBe(503)
      expect(during.headers.get('retry-after')).toBe('5')
      expect(await during.json()).toEqual({
        error: {
          code: 'serviceUnavailable',
          message: 'The database is unavailable; try again shortly.',
        },
      })
      const health = await t.app.request('/healthz')
      expect(health.status).toBe(503)
      expect(health.headers.get('retry-after')).toBe('5')
    } finally {
      cluster.startServer()
    }
    expect((await config()).status).toBe(200)
    expect((await t.app.request('/healthz')).status).toBe(200)
    // An outage is the operator's to see, but no error of ours.
    const said = logs.entries().map(({ level, msg }) => `${level} ${msg}`)
    expect(said).toContain('warn database unreachable')
    expect(said).not.toContain('error unhandled error')
  })
})

describe('isDatabaseUnreachable', () => {
  test("behavior: pg's refused connection is an outage; a query PostgreSQL refuses is not", async () => {
    const nobody = new pg.Client({ host: '127.0.0.1', port: await freePort(), user: 'postgres' })
    const refused = await nobody.connect().then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(isDatabaseUnreachable(refused)).toBe(true)
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(
      isDatabaseUnreachable(Object.assign(new Error('terminating connection'), { code: '57P01' })),
    ).toBe(true)
    expect(
      isDatabaseUnreachable(
        Object.assign(new Error('duplicate key value violates unique constraint'), {
          code: '23505',
        }),
      ),
    ).toBe(false)
    expect(isDatabaseUnreachable(new Error('no account data configured'))).toBe(false)
  })
})

describe('a database that takes connections and never answers', () => {
  test('behavior: a query fails as an outage (answered 503) within the pool’s 5 s connect timeout, instead of hanging', async () => {
    const sockets = new Set<Socket>()
    const silent = createServer((socket) => sockets.add(socket))
    silent.listen(0, '127.0.0.1')
    await once(silent, 'listening')
    const { port } = silent.address() as { port: number }
    const storage = openStorage({
      dialect: 'postgres',
      url: `postgres://postgres@127.0.0.1:${port}/x`,
    })
    try {
      // Without the connect timeout this query would wait on the silent socket past the test's.
      const error = await sql`select 1`.execute(storage.db).then(
        () => undefined,
        (reason: unknown) => reason,
      )
      expect(isDatabaseUnreachable(error)).toBe(true)
    } finally {
      await storage.close()
      for (const socket of sockets) socket.destroy()
      silent.close()
    }
  }, 15_000)
})
