// AllWallets' list as the view reads it: an infinite-query observer stands in for the view.
import type { ModalConfig, WalletListing, WalletPage } from '@airlock/protocol'
import { InfiniteQueryObserver } from '@tanstack/react-query'
import { describe, expect, test } from 'vitest'
import { createModalStore } from '../stores/store'
import { queryClientOf } from './queryClient'
import { type WalletDirectoryFilter, walletDirectoryQuery } from './walletDirectory'

const config: ModalConfig = { projectId: 'demo', project: null, error: null }

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

/** AllWallets mounted with `search`: the list it shows and what the visitor can do. */
function showDirectory(
  api: ReturnType<typeof fakeApi>,
  directoryFilter = filter,
  search = '',
  store = createModalStore(config),
) {
  const observer = new InfiniteQueryObserver(
    queryClientOf(store),
    walletDirectoryQuery(api.fetchPage, directoryFilter, search),
  )
  const unmount = observer.subscribe(() => {})
  return {
    store,
    result: () => observer.getCurrentResult(),
    ids: () => observer.getCurrentResult().data?.wallets.map((wallet) => wallet.id) ?? [],
    // As the view asks: a page on its way is not asked for again.
    more: () => void observer.fetchNextPage({ cancelRefetch: false }),
    retry: () => void observer.refetch(),
    unmount,
  }
}

describe('wallet directory', () => {
  test("behavior: the first page asks for 40 wallets of the site's namespaces, without excluded ones", async () => {
    const api = fakeApi(registryApi)
    const directory = showDirectory(api, { ...filter, exclude: ['io.metamask', 'Rabby Wallet'] })
    expect(directory.result().isPending).toBe(true)
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
    expect(directory.result()).toMatchObject({ status: 'success', hasNextPage: true })
    expect(directory.ids()).toHaveLength(40)
  })

  test('behavior: more pages append until the last, one at a time', async () => {
    const api = fakeApi(registryApi)
    const directory = showDirectory(api)
    await api.releaseAll()
    directory.more()
    directory.more() // one at a time
    expect(api.requests).toHaveLength(1)
    expect(directory.result().isFetchingNextPage).toBe(true)
    await api.releaseAll()
    expect(directory.ids()).toHaveLength(80)
    directory.more()
    await api.releaseAll()
    expect(directory.ids()).toEqual(registry.map((wallet) => wallet.id))
    expect(directory.result().hasNextPage).toBe(false)
  })

  test("behavior: featured wallets come first in the site's order, and only once", async () => {
    const api = fakeApi(registryApi)
    const directory = showDirectory(api, { ...filter, featured: ['w050', 'w002', 'w999'] })
    expect(api.requests.map((request) => request.query.include)).toEqual([
      'w050,w002,w999',
      undefined,
    ])
    await api.releaseAll()
    expect(directory.result().data?.featuredCount).toBe(2)
    expect(directory.ids().slice(0, 4)).toEqual(['w050', 'w002', 'w000', 'w001'])
    expect(directory.ids().filter((id) => id === 'w002')).toHaveLength(1)
    directory.more()
    await api.releaseAll()
    expect(directory.ids().filter((id) => id === 'w050')).toHaveLength(1)
  })

  test('behavior: a search is its own list from the first page', async () => {
    const api = fakeApi(registryApi)
    const directory = showDirectory(api, filter, 'w07')
    expect(api.requests[0]?.query).toMatchObject({ search: 'w07', page: '1' })
    await api.releaseAll()
    expect(directory.ids()).toEqual([
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
    expect(directory.result().hasNextPage).toBe(false)
  })

  test('behavior: no match is a loaded, empty list', async () => {
    const api = fakeApi(registryApi)
    const directory = showDirectory(api, filter, 'nothing like it')
    await api.releaseAll()
    expect(directory.result().status).toBe('success')
    expect(directory.ids()).toEqual([])
  })

  test('behavior: a failed first page shows failed, and retry loads it again', async () => {
    let fail = true
    const api = fakeApi((query) => (fail ? new Error('HTTP status code: 500') : registryApi(query)))
    const directory = showDirectory(api)
    await api.releaseAll()
    expect(directory.result().status).toBe('error')
    fail = false
    directory.retry()
    await api.releaseAll()
    expect(directory.result()).toMatchObject({ status: 'success', hasNextPage: true })
  })

  test('behavior: a failed next page keeps the list, and retry loads that page', async () => {
    let fail = false
    const api = fakeApi((query) => (fail ? new Error('HTTP status code: 503') : registryApi(query)))
    const directory = showDirectory(api)
    await api.releaseAll()
    fail = true
    directory.more()
    await api.releaseAll()
    expect(directory.result()).toMatchObject({ isFetchNextPageError: true, hasNextPage: true })
    expect(directory.ids()).toHaveLength(40)
    fail = false
    directory.more()
    expect(api.requests[0]?.query.page).toBe('2')
    await api.releaseAll()
    expect(directory.result()).toMatchObject({ isFetchNextPageError: false, hasNextPage: true })
    expect(directory.ids()).toHaveLength(80)
  })

  test('behavior: an answer that is not a wallet page counts as a failure', async () => {
    const api = fakeApi(() => ({ count: 1, data: [{ id: 1 }] }) as unknown as WalletPage)
    const directory = showDirectory(api)
    await api.releaseAll()
    expect(directory.result().error).toMatchObject({ name: 'WalletPageResponseError' })
  })

  test('behavior: the view gone, its list is dropped: the next visit starts from the first page', async () => {
    const api = fakeApi(registryApi)
    const first = showDirectory(api)
    await api.releaseAll()
    first.more()
    await api.releaseAll()
    first.unmount()
    await new Promise((resolve) => setTimeout(resolve))
    const again = showDirectory(api, filter, '', first.store)
    expect(again.result().isPending).toBe(true)
    expect(api.requests.map((request) => request.query.page)).toEqual(['1'])
    await api.releaseAll()
    expect(again.ids()).toHaveLength(40)
  })
})
