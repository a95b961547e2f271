import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import {
  defaultProjectFeatures,
  type ModalConfig,
  type ProjectConfig,
  parseModalConfig,
  unconfiguredProjectSettings,
} from '@airlock/protocol'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createTestApp, gunzipText, type TestApp, testWalletConnect } from '../test/app'
import { type MemoryLogger, memoryLogger } from '../test/logs'
import { readOnrampConfig } from './services/onramp/onrampConfig'
import { configureProject } from './services/projects'
import { readSwapConfig } from './services/swap/swapConfig'

let t: TestApp

beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

/** The page's inlined config, held to the protocol's schema (what the modal parses it with). */
function bootConfigOf(html: string): ModalConfig {
  const match = /<script id="airlock-config" type="application\/json">(.*?)<\/script>/s.exec(html)
  if (match === null) throw new Error('no airlock-config script in the page')
  const config: unknown = JSON.parse(match[1]!)
  const read = parseModalConfig(config)
  if (!read.success) throw new Error(`${read.error.path}: ${read.error.message}`)
  // As served, so an extra key the modal would drop still shows in the tests' comparisons.
  return config as ModalConfig
}

const expectedShopConfig = () => ({
  id: 'shop',
  allowedOrigins: ['http://localhost:5173', 'https://shop.example'],
  // The test app has no social login client, onramp provider or swap provider: none of the
  // project's socials is offered, nor buying crypto or swaps.
  features: { ...defaultProjectFeatures, socials: [], onramp: false, swaps: false },
  networks: t.networks,
  ...unconfiguredProjectSettings,
  walletConnect: testWalletConnect,
})

