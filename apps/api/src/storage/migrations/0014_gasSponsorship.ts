/**
 * Migration 0014: the gas sponsorship counts (issue 33; `sponsorshipTables.ts`), so the per-account
 * and per-project caps hold across replicas and restarts.
 */
import type { Kysely, Migration } from 'kysely'

export const gasSponsorshipMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sponsorship_usage')
      .addColumn('project_id', 'text', (column) =>
        column.notNull().references('projects.id').onDelete('cascade'),
      )
      .addColumn('day', 'text', (column) => column.notNull())
      .addColumn('account', 'text', (column) => column.notNull())
      .addColumn('operations', 'bigint', (column) => column.notNull())
      .addColumn('gas', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('sponsorship_usage_pk', ['project_id', 'day', 'account'])
      .execute()
    await db.schema
      .createTable('sponsored_operations')
      .addColumn('project_id', 'text', (column) =>
        column.notNull().references('projects.id').onDelete('cascade'),
      )
      .addColumn('network', 'text', (column) => column.notNull())
      .addColumn('sender', 'text', (column) => column.notNull())
      .addColumn('nonce', 'text', (column) => column.notNull())
      .addColumn('gas', 'bigint', (column) => column.notNull())
      .addColumn('day', 'text', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addPrimaryKeyConstraint('sponsored_operations_pk', [
        'project_id',
        'network',
        'sender',
        'nonce',
      ])
      .execute()
  },
}
