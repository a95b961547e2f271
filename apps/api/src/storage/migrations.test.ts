import type { Kysely } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { countEvents } from '../services/projects'
import { migrateTo, migrateToLatest } from './migrations'
import type { EventsTable, ProjectsTable, Storage } from './storage'

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
