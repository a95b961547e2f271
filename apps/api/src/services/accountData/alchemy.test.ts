import type { Transaction } from '@airlock/protocol'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  type AlchemyData,
  type AlchemyOwnedNft,
  type AlchemyTransfer,
  block,
  type FakeAlchemy,
  fakeAlchemy,
  txHash,
} from '../../../test/alchemy'
import { createMemoryCache } from '../../storage/cache/memoryCache'
import { defaultNetworks } from '../networks'
import { AccountDataUnavailableError, type Address, InvalidCursorError } from './adapter'
import { createAlchemyAdapter, hasInternalTransfers } from './alchemy'

const ethereum = defaultNetworks().find((network) => network.caipNetworkId === 'eip155:1')!
const baseUrl = 'https://eth-mainnet.g.alchemy.com'
const apiKey = 'test-key-123'

const owner = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045' as Address
const friend = '0x220866b1a2219f40e72f5c628b65d54268ca3a9d'
const router = '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad'
const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const weth = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'
const dai = '0x6b175474e89094c44da98b954eedeac495271d0f'
const airdrop = '0x0b91b07beb67333225a5ba0259d55aee10e3a578'
const noMetadata = '0x9999999999999999999999999999999999999999'
const ens = '0x57f1887a8bf19b14fc0df6fd9b2acc9af147ea85'
const spamNfts = '0x8ce361602b935680e8dec218b820ff5056beb7af'
const zero = '0x0000000000000000000000000000000000000000'

