/**
 * Migration 0015: linking only by the visitor, with consent (issue 33). An authorization is bound
 * to the browser of its popup and to the frame that asked; a grant carries the social account,
 * linked only when that frame redeems it; a Farcaster channel likewise.
 */
import { type Kysely, type Migration, sql } from 'kysely'

const timestamp = 'timestamptz'

export const socialConsentMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Linking only by the visitor, with consent (issue 33). An authorization is started in the
    // browser of its popup (the hash of its state cookie) and bound to the frame that asked (the
    // hash of the secret it keeps, and its email session); the grant carries the social account
    // itself, linked only when that frame redeems it. A channel is bound likewise and keeps the
    // fid it proved while the visitor is asked to link it. Sign-ins under way in the old shape
    // (10 minutes at most) are dropped: they were bound to nothing.
    for (const table of ['social_authorizations', 'social_grants', 'farcaster_channels'])
      await sql`delete from ${sql.table(table)}`.execute(db)
    await db.schema.alterTable('social_authorizations').dropColumn('link_login').execute()
    for (const column of ['session_id', 'secret_hash', 'provider_url', 'browser_hash'])
      await db.schema.alterTable('social_authorizations').addColumn(column, 'text').execute()
    await db.schema.alterTable('social_authorizations').addColumn('started_at', timestamp).execute()
    await db.schema.alterTable('social_grants').dropColumn('login').execute()
    for (const column of ['subject', 'session_id', 'secret_hash'])
      await db.schema.alterTable('social_grants').addColumn(column, 'text').execute()
    await db.schema.alterTable('farcaster_channels').dropColumn('link_login').execute()
    for (const column of ['session_id', 'secret_hash', 'fid', 'handle'])
      await db.schema.alterTable('farcaster_channels').addColumn(column, 'text').execute()
  },
}
