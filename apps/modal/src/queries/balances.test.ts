import type { ModalConfig, RequestArguments, TokenBalance } from '@airlock/protocol'
import { QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { AccountDataSources, AccountQuery } from '../stores/accountData'
import { createModalStore, type ModalStore } from '../stores/store'
import { balancesQuery } from './balances'
import { queryClientOf } from './queryClient'
import { refreshAccountData } from './refresh'

const config: ModalConfig = { projectId: 'demo', project: null, error: null }
const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const bob = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const mainnet: AccountQuery = { address: alice, caipNetworkId: 'eip155:1', projectId: 'demo' }
const balancesPath = `/v1/accounts/${alice}/balances`

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

type Request = { path: string; query: Record<string, string> }

/** A fake API: answers by path, records what it was asked. */
function fakeApi(answers: Record<string, unknown | (() => unknown)>) {
  const requests: Request[] = []
  const fetch: AccountDataSources['fetch'] = async (_method, path, { query }) => {
    requests.push({ path, query })
    const answer = answers[path]
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

/**
 * The Tokens tab as it reads the list: mounting it observes the query (and fetches when the
 * cache says so); the result is what the tab shows, once the fetches settle.
 */
async function showTokens(store: ModalStore, sources: AccountDataSources, query = mainnet) {
  const observer = new QueryObserver(queryClientOf(store), balancesQuery(sources, query))
  const unmount = observer.subscribe(() => {})
  await settled(store)
  unmount()
  return observer.getCurrentResult()
}

/** Lets the fetches under way finish, without moving the clock. */
async function settled(store: ModalStore) {
  for (let turn = 0; turn < 50 && queryClientOf(store).isFetching() > 0; turn++)
    await vi.advanceTimersByTimeAsync(0)
  expect(queryClientOf(store).isFetching()).toBe(0)
}

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
    const shown = await showTokens(store, { fetch: api.fetch })
    expect(shown.data?.source).toBe('api')
    expect(shown.data?.tokens.map((item) => item.symbol)).toEqual(['ETH', 'USDC'])
    expect(api.requests).toEqual([
      { path: balancesPath, query: { projectId: 'demo', chainId: 'eip155:1' } },
    ])
  })

  test('behavior: an item of the wrong shape is left out; an answer of the wrong shape fails', async () => {
    const store = createModalStore(config)
    const odd = { ...ether, symbol: 5 }
    const shown = await showTokens(store, {
      fetch: fakeApi({ [balancesPath]: { balances: [odd, usdCoin] } }).fetch,
    })
    expect(shown.data?.tokens.map((item) => item.symbol)).toEqual(['USDC'])
    const other = createModalStore(config)
    const failed = await showTokens(other, { fetch: fakeApi({ [balancesPath]: [] }).fetch })
    expect(failed.error).toMatchObject({ name: 'AccountDataResponseError' })
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
    const shown = await showTokens(store, {
      fetch: api.fetch,
      walletRequest: wallet.walletRequest,
    })
    expect(shown.data?.source).toBe('wallet')
    expect(shown.data?.tokens).toMatchObject([{ symbol: 'ETH', quantity: { numeric: '1' } }])
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
      const shown = await showTokens(store, { fetch: api.fetch, walletRequest })
      expect(shown.data?.source).toBe('api')
    }
  })

  test('behavior: a wallet that does not answer within 3 s is passed over for the API', async () => {
    const store = createModalStore(config)
    const api = fakeApi({ [balancesPath]: { balances: [ether] } })
    const wallet = fakeWallet({ wallet_getCapabilities: new Promise(() => {}) })
    const observer = new QueryObserver(
      queryClientOf(store),
      balancesQuery({ fetch: api.fetch, walletRequest: wallet.walletRequest }, mainnet),
    )
    const unmount = observer.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(2999)
    expect(observer.getCurrentResult()).toMatchObject({ isFetching: true, data: undefined })
    await vi.advanceTimersByTimeAsync(1)
    await settled(store)
    expect(observer.getCurrentResult().data?.source).toBe('api')
    unmount()
  })

  test('behavior: balances stay cached for 30 s per network and address', async () => {
    const store = createModalStore(config)
    const api = fakeApi({ [balancesPath]: { balances: [ether] } })
    const sources = { fetch: api.fetch }
    await showTokens(store, sources)
    await vi.advanceTimersByTimeAsync(29_999)
    await showTokens(store, sources, { ...mainnet, address: alice.toLowerCase() })
    expect(api.requests).toHaveLength(1)
    await showTokens(store, sources, { ...mainnet, caipNetworkId: 'eip155:8453' })
    expect(api.requests).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    await showTokens(store, sources)
    expect(api.requests).toHaveLength(3)
  })

  test("behavior: a failure shows 'Token Balance Unavailable' and blocks retries for 30 s", async () => {
    const store = createModalStore(config)
    let answer: unknown = new Error('HTTP status code: 502')
    const api = fakeApi({ [balancesPath]: () => answer })
    const sources = { fetch: api.fetch }
    expect((await showTokens(store, sources)).status).toBe('error')
    expect(store.getState().toast).toEqual({
      message: 'Token Balance Unavailable',
      variant: 'error',
      autoClose: true,
    })
    answer = { balances: [ether] }
    await vi.advanceTimersByTimeAsync(29_999)
    await showTokens(store, sources)
    // Even a refresh (a sent transaction) waits out the retry gap.
    refreshAccountData(store)
    await showTokens(store, sources)
    expect(api.requests).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    const shown = await showTokens(store, sources)
    expect(api.requests).toHaveLength(2)
    expect(shown).toMatchObject({ status: 'success', data: { tokens: [{ symbol: 'ETH' }] } })
  })

  test('behavior: a failed refresh keeps the last list on screen', async () => {
    const store = createModalStore(config)
    let answer: unknown = { balances: [ether] }
    const sources = { fetch: fakeApi({ [balancesPath]: () => answer }).fetch }
    await showTokens(store, sources)
    answer = new Error('HTTP status code: 500')
    refreshAccountData(store)
    const shown = await showTokens(store, sources)
    expect(shown).toMatchObject({ status: 'error', data: { tokens: [{ symbol: 'ETH' }] } })
  })

  test("behavior: a refresh fetches again within the 30 s, past the API's cache, while the view shows", async () => {
    const store = createModalStore(config)
    let answer: unknown = { balances: [ether] }
    const api = fakeApi({ [balancesPath]: () => answer })
    const observer = new QueryObserver(
      queryClientOf(store),
      balancesQuery({ fetch: api.fetch }, mainnet),
    )
    const unmount = observer.subscribe(() => {})
    await settled(store)
    answer = { balances: [ether, usdCoin] }
    refreshAccountData(store)
    await settled(store)
    expect(observer.getCurrentResult().data?.tokens.map((item) => item.symbol)).toEqual([
      'ETH',
      'USDC',
    ])
    expect(api.requests.map((request) => request.query.cache)).toEqual([undefined, 'false'])
    unmount()
  })

  test('behavior: each modal keeps its own balances; one refresh leaves the other cached', async () => {
    const first = createModalStore(config)
    const second = createModalStore(config)
    const api = fakeApi({ [balancesPath]: { balances: [ether] } })
    await showTokens(first, { fetch: api.fetch })
    await showTokens(second, { fetch: api.fetch })
    refreshAccountData(first)
    await showTokens(second, { fetch: api.fetch })
    expect(api.requests).toHaveLength(2)
  })

  test('behavior: networks without balances (spec §6), missing addresses and a closed modal fetch nothing', async () => {
    const store = createModalStore(config)
    const api = fakeApi({})
    // Every namespace of the spec has balances now: a namespace Airlock doesn't know stands in.
    const unknown = { ...mainnet, caipNetworkId: 'tron:mainnet' }
    for (const query of [unknown, { ...mainnet, address: undefined }] as AccountQuery[])
      await showTokens(store, { fetch: api.fetch }, query)
    const closed = new QueryObserver(
      queryClientOf(store),
      balancesQuery({ fetch: api.fetch }, mainnet, false),
    )
    closed.subscribe(() => {})()
    expect(api.requests).toEqual([])
  })
})
