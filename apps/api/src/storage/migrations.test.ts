import type { Kysely } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { countEvents } from '../services/projects'
import { migrateTo, migrateToLatest } from './migrations'
import type {
  EmailCodesTable,
  EmailSessionsTable,
  EmbeddedWalletsTable,
  EventsTable,
  ProjectsTable,
  SocialIdentitiesTable,
  Storage,
} from './storage'

/** The email and wallet tables as they were before 0009, 0010 and 0014. */
type Before0009 = {
  projects: ProjectsTable
  email_codes: Omit<EmailCodesTable, 'purpose'>
  email_sessions: Omit<EmailSessionsTable, 'device_id'>
  embedded_wallets: Omit<EmbeddedWalletsTable, 'confirmed_at'>
}

/** The tables as they were before 0004_event_stats. */
type Before0004 = {
  projects: ProjectsTable
  events: Omit<EventsTable, 'type' | 'event' | 'day'>
}

describe.each(testDatabases())('migration 0004_event_stats on $name', (database) => {
  let storage: Storage | undefined

  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  afterEach(() => storage?.close())

  test('behavior: events stored before it get their type, event and UTC day, and are counted', async () => {
    storage = await database.openUnmigrated()
    await migrateTo(storage.db, '0003_wallet_registry')
    const old = storage.db as unknown as Kysely<Before0004>
    await old
      .insertInto('projects')
      .values({ id: 'shop', features: '{}', created_at: '2025-10-01T00:00:00.000Z' })
      .execute()
    let ids = 0
    const stored = (props: unknown, receivedAt: string) => ({
      id: `row-${String(++ids).padStart(4, '0')}`,
      project_id: 'shop',
      event_id: `event-${ids}`,
      url: 'https://shop.example/',
      domain: 'shop.example',
      timestamp: 1_760_000_000_000,
      props: JSON.stringify(props),
      sdk_type: 'airlock',
      sdk_version: '0.1.0',
      received_at: receivedAt,
    })
    const firsts = [
      stored({ type: 'track', event: 'MODAL_OPEN' }, '2025-10-09T23:59:59.999Z'),
      stored({ type: 'error', event: 'UNCAUGHT_ERROR', errorType: 'E' }, '2025-10-09T08:00:00Z'),
      stored({ event: 'MODAL_OPEN' }, '2025-10-09T09:00:00.000Z'),
    ]
    // More rows than one backfill batch takes.
    const closes = Array.from({ length: 501 }, () =>
      stored({ type: 'track', event: 'MODAL_CLOSE' }, '2025-10-10T00:00:00.000Z'),
    )
    await old
      .insertInto('events')
      .values([...firsts, ...closes])
      .execute()

    await migrateToLatest(storage.db)

    const rows = await storage.db
      .selectFrom('events')
      .select(['id', 'type', 'event', 'day'])
      .orderBy('id')
      .execute()
    expect(rows.slice(0, 4)).toEqual([
      { id: 'row-0001', type: 'track', event: 'MODAL_OPEN', day: '2025-10-09' },
      { id: 'row-0002', type: 'error', event: 'UNCAUGHT_ERROR', day: '2025-10-09' },
      { id: 'row-0003', type: null, event: 'MODAL_OPEN', day: '2025-10-09' },
      { id: 'row-0004', type: 'track', event: 'MODAL_CLOSE', day: '2025-10-10' },
    ])
    expect(rows.filter((row) => row.day === null)).toEqual([])
    expect(await countEvents(storage.db, 'shop', { from: '2025-10-09', to: '2025-10-10' })).toEqual(
      [
        { day: '2025-10-09', type: 'error', event: 'UNCAUGHT_ERROR', count: 1 },
        { day: '2025-10-09', type: 'track', event: 'MODAL_OPEN', count: 1 },
        { day: '2025-10-10', type: 'track', event: 'MODAL_CLOSE', count: closes.length },
      ],
    )
  })
})

