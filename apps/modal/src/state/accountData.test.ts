import type {
  ModalConfig,
  NftItem,
  RequestArguments,
  TokenBalance,
  Transaction,
} from '@airlock/protocol'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  type AccountDataSources,
  type AccountQuery,
  accountKey,
  loadBalances,
  loadNfts,
  loadTransactions,
  mergePage,
  refreshAccountData,
  sortTokens,
  supportsWalletGetAssets,
  walletAssetsToBalances,
} from './accountData'
import { createModalStore, type ModalStore } from './store'

const config: ModalConfig = { projectId: 'demo', project: null, error: null }
const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const bob = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const mainnet: AccountQuery = { address: alice, caipNetworkId: 'eip155:1', projectId: 'demo' }

const token = (fields: Partial<TokenBalance> & Pick<TokenBalance, 'symbol'>): TokenBalance => ({
  name: fields.symbol,
  chainId: 'eip155:1',
  price: 0,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
  ...fields,
})
const ether = token({ name: 'Ether', symbol: 'ETH', value: 3000, price: 3000 })
const usdCoin = token({
  name: 'USD Coin',
  symbol: 'USDC',
  address: usdc,
  value: 1250.5,
  price: 1,
  quantity: { decimals: '6', numeric: '1250.5' },
})
const ticket = token({
  name: 'Ticket',
  symbol: 'TIX',
  address: bob,
  quantity: { decimals: '0', numeric: '3' },
})

const nft = (id: string, fields: Partial<NftItem> = {}): NftItem => ({
  id,
  chainId: 'eip155:1',
  contract: id.split(':')[0] ?? id,
  tokenId: id.split(':')[1] ?? '1',
  name: `Token ${id}`,
  collection: 'Collection',
  isSpam: false,
  ...fields,
})

const transaction = (
  id: string,
  fields: { chain?: string; transfers?: Transaction['transfers'] } = {},
): Transaction => ({
  id,
  metadata: {
    minedAt: '2025-01-01T00:00:00Z',
    chain: fields.chain ?? 'eip155:1',
    operationType: 'send',
    status: 'confirmed',
    sentFrom: alice,
    sentTo: bob,
  },
  transfers: fields.transfers ?? [
    { fungible_info: { symbol: 'ETH', quantity: { numeric: '0.5' } } },
  ],
})
const spamNft = { nft_info: { name: 'Free tokens', flags: { is_spam: true } } }

type Request = { path: string; query: Record<string, string> }

/** A fake API: answers by path (and cursor), records what it was asked. */
function fakeApi(answers: Record<string, unknown | (() => unknown)>) {
  const requests: Request[] = []
  const fetch: AccountDataSources['fetch'] = async (_method, path, { query }) => {
    requests.push({ path, query })
    const answer = answers[query.cursor ? `${path}?${query.cursor}` : path]
    const value = typeof answer === 'function' ? answer() : answer
    if (value instanceof Error) throw value
    if (value === undefined) throw new Error('HTTP status code: 404')
    return value
  }
  return { fetch, requests }
}

/** A fake host wallet: answers by method, records what it was asked. */
function fakeWallet(answers: Record<string, unknown>) {
  const requests: RequestArguments[] = []
  const walletRequest = (request: RequestArguments) => {
    requests.push(request)
    if (!(request.method in answers))
      return Promise.reject({ code: 4200, message: 'Unsupported method' })
    const answer = answers[request.method]
    return answer instanceof Promise ? answer : Promise.resolve(answer)
  }
  return { walletRequest, requests }
}

const balancesPath = `/v1/accounts/${alice}/balances`
const nftsPath = `/v1/accounts/${alice}/nfts`
const transactionsPath = `/v1/accounts/${alice}/transactions`
const balancesOf = (store: ModalStore, query: AccountQuery = mainnet) =>
  store.getState().accountData.balances[accountKey(query)]
const nftsOf = (store: ModalStore) => store.getState().accountData.nfts[accountKey(mainnet)]
const transactionsOf = (store: ModalStore) =>
  store.getState().accountData.transactions[accountKey(mainnet)]

