import type { BalancesResponse, NftItem, Page, Transaction } from '@airlock/protocol'
import { namespaceOf } from '@airlock/protocol'
import { toBech32 } from '@cosmjs/encoding'
import { p2wpkh } from '@scure/btc-signer'
import { pubECDSA, randomPrivateKeyBytes } from '@scure/btc-signer/utils.js'
import {
  createKeyPairSignerFromBytes,
  generateKeyPairSigner,
  address as solanaAddress,
} from '@solana/kit'
import { getMintSize } from '@solana-program/token'
import { HttpResponse, http, passthrough } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  createMintInstructions,
  devUsdMint,
  signInstructions,
  solanaDevAccounts,
} from '../../../../devchain/solanaDev.mjs'
import { type SolanaRpc, startSolanaRpc } from '../../../../devchain/solanaRpc.mjs'
import { type DevCosmos, startDevCosmos } from '../../../../scripts/devCosmos.mjs'
import { type DevEsplora, startDevEsplora } from '../../../../scripts/devEsplora.mjs'
import { type AlchemyData, block, type FakeAlchemy, fakeAlchemy, txHash } from '../../test/alchemy'
import { createTestApp, type TestApp, type TestAppOptions } from '../../test/app'
import { type MemoryLogger, memoryLogger } from '../../test/logs'
import { type RedisServer, startRedis } from '../../test/redis'
import { createAccountData, unavailableAdapter } from '../services/accountData/accountData'
import {
  type AccountDataAdapter,
  AccountDataUnavailableError,
  type Address,
  InvalidCursorError,
  type PageQuery,
  type TokenHolding,
} from '../services/accountData/adapter'
import { type AccountDataConfig, defaultAccountDataConfig } from '../services/accountData/config'
import { fallbackTokenIcon } from '../services/accountData/tokenBalances'
import { type AccountDataRateLimiter, createRateLimiter } from '../services/rateLimit'
import { createMemoryCache } from '../storage/cache/memoryCache'

const owner = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const ownerChecksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ausd = '0x700b6a60ce7eaaea56f065753d8dcb9653dbad35' as Address
const zeroToken = '0xa15bb66138824a1c7167f5e85b957d04dd34e468' as Address
const spamToken = '0x5555555555555555555555555555555555555555' as Address
const spamNfts = '0x8ce361602b935680e8dec218b820ff5056beb7af'

const anvilHoldings = (): TokenHolding[] => [
  { name: 'Ether', symbol: 'ETH', decimals: 18, balance: 9_999_500_000_000_000_000_000n },
  { address: ausd, name: 'Airlock USD', symbol: 'aUSD', decimals: 6, balance: 1_250_500_000n },
  { address: zeroToken, name: 'Zero Token', symbol: 'ZERO', decimals: 0, balance: 45n },
  { address: spamToken, name: 'Claim rewards', symbol: 'CLAIM', decimals: 18, balance: 10n ** 21n },
]

const nftPage: Page<NftItem> = {
  data: [
    {
      id: '0xb19b36b1456e65e3a6d514d3f715f204bd59f431:1',
      chainId: 'eip155:31337',
      contract: '0xb19b36b1456e65e3a6d514d3f715f204bd59f431',
      tokenId: '1',
      name: 'Airlock Collectible #1',
      collection: 'Airlock Collectibles',
      isSpam: false,
    },
    {
      id: `${spamNfts}:3`,
      chainId: 'eip155:31337',
      contract: spamNfts,
      tokenId: '3',
      name: 'Free Mint Rewards #3',
      collection: 'Free Mint Rewards',
      isSpam: false,
    },
  ],
  next: 'page-2',
}

const transactionPage: Page<Transaction> = {
  data: [
    {
      id: txHash(1),
      metadata: {
        minedAt: '2026-11-21T10:00:00.000Z',
        chain: 'eip155:31337',
        operationType: 'receive',
        status: 'confirmed',
        sentFrom: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
        sentTo: owner,
      },
      transfers: [{ fungible_info: { symbol: 'ETH', quantity: { numeric: '1' } } }],
    },
  ],
  next: null,
}

/**
 * Stands in for the built-in indexer (a colleague's module): the routes only see the adapter
 * contract. Counts calls; `failing` makes every call unavailable.
 */
function stubIndexer() {
  const calls: { method: string; query: unknown }[] = []
  const stub = {
    calls,
    failing: false,
    adapter: {
      kind: 'builtin',
      async balances(query) {
        calls.push({ method: 'balances', query })
        if (stub.failing) throw new AccountDataUnavailableError('The chain RPC did not answer.')
        return anvilHoldings()
      },
      async nfts(query: PageQuery) {
        calls.push({ method: 'nfts', query })
        if (stub.failing) throw new AccountDataUnavailableError('The chain RPC did not answer.')
        if (query.cursor === 'bad') throw new InvalidCursorError('not ours')
        return nftPage
      },
      async transactions(query: PageQuery) {
        calls.push({ method: 'transactions', query })
        if (stub.failing) throw new AccountDataUnavailableError('The chain RPC did not answer.')
        return transactionPage
      },
    } satisfies AccountDataAdapter,
  }
  return stub
}