describe('GET /modal', () => {
  test('behavior: a known project gets its config inlined and a CSP framing only its origins', async () => {
    const response = await t.app.request('/modal?projectId=shop')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('Content-Security-Policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: https: http://localhost:* http://127.0.0.1:*; " +
        "connect-src 'self' http://127.0.0.1:9545 http://127.0.0.1:8899 http://127.0.0.1:8796 http://127.0.0.1:8797 http://127.0.0.1:8798 " +
        'https://eth.merkle.io https://mainnet.base.org ' +
        'https://polygon-rpc.com https://arb1.arbitrum.io https://mainnet.optimism.io ' +
        'https://api.mainnet-beta.solana.com https://mempool.space ' +
        'https://cosmos-rest.publicnode.com https://osmosis-rest.publicnode.com ' +
        'https://rpc.polkadot.io https://kusama-rpc.polkadot.io ' +
        'https: wss: ws://127.0.0.1:* ws://localhost:*; ' +
        "base-uri 'none'; form-action 'none'; " +
        'frame-ancestors http://localhost:5173 https://shop.example',
    )

    const html = await response.text()
    expect(html).not.toContain('<!--airlock-config-->')
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js">')
    expect(bootConfigOf(html)).toEqual({
      projectId: 'shop',
      project: expectedShopConfig(),
      error: null,
    })
  })

  test("security: a project's own bundler and paymaster URLs (a provider's key in them) reach neither the page nor the config", async () => {
    await configureProject(
      t.storage.db,
      'shop',
      {
        settings: {
          smartAccountNetworks: {
            'eip155:1': {
              bundler: 'https://bundler.secret.example/v2/1/rpc?apikey=sk_live_1',
              paymaster: 'https://paymaster.secret.example/v2/1?apikey=sk_live_2',
            },
          },
        },
      },
      t.networks,
    )
    const page = await (await t.app.request('/modal?projectId=shop')).text()
    const config = await (await t.app.request('/v1/projects/shop/config')).text()
    for (const served of [page, config]) {
      expect(served).not.toContain('secret.example')
      expect(served).not.toContain('sk_live')
    }
    expect(bootConfigOf(page).project).toEqual(expectedShopConfig())
  })

  test("behavior: a project with no allowed origins may be framed by no one ('none')", async () => {
    const response = await t.app.request('/modal?projectId=lonely')
    expect(response.headers.get('Content-Security-Policy')).toMatch(/; frame-ancestors 'none'$/)
    expect(bootConfigOf(await response.text())).toMatchObject({ projectId: 'lonely', error: null })
  })

  test.each([
    ['an unknown id', 'nope', 'nope'],
    ['a malformed id', 'Not_An_Id', 'Not_An_Id'],
  ])(
    'behavior: %s gets the page with the invalidProjectId error, frameable anywhere',
    async (_, id, echoed) => {
      const response = await t.app.request(`/modal?projectId=${id}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Security-Policy')).toMatch(/; frame-ancestors \*$/)
      expect(bootConfigOf(await response.text())).toEqual({
        projectId: echoed,
        project: null,
        error: 'invalidProjectId',
      })
    },
  )

  test.each(['/modal', '/modal?projectId='])(
    'behavior: %s (no project id) gets the projectIdNotConfigured error, frameable anywhere',
    async (path) => {
      const response = await t.app.request(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Security-Policy')).toMatch(/; frame-ancestors \*$/)
      expect(bootConfigOf(await response.text())).toEqual({
        projectId: null,
        project: null,
        error: 'projectIdNotConfigured',
      })
    },
  )

  test('behavior: a project id that tries to close the script element stays inert JSON', async () => {
    const projectId = '</script><script>alert(1)</script><!--'
    const response = await t.app.request(`/modal?projectId=${encodeURIComponent(projectId)}`)
    const html = await response.text()
    expect(html).not.toContain('<script>alert(1)')
    expect(html).toContain('\\u003c/script\\u003e')
    expect(bootConfigOf(html)).toEqual({ projectId, project: null, error: 'invalidProjectId' })
  })

  test("behavior: the page and the config offer only the project's social logins this API has a client for, in the project's order", async () => {
    const social = await createTestApp({
      social: {
        github: { clientId: 'github-client', clientSecret: 'secret' },
        google: { clientId: 'google-client', clientSecret: 'secret' },
        apple: { clientId: 'apple-client', clientSecret: 'secret' },
      },
    })
    try {
      await configureProject(
        social.storage.db,
        'shop',
        // Apple is configured but off here; x and farcaster are on here but have no client.
        { features: { socials: ['x', 'github', 'farcaster', 'google'] } },
        social.networks,
      )
      const page = await social.app.request('/modal?projectId=shop')
      expect(bootConfigOf(await page.text()).project?.features.socials).toEqual([
        'github',
        'google',
      ])
      const config = await social.app.request('/v1/projects/shop/config')
      expect(((await config.json()) as ProjectConfig).features.socials).toEqual([
        'github',
        'google',
      ])
    } finally {
      await social.close()
    }
  })

  test('behavior: buying crypto and swaps are offered only with a provider, and only where the project has them on', async () => {
    const served = await createTestApp({
      onramp: readOnrampConfig({ AIRLOCK_ONRAMP_MELD_API_KEY: 'MeldTestKey0001:secret' }),
      swap: readSwapConfig(
        {
          AIRLOCK_SWAP_LOCAL_ROUTERS_JSON: JSON.stringify({
            31337: '0xd4573Be119B6Dd4E5652eD1feCfD6254272c02FB',
          }),
        },
        t.networks,
      ),
    })
    try {
      const features = async () => {
        const page = await served.app.request('/modal?projectId=shop')
        const config = await served.app.request('/v1/projects/shop/config')
        const inPage = bootConfigOf(await page.text()).project?.features
        expect(((await config.json()) as ProjectConfig).features).toEqual(inPage)
        return { onramp: inPage?.onramp, swaps: inPage?.swaps }
      }
      expect(await features()).toEqual({ onramp: true, swaps: true })
      await configureProject(
        served.storage.db,
        'shop',
        { features: { onramp: false, swaps: false } },
        served.networks,
      )
      expect(await features()).toEqual({ onramp: false, swaps: false })
    } finally {
      await served.close()
    }
  })

  test('behavior: a missing modal build answers 503 telling to run npm run build', async () => {
    const missing = await createTestApp({ modalDist: join(t.builds.root, 'nowhere') })
    try {
      for (const path of ['/modal?projectId=shop', '/assets/index-abc123.js']) {
        const response = await missing.app.request(path)
        expect(response.status).toBe(503)
        expect(await response.text()).toContain('npm run build')
      }
    } finally {
      await missing.close()
    }
  })

  test('behavior: a modal build without the config placeholder answers 503', async () => {
    await writeFile(join(t.builds.modalDist, 'index.html'), '<!doctype html><title>old</title>')
    const response = await t.app.request('/modal?projectId=shop')
    expect(response.status).toBe(503)
    expect(await response.text()).toContain('<!--airlock-config-->')
  })
})

describe('static builds', () => {
  test('behavior: /assets/* is served with an immutable year-long cache', async () => {
    const response = await t.app.request('/assets/index-abc123.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(await response.text()).toBe(t.builds.assetSource)
  })

  test('behavior: other modal files get a short cache; index.html only through /modal', async () => {
    const favicon = await t.app.request('/favicon.svg')
    expect(favicon.status).toBe(200)
    expect(favicon.headers.get('Content-Type')).toBe('image/svg+xml')
    expect(favicon.headers.get('Cache-Control')).toBe('public, max-age=300')
    expect((await t.app.request('/index.html')).status).toBe(404)
    expect((await t.app.request('/assets/missing.js')).status).toBe(404)
  })

  test('behavior: /airlock.js is served to any origin with a 5-minute cache', async () => {
    const response = await t.app.request('/airlock.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=300')
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin')
    expect(await response.text()).toBe(t.builds.loaderSource)

    const map = await t.app.request('/airlock.js.map')
    expect(map.status).toBe(200)
    expect(map.headers.get('Access-Control-Allow-Origin')).toBe('*')
  })

  test('behavior: a missing SDK build answers 503 for the loader and 404 for its map', async () => {
    const missing = await createTestApp({ sdkDist: join(t.builds.root, 'nowhere') })
    try {
      const response = await missing.app.request('/airlock.js')
      expect(response.status).toBe(503)
      expect(await response.text()).toContain('npm run build')
      expect((await missing.app.request('/airlock.js.map')).status).toBe(404)
    } finally {
      await missing.close()
    }
  })

  test.each([
    '/assets/../secret.txt',
    '/assets/%2e%2e/secret.txt',
    '/assets/%2e%2e/%2e%2e/modal/../secret.txt',
    '/assets/..%2fsecret.txt',
    '/assets/..%2F..%2Fsecret.txt',
    '/assets/%2e%2e%2fsecret.txt',
    '/assets/..%5csecret.txt',
    '/assets/%252e%252e/secret.txt',
    '/assets/link.txt',
    '/assets/%00index-abc123.js',
    '/..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/.env',
    '/%2eenv',
    '/assets/%2Ftmp%2Fsecret.txt',
  ])('behavior: %s is refused without leaking files outside the build', async (path) => {
    const response = await t.app.request(path)
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain(t.builds.secret)
  })
})

describe('compression', () => {
  test.each([
    ['/airlock.js', 'loaderSource'],
    ['/assets/index-abc123.js', 'assetSource'],
  ] as const)('behavior: %s is gzipped for a client that accepts it', async (path, source) => {
    const plain = await t.app.request(path)
    expect(plain.headers.get('Content-Encoding')).toBeNull()

    const gzipped = await t.app.request(path, {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    })
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip')
    expect(gzipped.headers.get('Vary')).toContain('Accept-Encoding')
    // Gzipped once, at the best level: the smallest answer on every visitor's critical path.
    const bytes = (await gzipped.clone().arrayBuffer()).byteLength
    expect(bytes).toBe(gzipSync(t.builds[source], { level: 9 }).length)
    expect(await gunzipText(gzipped)).toBe(t.builds[source])
  })

  test('behavior: a rebuilt loader is served as rebuilt, not from the kept gzip', async () => {
    const first = await t.app.request('/airlock.js', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(await gunzipText(first)).toBe(t.builds.loaderSource)
    const rebuilt = `${t.builds.loaderSource}\n// rebuilt`
    await writeFile(join(t.builds.sdkDist, 'airlock.js'), rebuilt)
    const second = await t.app.request('/airlock.js', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(await gunzipText(second)).toBe(rebuilt)
  })

  test('behavior: the modal page and config JSON are gzipped too', async () => {
    await writeFile(
      join(t.builds.modalDist, 'index.html'),
      `<!doctype html><head><!--airlock-config--></head>${'<p>padding</p>'.repeat(100)}`,
    )
    const page = await t.app.request('/modal?projectId=shop', {
      headers: { 'Accept-Encoding': 'gzip' },
    })
    expect(page.headers.get('Content-Encoding')).toBe('gzip')
    expect(bootConfigOf(await gunzipText(page)).projectId).toBe('shop')

    const config = await t.app.request('/v1/projects/shop/config', {
      headers: { 'Accept-Encoding': 'gzip' },
    })
    expect(config.headers.get('Content-Encoding')).toBe('gzip')
    expect(JSON.parse(await gunzipText(config))).toEqual(expectedShopConfig())
  })
})

describe('GET /v1/projects/:id/config', () => {
  test('behavior: a known project answers its config, readable from any origin', async () => {
    const response = await t.app.request('/v1/projects/shop/config', {
      headers: { Origin: 'https://shop.example' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(response.headers.get('Cache-Control')).toBe('no-cache')
    expect(await response.json()).toEqual(expectedShopConfig())
  })

  test('behavior: an unknown project answers 404 invalidProjectId', async () => {
    const response = await t.app.request('/v1/projects/nope/config')
    expect(response.status).toBe(404)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(await response.json()).toEqual({
      error: { code: 'invalidProjectId', message: 'Invalid Project ID' },
    })
  })

  test.each(['Shop', 'a', '-shop', 'sh%20op', 'x'.repeat(64)])(
    'behavior: the malformed id %s answers 400',
    async (id) => {
      const response = await t.app.request(`/v1/projects/${id}/config`)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: { code: 'invalidRequest' } })
    },
  )

  test('behavior: a CORS preflight is answered for any origin', async () => {
    const response = await t.app.request('/v1/projects/shop/config', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
  })
})

describe("a project's settings reach its pages", () => {
  /** Ethereum before the local chain, starting on the local chain, light, two wallet lists, sign-in required. */
  const configure = () =>
    configureProject(
      t.storage.db,
      'shop',
      {
        settings: {
          networks: ['eip155:1', 'eip155:31337'],
          defaultNetwork: 'eip155:31337',
          themeMode: 'light',
          themeVariables: { '--airlock-accent': '#47a1ff' },
          featuredWalletIds: ['metamask'],
          excludeWallets: ['phantom', 'io.rabby'],
          siwx: 'required',
        },
      },
      t.networks,
    )
  const network = (id: string) => t.networks.find((known) => known.caipNetworkId === id)
  const expectedConfigured = () => ({
    ...expectedShopConfig(),
    networks: [network('eip155:1'), network('eip155:31337')],
    configuredNetworks: ['eip155:1', 'eip155:31337'],
    defaultNetwork: 'eip155:31337',
    theme: { mode: 'light', variables: { '--airlock-accent': '#47a1ff' } },
    featuredWalletIds: ['metamask'],
    excludeWallets: ['phantom', 'io.rabby'],
    siwx: 'required',
  })

  test('behavior: GET /v1/projects/:id/config serves the settings, only the networks the project chose, in its order', async () => {
    await configure()
    const response = await t.app.request('/v1/projects/shop/config')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(expectedConfigured())
  })

  test('behavior: the /modal page inlines the same settings in its boot config', async () => {
    await configure()
    const html = await (await t.app.request('/modal?projectId=shop')).text()
    const boot = bootConfigOf(html)
    expect(boot).toEqual({ projectId: 'shop', project: expectedConfigured(), error: null })
    expect(boot.project?.networks.map((known) => known.caipNetworkId)).toEqual([
      'eip155:1',
      'eip155:31337',
    ])
  })

  test('behavior: a change shows in the very next config answer and page', async () => {
    const read = async () => (await t.app.request('/v1/projects/shop/config')).json()
    expect(await read()).toEqual(expectedShopConfig())

    await configure()
    expect(await read()).toEqual(expectedConfigured())

    await configureProject(
      t.storage.db,
      'shop',
      { settings: { networks: ['solana:localnet'], defaultNetwork: null, siwx: 'optional' } },
      t.networks,
    )
    expect(await read()).toMatchObject({
      networks: [network('solana:localnet')],
      configuredNetworks: ['solana:localnet'],
      defaultNetwork: null,
      siwx: 'optional',
    })
    const page = bootConfigOf(await (await t.app.request('/modal?projectId=shop')).text())
    expect(page.project).toMatchObject({
      configuredNetworks: ['solana:localnet'],
      siwx: 'optional',
    })

    await configureProject(t.storage.db, 'shop', { settings: { networks: [] } }, t.networks)
    expect(await read()).toMatchObject({ networks: t.networks, configuredNetworks: [] })
  })

  test('behavior: a network the API no longer knows is left out, and a default that went with it', async () => {
    const extra = { ...t.networks[2]!, caipNetworkId: 'eip155:7777' as const, name: 'Gone' }
    await configureProject(
      t.storage.db,
      'shop',
      { settings: { networks: ['eip155:7777', 'eip155:1'], defaultNetwork: 'eip155:7777' } },
      [...t.networks, extra],
    )
    expect(await (await t.app.request('/v1/projects/shop/config')).json()).toMatchObject({
      networks: [network('eip155:1')],
      configuredNetworks: ['eip155:1'],
      defaultNetwork: null,
    })
  })
})

describe('GET /healthz', () => {
  test('behavior: answers ok with the database kind, and 503 when the database is gone', async () => {
    const response = await t.app.request('/healthz')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true, database: 'sqlite' })

    await t.storage.close()
    const down = await t.app.request('/healthz')
    expect(down.status).toBe(503)
    expect(await down.json()).toEqual({ ok: false, database: 'sqlite' })
  })
})

test('behavior: an unknown API path answers a JSON 404', async () => {
  const response = await t.app.request('/v1/nothing-here')
  expect(response.status).toBe(404)
  expect(await response.json()).toEqual({ error: { code: 'notFound', message: 'Not Found' } })
})

describe('request ids and the error log', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
  let logs: MemoryLogger
  let logged: TestApp

  beforeEach(async () => {
    logs = memoryLogger('info')
    logged = await createTestApp({ logger: logs.logger })
  })
  afterEach(() => logged.close())

  test('behavior: an unhandled error answers 500 and logs one line with the id the response carries, without the query', async () => {
    await logged.storage.close()
    const response = await logged.app.request(
      '/v1/projects/shop/config?address=0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    )
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({
      error: { code: 'internalError', message: 'Internal Server Error' },
    })
    const requestId = response.headers.get('X-Request-Id')
    expect(requestId).toMatch(uuid)

    const entries = logs.entries()
    expect(entries).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'unhandled error',
        requestId,
        method: 'GET',
        path: '/v1/projects/:id/config',
        err: expect.objectContaining({ message: expect.any(String), stack: expect.any(String) }),
      }),
    ])
    expect(JSON.stringify(entries)).not.toContain('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')
  })

  test('behavior: every answer carries its own X-Request-Id', async () => {
    const responses = await Promise.all(
      ['/healthz', '/v1/nothing-here', '/assets/index-abc123.js', '/modal?projectId=shop'].map(
        (path) => logged.app.request(path),
      ),
    )
    const ids = responses.map((response) => response.headers.get('X-Request-Id'))
    for (const id of ids) expect(id).toMatch(uuid)
    expect(new Set(ids).size).toBe(ids.length)
  })

  test.each(['abc-DEF_123', 'trace=42', 'x'.repeat(64)])(
    'behavior: a safe incoming X-Request-Id (%s) is kept and logged',
    async (incoming) => {
      await logged.storage.close()
      const response = await logged.app.request('/v1/projects/shop/config', {
        headers: { 'X-Request-Id': incoming },
      })
      expect(response.headers.get('X-Request-Id')).toBe(incoming)
      expect(logs.entries()).toEqual([expect.objectContaining({ requestId: incoming })])
    },
  )

  test.each([
    ['too long', 'x'.repeat(65)],
    ['a space', 'abc def'],
    ['markup', '<script>'],
    ['a quote', 'a"b'],
    ['a dot', 'a.b'],
  ])('behavior: an incoming X-Request-Id with %s is replaced', async (_, incoming) => {
    const response = await logged.app.request('/healthz', { headers: { 'X-Request-Id': incoming } })
    expect(response.headers.get('X-Request-Id')).toMatch(uuid)
  })

  test('behavior: at debug, one line per request with its status; at info, none', async () => {
    await logged.app.request('/healthz')
    expect(logs.entries()).toEqual([])

    const debug = memoryLogger('debug')
    const verbose = await createTestApp({ logger: debug.logger })
    try {
      const response = await verbose.app.request('/v1/nothing-here?address=0xabc')
      expect(debug.entries()).toEqual([
        {
          level: 'debug',
          time: expect.any(String),
          requestId: response.headers.get('X-Request-Id'),
          method: 'GET',
          path: '/v1/nothing-here',
          status: 404,
          ms: expect.any(Number),
          msg: 'request',
        },
      ])
    } finally {
      await verbose.close()
    }
  })
})
