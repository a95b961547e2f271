/**
 * Opens the API's SQL storage: a SQLite file by default (zero set-up for a developer) or
 * Postgres when `DATABASE_URL` is set (several replicas share it). Everything above this module
 * talks to Kysely only, so both dialects run the same queries.
 */

import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import {
  type ColumnType,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type Generated,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely'
import pg from 'pg'
import type { Int53, NullableTimestamp, Timestamp, UpdatedTimestamp } from './columnTypes'
import type { EmailAddressLocksTable } from './emailAddressLocksTable'
import type {
  EmailChangesTable,
  EmailCodesTable,
  EmailSessionsTable,
  EmbeddedWalletChallengesTable,
  EmbeddedWalletDevicesTable,
  EmbeddedWalletsTable,
  FarcasterChannelsTable,
  SocialAuthorizationsTable,
  SocialGrantsTable,
  SocialIdentitiesTable,
} from './identityTables'
import type { OnrampOrdersTable } from './onrampOrdersTable'
import type { ServerKeyFingerprintsTable } from './serverKeyFingerprintTable'
import type { SponsoredOperationsTable, SponsorshipUsageTable } from './sponsorshipTables'

export type ProjectsTable = {
  id: string
  /** JSON object of feature overrides; see `features.ts`. */
  features: string
  /** JSON object of the settings the operator chose; see `projectSettings.ts`. */
  settings: Generated<string>
  created_at: Timestamp
}

export type ProjectOriginsTable = {
  project_id: string
  origin: string
  created_at: Timestamp
}

export type EventsTable = {
  id: string
  project_id: string
  /** The client's id for the event; a retried event keeps it, so it is stored once. */
  event_id: string
  url: string
  domain: string
  /** Client clock, ms since the epoch. Postgres returns a bigint as a string. */
  timestamp: ColumnType<number | string, number, never>
  /** JSON object. */
  props: string
  sdk_type: string
  sdk_version: string
  received_at: Timestamp
  /**
   * `props.type` ('track' or 'error'), `props.event` and the UTC day of `received_at`
   * (`YYYY-MM-DD`), in columns for the per-day counts. Null only on a row an API version from
   * before migration 0004 wrote after it ran (a rolling deploy); the stats leave those out.
   */
  type: ColumnType<string | null, string, never>
  event: ColumnType<string | null, string, never>
  day: ColumnType<string | null, string, never>
}

/** The built-in indexer's position per chain: the last block it indexed. */
export type IndexerCursorsTable = {
  /** CAIP-2 network id. */
  chain_id: string
  block_number: Int53
  block_hash: string
}

/** Hashes of the last `confirmationDepth` indexed blocks, to find where a reorg forked. */
export type IndexerBlocksTable = {
  chain_id: string
  block_number: Int53
  block_hash: string
}

/** Which API process indexes a chain; others wait until `expires_at` (ms since the epoch). */
export type IndexerLeasesTable = {
  chain_id: string
  holder: string
  expires_at: Int53
}

/** One movement of value: a native transfer (`log_index` -1) or an ERC-20/721 `Transfer` log. */
export type IndexerTransfersTable = {
  chain_id: string
  block_number: Int53
  block_hash: string
  /** Unix seconds. */
  block_timestamp: Int53
  tx_hash: string
  tx_index: number
  log_index: number
  kind: 'native' | 'erc20' | 'erc721'
  /** Lower-case; null for native. */
  token_address: string | null
  from_address: string
  to_address: string
  /** Decimal text: the amount in raw units, or the ERC-721 token id. */
  value: string
  tx_status: 'success' | 'reverted'
  tx_from: string
  tx_to: string | null
}

/** Token contracts seen in transfers, with what `name`, `symbol`, `decimals` returned. */
export type IndexerTokensTable = {
  chain_id: string
  address: string
  kind: 'erc20' | 'erc721'
  name: string | null
  symbol: string | null
  decimals: number | null
}

/** ERC-721 tokens: the current owner (from the latest transfer) and the token's metadata. */
export type IndexerNftsTable = {
  chain_id: string
  contract: string
  /** Decimal text. */
  token_id: string
  owner: string
  /** Where the transfer to `owner` is: orders the owner's NFTs, newest first. */
  owner_block_number: Int53
  owner_log_index: number
  /** 'pending' until the metadata fetch ran, then 'done' (whatever it found). */
  metadata_status: 'pending' | 'done'
  token_uri: string | null
  name: string | null
  image: string | null
}

/** Contracts the operator marks as spam: their NFTs are flagged. */
export type SpamContractsTable = {
  chain_id: string
  address: string
  created_at: Timestamp
}

/** A nonce issued for one sign-in on one host of a project; deleted when used. */
export type SiwxNoncesTable = {
  nonce: string
  project_id: string
  host_origin: string
  expires_at: Timestamp
  created_at: Timestamp
}

/** A verified sign-in (SIWX). The id is the SHA-256 of the session's token: the token is not kept. */
export type SiwxSessionsTable = {
  id: string
  project_id: string
  host_origin: string
  /** CAIP-2 network id. */
  chain_id: string
  address: string
  message: string
  signature: string
  /** JSON of the message's fields (`SiwxMessageData`). */
  data: string
  expires_at: Timestamp
  created_at: Timestamp
  /** Set when the visitor signs out or the operator revokes it. */
  revoked_at: NullableTimestamp
}

/**
 * A name registered under a project's parent (issue 21; services/names): one owner each, across
 * projects (a name is what every ENS client resolves); `project_id` is the project it was
 * registered through.
 */
export type AccountNamesTable = {
  project_id: string
  /** The full name, ENSIP-15 normalised: `alice.airlock.eth`. */
  name: string
  /** EIP-55 checksummed. */
  address: string
  /** ENSIP-11; Postgres returns a bigint as a string. */
  coin_type: Int53
  /** JSON of the text records (`NameAttributes`). */
  attributes: string
  /** The last message its owner signed (registration or change), and its signature. */
  message: string
  signature: string
  /** That message's timestamp, unix seconds: a change must be signed later. */
  message_timestamp: Int53
  created_at: Timestamp
  updated_at: UpdatedTimestamp
}

/** The primary name an address chose (migration 0019). */
export type PrimaryNamesTable = {
  /** EIP-55 checksummed. */
  address: string
  /** One of the address's names in `account_names`. */
  name: string
  /** The message its owner signed to choose it, and its signature. */
  message: string
  signature: string
  /** That message's timestamp, unix seconds: a later choice must be signed later. */
  message_timestamp: Int53
  updated_at: UpdatedTimestamp
}

export type * from './identityTables'

export type Database = {
  projects: ProjectsTable
  project_origins: ProjectOriginsTable
  events: EventsTable
  indexer_cursors: IndexerCursorsTable
  indexer_blocks: IndexerBlocksTable
  indexer_leases: IndexerLeasesTable
  indexer_transfers: IndexerTransfersTable
  indexer_tokens: IndexerTokensTable
  indexer_nfts: IndexerNftsTable
  spam_contracts: SpamContractsTable
  siwx_nonces: SiwxNoncesTable
  siwx_sessions: SiwxSessionsTable
  email_codes: EmailCodesTable
  email_sessions: EmailSessionsTable
  embedded_wallets: EmbeddedWalletsTable
  embedded_wallet_devices: EmbeddedWalletDevicesTable
  embedded_wallet_challenges: EmbeddedWalletChallengesTable
  email_changes: EmailChangesTable
  email_address_locks: EmailAddressLocksTable
  social_authorizations: SocialAuthorizationsTable
  social_identities: SocialIdentitiesTable
  social_grants: SocialGrantsTable
  farcaster_channels: FarcasterChannelsTable
  account_names: AccountNamesTable
  primary_names: PrimaryNamesTable
  sponsorship_usage: SponsorshipUsageTable
  sponsored_operations: SponsoredOperationsTable
  onramp_orders: OnrampOrdersTable
  server_key_fingerprints: ServerKeyFingerprintsTable
}

export type Dialect = 'sqlite' | 'postgres'

export type StorageConfig =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string }

