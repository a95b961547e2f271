import type { Kysely } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { setUpTimeout, testDatabases } from '../test/databases'
import { demoAllowedOrigins, demoProjectId, seedDemoProject } from './seed'
import { loadNetworks } from './services/networks'
import { defaultProjectSettings } from './services/projectSettings'
import { configureProject, createProject, getProject } from './services/projects'
import { migrateTo, migrateToLatest } from './storage/migrations'
import type { ProjectOriginsTable, ProjectsTable, Storage } from './storage/storage'

/** The API's catalogue outside production: the local chains, Ethereum, Base… */
const catalogue = loadNetworks({})

/** The tables as they were before 0005_project_settings. */
type Before0005 = {
  projects: Omit<ProjectsTable, 'settings'>
  project_origins: ProjectOriginsTable
}

describe.each(testDatabases().filter((database) => database.name === 'sqlite'))(
  'seedDemoProject on $name',
  (database) => {
    let storage: Storage | undefined

    beforeAll(() => database.setUp(), setUpTimeout)
    afterAll(() => database.tearDown())
    afterEach(() => storage?.close())

    test('behavior: a fresh database gets demo with the local chains and Ethereum, starting on the local EVM chain', async () => {
      storage = await database.open()
      expect(await seedDemoProject(storage.db, catalogue)).toBe(true)

      const demo = await getProject(storage.db, demoProjectId)
      expect(demo?.allowedOrigins).toEqual([...demoAllowedOrigins].sort())
      expect(demo?.settings).toEqual({
        ...defaultProjectSettings,
        networks: ['eip155:31337', 'solana:localnet', 'eip155:1'],
        defaultNetwork: 'eip155:31337',
      })
    })

    test('behavior: seeding again changes nothing and reports nothing created', async () => {
      storage = await database.open()
      await seedDemoProject(storage.db, catalogue)
      const first = await getProject(storage.db, demoProjectId)

      expect(await seedDemoProject(storage.db, catalogue)).toBe(false)
      expect(await getProject(storage.db, demoProjectId)).toEqual(first)
    })

    test('behavior: two replicas seeding at once leave one demo', async () => {
      storage = await database.open()
      const created = await Promise.all([
        seedDemoProject(storage.db, catalogue),
        seedDemoProject(storage.db, catalogue),
      ])
      expect(created.filter(Boolean)).toHaveLength(1)
      expect((await getProject(storage.db, demoProjectId))?.settings.networks).toEqual([
        'eip155:31337',
        'solana:localnet',
        'eip155:1',
      ])
    })

    test('behavior: a demo from before projects had settings gets the demo networks, keeping its origins', async () => {
      storage = await database.openUnmigrated()
      await migrateTo(storage.db, '0004_event_stats')
      const old = storage.db as unknown as Kysely<Before0005>
      await old
        .insertInto('projects')
        .values({
          id: demoProjectId,
          features: '{"send":false}',
          created_at: '2025-10-01T00:00:00.000Z',
        })
        .execute()
      await old
        .insertInto('project_origins')
        .values({
          project_id: demoProjectId,
          origin: 'http://localhost:8080',
          created_at: '2025-10-01T00:00:00.000Z',
        })
        .execute()
      await migrateToLatest(storage.db)

      expect(await seedDemoProject(storage.db, catalogue)).toBe(false)

      const demo = await getProject(storage.db, demoProjectId)
      expect(demo).toMatchObject({
        allowedOrigins: ['http://localhost:8080'],
        features: { send: false },
        settings: {
          ...defaultProjectSettings,
          networks: ['eip155:31337', 'solana:localnet', 'eip155:1'],
          defaultNetwork: 'eip155:31337',
        },
      })
    })

    test('behavior: an existing demo whose settings were never set gets the demo networks', async () => {
      storage = await database.open()
      await createProject(storage.db, demoProjectId, demoAllowedOrigins)

      expect(await seedDemoProject(storage.db, catalogue)).toBe(false)

      expect((await getProject(storage.db, demoProjectId))?.settings).toMatchObject({
        networks: ['eip155:31337', 'solana:localnet', 'eip155:1'],
        defaultNetwork: 'eip155:31337',
      })
    })

    test("behavior: a demo from before the React example, its origins untouched, gets the example's; one whose origins were changed is left alone", async () => {
      storage = await database.open()
      await createProject(storage.db, demoProjectId, [
        'http://127.0.0.1:5173',
        'http://localhost:5173',
      ])
      await seedDemoProject(storage.db, catalogue)
      expect((await getProject(storage.db, demoProjectId))?.allowedOrigins).toEqual(
        [...demoAllowedOrigins].sort(),
      )
      // Seeding again changes nothing more.
      await seedDemoProject(storage.db, catalogue)
      expect((await getProject(storage.db, demoProjectId))?.allowedOrigins).toEqual(
        [...demoAllowedOrigins].sort(),
      )

      await storage.close()
      storage = await database.open()
      // The operator revoked one of the demo site's origins: their choice stands.
      await createProject(storage.db, demoProjectId, ['http://127.0.0.1:5173'])
      await seedDemoProject(storage.db, catalogue)
      expect((await getProject(storage.db, demoProjectId))?.allowedOrigins).toEqual([
        'http://127.0.0.1:5173',
      ])
    })

    test('behavior: an existing demo with settings chosen is left alone', async () => {
      storage = await database.open()
      await createProject(storage.db, demoProjectId, demoAllowedOrigins)
      await configureProject(
        storage.db,
        demoProjectId,
        { settings: { networks: ['eip155:8453'], siwx: 'required' } },
        catalogue,
      )
      const chosen = await getProject(storage.db, demoProjectId)

      expect(await seedDemoProject(storage.db, catalogue)).toBe(false)
      expect(await getProject(storage.db, demoProjectId)).toEqual(chosen)

      // Any setting counts as chosen, not only the networks.
      await configureProject(
        storage.db,
        demoProjectId,
        { settings: { networks: [], siwx: 'off', themeMode: 'light' } },
        catalogue,
      )
      const themed = await getProject(storage.db, demoProjectId)
      expect(await seedDemoProject(storage.db, catalogue)).toBe(false)
      expect(await getProject(storage.db, demoProjectId)).toEqual(themed)
      expect(themed?.settings.networks).toEqual([])
    })

    test('behavior: a catalogue without the local chains gives demo only the networks it knows', async () => {
      storage = await database.open()
      const withoutLocal = loadNetworks({}, { production: true })

      expect(await seedDemoProject(storage.db, withoutLocal)).toBe(true)

      expect((await getProject(storage.db, demoProjectId))?.settings).toMatchObject({
        networks: ['eip155:1'],
        defaultNetwork: 'eip155:1',
      })
    })
  },
)
