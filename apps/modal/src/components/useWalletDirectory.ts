/**
 * AllWallets' registry list for this site (its project, networks, excluded and featured
 * wallets) and the visitor's search, read when the view mounts and on each new search. See
 * `queries/walletDirectory.ts`.
 */
import { useInfiniteQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { queryClientOf } from '../queries/queryClient'
import { type WalletDirectoryFilter, walletDirectoryQuery } from '../queries/walletDirectory'
import { namespacesOf } from '../stores/walletRegistry'
import { useModal } from './useModal'
import { useModalState } from './useModalState'

export type WalletDirectoryState = ReturnType<typeof useWalletDirectory>

export function useWalletDirectory(projectId: string, search: string) {
  const { api, store } = useModal()
  const options = useModalState((state) => state.options)
  // A key of plain values: the options object is replaced on every handshake.
  const key = JSON.stringify([
    projectId,
    namespacesOf(options?.networks ?? []),
    options?.excludeWallets ?? [],
    options?.featuredWalletIds ?? [],
  ])
  const query = useMemo(() => {
    const [id, namespaces, exclude, featured] = JSON.parse(key) as [
      string,
      WalletDirectoryFilter['namespaces'],
      string[],
      string[],
    ]
    const fetchWalletPage = (query: Record<string, string>) =>
      api.apiFetch('GET', '/v1/wallets', { query })
    return walletDirectoryQuery(
      fetchWalletPage,
      { projectId: id, namespaces, exclude, featured },
      search,
    )
  }, [api, key, search])
  const result = useInfiniteQuery(query, queryClientOf(store))
  const { fetchNextPage, refetch, isFetching, hasNextPage, isFetchNextPageError } = result

  /** Appends the next page, when there is one and none is loading. */
  const loadMore = useCallback(() => {
    if (!isFetching && hasNextPage && !isFetchNextPageError)
      void fetchNextPage({ cancelRefetch: false })
  }, [fetchNextPage, isFetching, hasNextPage, isFetchNextPageError])
  /** After a failure: the first page again, or the page that failed. */
  const retry = useCallback(() => {
    if (isFetchNextPageError) void fetchNextPage({ cancelRefetch: false })
    else void refetch()
  }, [fetchNextPage, refetch, isFetchNextPageError])

  const failed = result.isError && !isFetchNextPageError
  return {
    /** Of the first page: while it loads the list is empty. */
    status: result.isPending || (failed && isFetching) ? 'loading' : failed ? 'failed' : 'loaded',
    wallets: result.data?.wallets ?? [],
    featuredCount: result.data?.featuredCount ?? 0,
    hasMore: !!hasNextPage,
    loadingMore: result.isFetchingNextPage,
    /** The last next page failed: scrolling waits for an explicit retry. */
    moreFailed: isFetchNextPageError && !isFetching,
    loadMore,
    retry,
  } as const
}
