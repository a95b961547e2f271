// The start's database check against a real PostgreSQL cluster: it passes when the database
// answers, and otherwise fails fast with one line naming DATABASE_URL's host and why (nothing
// listening, a server that never answers, a database that is not there), never the password.
import { once } from 'node:events'
import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { setUpTimeout } from '../../test/databases'
import { freePort } from '../../test/ports'
import { type PostgresCluster, startPostgres } from '../../test/postgres'
import { checkDatabaseReach, DatabaseUnreachableError } from './databaseReach'

const advice =
  'A replica needs its database to start: check that PostgreSQL runs there and that DATABASE_URL names it.'

describe('checkDatabaseReach', () => {
  let cluster: PostgresCluster | undefined
  beforeAll(async () => {
    cluster = await startPostgres()
  }, setUpTimeout)
  afterAll(() => cluster?.stop())

  test('behavior: a database that answers passes; SQLite is not checked', async () => {
    const url = await cluster!.createDatabase()
    await expect(checkDatabaseReach({ dialect: 'postgres', url })).resolves.toBeUndefined()
    await expect(
      checkDatabaseReach({ dialect: 'sqlite', file: '/nonexistent/airlock.sqlite' }),
    ).resolves.toBeUndefined()
  })

  test('error: nothing listening at the host is refused at once, naming host and port, not the password', async () => {
    const port = await freePort()
    const refused = await checkDatabaseReach({
      dialect: 'postgres',
      url: `postgres://airlock:s3cret-pw@127.0.0.1:${port}/airlock`,
    }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DatabaseUnreachableError)
    expect((refused as Error).message).toBe(
      `Cannot reach PostgreSQL at 127.0.0.1:${port} (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:${port}. ${advice}`,
    )
  })

  test('error: a database missing on a running server is named', async () => {
    const url = `postgres://postgres@127.0.0.1:${cluster!.port}/not_created`
    await expect(checkDatabaseReach({ dialect: 'postgres', url })).rejects.toThrow(
      `Cannot reach PostgreSQL at 127.0.0.1:${cluster!.port} (DATABASE_URL): database "not_created" does not exist. ${advice}`,
    )
  })

  test('error: a server that accepts and never answers fails within the timeout', async () => {
    const sockets: Socket[] = []
    const silent: Server = createServer((socket) => void sockets.push(socket))
    silent.listen(0, '127.0.0.1')
    await once(silent, 'listening')
    const { port } = silent.address() as { port: number }
    try {
      const started = Date.now()
      const check = checkDatabaseReach(
        { dialect: 'postgres', url: `postgres://postgres@127.0.0.1:${port}/airlock` },
        { timeoutMs: 500 },
      )
      await expect(check).rejects.toThrow(
        new RegExp(
          `^Cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port} \\(DATABASE_URL\\): .*timeout`,
        ),
      )
      expect(Date.now() - started).toBeLessThan(10_000)
    } finally {
      for (const socket of sockets) socket.destroy()
      silent.close()
    }
  })
})