const alchemyBaseUrl = 'https://eth-mainnet.g.alchemy.com'
const coingeckoBaseUrl = 'https://api.coingecko.com/api/v3'
const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'

const accountDataConfig: AccountDataConfig = {
  'eip155:31337': {
    indexer: { kind: 'builtin' },
    prices: { kind: 'static', native: 2500, tokens: { [ausd]: 1 } },
    spamContracts: [spamToken, spamNfts],
  },
  'eip155:1': {
    indexer: { kind: 'alchemy', apiKey: 'alchemy-key', baseUrl: alchemyBaseUrl },
    prices: { kind: 'coingecko', platformId: 'ethereum', nativeCoinId: 'ethereum' },
  },
}

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

let t: TestApp
let indexer: ReturnType<typeof stubIndexer>
let builtinNetworks: string[]
let logs: MemoryLogger

beforeEach(async () => {
  indexer = stubIndexer()
  builtinNetworks = []
  logs = memoryLogger()
  t = await createTestApp({
    logger: logs.logger,
    accountData: (storage, networks) =>
      createAccountData({
        db: storage.db,
        networks,
        config: accountDataConfig,
        cache: createMemoryCache(),
        logger: logs.logger,
        builtin: (network) => {
          builtinNetworks.push(network.caipNetworkId)
          return indexer.adapter
        },
      }),
  })
})
afterEach(async () => {
  vi.useRealTimers()
  server.resetHandlers()
  server.events.removeAllListeners()
  await t.close()
})

const get = (path: string, query: Record<string, string> = {}) =>
  t.app.request(
    `${path}?${new URLSearchParams({ projectId: 'shop', chainId: 'eip155:31337', ...query })}`,
  )
const balances = (address = owner, query: Record<string, string> = {}) =>
  get(`/v1/accounts/${address}/balances`, query)
const callsOf = (method: string) => indexer.calls.filter((call) => call.method === method)

describe('GET /v1/accounts/:address/balances', () => {
  test('behavior: answers priced balances, highest value first, zero-decimal tokens kept, spam left out', async () => {
    const response = await balances()
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(response.headers.get('Cache-Control')).toBe('private, max-age=30')
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect(builtinNetworks).toEqual(['eip155:31337'])
    expect((await response.json()) as BalancesResponse).toEqual({
      balances: [
        {
          name: 'Ether',
          symbol: 'ETH',
          chainId: 'eip155:31337',
          // 9999.5 ETH × 2500 USD
          value: 24_998_750,
          price: 2500,
          quantity: { decimals: '18', numeric: '9999.5' },
          iconUrl: fallbackTokenIcon('ETH'),
        },
        {
          name: 'Airlock USD',
          symbol: 'aUSD',
          chainId: 'eip155:31337',
          address: ausd,
          value: 1250.5,
          price: 1,
          quantity: { decimals: '6', numeric: '1250.5' },
          iconUrl: fallbackTokenIcon('aUSD'),
        },
        {
          name: 'Zero Token',
          symbol: 'ZERO',
          chainId: 'eip155:31337',
          address: zeroToken,
          price: 0,
          quantity: { decimals: '0', numeric: '45' },
          iconUrl: fallbackTokenIcon('ZERO'),
        },
      ],
    })
    expect(callsOf('balances')[0]?.query).toMatchObject({ address: owner })
  })

  test('behavior: a second call within 30 s is served from the cache, for any address case', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const first = await (await balances()).json()
    vi.advanceTimersByTime(12_000)
    const again = await balances(ownerChecksummed)
    expect(again.headers.get('Cache-Control')).toBe('private, max-age=18')
    expect(await again.json()).toEqual(first)
    expect(callsOf('balances')).toHaveLength(1)

    // Another address is another entry; the same one is fetched again once 30 s have passed.
    await balances('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')
    expect(callsOf('balances')).toHaveLength(2)
    vi.advanceTimersByTime(18_000)
    const fresh = await balances()
    expect(fresh.headers.get('Cache-Control')).toBe('private, max-age=30')
    expect(callsOf('balances')).toHaveLength(3)
  })

  test('behavior: cache=false (spec §7) reads fresh data and refreshes the cache', async () => {
    await balances()
    const fresh = await balances(owner, { cache: 'false' })
    expect(fresh.status).toBe(200)
    expect(fresh.headers.get('Cache-Control')).toBe('no-store')
    expect(callsOf('balances')).toHaveLength(2)
    await balances()
    expect(callsOf('balances')).toHaveLength(2)
    const bad = await balances(owner, { cache: 'no' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: { code: 'invalidRequest' } })
  })

  test('behavior: simultaneous requests for one account make one adapter call', async () => {
    const responses = await Promise.all([balances(), balances(), balances(ownerChecksummed)])
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200])
    expect(callsOf('balances')).toHaveLength(1)
  })

  test('behavior: an unavailable indexer answers 503 accountDataUnavailable, not cached', async () => {
    indexer.failing = true
    const response = await balances()
    expect(response.status).toBe(503)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Retry-After')).toBe('30')
    expect(await response.json()).toEqual({
      error: {
        code: 'accountDataUnavailable',
        message: 'Account data for Anvil is unavailable right now. Try again shortly.',
      },
    })
    // Logged with the request's id, and the route's pattern instead of the address.
    expect(logs.entries().filter((entry) => entry.level === 'warn')).toEqual([
      expect.objectContaining({
        msg: 'account data for eip155:31337 (builtin) unavailable: The chain RPC did not answer.',
        requestId: response.headers.get('X-Request-Id'),
        path: '/v1/accounts/:address/balances',
      }),
    ])

    indexer.failing = false
    expect((await balances()).status).toBe(200)
    expect(callsOf('balances')).toHaveLength(2)
  })
})

