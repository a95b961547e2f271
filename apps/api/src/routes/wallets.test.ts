import type { WalletPage } from '@airlock/protocol'
import type { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createFakeBuilds, type FakeBuilds } from '../../test/builds'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { createApp } from '../app'
import { defaultNetworks } from '../services/networks'
import { createProject } from '../services/projects'
import { loadBuiltinWalletRegistry } from '../services/walletRegistry/builtin'
import { fallbackWalletImage } from '../services/walletRegistry/fallbackImage'
import { imageHash, type RegistryWallet } from '../services/walletRegistry/registryFile'
import { storeWallets } from '../services/walletRegistry/walletRegistry'
import type { Storage } from '../storage/storage'

// A 1×1 PNG.
const png = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
)

const wallet = (fields: Partial<RegistryWallet> & Pick<RegistryWallet, 'id' | 'name' | 'rank'>) =>
  ({
    namespaces: ['eip155'],
    recommended: false,
    mobile: {},
    desktop: {},
    stores: {},
    ...fields,
  }) satisfies RegistryWallet

const named = [
  wallet({
    id: 'metamask',
    name: 'MetaMask',
    rdns: 'io.metamask',
    rank: 10,
    recommended: true,
    homepage: 'https://metamask.io/',
    mobile: { native: 'metamask://', universal: 'https://metamask.app.link' },
    stores: { ios: 'https://apps.apple.com/app/id1438144202' },
    image: { bytes: png, contentType: 'image/png', hash: imageHash(png) },
  }),
  wallet({
    id: 'phantom',
    name: 'Phantom',
    rdns: 'app.phantom',
    rank: 20,
    recommended: true,
    namespaces: ['eip155', 'solana', 'bip122'],
  }),
  wallet({ id: 'rabby', name: 'Rabby Wallet', rdns: 'io.rabby', rank: 30 }),
  wallet({
    id: 'solflare',
    name: 'Solflare',
    rdns: 'com.solflare',
    rank: 40,
    namespaces: ['solana'],
  }),
  wallet({ id: 'keplr', name: 'Keplr', rank: 50, namespaces: ['cosmos'] }),
  wallet({ id: 'percent', name: '100% Wallet', rank: 60 }),
]
// Enough EVM wallets for three pages of 20 or two of 40; same rank, so by name.
const filler = Array.from({ length: 44 }, (_, index) =>
  wallet({
    id: `filler-${index}`,
    name: `Filler ${String(index + 1).padStart(2, '0')}`,
    rank: 100,
  }),
)