describe.each(testDatabases())('migrations 0009, 0010 and 0014 on $name', (database) => {
  let storage: Storage | undefined

  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  afterEach(() => storage?.close())

  test('behavior: codes and sessions kept before them are sign-in codes and sessions on no device; wallets kept before are confirmed; devices belong to their wallet', async () => {
    storage = await database.openUnmigrated()
    await migrateTo(storage.db, '0008_embedded_wallets')
    const old = storage.db as unknown as Kysely<Before0009>
    const at = '2026-11-26T10:00:00.000Z'
    await old
      .insertInto('projects')
      .values({ id: 'shop', features: '{}', created_at: at })
      .execute()
    await old
      .insertInto('email_codes')
      .values({
        id: 'code-1',
        project_id: 'shop',
        host_origin: 'https://shop.example',
        email: 'ada@example.com',
        code_hash: 'ab',
        attempts: 0,
        expires_at: at,
        created_at: at,
        used_at: null,
      })
      .execute()
    await old
      .insertInto('email_sessions')
      .values({
        id: 'session-1',
        project_id: 'shop',
        host_origin: 'https://shop.example',
        email: 'ada@example.com',
        expires_at: at,
        created_at: at,
        revoked_at: null,
      })
      .execute()
    await old
      .insertInto('embedded_wallets')
      .values({
        project_id: 'shop',
        email: 'ada@example.com',
        evm_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        solana_address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
        auth_share: 'sealed',
        recovery_share: 'sealed',
        created_at: at,
      })
      .execute()

    await migrateToLatest(storage.db)

    const { db } = storage
    expect(await db.selectFrom('email_codes').select(['id', 'purpose']).execute()).toEqual([
      { id: 'code-1', purpose: 'signIn' },
    ])
    expect(await db.selectFrom('email_sessions').select(['id', 'device_id']).execute()).toEqual([
      { id: 'session-1', device_id: null },
    ])
    // A wallet in use before wallets were kept pending: confirmed when it was made.
    const [wallet] = await db.selectFrom('embedded_wallets').select('confirmed_at').execute()
    expect(new Date(wallet?.confirmed_at ?? '').toISOString()).toBe(at)
    const device = (email: string, deviceId: string) => ({
      project_id: 'shop',
      email,
      device_id: deviceId,
      sealed_key: 'sealed',
      label: 'Firefox on Linux',
      created_at: at,
      last_used_at: at,
      revoked_at: null,
    })
    await db.insertInto('embedded_wallet_devices').values(device('ada@example.com', 'd1')).execute()
    // No wallet, no device.
    await expect(
      db.insertInto('embedded_wallet_devices').values(device('eve@example.com', 'd2')).execute(),
    ).rejects.toThrow()
    // The wallet's devices follow it to another email, and go with it.
    await db
      .updateTable('embedded_wallets')
      .set({ email: 'ada@new.example' })
      .where('email', '=', 'ada@example.com')
      .execute()
    expect(await db.selectFrom('embedded_wallet_devices').select('email').execute()).toEqual([
      { email: 'ada@new.example' },
    ])
    await db.deleteFrom('projects').execute()
    expect(await db.selectFrom('embedded_wallet_devices').selectAll().execute()).toEqual([])
  })
})

/** The social sign-ins under way as they were before 0015: bound to nothing but a login. */
type Before0015 = {
  projects: ProjectsTable
  social_authorizations: Record<string, string | null>
  social_grants: Record<string, string | null>
  farcaster_channels: Record<string, string | null>
  social_identities: SocialIdentitiesTable
}

describe.each(testDatabases())('migration 0015_social_consent on $name', (database) => {
  let storage: Storage | undefined

  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  afterEach(() => storage?.close())

  test('behavior: sign-ins under way in the old shape (bound to nothing) are dropped; linked accounts stay', async () => {
    storage = await database.openUnmigrated()
    await migrateTo(storage.db, '0014_gas_sponsorship')
    const old = storage.db as unknown as Kysely<Before0015>
    const at = '2026-01-01T00:00:00.000Z'
    const later = '2026-01-01T00:10:00.000Z'
    await old
      .insertInto('projects')
      .values({ id: 'shop', features: '{}', created_at: at })
      .execute()
    const scope = { project_id: 'shop', host_origin: 'https://shop.example', created_at: at }
    await old
      .insertInto('social_authorizations')
      .values({
        ...scope,
        state: 'S'.repeat(43),
        provider: 'google',
        code_verifier: 'v',
        nonce: 'n',
        link_login: 'mallory@example.com',
        expires_at: later,
        used_at: null,
      })
      .execute()
    await old
      .insertInto('social_grants')
      .values({
        ...scope,
        id: 'g',
        login: 'mallory@example.com',
        provider: 'google',
        handle: 'victim',
        expires_at: later,
        used_at: null,
      })
      .execute()
    await old
      .insertInto('farcaster_channels')
      .values({
        ...scope,
        id: 'C'.repeat(43),
        channel_token: 't',
        nonce: 'n',
        domain: 'shop.example',
        link_login: 'mallory@example.com',
        expires_at: later,
        used_at: null,
      })
      .execute()
    const identity = {
      project_id: 'shop',
      provider: 'google',
      subject: 'ada-google',
      login: 'ada@example.com',
      handle: 'ada',
      created_at: at,
    }
    await old.insertInto('social_identities').values(identity).execute()

    await migrateToLatest(storage.db)

    const { db } = storage
    expect(await db.selectFrom('social_authorizations').selectAll().execute()).toEqual([])
    expect(await db.selectFrom('social_grants').selectAll().execute()).toEqual([])
    expect(await db.selectFrom('farcaster_channels').selectAll().execute()).toEqual([])
    expect(
      await db.selectFrom('social_identities').select(['provider', 'subject', 'login']).execute(),
    ).toEqual([{ provider: 'google', subject: 'ada-google', login: 'ada@example.com' }])
    // The new shape: bound to a frame's secret and session; a grant names its social account.
    await db
      .insertInto('social_grants')
      .values({
        ...scope,
        id: 'g2',
        provider: 'google',
        subject: 'victim',
        handle: 'victim',
        secret_hash: 'h',
        session_id: null,
        expires_at: later,
        used_at: null,
      })
      .execute()
    expect(
      await db.selectFrom('social_grants').select(['subject', 'secret_hash']).execute(),
    ).toEqual([{ subject: 'victim', secret_hash: 'h' }])
  })
})
