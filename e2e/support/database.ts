// The API's SQLite file in the e2e stack, for a test that must change what the API keeps behind
// its back (time passing for a row, an expired code, a share changed where it is stored), or read
// what it kept (nothing half-linked after a refusal).
import { join } from 'node:path'
import { expect } from '@playwright/test'
import Database from 'better-sqlite3'

const databaseFile = () => join(process.env.AIRLOCK_E2E_DATA_DIR as string, 'airlock.sqlite')

/** Runs one statement on the stack's database. */
export function onDatabase(sql: string, ...params: unknown[]) {
  const db = new Database(databaseFile())
  try {
    db.prepare(sql).run(...params)
  } finally {
    db.close()
  }
}

/** The rows one query reads from the stack's database, read-only. */
export function fromDatabase<row>(sql: string, ...params: unknown[]): row[] {
  const db = new Database(databaseFile(), { readonly: true })
  try {
    return db.prepare(sql).all(...params) as row[]
  } finally {
    db.close()
  }
}

/**
 * Waits until the API's built-in indexer has read `chainId` up to block `blockNumber`: what the
 * account-data routes say (balances of the tokens an account received, its activity) includes
 * that block from then on.
 */
export async function indexedThrough(blockNumber: bigint, chainId = 'eip155:31337') {
  await expect
    .poll(
      () =>
        BigInt(
          fromDatabase<{ block_number: number | string }>(
            'SELECT block_number FROM indexer_cursors WHERE chain_id = ?',
            chainId,
          )[0]?.block_number ?? -1,
        ),
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(blockNumber)
}