export type Storage = {
  db: Kysely<Database>
  dialect: Dialect
  /** Where the data lives, for logs: the SQLite path or the Postgres URL without its password. */
  location: string
  close(): Promise<void>
}

/**
 * SQLite transactions that take the write lock when they begin (BEGIN IMMEDIATE). A deferred
 * transaction that reads and then writes fails at once with SQLITE_BUSY_SNAPSHOT when another
 * process (the CLI beside the server's indexer) committed in between, and the busy timeout can't
 * help it; one that holds the lock from the start waits its turn instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig
  constructor(config: SqliteDialectConfig) {
    super(config)
    this.#config = config
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config)
  }
}

/** Opens (and for SQLite, creates) the database. Run `migrateToLatest` before using it. */
export function openStorage(config: StorageConfig): Storage {
  if (config.dialect === 'postgres') {
    // A database that does not answer (a host gone, packets dropped) fails a request's query in
    // 5 s, as an outage (databaseOutage.ts: 503 with Retry-After), instead of holding it for
    // the minutes a TCP connect may take.
    const pool = new pg.Pool({ connectionString: config.url, connectionTimeoutMillis: 5_000 })
    // A connection the server cuts (a restart: 57P01) is reported as an 'error' event, by the
    // pool for an idle one and by the client itself for one in use; unheard, either would end
    // the process. The query in flight fails (databaseOutage.ts answers 503), the pool drops that
    // client and connects anew on the next query: service resumes once PostgreSQL is back.
    pool.on('error', () => {})
    pool.on('connect', (client) => client.on('error', () => {}))
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return {
      db,
      dialect: 'postgres',
      location: redactPassword(config.url),
      close: () => db.destroy(),
    }
  }

  mkdirSync(dirname(config.file), { recursive: true })
  const database = new SqliteDatabase(config.file)
  // WAL lets the CLI write while the server reads; the busy timeout covers the brief write lock.
  database.pragma('journal_mode = WAL')
  database.pragma('busy_timeout = 5000')
  database.pragma('foreign_keys = ON')
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }) })
  return { db, dialect: 'sqlite', location: config.file, close: () => db.destroy() }
}

/** Runs a trivial query; false when the database does not answer. */
export async function pingStorage(storage: Storage): Promise<boolean> {
  try {
    await sql`select 1`.execute(storage.db)
    return true
  } catch {
    return false
  }
}

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password !== '') parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'postgres'
  }
}
