/**
 * Migration 0021: the server key's fingerprint (issue 40; `serverKeyFingerprintTable.ts`), on
 * both dialects: on SQLite, one process at a time, it still tells a restart with another key.
 */
import type { Kysely, Migration } from 'kysely'

export const serverKeyFingerprintMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('server_key_fingerprints')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('fingerprint', 'text', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .execute()
  },
}
