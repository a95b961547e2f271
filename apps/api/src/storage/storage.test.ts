import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { afterEach, describe, expect, test } from 'vitest'
import { migrateToLatest } from './migrations'
import { openStorage, type Storage } from './storage'

let dir: string | undefined
let storage: Storage | undefined
afterEach(async () => {
  await storage?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('SQLite storage', () => {
  test('behavior: a transaction holds the write lock from its start, so another writer waits its turn', async () => {
    dir = mkdtempSync(join(tmpdir(), 'airlock-storage-'))
    const file = join(dir, 'airlock.sqlite')
    storage = openStorage({ dialect: 'sqlite', file })
    await migrateToLatest(storage.db)
    // Another process's connection (the CLI beside the server), not willing to wait.
    const other = new SqliteDatabase(file)
    other.pragma('busy_timeout = 0')
    const write = () =>
      other
        .prepare('insert into projects (id, features, created_at) values (?, ?, ?)')
        .run(`p${Math.random()}`.replace('.', ''), '{}', new Date().toISOString())
    let duringTransaction: unknown
    await storage.db.transaction().execute(async (trx) => {
      // Only a read so far: a deferred transaction would not hold the lock yet.
      await trx.selectFrom('projects').select('id').execute()
      try {
        write()
      } catch (error) {
        duringTransaction = error
      }
    })
    expect((duringTransaction as { code?: string })?.code).toBe('SQLITE_BUSY')
    // Once it commits, the other writer goes through.
    expect(() => write()).not.toThrow()
    other.close()
  })
})
