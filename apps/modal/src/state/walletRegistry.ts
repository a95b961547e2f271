/**
 * AllWallets' data: the wallet registry from the API (`GET /v1/wallets`), the site's featured
 * wallets first (in the site's order) and then the rest by the registry's rank, a page of 40 at a
 * time, without the wallets the site excludes and only for the namespaces of the site's networks.
 * A search starts over from the first page; answers to an older search are dropped. A small
 * vanilla store per view (`createWalletDirectory`); `useWalletDirectory` binds it to React.
 */
import {
  type ChainNamespace,
  type HostWalletInfo,
  type WalletListing,
  type WalletPage,
  walletPageSize,
} from '@airlock/protocol'
import { createStore } from 'zustand/vanilla'

/** A GET of `/v1/wallets` with these query parameters: `api.apiFetch` in production. */
export type WalletPageSource = (query: Record<string, string>) => Promise<unknown>

/** What the site asked for: which wallets, for which chains. */
export type WalletDirectoryFilter = {
  projectId: string
  namespaces: readonly ChainNamespace[]
  /** The site's `excludeWallets`: ids, rdns or names. */
  exclude: readonly string[]
  /** The site's `featuredWalletIds`, listed first in this order. */
  featured: readonly string[]
}

export type WalletDirectoryState = {
  /** The search the list shows (trimmed). */
  search: string
  /** Of the first page: while it loads the list is empty. */
  status: 'loading' | 'loaded' | 'failed'
  /** Featured wallets first, then the registry's order; each wallet once. */
  wallets: WalletListing[]
  /** How many of `wallets` are featured. */
  featuredCount: number
  /** The next page of the rest, undefined after the last. */
  nextPage: number | undefined
  loadingMore: boolean
  /** The last next page failed: scrolling waits for an explicit retry. */
  moreFailed: boolean
}

/** The API answered something that is not a page of wallets. */
export class WalletPageResponseError extends Error {
  override name = 'WalletPageResponseError'
}

export type WalletDirectory = ReturnType<typeof createWalletDirectory>

/**
 * @example
 * const fetchPage = (query) => api.apiFetch('GET', '/v1/wallets', { query })
 * const directory = createWalletDirectory(fetchPage, filter)
 * directory.start()
 * directory.search('rain')
 */
export function createWalletDirectory(fetchPage: WalletPageSource, filter: WalletDirectoryFilter) {
  const store = createStore<WalletDirectoryState>()(() => ({
    search: '',
    status: 'loading',
    wallets: [],
    featuredCount: 0,
    nextPage: undefined,
    loadingMore: false,
    moreFailed: false,
  }))
  /** Bumped by every new first page (and by dispose): older answers are stale. */
  let generation = 0

  const baseQuery = (search: string): Record<string, string> => ({
    projectId: filter.projectId,
    entries: String(walletPageSize),
    ...(search ? { search } : {}),
    ...(filter.namespaces.length ? { namespaces: filter.namespaces.join(',') } : {}),
    ...(filter.exclude.length ? { exclude: filter.exclude.join(',') } : {}),
  })

  async function page(query: Record<string, string>): Promise<WalletPage> {
    const answer = await fetchPage(query)
    if (!isWalletPage(answer)) throw new WalletPageResponseError('Unexpected wallet list response.')
    return answer
  }

  async function loadFirst(search: string) {
    const current = ++generation
    store.setState({
      search,
      status: 'loading',
      wallets: [],
      featuredCount: 0,
      nextPage: undefined,
      loadingMore: false,
      moreFailed: false,
    })
    try {
      const [featured, rest] = await Promise.all([
        filter.featured.length
          ? page({ ...baseQuery(search), include: filter.featured.join(','), page: '1' })
          : undefined,
        page({ ...baseQuery(search), page: '1' }),
      ])
      if (current !== generation) return
      const first = featured?.data ?? []
      store.setState({
        status: 'loaded',
        wallets: withoutRepeats([...first, ...rest.data]),
        featuredCount: first.length,
        nextPage: rest.nextPage,
      })
    } catch {
      if (current === generation) store.setState({ status: 'failed' })
    }
  }

  /** Appends the next page, when there is one and none is loading. */
  async function loadMore() {
    const state = store.getState()
    if (state.status !== 'loaded' || state.nextPage === undefined || state.loadingMore) return
    const current = generation
    store.setState({ loadingMore: true, moreFailed: false })
    try {
      const next = await page({ ...baseQuery(state.search), page: String(state.nextPage) })
      if (current !== generation) return
      store.setState((latest) => ({
        wallets: withoutRepeats([...latest.wallets, ...next.data]),
        nextPage: next.nextPage,
        loadingMore: false,
      }))
    } catch {
      if (current === generation) store.setState({ loadingMore: false, moreFailed: true })
    }
  }

  return {
    store,
    /** Loads the first page of the current search. */
    start() {
      void loadFirst(store.getState().search)
    },
    /** Shows the wallets whose name contains `text`, from the first page. */
    search(text: string) {
      const search = text.trim()
      const state = store.getState()
      if (search === state.search && state.status !== 'failed') return
      void loadFirst(search)
    },
    loadMore,
    /** After a failure: the first page again, or the page that failed. */
    retry() {
      const state = store.getState()
      if (state.status === 'failed') void loadFirst(state.search)
      else if (state.moreFailed) void loadMore()
    },
    /** The view is gone: answers still on their way are dropped. */
    dispose() {
      generation++
    },
  }
}

/**
 * The page's browser wallet that is this registry wallet, if installed: the same EIP-6963 rdns,
 * else the same name ignoring case.
 */
export function installedWalletFor(
  listing: Pick<WalletListing, 'name' | 'rdns'>,
  hostWallets: readonly HostWalletInfo[],
): HostWalletInfo | undefined {
  if (listing.rdns) {
    const byRdns = hostWallets.find((wallet) => wallet.rdns === listing.rdns)
    if (byRdns) return byRdns
  }
  const name = listing.name.trim().toLowerCase()
  return hostWallets.find((wallet) => wallet.name.trim().toLowerCase() === name)
}

/** The namespaces of the site's networks (`eip155:1` → `eip155`), each once, in order. */
export function namespacesOf(networks: readonly string[]): ChainNamespace[] {
  return [...new Set(networks.map((network) => network.split(':')[0] as ChainNamespace))]
}

function withoutRepeats(wallets: readonly WalletListing[]): WalletListing[] {
  const seen = new Set<string>()
  return wallets.filter((wallet) => !seen.has(wallet.id) && !!seen.add(wallet.id))
}

function isWalletPage(value: unknown): value is WalletPage {
  if (typeof value !== 'object' || value === null) return false
  const { count, data, nextPage } = value as Record<string, unknown>
  return (
    typeof count === 'number' &&
    Array.isArray(data) &&
    data.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as WalletListing).id === 'string' &&
        typeof (item as WalletListing).name === 'string' &&
        typeof (item as WalletListing).imageUrl === 'string',
    ) &&
    (nextPage === undefined || typeof nextPage === 'number')
  )
}
