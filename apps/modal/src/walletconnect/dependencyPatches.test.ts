/**
 * What the modal changes in WalletConnect's packages, pinned: the versions are exact in
 * apps/modal/package.json, and each test here fails when the behaviour a patch relies on moves,
 * so an upgrade has to look at the patch again.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Core } from '@walletconnect/core'
import { describe, expect, test } from 'vitest'

const require = createRequire(import.meta.url)
// Read from the workspace's node_modules: these packages' exports hide package.json.
const installed = (name: string) =>
  (
    JSON.parse(
      readFileSync(
        new URL(`../../../../node_modules/${name}/package.json`, import.meta.url),
        'utf8',
      ),
    ) as { version: string }
  ).version
const declared = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    dependencies: Record<string, string>
  }
).dependencies

describe('WalletConnect patches', () => {
  test('behavior: the patched packages are pinned to the exact versions installed', () => {
    for (const name of [
      '@walletconnect/core',
      '@walletconnect/sign-client',
      '@walletconnect/types',
    ])
      expect(declared[name], name).toBe(installed(name))
    // The version keyValueStorageShim.ts stands in for (vite alias in apps/modal/vite.config.ts).
    expect(installed('@walletconnect/keyvaluestorage')).toBe('1.1.1')
  })

  test('behavior: Verify still has the init and register walletConnect.ts replaces when Verify is off', () => {
    const storage = {
      getKeys: async () => [],
      getEntries: async () => [],
      getItem: async () => undefined,
      setItem: async () => {},
      removeItem: async () => {},
    }
    const core = new Core({
      projectId: 'pinned',
      relayUrl: 'ws://127.0.0.1:9',
      storage: storage as never,
      customStoragePrefix: 'patch-test',
      telemetryEnabled: false,
      logger: 'silent',
    })
    // `init` is not in IVerify's type, only in the class: the patch sets it all the same.
    const verify = core.verify as unknown as Record<string, unknown>
    expect(typeof verify.init).toBe('function')
    expect(typeof verify.register).toBe('function')
  })

  test('behavior: keyvaluestorage still reads localStorage as it loads (why the modal aliases it)', () => {
    const browserBuild = readFileSync(
      require.resolve('@walletconnect/keyvaluestorage/dist/index.es.js'),
      'utf8',
    )
    // At module scope: in a frame denied storage, touching it throws before any of our code runs.
    expect(browserBuild).toMatch(/window\.localStorage\?\w+\.exports=window\.localStorage/)
  })
})
