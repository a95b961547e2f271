/**
 * Migration 0016: wrong email codes counted per project and address across the codes mailed to
 * it, and the lock they lead to (issue 33; `emailAddressLocksTable.ts`).
 */
import type { Kysely, Migration } from 'kysely'

export const emailAddressLocksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('email_address_locks')
      .addColumn('project_id', 'text', (column) =>
        column.notNull().references('projects.id').onDelete('cascade'),
      )
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('failures', 'integer', (column) => column.notNull())
      .addColumn('locks', 'integer', (column) => column.notNull())
      .addColumn('locked_until', 'timestamptz')
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
      .addPrimaryKeyConstraint('email_address_locks_pk', ['project_id', 'email'])
      .execute()
  },
}