describe('request validation', () => {
  const lists = ['balances', 'nfts', 'transactions'] as const

  test.each(lists)(
    'behavior: %s of an unknown project answers 404 invalidProjectId',
    async (list) => {
      const response = await get(`/v1/accounts/${owner}/${list}`, { projectId: 'nope' })
      expect(response.status).toBe(404)
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      expect(await response.json()).toEqual({
        error: { code: 'invalidProjectId', message: 'Invalid Project ID' },
      })
      expect(indexer.calls).toHaveLength(0)
    },
  )

  test.each([
    ['eip155:8453', 'a catalogue network without account data'],
    ['eip155:999', 'a network outside the catalogue'],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'a Solana network'],
  ])('behavior: %s (%s) answers 400 unsupportedChain', async (chainId) => {
    const address = namespaceOf(chainId) === 'solana' ? solanaDevAccounts[0].address : owner
    for (const list of lists) {
      const response = await get(`/v1/accounts/${address}/${list}`, { chainId })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        error: {
          code: 'unsupportedChain',
          message: `Account data is not available for ${chainId}.`,
        },
      })
    }
  })

  const addressMessage = 'address: must be an EVM address: 0x and 40 hex characters'
  test.each([
    ['0x123', addressMessage],
    [owner.slice(2), addressMessage],
    [`${owner}0`, addressMessage],
    [`0x${'g'.repeat(40)}`, addressMessage],
    ['vitalik.eth', addressMessage],
  ])('behavior: the address %s answers 400 invalidRequest', async (address, message) => {
    for (const list of lists) {
      const response = await get(`/v1/accounts/${address}/${list}`)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error: { code: 'invalidRequest', message } })
    }
  })

  test.each([
    [
      { projectId: '' },
      'projectId: must be a project id: 2 to 63 lowercase letters, digits or hyphens',
    ],
    [
      { projectId: 'Shop' },
      'projectId: must be a project id: 2 to 63 lowercase letters, digits or hyphens',
    ],
    [{ chainId: '1' }, 'chainId: must be a CAIP-2 network id such as eip155:1'],
    [{ chainId: 'eip155:' }, 'chainId: must be a CAIP-2 network id such as eip155:1'],
  ])(
    'behavior: the query %j answers 400 invalidRequest with the field at fault',
    async (query, message) => {
      for (const list of lists) {
        const response = await get(`/v1/accounts/${owner}/${list}`, query)
        expect(response.status).toBe(400)
        expect(await response.json()).toEqual({ error: { code: 'invalidRequest', message } })
      }
    },
  )

  test('behavior: missing projectId and chainId are both named', async () => {
    const response = await t.app.request(`/v1/accounts/${owner}/balances`)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: { code: 'invalidRequest', message: 'projectId: is required; chainId: is required' },
    })
  })

  const limitMessage = 'limit: must be a whole number from 1 to 100'
  test.each([
    [{ limit: '0' }, limitMessage],
    [{ limit: '101' }, limitMessage],
    [{ limit: '1000' }, limitMessage],
    [{ limit: 'ten' }, limitMessage],
    [{ limit: '1.5' }, limitMessage],
    [{ limit: '-1' }, limitMessage],
    [{ cursor: 'x'.repeat(513) }, 'cursor: must be at most 512 characters'],
    [{ cursor: 'two words' }, 'cursor: must be printable ASCII'],
  ])('behavior: the page query %j answers 400 invalidRequest', async (query, message) => {
    for (const list of ['nfts', 'transactions']) {
      const response = await get(`/v1/accounts/${owner}/${list}`, query)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error: { code: 'invalidRequest', message } })
    }
    expect(indexer.calls).toHaveLength(0)
  })

  test('behavior: a cursor the adapter did not issue answers 400 invalidRequest', async () => {
    const response = await get(`/v1/accounts/${owner}/nfts`, { cursor: 'bad' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: { code: 'invalidRequest', message: 'cursor: is not one this list issued' },
    })
  })

  test('behavior: an app without account data answers unsupportedChain everywhere', async () => {
    const bare = await createTestApp()
    try {
      const response = await bare.app.request(
        `/v1/accounts/${owner}/balances?projectId=shop&chainId=eip155:31337`,
      )
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: { code: 'unsupportedChain' } })
    } finally {
      await bare.close()
    }
  })
})

