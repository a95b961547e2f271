// The Account view's cursor lists (NFTs: queries/nfts.ts, transactions: queries/transactions.ts)
// as the tabs read them: an infinite-query observer stands in for the mounted tab.
import type { ModalConfig, NftItem, Transaction } from '@airlock/protocol'
import { InfiniteQueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { AccountDataSources, AccountQuery } from '../stores/accountData'
import { createModalStore, type ModalStore } from '../stores/store'
import { nftsQuery } from './nfts'
import { queryClientOf } from './queryClient'
import { refreshAccountData } from './refresh'
import { transactionsQuery } from './transactions'

const config: ModalConfig = { projectId: 'demo', project: null, error: null }
const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const bob = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const mainnet: AccountQuery = { address: alice, caipNetworkId: 'eip155:1', projectId: 'demo' }
const nftsPath = `/v1/accounts/${alice}/nfts`
const transactionsPath = `/v1/accounts/${alice}/transactions`

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

/** Lets the fetches under way finish, without moving the clock. */
async function settled(store: ModalStore) {
  for (let turn = 0; turn < 50 && queryClientOf(store).isFetching() > 0; turn++)
    await vi.advanceTimersByTimeAsync(0)
  expect(queryClientOf(store).isFetching()).toBe(0)
}

/** A mounted tab: its list as shown, and what the visitor can do with it. */
async function showList(
  store: ModalStore,
  options: ReturnType<typeof nftsQuery> | ReturnType<typeof transactionsQuery>,
) {
  const observer = new InfiniteQueryObserver(
    queryClientOf(store),
    options as ReturnType<typeof nftsQuery>,
  )
  const unmount = observer.subscribe(() => {})
  await settled(store)
  return {
    result: () => observer.getCurrentResult(),
    ids: () => observer.getCurrentResult().data?.items.map((item) => item.id),
    async more() {
      await observer.fetchNextPage()
    },
    async retry() {
      await observer.refetch()
    },
    unmount,
  }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2025-06-01T12:00:00Z'))
})
afterEach(() => {
  vi.runOnlyPendingTimers()
  vi.useRealTimers()
})

describe('NFTs', () => {
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
    const list = await showList(store, nftsQuery({ fetch: api.fetch }, mainnet))
    expect(list.ids()).toEqual(['0xa:1', '0xa:2'])
    expect(list.result().hasNextPage).toBe(true)
    await list.more()
    await list.more()
    expect(list.ids()).toEqual(['0xa:1', '0xa:2', '0xa:3', '0xa:4'])
    expect(list.result().hasNextPage).toBe(false)
    expect(api.requests.map((request) => request.query.cursor ?? '')).toEqual(['', 'c1', 'c2'])
  })

  test('behavior: a cursor that does not move ends the list instead of paging forever', async () => {
    const store = createModalStore(config)
    const api = fakeApi({
      [nftsPath]: { data: [nft('0xa:1')], next: 'same' },
      [`${nftsPath}?same`]: { data: [nft('0xa:1')], next: 'same' },
    })
    const list = await showList(store, nftsQuery({ fetch: api.fetch }, mainnet))
    await list.more()
    expect(list.result()).toMatchObject({ status: 'success', hasNextPage: false })
  })

  test('behavior: a failed first page waits 30 s unless the visitor retries, and the retry skips the cache', async () => {
    const store = createModalStore(config)
    let answer: unknown = new Error('HTTP status code: 500')
    const api = fakeApi({ [nftsPath]: () => answer })
    const sources = { fetch: api.fetch }
    const first = await showList(store, nftsQuery(sources, mainnet))
    expect(first.result().status).toBe('error')
    // No toast: the tab says so itself.
    expect(store.getState().toast).toBeUndefined()
    first.unmount()
    answer = { data: [nft('0xa:1')], next: null }
    const again = await showList(store, nftsQuery(sources, mainnet))
    expect(again.result().status).toBe('error')
    await again.retry()
    expect(again.result().status).toBe('success')
    expect(again.ids()).toEqual(['0xa:1'])
    expect(api.requests.map((request) => request.query.cache)).toEqual([undefined, 'false'])
  })

  test('behavior: NFTs are fetched on eip155 only, and not while the modal is closed', async () => {
    const store = createModalStore(config)
    const api = fakeApi({})
    const solana: AccountQuery = {
      address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      projectId: 'demo',
    }
    await showList(store, nftsQuery({ fetch: api.fetch }, solana))
    await showList(store, nftsQuery({ fetch: api.fetch }, mainnet, false))
    expect(api.requests).toEqual([])
  })
})

