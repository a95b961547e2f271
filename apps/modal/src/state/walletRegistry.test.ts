import type { HostWalletInfo, WalletListing, WalletPage } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import {
  createWalletDirectory,
  installedWalletFor,
  namespacesOf,
  type WalletDirectoryFilter,
} from './walletRegistry'

const listing = (id: string, fields: Partial<WalletListing> = {}): WalletListing => ({
  id,
  name: id,
  imageUrl: `/v1/wallets/${id}/image`,
  namespaces: ['eip155'],
  mobile: {},
  desktop: {},
  stores: {},
  ...fields,
})

const filter: WalletDirectoryFilter = {
  projectId: 'demo',
  namespaces: ['eip155', 'solana'],
  exclude: [],
  featured: [],
}

/** A fake API: answers each request from `respond`, when the test releases it. */
function fakeApi(respond: (query: Record<string, string>) => WalletPage | Error) {
  const requests: { query: Record<string, string>; release: () => void }[] = []
  const fetchPage = (query: Record<string, string>) =>
    new Promise<unknown>((resolve, reject) => {
      requests.push({
        query,
        release: () => {
          const answer = respond(query)
          if (answer instanceof Error) reject(answer)
          else resolve(answer)
        },
      })
    })
  return {
    fetchPage,
    requests,
    async releaseAll() {
      for (const request of requests.splice(0)) request.release()
      await new Promise((resolve) => setTimeout(resolve))
    },
  }
}

/** 100 registry wallets `w000`…`w099`, 40 a page, searchable by name. */
const registry = Array.from({ length: 100 }, (_, index) =>
  listing(`w${String(index).padStart(3, '0')}`),
)
function registryApi(query: Record<string, string>): WalletPage {
  const include = query.include?.split(',')
  let matching = registry.filter((wallet) => wallet.name.includes(query.search ?? ''))
  if (include) matching = include.flatMap((id) => matching.filter((wallet) => wallet.id === id))
  const page = Number(query.page)
  const entries = Number(query.entries)
  return {
    count: matching.length,
    data: matching.slice((page - 1) * entries, page * entries),
    ...(page * entries < matching.length ? { nextPage: page + 1 } : {}),
  }
}
const ids = (wallets: WalletListing[]) => wallets.map((wallet) => wallet.id)

