// The daily caps of gas sponsorship, in the database (SQLite and Postgres): per account and per
// project, for operations and for gas; a refused operation spends nothing; one operation (sender
// and nonce) is counted once, and again only for more gas; a new UTC day starts again; requests at
// once (one pool of connections) never pass a cap together; a second replica (another connection
// to the same database) spends from the same count.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { setUpTimeout, testDatabases } from '../../../test/databases'
import type { Storage } from '../../storage/storage'
import { defaultSponsorshipCaps, type SponsorshipCaps } from '../projectSettings'
import { createProject } from '../projects'
import { spendSponsorship, sponsorshipUsage } from './sponsorshipBudget'
import { SponsorshipError } from './sponsorshipError'

const ada = `0x${'a'.repeat(40)}`
const bob = `0x${'b'.repeat(40)}`
const at = Date.parse('2026-05-01T10:00:00Z')

describe.each(testDatabases())('sponsorship caps on $name', (database) => {
  let storage: Storage | undefined
  let replica: Storage | undefined
  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  afterEach(async () => {
    await replica?.close()
    await storage?.close()
    replica = undefined
  })

  const open = async () => {
    storage = await database.open()
    await createProject(storage.db, 'shop', ['https://shop.example'])
    return storage
  }

  /** Spends one operation; its refusal's code, or 'spent'. */
  const spend = async (
    on: Storage,
    caps: Partial<SponsorshipCaps>,
    operation: { sender?: string; nonce?: string; gas?: number },
    when = at,
  ) => {
    try {
      await spendSponsorship(on.db, {
        projectId: 'shop',
        caps: { ...defaultSponsorshipCaps, ...caps },
        network: 'eip155:31337',
        operation: { sender: ada, nonce: '0', gas: 100_000, ...operation },
        at: when,
      })
      return 'spent'
    } catch (error) {
      if (!(error instanceof SponsorshipError)) throw error
      return error.code
    }
  }

  test('behavior: an account gets its operations a day, then is refused; the refusal spends nothing', async () => {
    const db = await open()
    const caps = { accountOperations: 2 }
    expect(await spend(db, caps, { nonce: '1' })).toBe('spent')
    expect(await spend(db, caps, { nonce: '2' })).toBe('spent')
    expect(await spend(db, caps, { nonce: '3' })).toBe('sponsorshipAccountLimit')
    // Another account has its own count; the project counts both.
    expect(await spend(db, caps, { sender: bob, nonce: '1' })).toBe('spent')
    expect(await sponsorshipUsage(db.db, 'shop', at)).toEqual({
      [ada]: { operations: 2, gas: 200_000 },
      [bob]: { operations: 1, gas: 100_000 },
      '*': { operations: 3, gas: 300_000 },
    })
    // The next UTC day starts again.
    expect(await spend(db, caps, { nonce: '3' }, Date.parse('2026-05-02T00:00:00Z'))).toBe('spent')
  })

  test("behavior: an account's gas a day is capped; an operation that would pass it is refused whole", async () => {
    const db = await open()
    const caps = { accountGas: 250_000 }
    expect(await spend(db, caps, { nonce: '1', gas: 200_000 })).toBe('spent')
    expect(await spend(db, caps, { nonce: '2', gas: 60_000 })).toBe('sponsorshipAccountLimit')
    expect(await spend(db, caps, { nonce: '2', gas: 50_000 })).toBe('spent')
    expect((await sponsorshipUsage(db.db, 'shop', at))[ada]).toEqual({
      operations: 2,
      gas: 250_000,
    })
  })

  test("behavior: the project's operations and gas a day are capped over all its accounts, and nothing is half-spent", async () => {
    const db = await open()
    const caps = { projectOperations: 2, projectGas: 1_000_000 }
    expect(await spend(db, caps, { sender: ada })).toBe('spent')
    expect(await spend(db, caps, { sender: bob })).toBe('spent')
    expect(await spend(db, caps, { sender: `0x${'c'.repeat(40)}` })).toBe('sponsorshipProjectLimit')
    // The account's count was not spent by the operation its project refused.
    expect((await sponsorshipUsage(db.db, 'shop', at))[`0x${'c'.repeat(40)}`]).toBeUndefined()
    expect(
      await spend(db, { projectGas: 250_000 }, { sender: `0x${'d'.repeat(40)}`, gas: 60_000 }),
    ).toBe('sponsorshipProjectLimit')
  })

  test('behavior: one operation asked again (its data, then its send) is counted once, and again only for more gas', async () => {
    const db = await open()
    const caps = { accountOperations: 1, accountGas: 300_000 }
    expect(await spend(db, caps, { nonce: '7', gas: 200_000 })).toBe('spent')
    expect(await spend(db, caps, { nonce: '7', gas: 200_000 })).toBe('spent')
    expect(await spend(db, caps, { nonce: '7', gas: 150_000 })).toBe('spent')
    expect((await sponsorshipUsage(db.db, 'shop', at))[ada]).toEqual({
      operations: 1,
      gas: 200_000,
    })
    expect(await spend(db, caps, { nonce: '7', gas: 280_000 })).toBe('spent')
    expect(await spend(db, caps, { nonce: '7', gas: 320_000 })).toBe('sponsorshipAccountLimit')
    expect((await sponsorshipUsage(db.db, 'shop', at))[ada]).toEqual({
      operations: 1,
      gas: 280_000,
    })
    expect(await spend(db, caps, { nonce: '8', gas: 1 })).toBe('sponsorshipAccountLimit')
  })

  test('security: operations asked at once, and from a second replica, never pass a cap together', async () => {
    // Two storages on one database, as two replicas have; the second opened empties it first.
    // SQLite's replicas are processes: two handles in this one would block its own thread (the
    // driver is synchronous), so there the requests at once share one storage.
    const db = await database.open()
    storage = db
    const second = database.name === 'postgres' ? await database.open() : db
    if (second !== db) replica = second
    await createProject(db.db, 'shop', ['https://shop.example'])
    const caps = { accountOperations: 5 }
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        spend(index % 2 ? db : second, caps, { nonce: String(index) }),
      ),
    )
    expect(outcomes.filter((outcome) => outcome === 'spent')).toHaveLength(5)
    expect(outcomes.filter((outcome) => outcome === 'sponsorshipAccountLimit')).toHaveLength(7)
    expect((await sponsorshipUsage(second.db, 'shop', at))[ada]).toEqual({
      operations: 5,
      gas: 500_000,
    })
  })
})
