/**
 * The modal's TanStack Query client: server data (balances, NFTs, transactions, the native
 * balance, the wallet directory) is cached, deduplicated and refreshed here instead of by hand.
 * One per modal (its store holds it, made on first use), never a module's, so each modal and each test starts
 * empty. A query whose failure the visitor must hear of names the toast in `meta.errorToast`.
 */
import { QueryCache, QueryClient, type QueryState } from '@tanstack/react-query'
import type { ModalStore } from '../stores/store'
import { showToast } from '../stores/toasts'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The spec's toast for a failed fetch of this query (spec §8 Toasts). */
      errorToast?: string
    }
  }
}

/**
 * @example
 * const queryClient = createQueryClient({ onErrorToast: (message) => showToast(store, …) })
 */
export function createQueryClient({ onErrorToast }: { onErrorToast: (message: string) => void }) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(_error, query) {
        const message = query.meta?.errorToast
        if (message) onErrorToast(message)
      },
    }),
    defaultOptions: {
      queries: {
        // The spec's retry rule is a gap between tries (`retryGap`), not retries in a row.
        retry: false,
        // The modal refreshes on its own events (a send, a wallet's), not on the host's focus.
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
    },
  })
}

/** The store's query client, made the first time a view reads server data. */
export function queryClientOf(store: ModalStore): QueryClient {
  store.queries.client ??= createQueryClient({
    onErrorToast: (message) => showToast(store, { message, variant: 'error', autoClose: true }),
  })
  return store.queries.client
}

/**
 * `enabled` for a query whose failed first fetch blocks tries for `gapMs` (spec §9 Balance retry
 * gap), whatever asks: a view mounting, a refresh. An explicit `refetch()` (a Retry button) is
 * not held back. A failed next page blocks nothing: the list waits for its own retry.
 *
 * @example
 * useQuery({ ...options, enabled: retryGap(balanceRetryGapMs, live) })
 */
export function retryGap(gapMs: number, enabled = true) {
  return (query: { state: QueryState<unknown, unknown> }) =>
    enabled && !(failedFirstFetch(query) && Date.now() - query.state.errorUpdatedAt < gapMs)
}

/** The query's last fetch failed, and it was not a next page of a list. */
function failedFirstFetch(query: { state: QueryState<unknown, unknown> }) {
  const { status, fetchMeta } = query.state
  return status === 'error' && !fetchMeta?.fetchMore
}

/**
 * Whether this fetch follows a refresh (`invalidateQueries` after a send or a wallet event), so
 * the API's own cache is skipped too. A failure marks a query invalidated as well; `sinceFailure`
 * says whether the fetch after one counts.
 */
export function isRefresh(
  client: QueryClient,
  queryKey: readonly unknown[],
  { sinceFailure }: { sinceFailure: boolean },
) {
  const state = client.getQueryState(queryKey)
  return !!state?.isInvalidated && (sinceFailure || state.status !== 'error')
}