describe('GET /v1/accounts/:address/nfts and /transactions', () => {
  test('behavior: NFTs page through the adapter; operator spam collections are flagged', async () => {
    const response = await get(`/v1/accounts/${ownerChecksummed}/nfts`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, max-age=10')
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
    const page = (await response.json()) as Page<NftItem>
    expect(page.next).toBe('page-2')
    expect(page.data.map((nft) => [nft.id, nft.isSpam])).toEqual([
      ['0xb19b36b1456e65e3a6d514d3f715f204bd59f431:1', false],
      [`${spamNfts}:3`, true],
    ])
    expect(callsOf('nfts')[0]?.query).toMatchObject({ address: owner, limit: 20 })
    expect(callsOf('nfts')[0]?.query).toHaveProperty('cursor', undefined)
  })

  test('behavior: transactions pass limit and cursor on and answer the adapter page', async () => {
    const response = await get(`/v1/accounts/${owner}/transactions`, { limit: '5', cursor: 'abc' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(transactionPage)
    expect(callsOf('transactions')[0]?.query).toMatchObject({
      address: owner,
      limit: 5,
      cursor: 'abc',
    })
  })

  test('behavior: a page is cached 10 s per address, limit and cursor; an empty cursor is the first page', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    await get(`/v1/accounts/${owner}/transactions`)
    await get(`/v1/accounts/${owner}/transactions`, { cursor: '' })
    expect(callsOf('transactions')).toHaveLength(1)
    await get(`/v1/accounts/${owner}/transactions`, { limit: '5' })
    await get(`/v1/accounts/${owner}/transactions`, { cursor: 'next' })
    expect(callsOf('transactions')).toHaveLength(3)
    vi.advanceTimersByTime(10_000)
    await get(`/v1/accounts/${owner}/transactions`)
    expect(callsOf('transactions')).toHaveLength(4)
  })
})

describe('an Alchemy-backed network, end to end', () => {
  const vitalik = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045'
  const friend = '0x220866b1a2219f40e72f5c628b65d54268ca3a9d'
  let alchemy: FakeAlchemy
  let outgoing: string[]

  const data: AlchemyData = {
    nativeBalances: { [vitalik]: 2_000_000_000_000_000_000n },
    tokenBalances: {
      [vitalik]: [
        {
          contractAddress: usdc,
          tokenBalance: `0x${10_000_000_000n.toString(16).padStart(64, '0')}`,
        },
      ],
    },
    tokenMetadata: {
      [usdc]: {
        name: 'USD Coin',
        symbol: 'USDC',
        decimals: 6,
        logo: 'https://static.alchemyapi.io/images/assets/3408.png',
      },
    },
    transfers: [
      {
        blockNum: block(20_900_100),
        uniqueId: `${txHash(9)}:external`,
        hash: txHash(9),
        from: friend,
        to: vitalik,
        value: 2,
        erc721TokenId: null,
        erc1155Metadata: null,
        tokenId: null,
        asset: 'ETH',
        category: 'external',
        rawContract: { value: '0x1bc16d674ec80000', address: null, decimal: '0x12' },
        metadata: { blockTimestamp: '2024-10-01T10:00:00.000Z' },
      },
    ],
    nfts: { [vitalik]: [] },
  }

  beforeEach(() => {
    alchemy = fakeAlchemy(alchemyBaseUrl, 'alchemy-key', data)
    outgoing = []
    server.events.on('request:start', ({ request }) => {
      outgoing.push(new URL(request.url).host)
    })
    server.use(
      ...alchemy.handlers,
      http.get(`${coingeckoBaseUrl}/simple/price`, () =>
        HttpResponse.json({ ethereum: { usd: 2612.3 } }),
      ),
      http.get(`${coingeckoBaseUrl}/simple/token_price/ethereum`, () =>
        HttpResponse.json({ [usdc]: { usd: 0.9999 } }),
      ),
    )
  })

  const mainnet = (list: string, query: Record<string, string> = {}) =>
    get(`/v1/accounts/${vitalik}/${list}`, { chainId: 'eip155:1', ...query })

  test('behavior: balances come from Alchemy, priced by CoinGecko, then from the cache', async () => {
    const response = await mainnet('balances')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      balances: [
        {
          name: 'USD Coin',
          symbol: 'USDC',
          chainId: 'eip155:1',
          address: usdc,
          value: 10_000 * 0.9999,
          price: 0.9999,
          quantity: { decimals: '6', numeric: '10000' },
          iconUrl: 'https://static.alchemyapi.io/images/assets/3408.png',
        },
        {
          name: 'Ether',
          symbol: 'ETH',
          chainId: 'eip155:1',
          value: 2 * 2612.3,
          price: 2612.3,
          quantity: { decimals: '18', numeric: '2' },
          iconUrl: fallbackTokenIcon('ETH'),
        },
      ],
    })
    expect(new Set(outgoing)).toEqual(new Set(['eth-mainnet.g.alchemy.com', 'api.coingecko.com']))
    const before = outgoing.length

    expect((await mainnet('balances')).status).toBe(200)
    expect(outgoing).toHaveLength(before)
    expect(indexer.calls).toHaveLength(0)
  })

  test('behavior: with CoinGecko down, balances still answer, unpriced', async () => {
    server.use(
      http.get(`${coingeckoBaseUrl}/simple/price`, () => new HttpResponse(null, { status: 500 })),
      http.get(`${coingeckoBaseUrl}/simple/token_price/ethereum`, () => HttpResponse.error()),
    )
    const response = await mainnet('balances')
    expect(response.status).toBe(200)
    const { balances: tokens } = (await response.json()) as BalancesResponse
    expect(tokens.map((token) => [token.symbol, token.price, token.value])).toEqual([
      ['ETH', 0, undefined],
      ['USDC', 0, undefined],
    ])
  })

  test('behavior: transactions and NFTs come from Alchemy', async () => {
    const transactions = (await (await mainnet('transactions')).json()) as Page<Transaction>
    expect(transactions.next).toBeNull()
    expect(transactions.data.map((tx) => [tx.id, tx.metadata.operationType])).toEqual([
      [txHash(9), 'receive'],
    ])
    expect(await (await mainnet('nfts', { limit: '2' })).json()).toEqual({ data: [], next: null })
    expect(alchemy.calls.find((call) => call.method === 'getNFTsForOwner')?.params).toMatchObject({
      owner: vitalik,
      pageSize: '2',
    })
  })

  test('behavior: Alchemy down answers 503, never 500', async () => {
    alchemy.failWith = 500
    for (const list of ['balances', 'nfts', 'transactions']) {
      const response = await mainnet(list)
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({
        error: {
          code: 'accountDataUnavailable',
          message: 'Account data for Ethereum is unavailable right now. Try again shortly.',
        },
      })
    }
  })
})

