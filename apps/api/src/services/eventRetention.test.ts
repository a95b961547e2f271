import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { memoryLogger } from '../../test/logs'
import type { Storage } from '../storage/storage'
import { pruneEvents, scheduleEventPruning } from './eventRetention'
import { createProject, recordEvent } from './projects'

const dayMs = 86_400_000
const now = new Date('2026-03-01T12:00:00.000Z')

describe.each(testDatabases())('event retention on $name', (database) => {
  let storage: Storage | undefined

  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  afterEach(async () => {
    await storage?.close()
    storage = undefined
  })

  const open = async () => {
    storage = await database.open()
    await createProject(storage.db, 'shop', ['https://shop.example'])
    await createProject(storage.db, 'cafe', ['https://cafe.example'])
    return storage
  }

  /** Records one event of `projectId` received at `receivedAt`; returns its eventId. */
  const receive = async (db: Storage['db'], projectId: string, receivedAt: Date) => {
    const eventId = randomUUID()
    await recordEvent(
      db,
      {
        projectId,
        eventId,
        url: 'https://shop.example/',
        domain: 'shop.example',
        timestamp: receivedAt.getTime(),
        props: { type: 'track', event: 'MODAL_OPEN' },
        sdkType: 'airlock',
        sdkVersion: '0.1.0',
      },
      receivedAt,
    )
    return eventId
  }
  const ago = (ms: number) => new Date(now.getTime() - ms)
  const keptIds = async (db: Storage['db']) =>
    (await db.selectFrom('events').select('event_id').orderBy('event_id').execute()).map(
      (row) => row.event_id,
    )

  test('behavior: deletes only events received more than the retention ago, in every project', async () => {
    const { db } = await open()
    const old = [
      await receive(db, 'shop', ago(90 * dayMs + 1)),
      await receive(db, 'cafe', ago(400 * dayMs)),
    ]
    const kept = [
      await receive(db, 'shop', ago(90 * dayMs)),
      await receive(db, 'cafe', ago(89 * dayMs)),
      await receive(db, 'shop', now),
    ]
    expect(await pruneEvents(db, now, 90)).toBe(old.length)
    expect(await keptIds(db)).toEqual([...kept].sort())
  })

  test('behavior: deletes in batches until nothing old is left, and a second run finds nothing', async () => {
    const { db } = await open()
    for (let i = 0; i < 7; i++) await receive(db, 'shop', ago(31 * dayMs + i))
    const recent = await receive(db, 'shop', ago(dayMs))
    expect(await pruneEvents(db, now, 30, { batchSize: 3 })).toBe(7)
    expect(await keptIds(db)).toEqual([recent])
    expect(await pruneEvents(db, now, 30, { batchSize: 3 })).toBe(0)
  })

  test('behavior: two replicas pruning at once delete each event once, without failing', async () => {
    const { db } = await open()
    for (let i = 0; i < 5; i++) await receive(db, 'shop', ago(100 * dayMs))
    // Two runs at once over one pool: on Postgres, two connections, as two replicas would have.
    const deleted = await Promise.all([
      pruneEvents(db, now, 90, { batchSize: 2 }),
      pruneEvents(db, now, 90, { batchSize: 2 }),
    ])
    expect(deleted[0] + deleted[1]).toBe(5)
    expect(await keptIds(db)).toEqual([])
  })

  test('behavior: the schedule prunes at start, again each interval, and stops', async () => {
    const { db } = await open()
    await receive(db, 'shop', ago(100 * dayMs))
    const logs = memoryLogger()
    let clock = now.getTime()
    const pruning = scheduleEventPruning({
      db,
      days: 90,
      now: () => clock,
      intervalMs: 20,
      logger: logs.logger,
    })
    await pruning.firstRun
    expect(await keptIds(db)).toEqual([])
    expect(logs.entries()).toEqual([
      expect.objectContaining({ level: 'info', msg: 'deleted 1 events older than 90 days' }),
    ])

    const later = await receive(db, 'shop', new Date(clock))
    clock += 91 * dayMs
    await vi.waitFor(async () => expect(await keptIds(db)).not.toContain(later))
    await pruning.stop()

    await receive(db, 'shop', ago(100 * dayMs))
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(await keptIds(db)).toHaveLength(1)
    expect(logs.entries().filter((entry) => entry.level !== 'info')).toEqual([])
  })
})
