/**
 * The SDK routes of staticBuilds.ts for the namespace wallet modules the loader imports on demand:
 * each is a cross-origin module script (CORS, CORP), with its source map; no other name is served.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createPrecompressed } from '../services/precompressed'
import { sdkRoutes } from './staticBuilds'

describe('the wallet modules the loader imports', () => {
  let sdkDist: string
  const modules = [
    'airlock-solana.js',
    'airlock-bitcoin.js',
    'airlock-polkadot.js',
    'airlock-cosmos.js',
  ]
  beforeAll(async () => {
    sdkDist = await mkdtemp(join(tmpdir(), 'airlock-sdk-'))
    for (const name of modules) {
      await writeFile(join(sdkDist, name), `export const module = ${JSON.stringify(name)}\n`)
      await writeFile(join(sdkDist, `${name}.map`), '{"version":3,"sources":[],"mappings":""}')
    }
  })
  afterAll(() => rm(sdkDist, { recursive: true, force: true }))

  test.each(modules)(
    'behavior: /%s is served as a cross-origin module script, with its source map',
    async (name) => {
      const app = sdkRoutes({ sdkDist, precompressed: createPrecompressed() })
      const response = await app.request(`/${name}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
      expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin')
      expect(await response.text()).toBe(`export const module = ${JSON.stringify(name)}\n`)
      const map = await app.request(`/${name}.map`)
      expect(map.status).toBe(200)
      expect(map.headers.get('Access-Control-Allow-Origin')).toBe('*')
    },
  )

  test('behavior: a module of a namespace Airlock has none for is not found', async () => {
    await writeFile(join(sdkDist, 'airlock-tron.js'), 'export {}\n')
    const app = sdkRoutes({ sdkDist, precompressed: createPrecompressed() })
    expect((await app.request('/airlock-tron.js')).status).toBe(404)
  })
})
