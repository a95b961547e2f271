// The API's SQLite file in the e2e stack, for a test that must change what the API keeps behind
// its back (time passing for a row, a share changed where it is stored) or read what it kept
// (nothing half-written after a fault).
import { join } from 'node:path'
import Database from 'better-sqlite3'

/** Runs one statement on the stack's database. */
export function onDatabase(sql: string, ...params: unknown[]) {
  const db = new Database(join(process.env.AIRLOCK_E2E_DATA_DIR as string, 'airlock.sqlite'))
  try {
    db.prepare(sql).run(...params)
  } finally {
    db.close()
  }
}

/** The rows one query reads from the stack's database. */
export function rowsOnDatabase<row>(sql: string, ...params: unknown[]): row[] {
  const db = new Database(join(process.env.AIRLOCK_E2E_DATA_DIR as string, 'airlock.sqlite'), {
    readonly: true,
  })
  try {
    return db.prepare(sql).all(...params) as row[]
  } finally {
    db.close()
  }
}
