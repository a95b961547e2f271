import { defaultProjectFeatures } from '@airlock/protocol'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { migrateToLatest } from '../storage/migrations'
import type { Storage } from '../storage/storage'
import {
  InsecureOriginError,
  InvalidOriginError,
  InvalidProjectIdError,
  OriginAlreadyAllowedError,
  OriginNotAllowedError,
  ProjectAlreadyExistsError,
  ProjectNotFoundError,
} from './projectErrors'
import {
  allowOrigin,
  createProject,
  getProject,
  listProjects,
  recordEvent,
  revokeOrigin,
} from './projects'

describe.each(testDatabases())('projects repository on $name', (database) => {
  let storage: Storage

  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  beforeEach(async () => {
    storage = await database.open()
  })
  afterEach(() => storage.close())

  test('behavior: migrating an up-to-date database changes nothing', async () => {
    await createProject(storage.db, 'shop', ['https://shop.example'])
    await migrateToLatest(storage.db)
    await migrateToLatest(storage.db)
    expect((await listProjects(storage.db)).map((p) => p.id)).toEqual(['shop'])
  })

  test('behavior: a created project reads back with canonical sorted origins and default features', async () => {
    const created = await createProject(storage.db, 'shop', [
      'https://shop.example/',
      'http://localhost:5173',
    ])
    const read = await getProject(storage.db, 'shop')
    expect(read).toEqual(created)
    expect(read).toMatchObject({
      id: 'shop',
      allowedOrigins: ['http://localhost:5173', 'https://shop.example'],
      features: defaultProjectFeatures,
    })
    expect(Number.isNaN(Date.parse(read!.createdAt))).toBe(false)
  })

  test('behavior: stored feature overrides are merged over the defaults', async () => {
    await createProject(storage.db, 'shop', ['https://shop.example'], {
      multiWallet: true,
      socials: ['google'],
    })
    const project = await getProject(storage.db, 'shop')
    expect(project?.features).toEqual({
      ...defaultProjectFeatures,
      multiWallet: true,
      socials: ['google'],
    })
  })

  test('behavior: an unknown project reads as undefined', async () => {
    expect(await getProject(storage.db, 'nope')).toBeUndefined()
  })

  test('behavior: listProjects returns every project by id with its own origins', async () => {
    await createProject(storage.db, 'zeta', ['https://zeta.example'])
    await createProject(storage.db, 'alpha', ['https://a.example', 'https://b.example'])
    const projects = await listProjects(storage.db)
    expect(projects.map((p) => [p.id, p.allowedOrigins])).toEqual([
      ['alpha', ['https://a.example', 'https://b.example']],
      ['zeta', ['https://zeta.example']],
    ])
  })

  test('behavior: creating an existing id fails and leaves the first project as it was', async () => {
    await createProject(storage.db, 'shop', ['https://shop.example'])
    await expect(createProject(storage.db, 'shop', ['https://other.example'])).rejects.toThrow(
      ProjectAlreadyExistsError,
    )
    expect((await getProject(storage.db, 'shop'))?.allowedOrigins).toEqual(['https://shop.example'])
  })

  test('behavior: two concurrent creates of one id leave exactly one project with its own origins', async () => {
    const results = await Promise.allSettled([
      createProject(storage.db, 'shop', ['https://one.example']),
      createProject(storage.db, 'shop', ['https://two.example', 'https://three.example']),
    ])
    const fulfilled = results.filter((r) => r.status === 'fulfilled')
    const rejected = results.filter((r) => r.status === 'rejected')
    expect(fulfilled).toHaveLength(1)
    expect(rejected).toHaveLength(1)
    expect(rejected[0]?.reason).toBeInstanceOf(ProjectAlreadyExistsError)
    const project = await getProject(storage.db, 'shop')
    expect(project?.allowedOrigins).toEqual(fulfilled[0]?.value.allowedOrigins)
  })

  test.each([
    ['a bad project id', 'Shop!', ['https://shop.example'], InvalidProjectIdError],
    [
      'a malformed origin',
      'shop',
      ['https://shop.example', 'https://x.example/path'],
      InvalidOriginError,
    ],
    [
      'an origin given twice',
      'shop',
      ['https://shop.example', 'https://shop.example/'],
      OriginAlreadyAllowedError,
    ],
  ] as const)('behavior: creating with %s writes nothing', async (_, id, origins, errorClass) => {
    await expect(createProject(storage.db, id, origins)).rejects.toThrow(errorClass)
    expect(await listProjects(storage.db)).toEqual([])
  })

  test('behavior: allowOrigin adds a canonical origin once', async () => {
    await createProject(storage.db, 'shop', ['https://shop.example'])
    expect(await allowOrigin(storage.db, 'shop', 'http://localhost:3000/')).toBe(
      'http://localhost:3000',
    )
    await expect(allowOrigin(storage.db, 'shop', 'http://localhost:3000')).rejects.toThrow(
      OriginAlreadyAllowedError,
    )
    expect((await getProject(storage.db, 'shop'))?.allowedOrigins).toEqual([
      'http://localhost:3000',
      'https://shop.example',
    ])
  })

  test('behavior: allowOrigin refuses an unknown project and a malformed origin', async () => {
    await expect(allowOrigin(storage.db, 'nope', 'https://x.example')).rejects.toThrow(
      ProjectNotFoundError,
    )
    await createProject(storage.db, 'shop', ['https://shop.example'])
    await expect(allowOrigin(storage.db, 'shop', 'https://*.example')).rejects.toThrow(
      InvalidOriginError,
    )
    expect((await getProject(storage.db, 'shop'))?.allowedOrigins).toEqual(['https://shop.example'])
  })

  test('behavior: revokeOrigin removes an allowed origin and refuses one the project lacks', async () => {
    await createProject(storage.db, 'shop', ['https://shop.example', 'https://old.example'])
    expect(await revokeOrigin(storage.db, 'shop', 'https://old.example/')).toBe(
      'https://old.example',
    )
    await expect(revokeOrigin(storage.db, 'shop', 'https://old.example')).rejects.toThrow(
      OriginNotAllowedError,
    )
    await expect(revokeOrigin(storage.db, 'nope', 'https://old.example')).rejects.toThrow(
      ProjectNotFoundError,
    )
    expect((await getProject(storage.db, 'shop'))?.allowedOrigins).toEqual(['https://shop.example'])
  })

  test('behavior: in production mode create and allowOrigin refuse http origins and write nothing; revoke still clears them', async () => {
    const production = { production: true }
    await expect(
      createProject(
        storage.db,
        'shop',
        ['https://shop.example', 'http://shop.example'],
        {},
        production,
      ),
    ).rejects.toThrow(InsecureOriginError)
    expect(await listProjects(storage.db)).toEqual([])

    await createProject(storage.db, 'shop', ['https://shop.example', 'http://localhost:3000'])
    await expect(
      allowOrigin(storage.db, 'shop', 'http://127.0.0.1:3000', production),
    ).rejects.toThrow('Origin http://127.0.0.1:3000 is not https')
    expect(await allowOrigin(storage.db, 'shop', 'https://www.shop.example', production)).toBe(
      'https://www.shop.example',
    )
    expect(await revokeOrigin(storage.db, 'shop', 'http://localhost:3000')).toBe(
      'http://localhost:3000',
    )
    expect((await getProject(storage.db, 'shop'))?.allowedOrigins).toEqual([
      'https://shop.example',
      'https://www.shop.example',
    ])
  })

  test('behavior: a retried event (same eventId) is stored once', async () => {
    await createProject(storage.db, 'shop', ['https://shop.example'])
    const event = {
      projectId: 'shop',
      eventId: '0b6f7a3e-2a55-4a47-9d2e-3f1c8a7b9e10',
      url: 'https://shop.example/checkout',
      domain: 'shop.example',
      timestamp: 1_760_000_000_123,
      props: { type: 'track', event: 'MODAL_OPEN', address: '0xabc' } as const,
      sdkType: 'airlock',
      sdkVersion: '0.1.0',
    }
    const receivedAt = new Date('2025-10-09T23:59:59.999Z')
    expect(await recordEvent(storage.db, event, receivedAt)).toEqual({ recorded: true })
    expect(await recordEvent(storage.db, event)).toEqual({ recorded: false })

    const rows = await storage.db.selectFrom('events').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      project_id: 'shop',
      event_id: event.eventId,
      url: event.url,
      domain: 'shop.example',
      sdk_type: 'airlock',
      sdk_version: '0.1.0',
      type: 'track',
      event: 'MODAL_OPEN',
      day: '2025-10-09',
    })
    expect(new Date(rows[0]!.received_at).toISOString()).toBe(receivedAt.toISOString())
    expect(Number(rows[0]?.timestamp)).toBe(event.timestamp)
    expect(JSON.parse(rows[0]!.props)).toEqual(event.props)
  })
})
