/**
 * One of the Account view's cursor lists (NFTs or transactions) for the connected account
 * (`queries/nfts.ts`, `queries/transactions.ts`), read while the view is live and again after
 * `refreshAccountData`; `loadMore` reads the next page, `retry` the first page again.
 */
import type { NftItem, Transaction } from '@airlock/protocol'
import { skipToken, useInfiniteQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { nftsQuery } from '../queries/nfts'
import { queryClientOf } from '../queries/queryClient'
import { transactionsQuery } from '../queries/transactions'
import { type AccountTab, isAccountDataSupported } from '../stores/accountData'
import { useAccountDataSources } from './useAccountDataSources'
import { useAccountQuery } from './useAccountQuery'
import { useModal } from './useModal'

type Item = { nfts: NftItem; transactions: Transaction }
export type AccountListKind = keyof Item
const tabOf: Record<AccountListKind, AccountTab> = { nfts: 'nfts', transactions: 'activity' }
const queries = { nfts: nftsQuery, transactions: transactionsQuery }

/** A list as the tabs show it. */
export type ListEntry<item> = {
  /** Of the first page: `loading` while it is on its way, also over a list already shown. */
  status: 'loading' | 'loaded' | 'failed'
  /** The pages so far, merged without duplicates; none after a failed first page. */
  items: item[]
  /** Whether a next page exists. */
  hasMore: boolean
  loadingMore: boolean
  /** The last next page failed; the list waits for an explicit retry instead of scrolling. */
  moreFailed: boolean
}

export type AccountList<item> = {
  address: string | undefined
  supported: boolean
  entry: ListEntry<item> | undefined
  /** Nothing to show yet: the first page is on its way. */
  loading: boolean
  loadMore: () => void
  /** Loads the first page again, whatever the cache says. */
  retry: () => void
}

export function useAccountList<kind extends AccountListKind>(kind: kind): AccountList<Item[kind]> {
  const { store } = useModal()
  const sources = useAccountDataSources()
  const { query, live } = useAccountQuery()
  const supported = !!query && isAccountDataSupported(tabOf[kind], query.caipNetworkId)
  const options = useMemo(
    () =>
      query?.address
        ? queries[kind](sources, query, live)
        : {
            queryKey: ['accountData', kind, 'none'],
            queryFn: skipToken,
            initialPageParam: undefined,
            getNextPageParam: () => undefined,
          },
    [kind, sources, query, live],
  )
  // One hook for either list: the options of both read as NFTs' (the items are the kind's).
  const result = useInfiniteQuery(options as ReturnType<typeof nftsQuery>, queryClientOf(store))
  const { fetchNextPage, refetch } = result

  // After a failed next page only the Load more button calls this (scrolling stops): a retry.
  const loadMore = useCallback(() => {
    if (!result.isFetching && result.hasNextPage) void fetchNextPage({ cancelRefetch: false })
  }, [fetchNextPage, result.isFetching, result.hasNextPage])
  const retry = useCallback(() => {
    if (result.isFetchNextPageError) void fetchNextPage({ cancelRefetch: false })
    else void refetch()
  }, [fetchNextPage, refetch, result.isFetchNextPageError])

  const firstFailed = result.isError && !result.isFetchNextPageError
  const fetchingFirst = result.isFetching && !result.isFetchingNextPage
  const status = fetchingFirst
    ? 'loading'
    : firstFailed
      ? 'failed'
      : result.isSuccess || result.isFetchNextPageError
        ? 'loaded'
        : undefined
  const entry: ListEntry<Item[kind]> | undefined =
    query && status
      ? {
          status,
          // A failed first page shows as empty, as the spec asks.
          items: firstFailed ? [] : ((result.data?.items ?? []) as Item[kind][]),
          hasMore: status === 'loaded' && result.hasNextPage,
          loadingMore: result.isFetchingNextPage,
          moreFailed: result.isFetchNextPageError && !result.isFetching,
        }
      : undefined
  const loading = supported && (!entry || (entry.status === 'loading' && entry.items.length === 0))
  return { address: query?.address, supported, entry, loading, loadMore, retry }
}
