/**
 * The two storage back-ends as test fixtures, for `describe.each(testDatabases())`: one migrated
 * database per test file (a temp SQLite file, or a database in a throwaway Postgres cluster),
 * emptied before each test. Emptying takes milliseconds; a new Postgres database takes ~200 ms.
 */

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrateToLatest } from '../src/storage/migrations'
import { openStorage, type Storage, type StorageConfig } from '../src/storage/storage'
import { type PostgresCluster, startPostgres } from './postgres'

export type TestDatabase = {
  name: 'sqlite' | 'postgres'
  /** Once per file, in `beforeAll`: creates and migrates the database. */
  setUp(): Promise<void>
  /** A storage on the migrated database, with no rows in any table. */
  open(): Promise<Storage>
  /** A storage on another database, new and not migrated: for tests of the migrations. */
  openUnmigrated(): Promise<Storage>
  tearDown(): Promise<void>
}

/** Where a fixture's databases live: `newDatabase()` makes another empty one there. */
type DatabaseHost = { newDatabase(): Promise<StorageConfig>; remove(): Promise<void> }

function testDatabase(
  name: TestDatabase['name'],
  createHost: () => Promise<DatabaseHost>,
): TestDatabase {
  let host: DatabaseHost | undefined
  let config: StorageConfig | undefined
  return {
    name,
    async setUp() {
      host = await createHost()
      config = await host.newDatabase()
      const storage = openStorage(config)
      await migrateToLatest(storage.db)
      await storage.close()
    },
    async openUnmigrated() {
      if (host === undefined) throw new Error('setUp() first')
      return openStorage(await host.newDatabase())
    },
    async open() {
      if (config === undefined) throw new Error('setUp() first')
      const storage = openStorage(config)
      await storage.db.deleteFrom('onramp_orders').execute()
      await storage.db.deleteFrom('sponsored_operations').execute()
      await storage.db.deleteFrom('sponsorship_usage').execute()
      await storage.db.deleteFrom('account_names').execute()
      await storage.db.deleteFrom('farcaster_channels').execute()
      await storage.db.deleteFrom('social_grants').execute()
      await storage.db.deleteFrom('social_identities').execute()
      await storage.db.deleteFrom('social_authorizations').execute()
      await storage.db.deleteFrom('embedded_wallet_challenges').execute()
      await storage.db.deleteFrom('embedded_wallet_devices').execute()
      await storage.db.deleteFrom('embedded_wallets').execute()
      await storage.db.deleteFrom('email_changes').execute()
      await storage.db.deleteFrom('email_sessions').execute()
      await storage.db.deleteFrom('email_codes').execute()
      await storage.db.deleteFrom('email_address_locks').execute()
      await storage.db.deleteFrom('siwx_sessions').execute()
      await storage.db.deleteFrom('siwx_nonces').execute()
      await storage.db.deleteFrom('events').execute()
      await storage.db.deleteFrom('project_origins').execute()
      await storage.db.deleteFrom('projects').execute()
      await storage.db.deleteFrom('server_key_fingerprints').execute()
      return storage
    },
    async tearDown() {
      await host?.remove()
    },
  }
}

const sqlite = () =>
  testDatabase('sqlite', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'airlock-sqlite-'))
    let databases = 0
    return {
      newDatabase: async () => ({
        dialect: 'sqlite',
        file: join(dir, `airlock-${++databases}.sqlite`),
      }),
      remove: () => rm(dir, { recursive: true, force: true }),
    }
  })

const postgres = () =>
  testDatabase('postgres', async () => {
    const cluster: PostgresCluster = await startPostgres()
    return {
      newDatabase: async () => ({ dialect: 'postgres', url: await cluster.createDatabase() }),
      remove: cluster.stop,
    }
  })

/** Fresh fixtures per call, so each test file gets its own cluster and folder. */
export function testDatabases(): TestDatabase[] {
  return [sqlite(), postgres()]
}

/** Generous: `initdb` plus a cold start can take several seconds on a busy machine. */
export const setUpTimeout = 120_000