describe('a Bitcoin network (regtest over the Esplora stand-in), end to end', () => {
  const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
  const params = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
  const address = () => p2wpkh(pubECDSA(randomPrivateKeyBytes()), params).address!
  let esplora: DevEsplora
  let bitcoin: TestApp

  beforeAll(async () => {
    esplora = await startDevEsplora({ port: 0, quiet: true })
  })
  afterAll(async () => {
    await esplora?.close()
  })
  beforeEach(async () => {
    // The stand-in is ours and on loopback: let it through the HTTP mocks of the other tests.
    server.use(http.get(`${esplora.url}/*`, () => passthrough()))
    bitcoin = await createTestApp({
      accountData: (storage, networks) =>
        createAccountData({
          db: storage.db,
          networks: networks.map((network) =>
            network.caipNetworkId === regtest ? { ...network, rpcUrl: esplora.url } : network,
          ),
          config: defaultAccountDataConfig(),
          cache: createMemoryCache(),
          builtin: () => unavailableAdapter('builtin', 'not in this test'),
        }),
    })
  })
  afterEach(async () => {
    await bitcoin.close()
  })

  const onRegtest = (account: string, list = 'balances', chainId = regtest) =>
    bitcoin.app.request(
      `/v1/accounts/${account}/${list}?${new URLSearchParams({ projectId: 'shop', chainId })}`,
    )

  test('behavior: a funded address has its BTC, unpriced on regtest, and its activity', async () => {
    const funded = address()
    const txid = esplora.fund(funded, 250_000)
    const balances = await onRegtest(funded)
    expect(balances.status).toBe(200)
    expect(((await balances.json()) as BalancesResponse).balances).toEqual([
      {
        name: 'Bitcoin',
        symbol: 'BTC',
        chainId: regtest,
        price: 0,
        quantity: { decimals: '8', numeric: '0.0025' },
        iconUrl: fallbackTokenIcon('BTC'),
      },
    ])
    const activity = (await (await onRegtest(funded, 'transactions')).json()) as Page<Transaction>
    expect(activity.data).toEqual([
      expect.objectContaining({
        id: txid,
        metadata: expect.objectContaining({ operationType: 'receive', chain: regtest }),
      }),
    ])
  })

  test.each([
    ['another network’s address', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['an EVM address', owner],
    ['not an address', 'bcrt1qnotanaddress'],
  ])('behavior: %s on regtest answers 400 invalidRequest', async (_, account) => {
    for (const list of ['balances', 'transactions']) {
      const response = await onRegtest(account, list)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        error: {
          code: 'invalidRequest',
          message: 'address: must be a Bitcoin address of regtest',
        },
      })
    }
  })
})

