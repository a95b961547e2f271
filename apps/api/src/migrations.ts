/**
 * Schema migrations, defined in code and run at start by the server and the CLI. Kysely's
 * migrator records what ran and takes a lock, so replicas starting together migrate once.
 */

import { type Kysely, type Migration, Migrator } from 'kysely'
import type { Database } from './storage'

// `timestamptz` is a real type in Postgres; SQLite accepts the name and keeps the ISO text as is.
const timestamp = 'timestamptz'

const migrations: Record<string, Migration> = {
  '0001_projects_and_events': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('projects')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('features', 'text', (column) => column.notNull().defaultTo('{}'))
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute()

      await db.schema
        .createTable('project_origins')
        .addColumn('project_id', 'text', (column) =>
          column.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('origin', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint('project_origins_pk', ['project_id', 'origin'])
        .execute()

      await db.schema
        .createTable('events')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('project_id', 'text', (column) =>
          column.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('event_id', 'text', (column) => column.notNull())
        .addColumn('url', 'text', (column) => column.notNull())
        .addColumn('domain', 'text', (column) => column.notNull())
        .addColumn('timestamp', 'bigint', (column) => column.notNull())
        .addColumn('props', 'text', (column) => column.notNull())
        .addColumn('sdk_type', 'text', (column) => column.notNull())
        .addColumn('sdk_version', 'text', (column) => column.notNull())
        .addColumn('received_at', timestamp, (column) => column.notNull())
        .addUniqueConstraint('events_project_event_unique', ['project_id', 'event_id'])
        .execute()

      await db.schema
        .createIndex('events_project_received_at')
        .on('events')
        .columns(['project_id', 'received_at'])
        .execute()
    },
  },
}

/** Brings the schema up to date; a no-op when it already is. Throws on a failed migration. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error } = await migrator.migrateToLatest()
  if (error !== undefined) throw error
}