describe('wallet_getAssets', () => {
  const response = {
    '0x1': [
      {
        address: 'native',
        balance: '0x1bc16d674ec80000',
        type: 'NATIVE',
        metadata: {
          name: 'Ether',
          symbol: 'ETH',
          decimals: 18,
          price: 3000,
          iconUrl: 'https://x/eth.png',
        },
      },
      {
        address: usdc,
        balance: '0x4a891da0',
        type: 'ERC20',
        metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, value: 1250.5 },
      },
      { address: bob, balance: '0x1', type: 'ERC721', metadata: { name: 'Art', decimals: 0 } },
      { address: usdc, balance: 'lots', type: 'ERC20', metadata: { decimals: 6 } },
    ],
  }

  test('behavior: NATIVE and ERC20 assets become token balances of the network', () => {
    expect(walletAssetsToBalances(response, 'eip155:1')).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:1',
        price: 3000,
        value: 6000,
        quantity: { decimals: '18', numeric: '2' },
        iconUrl: 'https://x/eth.png',
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: 'eip155:1',
        address: usdc,
        price: 1,
        value: 1250.5,
        quantity: { decimals: '6', numeric: '1250.5' },
        iconUrl: '',
      },
    ])
  })

  test("behavior: assets of another chain are not the network's; a chain with no entry has none", () => {
    expect(walletAssetsToBalances({ '0x89': response['0x1'] }, 'eip155:1')).toEqual([])
    const anvil = walletAssetsToBalances({ '0x7A69': response['0x1'] }, 'eip155:31337')
    expect(anvil.map((item) => item.symbol)).toEqual(['ETH', 'USDC'])
  })

  test('behavior: without a price the value stays unknown', () => {
    const [asset] = walletAssetsToBalances(
      { '0x1': [{ balance: '0x0', type: 'native', metadata: { symbol: 'ETH', decimals: 18 } }] },
      'eip155:1',
    )
    expect(asset).toMatchObject({ symbol: 'ETH', price: 0, quantity: { numeric: '0' } })
    expect(asset?.value).toBeUndefined()
  })

  test('behavior: an answer that is not an object of lists is refused', () => {
    expect(() => walletAssetsToBalances('nope', 'eip155:1')).toThrow(/Unexpected account data/)
    expect(() => walletAssetsToBalances({ '0x1': {} }, 'eip155:1')).toThrow(/not a list/)
  })

  test('behavior: capabilities offer wallet_getAssets per chain, or for every chain under 0x0', () => {
    expect(supportsWalletGetAssets({ '0x1': { assetDiscovery: { supported: true } } }, '0x1')).toBe(
      true,
    )
    expect(supportsWalletGetAssets({ '0x0': { assetDiscovery: { supported: true } } }, '0x1')).toBe(
      true,
    )
    expect(supportsWalletGetAssets({ '0x01': { wallet_getAssets: {} } }, '0x1')).toBe(true)
    expect(
      supportsWalletGetAssets({ '0x1': { assetDiscovery: { supported: false } } }, '0x1'),
    ).toBe(false)
    expect(
      supportsWalletGetAssets({ '0x89': { assetDiscovery: { supported: true } } }, '0x1'),
    ).toBe(false)
    expect(
      supportsWalletGetAssets({ '0x1': { wallet_getAssets: { supported: false } } }, '0x1'),
    ).toBe(false)
    expect(supportsWalletGetAssets(undefined, '0x1')).toBe(false)
  })
})

describe('sortTokens', () => {
  test('behavior: tokens are sorted by value, largest first; unknown values count as none', () => {
    const dai = token({ name: 'Dai', symbol: 'DAI', address: bob, value: 12 })
    const unknown = token({ name: 'Mystery', symbol: 'MYS', address: usdc })
    expect(sortTokens([dai, unknown, usdCoin, ether]).map((item) => item.symbol)).toEqual([
      'ETH',
      'USDC',
      'DAI',
      'MYS',
    ])
  })

  test('behavior: on equal values the native token comes first, then names in order', () => {
    const zed = token({ name: 'Zed', symbol: 'ZED', address: bob })
    const abc = token({ name: 'Abc', symbol: 'ABC', address: usdc })
    const native = token({ name: 'Ether', symbol: 'ETH' })
    expect(sortTokens([zed, abc, native]).map((item) => item.symbol)).toEqual(['ETH', 'ABC', 'ZED'])
  })
})

describe('mergePage', () => {
  test('behavior: a page adds the items not already in the list, in order', () => {
    const merged = mergePage(
      [{ id: 'a' }, { id: 'b' }],
      [{ id: 'b' }, { id: 'c' }, { id: 'c' }, { id: 'd' }],
      (item) => item.id,
    )
    expect(merged).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }])
  })
})

