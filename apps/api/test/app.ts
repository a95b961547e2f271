/**
 * A `createApp` on a temp SQLite file (or a storage the test gives, e.g. Postgres from
 * `testDatabases()`) and fake builds, with `demo`-like projects, for route tests.
 */

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { NetworkConfig } from '@airlock/protocol'
import type { Hono } from 'hono'
import { createApp } from '../src/app'
import type { AccountData } from '../src/services/accountData/accountData'
import { defaultNetworks } from '../src/services/networks'
import { createProject } from '../src/services/projects'
import { migrateToLatest } from '../src/storage/migrations'
import { openStorage, type Storage } from '../src/storage/storage'
import { createFakeBuilds, type FakeBuilds } from './builds'

export type TestApp = {
  app: Hono
  storage: Storage
  builds: FakeBuilds
  networks: NetworkConfig[]
  close(): Promise<void>
}

export type TestAppOptions = Partial<
  Pick<
    createApp.Options,
    | 'modalDist'
    | 'sdkDist'
    | 'publicOrigin'
    | 'eventRateLimiter'
    | 'accountDataRateLimiter'
    | 'trustProxy'
    | 'operatorToken'
    | 'production'
    | 'now'
    | 'logger'
    | 'social'
    | 'onramp'
    | 'swap'
    | 'frameTokenRateLimiter'
    | 'imageKey'
  >
> & {
  /** Account data over the test app's storage and networks; without it, none is served. */
  accountData?: (storage: Storage, networks: NetworkConfig[]) => AccountData
  /**
   * A migrated, empty database (`testDatabases()`'s `open()`) instead of a temp SQLite file.
   * The test app closes it, as it closes `eventRateLimiter` and `accountDataRateLimiter`.
   */
  storage?: Storage
}

/** The relay settings every test app serves in its projects' config. */
export const testWalletConnect = {
  relayUrl: 'ws://127.0.0.1:9789',
  projectId: 'airlock-local',
  verify: false,
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { storage, dataDir } = options.storage
    ? { storage: options.storage, dataDir: undefined }
    : await openTempStorage()
  await createProject(storage.db, 'shop', ['https://shop.example', 'http://localhost:5173'])
  await createProject(storage.db, 'lonely', [])
  const builds = await createFakeBuilds()
  const networks = defaultNetworks('http://127.0.0.1:9545')
  const app = createApp({
    storage,
    networks,
    modalDist: options.modalDist ?? builds.modalDist,
    sdkDist: options.sdkDist ?? builds.sdkDist,
    publicOrigin: options.publicOrigin,
    accountData: options.accountData?.(storage, networks),
    walletConnect: testWalletConnect,
    eventRateLimiter: options.eventRateLimiter,
    accountDataRateLimiter: options.accountDataRateLimiter,
    trustProxy: options.trustProxy,
    operatorToken: options.operatorToken,
    production: options.production,
    now: options.now,
    logger: options.logger,
    social: options.social,
    onramp: options.onramp,
    swap: options.swap,
    frameTokenRateLimiter: options.frameTokenRateLimiter,
    imageKey: options.imageKey,
  })
  return {
    app,
    storage,
    builds,
    networks,
    async close() {
      await options.eventRateLimiter?.close()
      await options.accountDataRateLimiter?.close()
      await storage.close()
      await builds.remove()
      if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true })
    },
  }
}

async function openTempStorage(): Promise<{ storage: Storage; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'airlock-app-'))
  const storage = openStorage({ dialect: 'sqlite', file: join(dataDir, 'airlock.sqlite') })
  await migrateToLatest(storage.db)
  return { storage, dataDir }
}

/** Reads a gzip-encoded response body as text. */
export async function gunzipText(response: Response): Promise<string> {
  if (response.body === null) return ''
  return new Response(response.body.pipeThrough(new DecompressionStream('gzip'))).text()
}
