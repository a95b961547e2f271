/**
 * Schema migrations, defined in code and run at start by the server and the CLI. Kysely's
 * migrator records what ran and takes a lock, so replicas starting together migrate once.
 */

import { type Kysely, type Migration, Migrator, PostgresAdapter, sql } from 'kysely'
import { utcDay } from './days'
import { gasSponsorshipMigration } from './migrations/0014_gasSponsorship'
import { socialConsentMigration } from './migrations/0015_socialConsent'
import { emailAddressLocksMigration } from './migrations/0016_emailAddressLocks'
import { onrampOrdersMigration } from './migrations/0019_onrampOrders'
import { primaryNamesMigration } from './migrations/0020_primaryNames'
import { serverKeyFingerprintMigration } from './migrations/0021_serverKeyFingerprint'
import type { Database } from './storage'

// `timestamptz` is a real type in Postgres; SQLite accepts the name and keeps the ISO text as is.
const timestamp = 'timestamptz'

const migrations = {
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
  '0002_indexer': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('indexer_cursors')
        .addColumn('chain_id', 'text', (column) => column.primaryKey())
        .addColumn('block_number', 'bigint', (column) => column.notNull())
        .addColumn('block_hash', 'text', (column) => column.notNull())
        .execute()

      await db.schema
        .createTable('indexer_blocks')
        .addColumn('chain_id', 'text', (column) => column.notNull())
        .addColumn('block_number', 'bigint', (column) => column.notNull())
        .addColumn('block_hash', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('indexer_blocks_pk', ['chain_id', 'block_number'])
        .execute()

      await db.schema
        .createTable('indexer_leases')
        .addColumn('chain_id', 'text', (column) => column.primaryKey())
        .addColumn('holder', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .execute()

      await db.schema
        .createTable('indexer_transfers')
        .addColumn('chain_id', 'text', (column) => column.notNull())
        .addColumn('block_number', 'bigint', (column) => column.notNull())
        .addColumn('block_hash', 'text', (column) => column.notNull())
        .addColumn('block_timestamp', 'bigint', (column) => column.notNull())
        .addColumn('tx_hash', 'text', (column) => column.notNull())
        .addColumn('tx_index', 'integer', (column) => column.notNull())
        .addColumn('log_index', 'integer', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('token_address', 'text')
        .addColumn('from_address', 'text', (column) => column.notNull())
        .addColumn('to_address', 'text', (column) => column.notNull())
        .addColumn('value', 'text', (column) => column.notNull())
        .addColumn('tx_status', 'text', (column) => column.notNull())
        .addColumn('tx_from', 'text', (column) => column.notNull())
        .addColumn('tx_to', 'text')
        .addPrimaryKeyConstraint('indexer_transfers_pk', ['chain_id', 'tx_hash', 'log_index'])
        .execute()
      for (const [name, column] of [
        ['indexer_transfers_from', 'from_address'],
        ['indexer_transfers_to', 'to_address'],
        ['indexer_transfers_tx_from', 'tx_from'],
        ['indexer_transfers_token', 'token_address'],
      ] as const)
        await db.schema
          .createIndex(name)
          .on('indexer_transfers')
          .columns(['chain_id', column, 'block_number'])
          .execute()
      await db.schema
        .createIndex('indexer_transfers_block')
        .on('indexer_transfers')
        .columns(['chain_id', 'block_number'])
        .execute()

      await db.schema
        .createTable('indexer_tokens')
        .addColumn('chain_id', 'text', (column) => column.notNull())
        .addColumn('address', 'text', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('name', 'text')
        .addColumn('symbol', 'text')
        .addColumn('decimals', 'integer')
        .addPrimaryKeyConstraint('indexer_tokens_pk', ['chain_id', 'address'])
        .execute()

      await db.schema
        .createTable('indexer_nfts')
        .addColumn('chain_id', 'text', (column) => column.notNull())
        .addColumn('contract', 'text', (column) => column.notNull())
        .addColumn('token_id', 'text', (column) => column.notNull())
        .addColumn('owner', 'text', (column) => column.notNull())
        .addColumn('owner_block_number', 'bigint', (column) => column.notNull())
        .addColumn('owner_log_index', 'integer', (column) => column.notNull())
        .addColumn('metadata_status', 'text', (column) => column.notNull())
        .addColumn('token_uri', 'text')
        .addColumn('name', 'text')
        .addColumn('image', 'text')
        .addPrimaryKeyConstraint('indexer_nfts_pk', ['chain_id', 'contract', 'token_id'])
        .execute()
      await db.schema
        .createIndex('indexer_nfts_owner')
        .on('indexer_nfts')
        .columns(['chain_id', 'owner', 'owner_block_number', 'owner_log_index'])
        .execute()
      await db.schema
        .createIndex('indexer_nfts_metadata_status')
        .on('indexer_nfts')
        .columns(['chain_id', 'metadata_status'])
        .execute()

      await db.schema
        .createTable('spam_contracts')
        .addColumn('chain_id', 'text', (column) => column.notNull())
        .addColumn('address', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint('spam_contracts_pk', ['chain_id', 'address'])
        .execute()
    },
  },
  '0003_wallet_registry': {
    async up(db: Kysely<unknown>) {
      // Logo bytes: `bytea` in Postgres, `blob` in SQLite.
      const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob'
      await db.schema
        .createTable('wallets')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('name_lower', 'text', (column) => column.notNull())
        .addColumn('rdns', 'text')
        .addColumn('rank', 'integer', (column) => column.notNull())
        .addColumn('recommended', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('homepage', 'text')
        .addColumn('links', 'text', (column) => column.notNull())
        .addColumn('image', bytes)
        .addColumn('image_type', 'text')
        .addColumn('image_hash', 'text')
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        .execute()
      await db.schema
        .createIndex('wallets_rank_name')
        .on('wallets')
        .columns(['rank', 'name_lower', 'id'])
        .execute()
      await db.schema.createIndex('wallets_rdns').on('wallets').column('rdns').execute()

      await db.schema
        .createTable('wallet_namespaces')
        .addColumn('wallet_id', 'text', (column) =>
          column.notNull().references('wallets.id').onDelete('cascade'),
        )
        .addColumn('namespace', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('wallet_namespaces_pk', ['wallet_id', 'namespace'])
        .execute()
      await db.schema
        .createIndex('wallet_namespaces_namespace')
        .on('wallet_namespaces')
        .columns(['namespace', 'wallet_id'])
        .execute()
    },
  },
  '0004_event_stats': {
    async up(db: Kysely<unknown>) {
      // Nullable: neither dialect adds a NOT NULL column to a filled table without a default.
      for (const column of ['type', 'event', 'day'])
        await db.schema.alterTable('events').addColumn(column, 'text').execute()
      await backfillEventStats(db as Kysely<EventsAt0004>)
      await db.schema
        .createIndex('events_project_day_event')
        .on('events')
        .columns(['project_id', 'day', 'event'])
        .execute()
    },
  },
  '0005_project_settings': {
    async up(db: Kysely<unknown>) {
      // The project's networks, theme, wallets and sign-in (`projectSettings.ts`), as JSON.
      await db.schema
        .alterTable('projects')
        .addColumn('settings', 'text', (column) => column.notNull().defaultTo('{}'))
        .execute()
    },
  },
  '0006_siwx': {
    async up(db: Kysely<unknown>) {
      // Sign in with a wallet (`services/siwx/`): single-use nonces, and the sessions they start.
      await db.schema
        .createTable('siwx_nonces')
        .addColumn('nonce', 'text', (column) => column.primaryKey())
        .addColumn('project_id', 'text', (column) =>
          column.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('host_origin', 'text', (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute()
      await db.schema
        .createIndex('siwx_nonces_expires_at')
        .on('siwx_nonces')
        .column('expires_at')
        .execute()
      await db.schema
        .createTable('siwx_sessions')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('project_id', 'text', (column) =>
          column.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('host_origin', 'text', (column) => column.notNull())
        .addColumn('chain_id', 'text', (column) => column.notNull())
        .addColumn('address', 'text', (column) => column.notNull())
        .addColumn('message', 'text', (column) => column.notNull())
        .addColumn('signature', 'text', (column) => column.notNull())
        .addColumn('data', 'text', (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('revoked_at', timestamp)
        .execute()
      await db.schema
        .createIndex('siwx_sessions_account')
        .on('siwx_sessions')
        .columns(['project_id', 'host_origin', 'address'])
        .execute()
    },
  },
  '0007_email_login': {
    async up(db: Kysely<unknown>) {
      // Email login (`services/email/`): one-time codes, and the sessions they start.
      await db.schema
        .createTable('email_codes')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('project_id', 'text', (column) =>
          column.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('host_origin', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('code_hash', 'text', (column) => column.notNull())
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('used_at', timestamp)
        .execute()
      await db.schema
        .createIndex('email_codes_email')
        .on('email_codes')
        .columns(['project_id', 'email'])
        .execute()
      await db.schema
        .createTable('email_sessions')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('project_id', 'text', (column) =>
          column.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('host_origin', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('revoked_at', timestamp)
        .execute()
      await db.schema
        .createIndex('email_sessions_email')
        .on('email_sessions')
        .columns(['project_id', 'email'])
        .execute()
    },
  },
  '0008_embedded_wallets': {
    async up(db: Kysely<unknown>) {
      // An email login's embedded wallet (`services/embeddedWallets/`): one per email and project.
      await db.schema
        .createTable('embedded_wallets')
        .addColumn('project_id', 'text', (column) =>
          column.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('evm_address', 'text', (column) => column.notNull())
        .addColumn('solana_address', 'text', (column) => column.notNull())
        .addColumn('auth_share', 'text', (column) => column.notNull())
        .addColumn('recovery_share', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint('embedded_wallets_pk', ['project_id', 'email'])
        .execute()
    },
  },
  '0009_embedded_wallet_devices': {
    async up(db: Kysely<unknown>) {
      // The devices of an embedded wallet (`services/embeddedWallets/devices.ts`), each with the
      // key its device share is encrypted under. They belong to their wallet: they go with it
      // when it is deleted, and follow it when its email changes (ON UPDATE CASCADE).
      await db.schema
        .createTable('embedded_wallet_devices')
        .addColumn('project_id', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('device_id', 'text', (column) => column.notNull())
        .addColumn('sealed_key', 'text')
        .addColumn('label', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('last_used_at', timestamp, (column) => column.notNull())
        .addColumn('revoked_at', timestamp)
        .addPrimaryKeyConstraint('embedded_wallet_devices_pk', ['project_id', 'email', 'device_id'])
        .addForeignKeyConstraint(
          'embedded_wallet_devices_wallet_fk',
          ['project_id', 'email'],
          'embedded_wallets',
          ['project_id', 'email'],
          (constraint) => constraint.onDelete('cascade').onUpdate('cascade'),
        )
        .execute()
      // The device a session is on: revoking the device ends its sessions.
      await db.schema.alterTable('email_sessions').addColumn('device_id', 'text').execute()
    },
  },
  '0010_email_changes': {
    async up(db: Kysely<unknown>) {
      // Email changes (`services/email/emailChange.ts`): their codes are rows of email_codes,
      // told apart from sign-in codes by their purpose.
      await db.schema
        .alterTable('email_codes')
        .addColumn('purpose', 'text', (column) => column.notNull().defaultTo('signIn'))
        .execute()
      await db.schema
        .createTable('email_changes')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('project_id', 'text', (column) =>
          column.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('host_origin', 'text', (column) => column.notNull())
        .addColumn('session_id', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('new_email', 'text', (column) => column.notNull())
        .addColumn('current_code_id', 'text', (column) => column.notNull())
        .addColumn('new_code_id', 'text', (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('confirmed_at', timestamp)
        .execute()
      await db.schema
        .createIndex('email_changes_session')
        .on('email_changes')
        .column('session_id')
        .execute()
    },
  },
  '0011_social_login': {
    async up(db: Kysely<unknown>) {
      // Social login (`services/social/`): authorizations under way, the social accounts known and
      // the login each signs in to, the one-time grants of callbacks; and which social login
      // started an email session.
      await db.schema
        .createTable('social_authorizations')
        .addColumn('state', 'text', (column) => column.primaryKey())
        .addColumn('project_id', 'text', (column) =>
          column.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('host_origin', 'text', (column) => column.notNull())
        .addColumn('provider', 'text', (column) => column.notNull())
        .addColumn('code_verifier', 'text', (column) => column.notNull())
        .addColumn('nonce', 'text')
        .addColumn('link_login', 'text')
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('used_at', timestamp)
        .execute()
      await db.schema
        .createIndex('social_authorizations_expires_at')
        .on('social_authorizations')
        .column('expires_at')
        .execute()
      await db.schema
        .createTable('social_identities')
        .addColumn('project_id', 'text', (column) =>
          column.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('provider', 'text', (column) => column.notNull())
        .addColumn('subject', 'text', (column) => column.notNull())
        .addColumn('login', 'text', (column) => column.notNull())
        .addColumn('handle', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint('social_identities_pk', ['project_id', 'provider', 'subject'])
        .execute()
      await db.schema
        .createIndex('social_identities_login')
        .on('social_identities')
        .columns(['project_id', 'login'])
        .execute()
      await db.schema
        .createTable('social_grants')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('project_id', 'text', (column) =>
          column.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('host_origin', 'text', (column) => column.notNull())
        .addColumn('login', 'text', (column) => column.notNull())
        .addColumn('provider', 'text', (column) => column.notNull())
        .addColumn('handle', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('used_at', timestamp)
        .execute()
      await db.schema
        .createIndex('social_grants_expires_at')
        .on('social_grants')
        .column('expires_at')
        .execute()
      await db.schema.alterTable('email_sessions').addColumn('provider', 'text').execute()
      await db.schema.alterTable('email_sessions').addColumn('handle', 'text').execute()
    },
  },
  '0012_farcaster_channels': {
    async up(db: Kysely<unknown>) {
      // Sign In With Farcaster (`services/farcaster/`): the relay channels under way.
      await db.schema
        .createTable('farcaster_channels')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('project_id', 'text', (column) =>
          column.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('host_origin', 'text', (column) => column.notNull())
        .addColumn('channel_token', 'text', (column) => column.notNull())
        .addColumn('nonce', 'text', (column) => column.notNull())
        .addColumn('domain', 'text', (column) => column.notNull())
        .addColumn('link_login', 'text')
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('used_at', timestamp)
        .execute()
      await db.schema
        .createIndex('farcaster_channels_expires_at')
        .on('farcaster_channels')
        .column('expires_at')
        .execute()
    },
  },
  '0013_account_names': {
    async up(db: Kysely<unknown>) {
      // Account names (`services/names/`): one owner per name, whichever project registered it
      // (a name is what every ENS client resolves, through the API's gateway). The primary key is
      // what makes concurrent registrations of one name end with exactly one owner.
      await db.schema
        .createTable('account_names')
        .addColumn('project_id', 'text', (column) =>
          column.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('address', 'text', (column) => column.notNull())
        // Up to 2^32 - 1: more than Postgres's `integer` holds.
        .addColumn('coin_type', 'bigint', (column) => column.notNull())
        .addColumn('attributes', 'text', (column) => column.notNull())
        .addColumn('message', 'text', (column) => column.notNull())
        .addColumn('signature', 'text', (column) => column.notNull())
        .addColumn('message_timestamp', 'bigint', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint('account_names_pk', ['name'])
        .execute()
      await db.schema
        .createIndex('account_names_address')
        .on('account_names')
        .columns(['address', 'created_at'])
        .execute()
    },
  },
  '0014_gas_sponsorship': gasSponsorshipMigration,
  '0015_social_consent': socialConsentMigration,
  '0016_email_address_locks': emailAddressLocksMigration,
  '0017_embedded_wallet_confirmation': {
    async up(db: Kysely<unknown>) {
      // A wallet is pending until the frame that made it read its device share back and the
      // visitor typed part of the recovery code back (`services/embeddedWallets/`): until then
      // a session of its email may start it over. Wallets kept before were in use: confirmed.
      await db.schema.alterTable('embedded_wallets').addColumn('confirmed_at', timestamp).execute()
      await sql`update embedded_wallets set confirmed_at = created_at`.execute(db)
    },
  },
  '0018_embedded_wallet_custody': {
    async up(db: Kysely<unknown>) {
      // Proofs of the wallet (`services/embeddedWallets/walletProof.ts`): single-use challenges
      // a session's frame signs with the wallet's key before what gives the wallet away.
      await db.schema
        .createTable('embedded_wallet_challenges')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('project_id', 'text', (column) =>
          column.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('host_origin', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('session_id', 'text', (column) => column.notNull())
        .addColumn('action', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('used_at', timestamp)
        .execute()
      await db.schema
        .createIndex('embedded_wallet_challenges_expires_at')
        .on('embedded_wallet_challenges')
        .column('expires_at')
        .execute()
      // Re-splitting a wallet (`services/embeddedWallets/shares.ts`): each device's public
      // transport key, signed by the wallet's EVM key, and its share of the latest split sealed
      // to that key, which it takes at its next opening.
      await db.schema
        .alterTable('embedded_wallet_devices')
        .addColumn('transport_public_key', 'text')
        .execute()
      await db.schema
        .alterTable('embedded_wallet_devices')
        .addColumn('transport_signature', 'text')
        .execute()
      await db.schema
        .alterTable('embedded_wallet_devices')
        .addColumn('next_share', 'text')
        .execute()
    },
  },
  '0019_onramp_orders': onrampOrdersMigration,
  '0020_primary_names': primaryNamesMigration,
  '0021_server_key_fingerprint': serverKeyFingerprintMigration,
} satisfies Record<string, Migration>

export type MigrationName = keyof typeof migrations

/** Brings the schema up to date; a no-op when it already is. Throws on a failed migration. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error } = await migrator(db).migrateToLatest()
  if (error !== undefined) throw error
}

/** Brings the schema to `name` exactly: for tests of what a later migration does to old rows. */
export async function migrateTo(db: Kysely<Database>, name: MigrationName): Promise<void> {
  const { error } = await migrator(db).migrateTo(name)
  if (error !== undefined) throw error
}

function migrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } })
}

/** The events table as migration 0004 sees it, whatever later migrations make of it. */
type EventsAt0004 = {
  events: {
    id: string
    props: string
    received_at: Date | string
    type: string | null
    event: string | null
    day: string | null
  }
}

/**
 * Fills `type`, `event` and `day` of the rows already stored, reading `props` in JS so that both
 * dialects run the same plain SQL. Batches of rows that get the same values are one update.
 */
async function backfillEventStats(db: Kysely<EventsAt0004>): Promise<void> {
  for (;;) {
    const rows = await db
      .selectFrom('events')
      .select(['id', 'props', 'received_at'])
      .where('day', 'is', null)
      .orderBy('id')
      .limit(500)
      .execute()
    if (rows.length === 0) return
    const batches = new Map<string, { values: EventStatsColumns; ids: string[] }>()
    for (const row of rows) {
      const values = eventStatsColumns(row.props, row.received_at)
      const key = JSON.stringify(values)
      const batch = batches.get(key) ?? { values, ids: [] }
      batch.ids.push(row.id)
      batches.set(key, batch)
    }
    for (const { values, ids } of batches.values())
      await db.updateTable('events').set(values).where('id', 'in', ids).execute()
  }
}

type EventStatsColumns = { type: string | null; event: string | null; day: string }

/** The stats columns of a stored row; `type` and `event` stay null when `props` lacks them. */
function eventStatsColumns(props: string, receivedAt: Date | string): EventStatsColumns {
  let parsed: unknown
  try {
    parsed = JSON.parse(props)
  } catch {
    parsed = undefined
  }
  const field = (name: string) => {
    const value =
      typeof parsed === 'object' && parsed !== null
        ? (parsed as Record<string, unknown>)[name]
        : undefined
    return typeof value === 'string' ? value : null
  }
  const received = new Date(receivedAt)
  return {
    type: field('type'),
    event: field('event'),
    // SQLite keeps whatever text was written; ours is ISO, so its first ten characters are the day.
    day: Number.isNaN(received.getTime()) ? String(receivedAt).slice(0, 10) : utcDay(received),
  }
}