describe('balances', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2025-06-01T12:00:00Z'))
  })
  afterEach(() => {
    vi.runOnlyPendingTimers()
    vi.useRealTimers()
  })

  test('behavior: the API list is shown sorted by value, zero-decimal tokens left out', async () => {
    const store = createModalStore(config)
    const api = fakeApi({ [balancesPath]: { balances: [ticket, usdCoin, ether] } })
    await loadBalances(store, { fetch: api.fetch }, mainnet)
    expect(balancesOf(store)).toMatchObject({ status: 'loaded', source: 'api' })
    expect(balancesOf(store)?.tokens.map((item) => item.symbol)).toEqual(['ETH', 'USDC'])
    expect(api.requests).toEqual([
      { path: balancesPath, query: { projectId: 'demo', chainId: 'eip155:1' } },
    ])
  })

  test('behavior: a wallet offering wallet_getAssets is asked instead of the API', async () => {
    const store = createModalStore(config)
    const api = fakeApi({ [balancesPath]: { balances: [] } })
    const wallet = fakeWallet({
      wallet_getCapabilities: { '0x1': { assetDiscovery: { supported: true } } },
      wallet_getAssets: {
        '0x1': [
          {
            address: 'native',
            balance: '0xde0b6b3a7640000',
            type: 'NATIVE',
            metadata: { symbol: 'ETH', name: 'Ether', decimals: 18 },
          },
        ],
      },
    })
    await loadBalances(store, { fetch: api.fetch, walletRequest: wallet.walletRequest }, mainnet)
    expect(balancesOf(store)).toMatchObject({ status: 'loaded', source: 'wallet' })
    expect(balancesOf(store)?.tokens).toMatchObject([{ symbol: 'ETH', quantity: { numeric: '1' } }])
    expect(wallet.requests).toEqual([
      { method: 'wallet_getCapabilities', params: [alice] },
      { method: 'wallet_getAssets', params: [{ account: alice, chainFilter: ['0x1'] }] },
    ])
    expect(api.requests).toEqual([])
  })

  test('behavior: a wallet without the capability, failing, or absent leaves it to the API', async () => {
    const cases: AccountDataSources['walletRequest'][] = [
      fakeWallet({ wallet_getCapabilities: { '0x1': {} } }).walletRequest,
      fakeWallet({}).walletRequest,
      fakeWallet({
        wallet_getCapabilities: { '0x1': { assetDiscovery: { supported: true } } },
        wallet_getAssets: 'garbage',
      }).walletRequest,
      () => undefined,
    ]
    for (const walletRequest of cases) {
      const store = createModalStore(config)
      const api = fakeApi({ [balancesPath]: { balances: [ether] } })
      await loadBalances(store, { fetch: api.fetch, walletRequest }, mainnet)
      expect(balancesOf(store)).toMatchObject({ status: 'loaded', source: 'api' })
    }
  })

  test('behavior: a wallet that does not answer within 3 s is passed over for the API', async () => {
    const store = createModalStore(config)
    const api = fakeApi({ [balancesPath]: { balances: [ether] } })
    const wallet = fakeWallet({ wallet_getCapabilities: new Promise(() => {}) })
    const loading = loadBalances(
      store,
      { fetch: api.fetch, walletRequest: wallet.walletRequest },
      mainnet,
    )
    await vi.advanceTimersByTimeAsync(2999)
    expect(balancesOf(store)?.status).toBe('loading')
    await vi.advanceTimersByTimeAsync(1)
    await loading
    expect(balancesOf(store)).toMatchObject({ status: 'loaded', source: 'api' })
  })

  test('behavior: balances stay cached for 30 s per network and address', async () => {
    const store = createModalStore(config)
    const api = fakeApi({ [balancesPath]: { balances: [ether] } })
    const sources = { fetch: api.fetch }
    await loadBalances(store, sources, mainnet)
    await vi.advanceTimersByTimeAsync(29_999)
    await loadBalances(store, sources, { ...mainnet, address: alice.toLowerCase() })
    expect(api.requests).toHaveLength(1)
    await loadBalances(store, sources, { ...mainnet, caipNetworkId: 'eip155:8453' })
    expect(api.requests).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    await loadBalances(store, sources, mainnet)
    expect(api.requests).toHaveLength(3)
  })

  test("behavior: a failure shows 'Token Balance Unavailable' and blocks retries for 30 s", async () => {
    const store = createModalStore(config)
    let answer: unknown = new Error('HTTP status code: 502')
    const api = fakeApi({ [balancesPath]: () => answer })
    const sources = { fetch: api.fetch }
    await loadBalances(store, sources, mainnet)
    expect(balancesOf(store)?.status).toBe('failed')
    expect(store.getState().toast).toEqual({
      message: 'Token Balance Unavailable',
      variant: 'error',
      autoClose: true,
    })
    answer = { balances: [ether] }
    await vi.advanceTimersByTimeAsync(29_999)
    await loadBalances(store, sources, mainnet)
    // Even a refresh (a sent transaction) waits out the retry gap.
    refreshAccountData(store)
    await loadBalances(store, sources, mainnet)
    expect(api.requests).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await loadBalances(store, sources, mainnet)
    expect(api.requests).toHaveLength(2)
    expect(balancesOf(store)).toMatchObject({ status: 'loaded', tokens: [{ symbol: 'ETH' }] })
  })

  test('behavior: a failed refresh keeps the last list on screen', async () => {
    const store = createModalStore(config)
    let answer: unknown = { balances: [ether] }
    const sources = { fetch: fakeApi({ [balancesPath]: () => answer }).fetch }
    await loadBalances(store, sources, mainnet)
    answer = new Error('HTTP status code: 500')
    refreshAccountData(store)
    await loadBalances(store, sources, mainnet)
    expect(balancesOf(store)).toMatchObject({ status: 'failed', tokens: [{ symbol: 'ETH' }] })
  })

  test('behavior: a refresh fetches again within the 30 s, and an answer from before it is dropped', async () => {
    const store = createModalStore(config)
    const answers: ((value: unknown) => void)[] = []
    const sources: AccountDataSources = {
      fetch: () => new Promise((resolve) => answers.push(resolve)),
    }
    const before = loadBalances(store, sources, mainnet)
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    refreshAccountData(store)
    expect(store.getState().accountData.generation).toBe(1)
    const after = loadBalances(store, sources, mainnet)
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    answers[1]?.({ balances: [ether, usdCoin] })
    await after
    answers[0]?.({ balances: [ether] })
    await before
    expect(balancesOf(store)?.tokens.map((item) => item.symbol)).toEqual(['ETH', 'USDC'])
  })

  test('behavior: networks without balances (spec §6) and missing addresses fetch nothing', async () => {
    const store = createModalStore(config)
    const api = fakeApi({})
    await loadBalances(
      store,
      { fetch: api.fetch },
      { ...mainnet, caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182' },
    )
    await loadBalances(store, { fetch: api.fetch }, { ...mainnet, address: undefined })
    expect(api.requests).toEqual([])
  })
})

