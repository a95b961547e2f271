/**
 * Migration 0020: the primary name an address chose among its names (issue 36), with the signed
 * message that chose it, so a reverse lookup answers that name rather than the newest.
 */
import type { Kysely, Migration } from 'kysely'

export const primaryNamesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('primary_names')
      // EIP-55 checksummed: one primary name per address.
      .addColumn('address', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) =>
        column.notNull().references('account_names.name').onDelete('cascade'),
      )
      .addColumn('message', 'text', (column) => column.notNull())
      .addColumn('signature', 'text', (column) => column.notNull())
      // Unix seconds: a later choice must be signed later, so an old one can't be replayed.
      .addColumn('message_timestamp', 'bigint', (column) => column.notNull())
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
      .execute()
  },
}