const uint256 = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}`

const transfer = (
  overrides: Partial<AlchemyTransfer> & Pick<AlchemyTransfer, 'blockNum' | 'hash' | 'from' | 'to'>,
): AlchemyTransfer => ({
  uniqueId: `${overrides.hash}:external`,
  value: 0.25,
  erc721TokenId: null,
  erc1155Metadata: null,
  tokenId: null,
  asset: 'ETH',
  category: 'external',
  rawContract: { value: '0x3782dace9d90000', address: null, decimal: '0x12' },
  metadata: { blockTimestamp: '2024-10-01T09:30:11.000Z' },
  ...overrides,
})

const ownedNft = (
  contract: Partial<AlchemyOwnedNft['contract']> & { address: string },
  nft: Partial<Omit<AlchemyOwnedNft, 'contract'>> & { tokenId: string },
): AlchemyOwnedNft => ({
  tokenType: 'ERC721',
  name: null,
  description: null,
  image: {
    cachedUrl: null,
    thumbnailUrl: null,
    pngUrl: null,
    contentType: null,
    size: null,
    originalUrl: null,
  },
  balance: '1',
  timeLastUpdated: '2024-10-16T22:01:13.457Z',
  ...nft,
  contract: {
    name: null,
    symbol: null,
    tokenType: 'ERC721',
    openSeaMetadata: { collectionName: null },
    isSpam: null,
    spamClassifications: [],
    ...contract,
  },
})

const history: AlchemyTransfer[] = [
  // Newest first: a self-send, an NFT mint, a swap (USDC out, WETH in), a USDC send, an ETH receive.
  transfer({
    blockNum: block(20_900_500),
    hash: txHash(5),
    from: owner,
    to: owner,
    metadata: { blockTimestamp: '2024-10-05T10:00:00.000Z' },
  }),
  transfer({
    blockNum: block(20_900_400),
    hash: txHash(4),
    uniqueId: `${txHash(4)}:log:0x7`,
    from: zero,
    to: owner,
    value: null,
    asset: 'ENS',
    category: 'erc721',
    erc721TokenId: '0x0000000000000000000000000000000000000000000000000000000000000539',
    tokenId: '0x0000000000000000000000000000000000000000000000000000000000000539',
    rawContract: { value: null, address: ens, decimal: null },
    metadata: { blockTimestamp: '2024-10-04T10:00:00.000Z' },
  }),
  transfer({
    blockNum: block(20_900_300),
    hash: txHash(3),
    uniqueId: `${txHash(3)}:log:0x1`,
    from: owner,
    to: router,
    value: 100,
    asset: 'USDC',
    category: 'erc20',
    rawContract: { value: '0x5f5e100', address: usdc, decimal: '0x6' },
    metadata: { blockTimestamp: '2024-10-03T10:00:00.000Z' },
  }),
  transfer({
    blockNum: block(20_900_300),
    hash: txHash(3),
    uniqueId: `${txHash(3)}:log:0x2`,
    from: router,
    to: owner,
    value: 0.04,
    asset: 'WETH',
    category: 'erc20',
    rawContract: { value: '0x8e1bc9bf040000', address: weth, decimal: '0x12' },
    metadata: { blockTimestamp: '2024-10-03T10:00:00.000Z' },
  }),
  transfer({
    blockNum: block(20_900_200),
    hash: txHash(2),
    uniqueId: `${txHash(2)}:log:0x3`,
    from: owner,
    to: friend,
    value: 12.5,
    asset: 'USDC',
    category: 'erc20',
    rawContract: { value: '0xbebc20', address: usdc, decimal: '0x6' },
    metadata: { blockTimestamp: '2024-10-02T10:00:00.000Z' },
  }),
  transfer({
    blockNum: block(20_900_100),
    hash: txHash(1),
    from: friend,
    to: owner,
    value: 1.5,
    rawContract: { value: '0x14d1120d7b160000', address: null, decimal: '0x12' },
    metadata: { blockTimestamp: '2024-10-01T10:00:00.000Z' },
  }),
]

const data = (): AlchemyData => ({
  nativeBalances: { [owner]: 1_500_000_000_000_000_000n },
  tokenBalances: {
    [owner]: [
      { contractAddress: usdc, tokenBalance: uint256(1_234_560_000n) },
      { contractAddress: dai, tokenBalance: uint256(0n) },
      { contractAddress: airdrop, tokenBalance: uint256(10n ** 24n) },
      { contractAddress: noMetadata, tokenBalance: uint256(5n) },
      { contractAddress: weth, tokenBalance: uint256(40_000_000_000_000_000n) },
    ],
  },
  tokenMetadata: {
    [usdc]: {
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: 6,
      logo: 'https://static.alchemyapi.io/images/assets/3408.png',
    },
    [weth]: { name: 'Wrapped Ether', symbol: 'WETH', decimals: 18, logo: null },
    [dai]: { name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18, logo: null },
    [airdrop]: { name: 'Visit claim-rewards.example', symbol: 'CLAIM', decimals: 18, logo: null },
  },
  transfers: history,
  nfts: {
    [owner]: [
      ownedNft(
        {
          address: ens,
          name: null,
          openSeaMetadata: { collectionName: 'ENS: Ethereum Name Service' },
        },
        {
          tokenId: '1337',
          name: 'vitalik.eth',
          image: {
            cachedUrl: 'https://nft-cdn.alchemy.com/eth-mainnet/abc',
            thumbnailUrl:
              'https://res.cloudinary.com/alchemyapi/image/upload/thumbnailv2/eth-mainnet/abc',
            pngUrl: null,
            contentType: 'image/svg+xml',
            size: 1024,
            originalUrl: 'https://metadata.ens.domains/mainnet/avatar/vitalik.eth',
          },
        },
      ),
      ownedNft(
        { address: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D', name: 'BoredApeYachtClub' },
        {
          tokenId: '42',
          image: {
            cachedUrl: null,
            thumbnailUrl: null,
            pngUrl: null,
            contentType: null,
            size: null,
            originalUrl: 'ipfs://QmeSjSinHpPnmXmspMjwiXyN6zS4E9zccariGR3jxcaWtq/42',
          },
        },
      ),
      ownedNft(
        { address: '0x1111111111111111111111111111111111111111', name: 'Free Mint', isSpam: true },
        { tokenId: '7', name: 'Claim your reward' },
      ),
      ownedNft({ address: spamNfts, name: 'Free Mint Rewards' }, { tokenId: '1' }),
    ],
  },
})

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

let alchemy: FakeAlchemy
const adapter = (options: Partial<createAlchemyAdapter.Options> = {}) =>
  createAlchemyAdapter({
    apiKey,
    baseUrl,
    spamContracts: new Set([airdrop, spamNfts]),
    cache: createMemoryCache(),
    ...options,
  })
const use = (fake: FakeAlchemy) => {
  alchemy = fake
  server.use(...fake.handlers)
}
const methods = () => alchemy.calls.map((call) => call.method)

beforeEach(() => use(fakeAlchemy(baseUrl, apiKey, data())))

describe('balances', () => {
  test('behavior: the native balance first, then held tokens with metadata; zero, spam and unknown tokens left out', async () => {
    const holdings = await adapter().balances({ address: owner, network: ethereum })
    expect(holdings).toEqual([
      { name: 'Ether', symbol: 'ETH', decimals: 18, balance: 1_500_000_000_000_000_000n },
      {
        address: usdc,
        name: 'USD Coin',
        symbol: 'USDC',
        decimals: 6,
        balance: 1_234_560_000n,
        iconUrl: 'https://static.alchemyapi.io/images/assets/3408.png',
      },
      {
        address: weth,
        name: 'Wrapped Ether',
        symbol: 'WETH',
        decimals: 18,
        balance: 40_000_000_000_000_000n,
      },
    ])
    expect(methods().sort()).toEqual([
      'alchemy_getTokenBalances',
      'alchemy_getTokenMetadata',
      'alchemy_getTokenMetadata',
      'alchemy_getTokenMetadata',
      'eth_getBalance',
    ])
  })

  test('behavior: token metadata is asked once and then read from the cache', async () => {
    const cached = adapter()
    await cached.balances({ address: owner, network: ethereum })
    alchemy.calls.length = 0
    await cached.balances({ address: owner, network: ethereum })
    // The token without metadata is asked again; the others come from the cache.
    expect(methods().filter((method) => method === 'alchemy_getTokenMetadata')).toHaveLength(1)
  })

  test('behavior: follows alchemy_getTokenBalances page keys', async () => {
    use(fakeAlchemy(baseUrl, apiKey, data(), { tokenPageSize: 2 }))
    const holdings = await adapter().balances({ address: owner, network: ethereum })
    expect(holdings.map((holding) => holding.symbol)).toEqual(['ETH', 'USDC', 'WETH'])
    expect(methods().filter((method) => method === 'alchemy_getTokenBalances')).toHaveLength(3)
  })

  test('behavior: an address with nothing has a zero native balance only', async () => {
    const holdings = await adapter().balances({
      address: '0x000000000000000000000000000000000000dead',
      network: ethereum,
    })
    expect(holdings).toEqual([{ name: 'Ether', symbol: 'ETH', decimals: 18, balance: 0n }])
  })
})

describe('nfts', () => {
  test('behavior: maps owned NFTs, flags spam (Alchemy or operator), pages by cursor', async () => {
    const nfts = adapter()
    const first = await nfts.nfts({ address: owner, network: ethereum, limit: 3 })
    expect(first.data).toEqual([
      {
        id: `${ens}:1337`,
        chainId: 'eip155:1',
        contract: ens,
        tokenId: '1337',
        name: 'vitalik.eth',
        collection: 'ENS: Ethereum Name Service',
        imageUrl: 'https://res.cloudinary.com/alchemyapi/image/upload/thumbnailv2/eth-mainnet/abc',
        isSpam: false,
      },
      {
        id: '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d:42',
        chainId: 'eip155:1',
        contract: '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d',
        tokenId: '42',
        name: 'BoredApeYachtClub #42',
        collection: 'BoredApeYachtClub',
        isSpam: false,
      },
      {
        id: '0x1111111111111111111111111111111111111111:7',
        chainId: 'eip155:1',
        contract: '0x1111111111111111111111111111111111111111',
        tokenId: '7',
        name: 'Claim your reward',
        collection: 'Free Mint',
        isSpam: true,
      },
    ])
    expect(alchemy.calls[0]).toEqual({
      method: 'getNFTsForOwner',
      params: { owner, withMetadata: 'true', pageSize: '3' },
    })
    expect(first.next).toEqual(expect.any(String))

    const second = await nfts.nfts({
      address: owner,
      network: ethereum,
      limit: 3,
      cursor: first.next!,
    })
    expect(second).toEqual({
      data: [
        {
          id: `${spamNfts}:1`,
          chainId: 'eip155:1',
          contract: spamNfts,
          tokenId: '1',
          name: 'Free Mint Rewards #1',
          collection: 'Free Mint Rewards',
          isSpam: true,
        },
      ],
      next: null,
    })
  })

  test.each([
    ['garbage', 'not a cursor!'],
    [
      'another list’s cursor',
      Buffer.from('{"k":"alchemy:transactions","s":{}}').toString('base64url'),
    ],
  ])('behavior: %s as cursor is an InvalidCursorError', async (_, cursor) => {
    await expect(
      adapter().nfts({ address: owner, network: ethereum, limit: 3, cursor }),
    ).rejects.toBeInstanceOf(InvalidCursorError)
    expect(alchemy.calls).toHaveLength(0)
  })

  test('behavior: a page key Alchemy rejects is an InvalidCursorError', async () => {
    const cursor = Buffer.from('{"k":"alchemy:nfts","s":{"p":"expired"}}').toString('base64url')
    await expect(
      adapter().nfts({ address: owner, network: ethereum, limit: 3, cursor }),
    ).rejects.toBeInstanceOf(InvalidCursorError)
  })
})

describe('transactions', () => {
  test('behavior: transfers from and to the address become §3 transactions, newest first, grouped by hash', async () => {
    const page = await adapter().transactions({ address: owner, network: ethereum, limit: 20 })
    expect(page.next).toBeNull()
    expect(page.data).toEqual([
      {
        id: txHash(5),
        metadata: {
          minedAt: '2024-10-05T10:00:00.000Z',
          chain: 'eip155:1',
          operationType: 'send',
          status: 'confirmed',
          sentFrom: owner,
          sentTo: owner,
        },
        // Listed in both directions, shown once.
        transfers: [
          { direction: 'self', fungible_info: { symbol: 'ETH', quantity: { numeric: '0.25' } } },
        ],
      },
      {
        id: txHash(4),
        metadata: {
          minedAt: '2024-10-04T10:00:00.000Z',
          chain: 'eip155:1',
          operationType: 'mint',
          status: 'confirmed',
          sentFrom: zero,
          sentTo: owner,
        },
        transfers: [
          { direction: 'in', nft_info: { name: 'ENS #1337', flags: { is_spam: false } } },
        ],
      },
      {
        id: txHash(3),
        metadata: {
          minedAt: '2024-10-03T10:00:00.000Z',
          chain: 'eip155:1',
          operationType: 'trade',
          status: 'confirmed',
          sentFrom: owner,
          sentTo: router,
        },
        transfers: [
          { direction: 'out', fungible_info: { symbol: 'USDC', quantity: { numeric: '100' } } },
          { direction: 'in', fungible_info: { symbol: 'WETH', quantity: { numeric: '0.04' } } },
        ],
      },
      {
        id: txHash(2),
        metadata: {
          minedAt: '2024-10-02T10:00:00.000Z',
          chain: 'eip155:1',
          operationType: 'send',
          status: 'confirmed',
          sentFrom: owner,
          sentTo: friend,
        },
        transfers: [
          { direction: 'out', fungible_info: { symbol: 'USDC', quantity: { numeric: '12.5' } } },
        ],
      },
      {
        id: txHash(1),
        metadata: {
          minedAt: '2024-10-01T10:00:00.000Z',
          chain: 'eip155:1',
          operationType: 'receive',
          status: 'confirmed',
          sentFrom: friend,
          sentTo: owner,
        },
        transfers: [
          { direction: 'in', fungible_info: { symbol: 'ETH', quantity: { numeric: '1.5' } } },
        ],
      },
    ] satisfies Transaction[])

    const queries = alchemy.calls.map((call) => (call.params as Record<string, unknown>[])[0])
    expect(queries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fromAddress: owner }),
        expect.objectContaining({ toAddress: owner }),
      ]),
    )
    for (const query of queries)
      expect(query).toMatchObject({
        // eth-mainnet: native value moved inside transactions too.
        category: ['external', 'internal', 'erc20', 'erc721'],
        withMetadata: true,
        order: 'desc',
      })
  })

  test('behavior: internal transfers are asked only where Alchemy lists them (Ethereum and Polygon mainnets)', () => {
    expect(hasInternalTransfers('https://eth-mainnet.g.alchemy.com')).toBe(true)
    expect(hasInternalTransfers('https://polygon-mainnet.g.alchemy.com')).toBe(true)
    expect(hasInternalTransfers('https://base-mainnet.g.alchemy.com')).toBe(false)
    expect(hasInternalTransfers('https://eth-sepolia.g.alchemy.com')).toBe(false)
  })

  test('behavior: an operator-declared spam collection flags its NFT transfers', async () => {
    const page = await adapter({ spamContracts: new Set([ens]) }).transactions({
      address: owner,
      network: ethereum,
      limit: 20,
    })
    expect(page.data.find((tx) => tx.id === txHash(4))?.transfers[0]?.nft_info?.flags).toEqual({
      is_spam: true,
    })
  })

  test('behavior: small pages walk the whole history once, newest first, transactions never split', async () => {
    const nfts = adapter()
    const pages: Transaction[][] = []
    let cursor: string | undefined
    do {
      const page = await nfts.transactions({ address: owner, network: ethereum, limit: 2, cursor })
      pages.push(page.data)
      cursor = page.next ?? undefined
    } while (cursor !== undefined)
    expect(pages.map((page) => page.map((tx) => tx.id))).toEqual([
      [txHash(5), txHash(4)],
      [txHash(3), txHash(2)],
      [txHash(1)],
    ])
    expect(pages[1]?.[0]?.transfers).toHaveLength(2)
  })

  test('behavior: a long history (several Alchemy pages per direction) is served complete and in order', async () => {
    // 260 transactions: sends and receives interleaved, some blocks holding several, one swap
    // per 10 blocks (both directions, same hash).
    const transfers: AlchemyTransfer[] = []
    for (let n = 1; n <= 260; n++) {
      const blockNumber = 21_000_000 + Math.floor(n / 3)
      const outgoing = n % 2 === 0
      transfers.push(
        transfer({
          blockNum: block(blockNumber),
          hash: txHash(n),
          uniqueId: `${txHash(n)}:a`,
          from: outgoing ? owner : friend,
          to: outgoing ? friend : owner,
        }),
      )
      if (n % 10 === 0)
        transfers.push(
          transfer({
            blockNum: block(blockNumber),
            hash: txHash(n),
            uniqueId: `${txHash(n)}:b`,
            from: router,
            to: owner,
            category: 'erc20',
            asset: 'WETH',
            rawContract: { value: '0x1', address: weth, decimal: '0x12' },
          }),
        )
    }
    use(fakeAlchemy(baseUrl, apiKey, { ...data(), transfers }))
    const long = adapter()
    const seen: Transaction[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = await long.transactions({ address: owner, network: ethereum, limit: 7, cursor })
      expect(page.data.length).toBeGreaterThan(0)
      expect(page.data.length).toBeLessThanOrEqual(7)
      seen.push(...page.data)
      cursor = page.next ?? undefined
      pages++
    } while (cursor !== undefined && pages < 100)
    expect(cursor).toBeUndefined()
    expect(new Set(seen.map((tx) => tx.id)).size).toBe(260)
    expect(seen).toHaveLength(260)
    const blocks = seen.map((tx) => Number(BigInt(tx.id)))
    const blockOf = (n: number) => Math.floor(n / 3)
    for (let index = 1; index < blocks.length; index++)
      expect(blockOf(blocks[index]!)).toBeLessThanOrEqual(blockOf(blocks[index - 1]!))
    for (const tx of seen)
      expect(tx.transfers).toHaveLength(Number(BigInt(tx.id)) % 10 === 0 ? 2 : 1)
  })
})

describe('cursors', () => {
  test('behavior: cursors wrapping the longest page keys accepted stay within 512 characters', async () => {
    const long = (length: number) => 'k'.repeat(length)
    server.use(
      http.get(`${baseUrl}/nft/v3/${apiKey}/getNFTsForOwner`, () =>
        HttpResponse.json({ ownedNfts: [], totalCount: 3, pageKey: long(340) }),
      ),
      http.post(`${baseUrl}/v2/${apiKey}`, async ({ request }) => {
        const body = (await request.json()) as { id: number }
        return HttpResponse.json({
          jsonrpc: '2.0',
          id: body.id,
          result: { transfers: [history[0]], pageKey: long(150) },
        })
      }),
    )
    const nfts = await adapter().nfts({ address: owner, network: ethereum, limit: 1 })
    expect(nfts.next?.length).toBeLessThanOrEqual(512)
    const transactions = await adapter().transactions({
      address: owner,
      network: ethereum,
      limit: 1,
    })
    expect(transactions.next?.length).toBeLessThanOrEqual(512)
  })
})

describe('failures', () => {
  test('behavior: an Alchemy error status is AccountDataUnavailableError without the API key', async () => {
    alchemy.failWith = 503
    for (const call of [
      adapter().balances({ address: owner, network: ethereum }),
      adapter().nfts({ address: owner, network: ethereum, limit: 5 }),
      adapter().transactions({ address: owner, network: ethereum, limit: 5 }),
    ]) {
      const error = await call.catch((failure: unknown) => failure)
      expect(error).toBeInstanceOf(AccountDataUnavailableError)
      expect((error as Error).message).toBe('Alchemy answered HTTP 503')
      expect((error as Error).message).not.toContain(apiKey)
    }
  })

  test('behavior: a JSON-RPC error, a malformed answer or no connection are AccountDataUnavailableError', async () => {
    server.use(
      http.post(`${baseUrl}/v2/${apiKey}`, async ({ request }) => {
        const body = (await request.json()) as { id: number; method: string }
        if (body.method === 'eth_getBalance')
          return HttpResponse.json({
            jsonrpc: '2.0',
            id: body.id,
            error: {
              code: 429,
              message: 'Your app has exceeded its compute units per second capacity.',
            },
          })
        return HttpResponse.json({ jsonrpc: '2.0', id: body.id, result: { transfers: 'nope' } })
      }),
      http.get(`${baseUrl}/nft/v3/${apiKey}/getNFTsForOwner`, () => HttpResponse.error()),
    )
    await expect(adapter().balances({ address: owner, network: ethereum })).rejects.toThrow(
      new AccountDataUnavailableError(
        'Alchemy answered eth_getBalance with error 429: Your app has exceeded its compute units per second capacity.',
      ),
    )
    await expect(
      adapter().transactions({ address: owner, network: ethereum, limit: 5 }),
    ).rejects.toThrow(
      new AccountDataUnavailableError(
        'Alchemy answered alchemy_getAssetTransfers with an unexpected shape',
      ),
    )
    await expect(adapter().nfts({ address: owner, network: ethereum, limit: 5 })).rejects.toThrow(
      new AccountDataUnavailableError('Alchemy unreachable'),
    )
  })
})