describe('a Cosmos network (Cosmos Local over the chain stand-in), end to end', () => {
  const local = 'cosmos:airlock-local-1'
  const address = (prefix = 'cosmos') => toBech32(prefix, randomPrivateKeyBytes().slice(0, 20))
  let chain: DevCosmos
  let cosmos: TestApp

  beforeAll(async () => {
    chain = await startDevCosmos({ port: 0, quiet: true })
  })
  afterAll(async () => {
    await chain?.close()
  })
  beforeEach(async () => {
    // The stand-in is ours and on loopback: let it through the HTTP mocks of the other tests.
    server.use(http.get(`${chain.restUrl}/*`, () => passthrough()))
    cosmos = await createTestApp({
      accountData: (storage, networks) =>
        createAccountData({
          db: storage.db,
          networks: networks.map((network) =>
            network.caipNetworkId === local ? { ...network, rpcUrl: chain.restUrl } : network,
          ),
          config: defaultAccountDataConfig(),
          cache: createMemoryCache(),
          builtin: () => unavailableAdapter('builtin', 'not in this test'),
        }),
    })
  })
  afterEach(async () => {
    await cosmos.close()
  })

  const onLocal = (account: string, list = 'balances') =>
    cosmos.app.request(
      `/v1/accounts/${account}/${list}?${new URLSearchParams({ projectId: 'shop', chainId: local })}`,
    )

  test('behavior: a funded address has its ATOM, unpriced on the local chain, and its activity', async () => {
    const funded = address()
    const txhash = await chain.fund(funded, 2_500_000)
    const balances = await onLocal(funded)
    expect(balances.status).toBe(200)
    expect(((await balances.json()) as BalancesResponse).balances).toEqual([
      {
        name: 'Cosmos',
        symbol: 'ATOM',
        chainId: local,
        price: 0,
        quantity: { decimals: '6', numeric: '2.5' },
        iconUrl: fallbackTokenIcon('ATOM'),
      },
    ])
    const activity = (await (await onLocal(funded, 'transactions')).json()) as Page<Transaction>
    expect(activity.data).toEqual([
      expect.objectContaining({
        id: txhash,
        metadata: expect.objectContaining({ operationType: 'receive', chain: local }),
      }),
    ])
  })

  test.each([
    [
      'an Osmosis address',
      () => address('osmo'),
      'is not a Cosmos Local address: it is an Osmosis one.',
    ],
    ['an EVM address', () => owner, 'is not a Cosmos address.'],
  ])('behavior: %s on Cosmos Local answers 400 invalidRequest', async (_, account, words) => {
    const named = account()
    for (const list of ['balances', 'transactions']) {
      const response = await onLocal(named, list)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        error: { code: 'invalidRequest', message: `address: "${named}" ${words}` },
      })
    }
  })
})

describe('a Polkadot network: addresses of its own prefix only', () => {
  const local = 'polkadot:fcbb43a94fb5ca7574f5f76c75f9510c'
  // Alice of the Substrate dev keyring, written for Polkadot (prefix 0) and Kusama (2).
  const onPolkadot = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
  const onKusama = 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F'
  let polkadot: TestApp
  beforeEach(async () => {
    polkadot = await createTestApp()
  })
  afterEach(async () => {
    await polkadot.close()
  })

  test.each([
    [
      'a Polkadot address',
      onPolkadot,
      `"${onPolkadot}" is not a Polkadot Local address: it is a Polkadot one.`,
    ],
    [
      'a Kusama address',
      onKusama,
      `"${onKusama}" is not a Polkadot Local address: it is a Kusama one.`,
    ],
    ['an EVM address', owner, `"${owner}" is not a Polkadot address.`],
  ])('behavior: %s on Polkadot Local answers 400 invalidRequest', async (_, account, words) => {
    for (const list of ['balances', 'transactions']) {
      const response = await polkadot.app.request(
        `/v1/accounts/${account}/${list}?${new URLSearchParams({ projectId: 'shop', chainId: local })}`,
      )
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        error: { code: 'invalidRequest', message: `address: ${words}` },
      })
    }
  })
})

