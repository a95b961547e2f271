/**
 * AllWallets' data: the wallet registry from the API (`GET /v1/wallets`), the site's featured
 * wallets first (in the site's order) and then the rest by the registry's rank, a page of 40 at a
 * time, without the wallets the site excludes and only for the namespaces of the site's networks.
 * Each search is its own list from the first page. A list is kept while AllWallets shows it and
 * dropped when the view goes (`gcTime: 0`), so the next visit starts from the first page again.
 */
import {
  type ChainNamespace,
  type WalletListing,
  type WalletPage,
  walletPageSchema,
  walletPageSize,
} from '@airlock/protocol'
import { type InfiniteData, infiniteQueryOptions } from '@tanstack/react-query'

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

/** The list as AllWallets shows it. */
export type WalletDirectory = {
  /** Featured wallets first, then the registry's order; each wallet once. */
  wallets: WalletListing[]
  /** How many of `wallets` are featured. */
  featuredCount: number
}

/** The API answered something that is not a page of wallets. */
export class WalletPageResponseError extends Error {
  override name = 'WalletPageResponseError'
}

type DirectoryPage = { featured: WalletListing[]; page: WalletPage }

/**
 * @example
 * const fetchPage = (query) => api.apiFetch('GET', '/v1/wallets', { query })
 * useInfiniteQuery(walletDirectoryQuery(fetchPage, filter, 'rain'))
 */
export function walletDirectoryQuery(
  fetchPage: WalletPageSource,
  filter: WalletDirectoryFilter,
  search: string,
) {
  const baseQuery: Record<string, string> = {
    projectId: filter.projectId,
    entries: String(walletPageSize),
    ...(search ? { search } : {}),
    ...(filter.namespaces.length ? { namespaces: filter.namespaces.join(',') } : {}),
    ...(filter.exclude.length ? { exclude: filter.exclude.join(',') } : {}),
  }
  async function page(query: Record<string, string>): Promise<WalletPage> {
    const answer = walletPageSchema.safeParse(await fetchPage(query))
    if (!answer.success) throw new WalletPageResponseError('Unexpected wallet list response.')
    return answer.data
  }
  return infiniteQueryOptions({
    queryKey: [
      'walletDirectory',
      filter.projectId,
      filter.namespaces,
      filter.exclude,
      filter.featured,
      search,
    ],
    queryFn: async ({ pageParam }): Promise<DirectoryPage> => {
      const [featured, rest] = await Promise.all([
        pageParam === 1 && filter.featured.length
          ? page({ ...baseQuery, include: filter.featured.join(','), page: '1' })
          : undefined,
        page({ ...baseQuery, page: String(pageParam) }),
      ])
      return { featured: featured?.data ?? [], page: rest }
    },
    initialPageParam: 1,
    getNextPageParam: (last) => last.page.nextPage,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    select: shownWallets,
  })
}

function shownWallets(data: InfiniteData<DirectoryPage, number>): WalletDirectory {
  const featured = data.pages[0]?.featured ?? []
  return {
    wallets: withoutRepeats([...featured, ...data.pages.flatMap(({ page }) => page.data)]),
    featuredCount: featured.length,
  }
}

function withoutRepeats(wallets: readonly WalletListing[]): WalletListing[] {
  const seen = new Set<string>()
  return wallets.filter((wallet) => !seen.has(wallet.id) && !!seen.add(wallet.id))
}