describe('createWalletDirectory', () => {
  test("behavior: the first page asks for 40 wallets of the site's namespaces, without excluded ones", async () => {
    const api = fakeApi(registryApi)
    const directory = createWalletDirectory(api.fetchPage, {
      ...filter,
      exclude: ['io.metamask', 'Rabby Wallet'],
    })
    directory.start()
    expect(directory.store.getState().status).toBe('loading')
    expect(api.requests.map((request) => request.query)).toEqual([
      {
        projectId: 'demo',
        entries: '40',
        namespaces: 'eip155,solana',
        exclude: 'io.metamask,Rabby Wallet',
        page: '1',
      },
    ])
    await api.releaseAll()
    const state = directory.store.getState()
    expect(state.status).toBe('loaded')
    expect(state.wallets).toHaveLength(40)
    expect(state.nextPage).toBe(2)
  })

  test('behavior: loadMore appends the next pages until the last', async () => {
    const api = fakeApi(registryApi)
    const directory = createWalletDirectory(api.fetchPage, filter)
    directory.start()
    await api.releaseAll()
    void directory.loadMore()
    void directory.loadMore() // one at a time
    expect(api.requests).toHaveLength(1)
    expect(directory.store.getState().loadingMore).toBe(true)
    await api.releaseAll()
    expect(directory.store.getState().wallets).toHaveLength(80)
    void directory.loadMore()
    await api.releaseAll()
    const state = directory.store.getState()
    expect(ids(state.wallets)).toEqual(ids(registry))
    expect(state.nextPage).toBeUndefined()
    void directory.loadMore()
    expect(api.requests).toHaveLength(0)
  })

  test("behavior: featured wallets come first in the site's order, and only once", async () => {
    const api = fakeApi(registryApi)
    const directory = createWalletDirectory(api.fetchPage, {
      ...filter,
      featured: ['w050', 'w002', 'w999'],
    })
    directory.start()
    expect(api.requests.map((request) => request.query.include)).toEqual([
      'w050,w002,w999',
      undefined,
    ])
    await api.releaseAll()
    const state = directory.store.getState()
    expect(state.featuredCount).toBe(2)
    expect(ids(state.wallets).slice(0, 4)).toEqual(['w050', 'w002', 'w000', 'w001'])
    expect(ids(state.wallets).filter((id) => id === 'w002')).toHaveLength(1)
    void directory.loadMore()
    await api.releaseAll()
    expect(ids(directory.store.getState().wallets).filter((id) => id === 'w050')).toHaveLength(1)
  })

  test('behavior: a search starts over from the first page and drops answers to the old one', async () => {
    const api = fakeApi(registryApi)
    const directory = createWalletDirectory(api.fetchPage, filter)
    directory.start()
    await api.releaseAll()
    void directory.loadMore() // still on its way when the visitor searches
    directory.search('  w07 ')
    expect(directory.store.getState()).toMatchObject({
      search: 'w07',
      status: 'loading',
      wallets: [],
    })
    expect(api.requests.map((request) => request.query.page)).toEqual(['2', '1'])
    expect(api.requests[1]?.query.search).toBe('w07')
    await api.releaseAll()
    const state = directory.store.getState()
    expect(ids(state.wallets)).toEqual([
      'w070',
      'w071',
      'w072',
      'w073',
      'w074',
      'w075',
      'w076',
      'w077',
      'w078',
      'w079',
    ])
    expect(state.nextPage).toBeUndefined()
    // The same search again changes nothing.
    directory.search('w07')
    expect(api.requests).toHaveLength(0)
  })

  test('behavior: no match is a loaded, empty list', async () => {
    const api = fakeApi(registryApi)
    const directory = createWalletDirectory(api.fetchPage, filter)
    directory.search('nothing like it')
    await api.releaseAll()
    expect(directory.store.getState()).toMatchObject({ status: 'loaded', wallets: [] })
  })

  test('behavior: a failed first page shows failed, and retry loads it again', async () => {
    let fail = true
    const api = fakeApi((query) => (fail ? new Error('HTTP status code: 500') : registryApi(query)))
    const directory = createWalletDirectory(api.fetchPage, filter)
    directory.start()
    await api.releaseAll()
    expect(directory.store.getState().status).toBe('failed')
    fail = false
    directory.retry()
    await api.releaseAll()
    expect(directory.store.getState()).toMatchObject({ status: 'loaded', nextPage: 2 })
  })

  test('behavior: a failed next page keeps the list, stops scrolling, and retry loads that page', async () => {
    let fail = false
    const api = fakeApi((query) => (fail ? new Error('HTTP status code: 503') : registryApi(query)))
    const directory = createWalletDirectory(api.fetchPage, filter)
    directory.start()
    await api.releaseAll()
    fail = true
    void directory.loadMore()
    await api.releaseAll()
    expect(directory.store.getState()).toMatchObject({
      moreFailed: true,
      loadingMore: false,
      nextPage: 2,
    })
    expect(directory.store.getState().wallets).toHaveLength(40)
    fail = false
    directory.retry()
    expect(api.requests[0]?.query.page).toBe('2')
    await api.releaseAll()
    expect(directory.store.getState()).toMatchObject({ moreFailed: false, nextPage: 3 })
    expect(directory.store.getState().wallets).toHaveLength(80)
  })

  test('behavior: an answer that is not a wallet page counts as a failure', async () => {
    const api = fakeApi(() => ({ count: 1, data: [{ id: 1 }] }) as unknown as WalletPage)
    const directory = createWalletDirectory(api.fetchPage, filter)
    directory.start()
    await api.releaseAll()
    expect(directory.store.getState().status).toBe('failed')
  })

  test('behavior: answers after dispose are dropped', async () => {
    const api = fakeApi(registryApi)
    const directory = createWalletDirectory(api.fetchPage, filter)
    directory.start()
    directory.dispose()
    await api.releaseAll()
    expect(directory.store.getState().status).toBe('loading')
  })
})

describe('installedWalletFor', () => {
  const host = (
    fields: Partial<HostWalletInfo> & Pick<HostWalletInfo, 'name'>,
  ): HostWalletInfo => ({
    id: `uuid-${fields.name}`,
    icon: '',
    type: 'ANNOUNCED',
    ...fields,
  })
  const metaMaskHost = host({ name: 'MetaMask', rdns: 'io.metamask' })
  const renamed = host({ name: 'Rabby', rdns: 'io.rabby' })
  const noRdns = host({ name: ' Zerion ' })

  test("behavior: a registry wallet matches the page's wallet by rdns, else by name ignoring case", () => {
    const hostWallets = [metaMaskHost, renamed, noRdns]
    expect(installedWalletFor({ name: 'MetaMask', rdns: 'io.metamask' }, hostWallets)).toBe(
      metaMaskHost,
    )
    expect(installedWalletFor({ name: 'Rabby Wallet', rdns: 'io.rabby' }, hostWallets)).toBe(
      renamed,
    )
    expect(installedWalletFor({ name: 'zerion', rdns: 'io.zerion.wallet' }, hostWallets)).toBe(
      noRdns,
    )
    expect(
      installedWalletFor({ name: 'Phantom', rdns: 'app.phantom' }, hostWallets),
    ).toBeUndefined()
    expect(installedWalletFor({ name: 'Meta' }, hostWallets)).toBeUndefined()
  })
})

test("namespacesOf: each namespace of the site's networks once, in order", () => {
  expect(
    namespacesOf(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:8453']),
  ).toEqual(['eip155', 'solana'])
  expect(namespacesOf([])).toEqual([])
})