describe('a Solana network (solana:localnet over the litesvm RPC), end to end', () => {
  const token2022 = solanaAddress('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
  let chain: SolanaRpc
  let solana: TestApp

  beforeAll(async () => {
    chain = await startSolanaRpc({ port: 0 })
  })
  afterAll(async () => {
    await chain?.stop()
  })
  beforeEach(async () => {
    // The RPC is real and on loopback: let it through the HTTP mocks of the other tests.
    server.use(http.post(`${chain.url}/`, () => passthrough()))
    solana = await createTestApp({
      accountData: (storage, networks) =>
        createAccountData({
          db: storage.db,
          networks: networks.map((network) =>
            network.caipNetworkId === 'solana:localnet'
              ? { ...network, rpcUrl: chain.url }
              : network,
          ),
          config: defaultAccountDataConfig(),
          cache: createMemoryCache(),
          builtin: () => unavailableAdapter('builtin', 'not in this test'),
        }),
    })
  })
  afterEach(async () => {
    await solana.close()
  })

  const onLocalnet = (address: string, list = 'balances') =>
    solana.app.request(
      `/v1/accounts/${address}/${list}?${new URLSearchParams({ projectId: 'shop', chainId: 'solana:localnet' })}`,
    )

  test('behavior: dev account #0 has SOL and sUSD, priced and shaped like EVM balances', async () => {
    const response = await onLocalnet(solanaDevAccounts[0].address)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, max-age=30')
    expect((await response.json()) as BalancesResponse).toEqual({
      balances: [
        {
          name: 'Solana',
          symbol: 'SOL',
          chainId: 'solana:localnet',
          // 1,000 SOL × 150 USD
          value: 150_000,
          price: 150,
          quantity: { decimals: '9', numeric: '1000' },
          iconUrl: fallbackTokenIcon('SOL'),
        },
        {
          name: 'Airlock Solana USD',
          symbol: 'sUSD',
          chainId: 'solana:localnet',
          address: devUsdMint.address,
          value: 1250.5,
          price: 1,
          quantity: { decimals: '6', numeric: '1250.5' },
          iconUrl: fallbackTokenIcon('sUSD'),
        },
      ],
    })
  })

  test('behavior: a Token-2022 mint nobody named shows as a short mint, unpriced; an empty account has no balances', async () => {
    const payer = await createKeyPairSignerFromBytes(solanaDevAccounts[0].secretKey)
    const holder = await generateKeyPairSigner()
    const mint = await generateKeyPairSigner()
    const { instructions } = await createMintInstructions({
      payer,
      mint,
      mintAuthority: payer,
      owner: holder.address,
      decimals: 2,
      amount: 4_200n,
      mintRent: chain.svm.minimumBalanceForRentExemption(BigInt(getMintSize())),
      tokenProgram: token2022,
    })
    const transaction = await signInstructions(payer, instructions, {
      blockhash: chain.svm.latestBlockhash(),
      lastValidBlockHeight: 0n,
    })
    expect(chain.svm.sendTransaction(transaction)).not.toHaveProperty('err')

    const response = await onLocalnet(holder.address)
    expect(response.status).toBe(200)
    expect(((await response.json()) as BalancesResponse).balances).toEqual([
      {
        name: `${mint.address.slice(0, 4)}…${mint.address.slice(-4)}`,
        symbol: mint.address.slice(0, 4),
        chainId: 'solana:localnet',
        address: mint.address,
        price: 0,
        quantity: { decimals: '2', numeric: '42' },
        iconUrl: fallbackTokenIcon(mint.address.slice(0, 4)),
      },
    ])

    const empty = await generateKeyPairSigner()
    expect(await (await onLocalnet(empty.address)).json()).toEqual({ balances: [] })
  })

  test.each([
    ['0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', 'must be a Solana address: 32 to 44 base58 characters'],
    ['z'.repeat(44), 'must be a Solana address: it does not decode to 32 bytes'],
    [owner, 'must be a Solana address: 32 to 44 base58 characters'],
    [ownerChecksummed, 'must be a Solana address: 32 to 44 base58 characters'],
  ])(
    'behavior: the address %s on solana:localnet answers 400 invalidRequest',
    async (address, message) => {
      for (const list of ['balances', 'nfts', 'transactions']) {
        const response = await onLocalnet(address, list)
        expect(response.status).toBe(400)
        expect(await response.json()).toEqual({
          error: { code: 'invalidRequest', message: `address: ${message}` },
        })
      }
    },
  )

  test.each([
    ['nfts', 'NFTs'],
    ['transactions', 'Transactions'],
  ])(
    'behavior: %s on solana:localnet answer 400 unsupportedChain (activity is eip155 only)',
    async (list, what) => {
      const response = await onLocalnet(solanaDevAccounts[0].address, list)
      expect(response.status).toBe(400)
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      expect(await response.json()).toEqual({
        error: {
          code: 'unsupportedChain',
          message: `${what} are not available for solana:localnet: Airlock shows them for eip155 networks only.`,
        },
      })
    },
  )

  test('behavior: the Solana RPC down answers 503 accountDataUnavailable', async () => {
    const downLogs = memoryLogger()
    const down = await createTestApp({
      logger: downLogs.logger,
      accountData: (storage, networks) =>
        createAccountData({
          db: storage.db,
          networks: networks.map((network) =>
            network.caipNetworkId === 'solana:localnet'
              ? { ...network, rpcUrl: 'http://127.0.0.1:9/' }
              : network,
          ),
          config: defaultAccountDataConfig(),
          cache: createMemoryCache(),
          builtin: () => unavailableAdapter('builtin', 'not in this test'),
        }),
    })
    try {
      server.use(http.post('http://127.0.0.1:9/', () => passthrough()))
      const response = await down.app.request(
        `/v1/accounts/${solanaDevAccounts[0].address}/balances?projectId=shop&chainId=solana:localnet`,
      )
      expect(response.status).toBe(503)
      expect(await response.json()).toMatchObject({ error: { code: 'accountDataUnavailable' } })
      expect(downLogs.entries()[0]).toMatchObject({
        level: 'warn',
        msg: expect.stringMatching(
          /^account data for solana:localnet \(solanaRpc\) unavailable: The Solana RPC did not answer/,
        ),
      })
    } finally {
      await down.close()
    }
  })
})

describe('rate limits', () => {
  /** Tight budgets, so a test reaches them in a few requests. */
  const perMinute = { project: 6, client: 3, uncached: 1 }
  const alice = '198.51.100.7'
  const bob = '203.0.113.9'

  /** A test app over the stub indexer with `limiter`, in place of the default one. */
  const openLimited = async (
    limiter: AccountDataRateLimiter,
    options: Omit<TestAppOptions, 'accountData'> = {},
  ) =>
    createTestApp({
      ...options,
      accountDataRateLimiter: limiter,
      accountData: (storage, networks) =>
        createAccountData({
          db: storage.db,
          networks,
          config: accountDataConfig,
          cache: createMemoryCache(),
          builtin: () => indexer.adapter,
        }),
    })
  const useLimited = async (limit = perMinute) => {
    await t.close()
    t = await openLimited(createRateLimiter({ name: 'accountData', perMinute: limit }))
    return t
  }
  /** `list` of the owner on the dev chain, from `client` (its socket's address), via `app`. */
  const request = (
    client: string,
    { list = 'balances', query = {} as Record<string, string>, app = t } = {},
  ) =>
    app.app.request(
      `/v1/accounts/${owner}/${list}?${new URLSearchParams({ projectId: 'shop', chainId: 'eip155:31337', ...query })}`,
      {},
      // What @hono/node-server hands the app: the request's socket, with the client's address.
      { incoming: { socket: { remoteAddress: client } } },
    )
  const statuses = async (count: number, send: () => Response | Promise<Response>) => {
    const answered: number[] = []
    for (let i = 0; i < count; i++) answered.push((await send()).status)
    return answered
  }
  const expectRateLimited = async (response: Response) => {
    expect(response.status).toBe(429)
    const retryAfter = response.headers.get('Retry-After')
    expect(retryAfter).toMatch(/^\d+$/)
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
    expect(Number(retryAfter)).toBeLessThanOrEqual(60)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.json()).toEqual({
      error: { code: 'rateLimited', message: 'Rate Limited' },
    })
  }

  test('behavior: past its budget in a minute a client gets 429 with Retry-After, across the three lists', async () => {
    await useLimited()
    expect([
      (await request(alice)).status,
      (await request(alice, { list: 'nfts' })).status,
      (await request(alice, { list: 'transactions' })).status,
    ]).toEqual([200, 200, 200])
    await expectRateLimited(await request(alice))
    await expectRateLimited(await request(alice, { list: 'nfts' }))
  })

  test('behavior: each client has its own budget', async () => {
    await useLimited()
    expect(await statuses(3, () => request(alice))).toEqual([200, 200, 200])
    await expectRateLimited(await request(alice))
    expect(await statuses(3, () => request(bob))).toEqual([200, 200, 200])
  })

  test("behavior: the project's budget is shared by all its clients", async () => {
    await useLimited({ ...perMinute, project: 4 })
    expect(await statuses(2, () => request(alice))).toEqual([200, 200])
    expect(await statuses(2, () => request(bob))).toEqual([200, 200])
    await expectRateLimited(await request('192.0.2.1'))
  })

  test('behavior: cache=false has its own, tighter budget per client, and the cached reads go on', async () => {
    await useLimited()
    const fresh = { query: { cache: 'false' } }
    expect((await request(alice, fresh)).status).toBe(200)
    await expectRateLimited(await request(alice, fresh))
    expect(callsOf('balances')).toHaveLength(1)
    // Cached reads still have budget left: the refused fresh read spent none of it.
    expect(await statuses(2, () => request(alice))).toEqual([200, 200])
    expect((await request(bob, fresh)).status).toBe(200)
  })

  test('behavior: requests refused on the way (an unknown project, a network without account data, a query of the wrong form) do not spend its budget', async () => {
    await useLimited({ ...perMinute, client: 100, project: 2 })
    const other = { query: { projectId: 'nope' } }
    expect(await statuses(3, () => request(alice, other))).toEqual([404, 404, 404])
    const noAccountData = { query: { chainId: 'eip155:8453' } }
    expect(await statuses(3, () => request(alice, noAccountData))).toEqual([400, 400, 400])
    const badLimit = { list: 'nfts', query: { limit: 'many' } }
    expect(await statuses(3, () => request(alice, badLimit))).toEqual([400, 400, 400])
    expect(await statuses(2, () => request(alice))).toEqual([200, 200])
    await expectRateLimited(await request(alice))
  })

  test('behavior: by default a client may read cache=false 6 times a minute', async () => {
    const fresh = { query: { cache: 'false' } }
    expect(await statuses(6, () => request(alice, fresh))).toEqual([200, 200, 200, 200, 200, 200])
    await expectRateLimited(await request(alice, fresh))
  })

  describe('in Redis', () => {
    let redis: RedisServer | undefined
    beforeAll(async () => {
      redis = await startRedis()
    })
    afterAll(() => redis?.stop())

    const redisLimiter = async () => {
      if (redis === undefined) throw new Error('no Redis')
      const limiter = createRateLimiter({ name: 'accountData', perMinute, redisUrl: redis.url })
      expect(await limiter.ready(5_000)).toBe(true)
      return limiter
    }

    test('behavior: two API instances on one Redis count a client together', async () => {
      await t.close()
      t = await openLimited(await redisLimiter())
      const second = await openLimited(await redisLimiter())
      try {
        expect((await request(alice)).status).toBe(200)
        expect((await request(alice, { app: second })).status).toBe(200)
        expect((await request(alice)).status).toBe(200)
        await expectRateLimited(await request(alice, { app: second }))
        await expectRateLimited(await request(alice))
        expect((await request(bob, { app: second })).status).toBe(200)
      } finally {
        await second.close()
      }
    })
  })
})