describe.each(testDatabases())('GET /v1/wallets on $name', (database) => {
  let storage: Storage
  let builds: FakeBuilds
  let app: Hono

  beforeAll(async () => {
    await database.setUp()
    builds = await createFakeBuilds()
  }, setUpTimeout)
  afterAll(async () => {
    await builds.remove()
    await database.tearDown()
  })
  beforeEach(async () => {
    storage = await database.open()
    const registry = storage.db.withTables<{
      wallets: { id: string }
      wallet_namespaces: { wallet_id: string }
    }>()
    await registry.deleteFrom('wallet_namespaces').execute()
    await registry.deleteFrom('wallets').execute()
    await createProject(storage.db, 'shop', ['https://shop.example'])
    await storeWallets(storage.db, [...named, ...filler])
    app = createApp({
      storage,
      networks: defaultNetworks('http://127.0.0.1:9545'),
      modalDist: builds.modalDist,
      sdkDist: builds.sdkDist,
    })
  })
  afterEach(() => storage.close())

  async function list(query: string): Promise<WalletPage> {
    const response = await app.request(`/v1/wallets?projectId=shop${query ? `&${query}` : ''}`)
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as WalletPage
  }
  const names = (page: WalletPage) => page.data.map((listing) => listing.name)

  test('behavior: the first page lists 40 wallets by rank then name, with the next page number', async () => {
    const response = await app.request('/v1/wallets?projectId=shop')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=60')
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
    const page = (await response.json()) as WalletPage
    expect(page.count).toBe(50)
    expect(page.nextPage).toBe(2)
    expect(names(page).slice(0, 8)).toEqual([
      'MetaMask',
      'Phantom',
      'Rabby Wallet',
      'Solflare',
      'Keplr',
      '100% Wallet',
      'Filler 01',
      'Filler 02',
    ])
    expect(page.data).toHaveLength(40)
    expect(page.data[0]).toEqual({
      id: 'metamask',
      name: 'MetaMask',
      rdns: 'io.metamask',
      homepage: 'https://metamask.io/',
      imageUrl: `/v1/wallets/metamask/image?v=${imageHash(png)}`,
      namespaces: ['eip155'],
      mobile: { native: 'metamask://', universal: 'https://metamask.app.link' },
      desktop: {},
      stores: { ios: 'https://apps.apple.com/app/id1438144202' },
    })
  })

  test('behavior: pages follow one another without gaps or repeats, and the last has no nextPage', async () => {
    const seen: string[] = []
    let page: number | undefined = 1
    const pages: WalletPage[] = []
    while (page !== undefined) {
      const answer = await list(`entries=20&page=${page}`)
      pages.push(answer)
      seen.push(...answer.data.map((listing) => listing.id))
      page = answer.nextPage
    }
    expect(pages.map((answer) => answer.data.length)).toEqual([20, 20, 10])
    expect(pages.map((answer) => answer.nextPage)).toEqual([2, 3, undefined])
    expect(new Set(seen).size).toBe(50)
    // A page past the end is empty, not an error.
    expect(await list('page=9')).toEqual({ count: 50, data: [] })
  })

  test('behavior: search matches a part of the name, ignoring case, and resets the count', async () => {
    expect(names(await list('search=WALL'))).toEqual(['Rabby Wallet', '100% Wallet'])
    expect(names(await list('search=%20mask%20'))).toEqual(['MetaMask']) // trimmed
    expect(names(await list('search=amas'))).toEqual(['MetaMask'])
    // LIKE's wildcards are plain characters.
    expect(names(await list('search=%25'))).toEqual(['100% Wallet'])
    expect(names(await list('search=_'))).toEqual([])
    const fillers = await list('search=filler 4')
    expect(fillers.count).toBe(5)
    expect(names(fillers)).toEqual([
      'Filler 40',
      'Filler 41',
      'Filler 42',
      'Filler 43',
      'Filler 44',
    ])
    expect(fillers.nextPage).toBeUndefined()
  })

  test('behavior: exclude hides wallets by rdns, by name ignoring case, or by id', async () => {
    const page = await list('exclude=io.metamask,rabby%20WALLET,keplr&search=a')
    expect(names(page)).not.toContain('MetaMask')
    expect(names(page)).not.toContain('Rabby Wallet')
    expect(names(page)).not.toContain('Keplr')
    expect(names(page).slice(0, 3)).toEqual(['Phantom', 'Solflare', '100% Wallet'])
    // Wallets without an rdns stay; a partial name hides nothing.
    expect((await list('exclude=Meta,io.meta')).count).toBe(50)
    // Repeated parameters work as a list too.
    expect((await list('exclude=io.metamask&exclude=app.phantom')).count).toBe(48)
  })

  test('behavior: include lists only those wallets, in the given order', async () => {
    const page = await list('include=keplr,io.rabby,metamask,Phantom,unknown-wallet')
    expect(names(page)).toEqual(['Keplr', 'Rabby Wallet', 'MetaMask', 'Phantom'])
    expect(page.count).toBe(4)
    // With exclude and search applied on top.
    expect(names(await list('include=keplr,io.rabby,metamask&exclude=io.rabby'))).toEqual([
      'Keplr',
      'MetaMask',
    ])
    expect(names(await list('include=keplr,io.rabby,metamask&search=m'))).toEqual(['MetaMask'])
  })

  test('behavior: namespaces keeps wallets that support any of them', async () => {
    expect(names(await list('namespaces=solana'))).toEqual(['Phantom', 'Solflare'])
    expect(names(await list('namespaces=cosmos,bip122'))).toEqual(['Phantom', 'Keplr'])
    expect((await list('namespaces=eip155')).count).toBe(48)
    expect((await list('namespaces=polkadot')).count).toBe(0)
    const phantom = (await list('search=phantom')).data[0]
    expect(phantom?.namespaces).toEqual(['eip155', 'solana', 'bip122'])
  })

  test('behavior: recommended=true lists the recommended wallets only', async () => {
    expect(names(await list('recommended=true'))).toEqual(['MetaMask', 'Phantom'])
    expect((await list('recommended=false')).count).toBe(48)
  })

  test.each([
    ['', 400, 'invalidRequest', 'projectId: is required'],
    ['projectId=Shop!', 400, 'invalidRequest', 'projectId: must be a project id'],
    ['projectId=nope', 404, 'invalidProjectId', 'Invalid Project ID'],
    [
      'projectId=shop&entries=41',
      400,
      'invalidRequest',
      'entries: must be a whole number from 1 to 40',
    ],
    [
      'projectId=shop&entries=0',
      400,
      'invalidRequest',
      'entries: must be a whole number from 1 to 40',
    ],
    [
      'projectId=shop&page=0',
      400,
      'invalidRequest',
      'page: must be a whole number from 1 to 10000',
    ],
    [
      'projectId=shop&page=two',
      400,
      'invalidRequest',
      'page: must be a whole number from 1 to 10000',
    ],
    ['projectId=shop&page=-1', 400, 'invalidRequest', 'page: must be a whole number'],
    [
      'projectId=shop&namespaces=eip155,tron',
      400,
      'invalidRequest',
      'namespaces: unknown namespace "tron"; use eip155, solana, polkadot, bip122, cosmos',
    ],
    ['projectId=shop&recommended=yes', 400, 'invalidRequest', 'recommended: must be true or false'],
    [
      `projectId=shop&search=${'a'.repeat(65)}`,
      400,
      'invalidRequest',
      'search: must be at most 64 characters',
    ],
    [
      `projectId=shop&exclude=${Array.from({ length: 101 }, (_, index) => `w${index}`).join(',')}`,
      400,
      'invalidRequest',
      'exclude: must list at most 100 values',
    ],
    [
      `projectId=shop&include=${'x'.repeat(129)}`,
      400,
      'invalidRequest',
      'include: each value must be at most 128 characters',
    ],
  ])(
    'behavior: ?%s is refused with %i and a message naming the parameter',
    async (query, status, code, message) => {
      const response = await app.request(`/v1/wallets?${query}`)
      expect(response.status).toBe(status)
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      const body = (await response.json()) as { error: { code: string; message: string } }
      expect(body.error.code).toBe(code)
      expect(body.error.message).toContain(message)
    },
  )

  test('behavior: a logo is served with its type and cached for a year at its current version', async () => {
    const url = (await list('search=metamask')).data[0]!.imageUrl
    const response = await app.request(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/png')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('Content-Security-Policy')).toContain('sandbox')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png)

    // Without the version (or an old one) the browser keeps it for an hour only.
    const unversioned = await app.request('/v1/wallets/metamask/image')
    expect(unversioned.headers.get('Cache-Control')).toBe('public, max-age=3600')
    const etag = unversioned.headers.get('ETag')!
    expect(etag).toBe(`"${imageHash(png)}"`)
    const revalidated = await app.request('/v1/wallets/metamask/image', {
      headers: { 'If-None-Match': etag },
    })
    expect(revalidated.status).toBe(304)
  })

  test('behavior: a wallet without a logo gets its initial on a tile; an unknown one a 404 tile', async () => {
    const listing = (await list('search=rabby')).data[0]!
    expect(listing.imageUrl).toBe(
      `/v1/wallets/rabby/image?v=${imageHash(fallbackWalletImage('Rabby Wallet'))}`,
    )
    const fallback = await app.request(listing.imageUrl)
    expect(fallback.status).toBe(200)
    expect(fallback.headers.get('Content-Type')).toBe('image/svg+xml')
    expect(fallback.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const svg = await fallback.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain('>R</text>')

    for (const path of ['/v1/wallets/nobody/image', '/v1/wallets/..%2F..%2Fetc/image']) {
      const unknown = await app.request(path)
      expect(unknown.status).toBe(404)
      expect(unknown.headers.get('Content-Type')).toBe('image/svg+xml')
      expect(await unknown.text()).toContain('>?</text>')
    }
  })

  test('behavior: a name is escaped in the fallback tile', async () => {
    await storeWallets(storage.db, [wallet({ id: 'angle', name: '<script>', rank: 1 })])
    const svg = await (await app.request('/v1/wallets/angle/image')).text()
    expect(svg).toContain('>&lt;</text>')
    expect(svg).not.toContain('<script')
  })
})

describe.each(testDatabases())('the built-in wallet registry on $name', (database) => {
  let storage: Storage

  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  beforeEach(async () => {
    storage = await database.open()
    const registry = storage.db.withTables<{
      wallets: { id: string }
      wallet_namespaces: { wallet_id: string }
    }>()
    await registry.deleteFrom('wallet_namespaces').execute()
    await registry.deleteFrom('wallets').execute()
  })
  afterEach(() => storage.close())

  test("behavior: an empty registry is filled at start, once; the API then lists today's wallets", async () => {
    const loaded = await loadBuiltinWalletRegistry(storage.db)
    expect(loaded).toBeGreaterThan(80)
    expect(await loadBuiltinWalletRegistry(storage.db)).toBe(0)

    await createProject(storage.db, 'shop', ['https://shop.example'])
    const builds = await createFakeBuilds()
    try {
      const app = createApp({
        storage,
        networks: defaultNetworks('http://127.0.0.1:9545'),
        modalDist: builds.modalDist,
        sdkDist: builds.sdkDist,
      })
      const response = await app.request('/v1/wallets?projectId=shop&namespaces=eip155')
      const page = (await response.json()) as WalletPage
      expect(page.data).toHaveLength(40)
      expect(page.nextPage).toBe(2)
      expect(page.data[0]).toMatchObject({ name: 'MetaMask', rdns: 'io.metamask' })
      const rdns = page.data.map((listing) => listing.rdns)
      expect(rdns).toEqual(
        expect.arrayContaining(['com.coinbase.wallet', 'app.phantom', 'io.rabby']),
      )
      // A 2021 logo is served from the database as the JPEG it is.
      const logo = await app.request(page.data[0]!.imageUrl)
      expect(logo.headers.get('Content-Type')).toBe('image/jpeg')
      expect(Buffer.from(await logo.arrayBuffer()).subarray(0, 3)).toEqual(
        Buffer.from([0xff, 0xd8, 0xff]),
      )
      const polkadot = (await (
        await app.request('/v1/wallets?projectId=shop&namespaces=polkadot')
      ).json()) as WalletPage
      expect(polkadot.data.map((listing) => listing.name)).toEqual(
        expect.arrayContaining(['Talisman', 'SubWallet']),
      )
    } finally {
      await builds.remove()
    }
  })

  test("behavior: a start never overwrites the operator's registry", async () => {
    await storeWallets(storage.db, [wallet({ id: 'ours', name: 'Our Wallet', rank: 1 })])
    expect(await loadBuiltinWalletRegistry(storage.db)).toBe(0)
    const { count } = await storage.db
      .withTables<{ wallets: { id: string } }>()
      .selectFrom('wallets')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow()
    expect(Number(count)).toBe(1)
  })
})