describe('lists by cursor', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2025-06-01T12:00:00Z'))
  })
  afterEach(() => {
    vi.runOnlyPendingTimers()
    vi.useRealTimers()
  })

  test('behavior: pages merge without duplicates, spam NFTs hidden, until the last page', async () => {
    const store = createModalStore(config)
    const api = fakeApi({
      [nftsPath]: {
        data: [nft('0xa:1'), nft('0xa:2'), nft('0xb:1', { isSpam: true })],
        next: 'c1',
      },
      [`${nftsPath}?c1`]: { data: [nft('0xa:2'), nft('0xa:3')], next: 'c2' },
      [`${nftsPath}?c2`]: { data: [nft('0xa:4')], next: null },
    })
    const sources = { fetch: api.fetch }
    await loadNfts(store, sources, mainnet)
    expect(nftsOf(store)?.items.map((item) => item.id)).toEqual(['0xa:1', '0xa:2'])
    expect(nftsOf(store)?.next).toBe('c1')
    await loadNfts(store, sources, mainnet, { more: true })
    await loadNfts(store, sources, mainnet, { more: true })
    expect(nftsOf(store)?.items.map((item) => item.id)).toEqual([
      '0xa:1',
      '0xa:2',
      '0xa:3',
      '0xa:4',
    ])
    expect(nftsOf(store)?.next).toBeNull()
    await loadNfts(store, sources, mainnet, { more: true })
    expect(api.requests.map((request) => request.query.cursor ?? '')).toEqual(['', 'c1', 'c2'])
  })

  test('behavior: a cursor that does not move ends the list instead of paging forever', async () => {
    const store = createModalStore(config)
    const api = fakeApi({
      [nftsPath]: { data: [nft('0xa:1')], next: 'same' },
      [`${nftsPath}?same`]: { data: [nft('0xa:1')], next: 'same' },
    })
    await loadNfts(store, { fetch: api.fetch }, mainnet)
    await loadNfts(store, { fetch: api.fetch }, mainnet, { more: true })
    expect(nftsOf(store)).toMatchObject({ status: 'loaded', next: null })
  })

  test("behavior: only the network's transactions show, and none whose transfers are all spam NFTs", async () => {
    const store = createModalStore(config)
    const api = fakeApi({
      [transactionsPath]: {
        data: [
          transaction('0x01'),
          transaction('0x02', { chain: 'eip155:8453' }),
          transaction('0x03', { transfers: [spamNft, spamNft] }),
          transaction('0x04', { transfers: [] }),
        ],
        next: null,
      },
    })
    await loadTransactions(store, { fetch: api.fetch }, mainnet)
    expect(transactionsOf(store)?.items.map((item) => item.id)).toEqual(['0x01', '0x04'])
    expect(api.requests).toEqual([
      { path: transactionsPath, query: { projectId: 'demo', chainId: 'eip155:1' } },
    ])
  })

  test("behavior: a failed first page shows 'Failed to fetch transactions' and an empty list", async () => {
    const store = createModalStore(config)
    const api = fakeApi({ [transactionsPath]: new Error('HTTP status code: 500') })
    await loadTransactions(store, { fetch: api.fetch }, mainnet)
    expect(transactionsOf(store)).toMatchObject({ status: 'failed', items: [], next: null })
    expect(store.getState().toast).toMatchObject({
      message: 'Failed to fetch transactions',
      variant: 'error',
    })
  })

  test('behavior: a failed later page keeps the list and waits for a retry', async () => {
    const store = createModalStore(config)
    let second: unknown = new Error('HTTP status code: 503')
    const api = fakeApi({
      [transactionsPath]: { data: [transaction('0x01')], next: 'c1' },
      [`${transactionsPath}?c1`]: () => second,
    })
    const sources = { fetch: api.fetch }
    await loadTransactions(store, sources, mainnet)
    await loadTransactions(store, sources, mainnet, { more: true })
    expect(transactionsOf(store)).toMatchObject({
      next: 'c1',
      moreFailed: true,
      loadingMore: false,
    })
    expect(transactionsOf(store)?.items).toHaveLength(1)
    expect(store.getState().toast?.message).toBe('Failed to fetch transactions')
    second = { data: [transaction('0x02')], next: null }
    await loadTransactions(store, sources, mainnet, { more: true })
    expect(transactionsOf(store)?.items.map((item) => item.id)).toEqual(['0x01', '0x02'])
    expect(transactionsOf(store)?.moreFailed).toBe(false)
  })

  test("behavior: without an address transactions throw 'Transactions can't be fetched without an accountAddress' and fetch nothing", async () => {
    const store = createModalStore(config)
    const api = fakeApi({})
    await expect(
      loadTransactions(store, { fetch: api.fetch }, { ...mainnet, address: undefined }),
    ).rejects.toMatchObject({
      name: 'AccountAddressRequiredError',
      shortMessage: "Transactions can't be fetched without an accountAddress",
    })
    expect(api.requests).toEqual([])
  })

  test('behavior: activity is fetched on eip155 only (spec §6)', async () => {
    const store = createModalStore(config)
    const api = fakeApi({})
    const solana: AccountQuery = {
      address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      projectId: 'demo',
    }
    await loadTransactions(store, { fetch: api.fetch }, solana)
    await loadNfts(store, { fetch: api.fetch }, solana)
    expect(api.requests).toEqual([])
  })

  test('behavior: a list is kept for 30 s; a refresh reads its first page again', async () => {
    const store = createModalStore(config)
    const api = fakeApi({
      [transactionsPath]: { data: [transaction('0x01')], next: 'c1' },
      [`${transactionsPath}?c1`]: { data: [transaction('0x02')], next: null },
    })
    const sources = { fetch: api.fetch }
    await loadTransactions(store, sources, mainnet)
    await loadTransactions(store, sources, mainnet, { more: true })
    await loadTransactions(store, sources, mainnet)
    expect(api.requests).toHaveLength(2)
    refreshAccountData(store)
    // A stale list pages from the start, not from its old cursor.
    await loadTransactions(store, sources, mainnet, { more: true })
    expect(api.requests).toHaveLength(2)
    await loadTransactions(store, sources, mainnet)
    expect(api.requests).toHaveLength(3)
    expect(transactionsOf(store)).toMatchObject({ status: 'loaded', next: 'c1', stale: false })
    expect(transactionsOf(store)?.items.map((item) => item.id)).toEqual(['0x01'])
  })

  test('behavior: a retry reads the first page again inside the 30 s', async () => {
    const store = createModalStore(config)
    let answer: unknown = new Error('HTTP status code: 500')
    const api = fakeApi({ [nftsPath]: () => answer })
    await loadNfts(store, { fetch: api.fetch }, mainnet)
    expect(nftsOf(store)?.status).toBe('failed')
    answer = { data: [nft('0xa:1')], next: null }
    await loadNfts(store, { fetch: api.fetch }, mainnet)
    expect(nftsOf(store)?.status).toBe('failed')
    await loadNfts(store, { fetch: api.fetch }, mainnet, { force: true })
    expect(nftsOf(store)).toMatchObject({ status: 'loaded', items: [{ id: '0xa:1' }] })
  })
})