describe('transactions', () => {
  test("behavior: only the network's transactions show, and none whose transfers are all spam NFTs", async () => {
    const store = createModalStore(config)
    const api = fakeApi({
      [transactionsPath]: {
        data: [
          transaction('0x01'),
          transaction('0x02', { chain: 'eip155:8453' }),
          transaction('0x03', { transfers: [spamNft, spamNft] }),
          transaction('0x04', { transfers: [] }),
          { id: '0x05', metadata: 'not a transaction' },
        ],
        next: null,
      },
    })
    const list = await showList(store, transactionsQuery({ fetch: api.fetch }, mainnet))
    expect(list.ids()).toEqual(['0x01', '0x04'])
    expect(api.requests).toEqual([
      { path: transactionsPath, query: { projectId: 'demo', chainId: 'eip155:1' } },
    ])
  })

  test("behavior: a failed first page shows 'Failed to fetch transactions'", async () => {
    const store = createModalStore(config)
    const api = fakeApi({ [transactionsPath]: new Error('HTTP status code: 500') })
    const list = await showList(store, transactionsQuery({ fetch: api.fetch }, mainnet))
    expect(list.result()).toMatchObject({ status: 'error', data: undefined })
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
    const list = await showList(store, transactionsQuery({ fetch: api.fetch }, mainnet))
    await list.more()
    expect(list.result()).toMatchObject({ isFetchNextPageError: true, hasNextPage: true })
    expect(list.ids()).toEqual(['0x01'])
    expect(store.getState().toast?.message).toBe('Failed to fetch transactions')
    second = { data: [transaction('0x02')], next: null }
    await list.more()
    expect(list.ids()).toEqual(['0x01', '0x02'])
    expect(list.result()).toMatchObject({ isFetchNextPageError: false, hasNextPage: false })
  })

  test("behavior: without an address transactions throw 'Transactions can't be fetched without an accountAddress'", () => {
    const api = fakeApi({})
    expect(() =>
      transactionsQuery({ fetch: api.fetch }, { ...mainnet, address: undefined }),
    ).toThrow(
      expect.objectContaining({
        name: 'AccountAddressRequiredError',
        shortMessage: "Transactions can't be fetched without an accountAddress",
      }),
    )
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
    await showList(store, transactionsQuery({ fetch: api.fetch }, solana))
    expect(api.requests).toEqual([])
  })

  test('behavior: a list is kept for 30 s; a refresh reads its first page again, past the cache', async () => {
    const store = createModalStore(config)
    const api = fakeApi({
      [transactionsPath]: { data: [transaction('0x01')], next: 'c1' },
      [`${transactionsPath}?c1`]: { data: [transaction('0x02')], next: null },
    })
    const sources = { fetch: api.fetch }
    const list = await showList(store, transactionsQuery(sources, mainnet))
    await list.more()
    list.unmount()
    const shownAgain = await showList(store, transactionsQuery(sources, mainnet))
    expect(api.requests).toHaveLength(2)
    expect(shownAgain.ids()).toEqual(['0x01', '0x02'])
    refreshAccountData(store)
    await settled(store)
    expect(api.requests).toHaveLength(3)
    expect(api.requests[2]?.query).toEqual({
      projectId: 'demo',
      chainId: 'eip155:1',
      cache: 'false',
    })
    expect(shownAgain.ids()).toEqual(['0x01'])
    expect(shownAgain.result().hasNextPage).toBe(true)
  })
})
