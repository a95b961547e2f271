/**
 * What the Account view's cursor lists (NFTs, transactions) share: a page at a time by opaque
 * cursor (`useInfiniteQuery`), items read one by one with the protocol's schema, fresh for the
 * spec's 30 s like balances. A failed first page blocks tries for as long, unless the visitor
 * asks (Retry); a failed next page waits for its own retry.
 */
import { balanceCacheMs, pageResponseSchema } from '@airlock/protocol'
import { type InfiniteData, infiniteQueryOptions } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import {
  AccountDataResponseError,
  type AccountDataSources,
  type AccountQuery,
  accountDataKey,
  accountPath,
  mergePage,
} from '../stores/accountData'
import { isRefresh, retryGap } from './queryClient'

/** A page as the list keeps it: what it shows, and the cursors before and after it. */
export type ListPage<item> = { items: item[]; cursor: string | undefined; next: string | null }

/**
 * @example
 * infiniteQueryOptions(accountListQuery({ resource: 'nfts', schema: nftItemSchema, … }))
 */
export function accountListQuery<item extends { id: string }>({
  resource,
  schema,
  shown,
  sources,
  query,
  enabled,
  errorToast,
}: {
  resource: 'nfts' | 'transactions'
  schema: z.ZodMiniType<item>
  /** What of a page the tab shows. */
  shown: (items: item[]) => item[]
  sources: AccountDataSources
  query: AccountQuery
  enabled: boolean
  errorToast?: string
}) {
  return infiniteQueryOptions({
    queryKey: accountDataKey(resource, query),
    queryFn: async ({ client, queryKey, pageParam }): Promise<ListPage<item>> => {
      const params: Record<string, string> = {
        projectId: query.projectId,
        chainId: query.caipNetworkId,
      }
      if (pageParam) params.cursor = pageParam
      // A first page after a refresh or a failure skips the API's cache too.
      else if (isRefresh(client, queryKey, { sinceFailure: true })) params.cache = 'false'
      const response = pageResponseSchema.safeParse(
        await sources.fetch('GET', accountPath(query, resource), { query: params }),
      )
      if (!response.success)
        throw new AccountDataResponseError(`${resource}: expected { data: [], next }.`)
      const items = response.data.data.flatMap((value) => {
        const item = schema.safeParse(value)
        return item.success ? [item.data] : []
      })
      return { items: shown(items), cursor: pageParam, next: response.data.next }
    },
    initialPageParam: undefined as string | undefined,
    // A cursor that doesn't move would page forever.
    getNextPageParam: (last) =>
      last.next !== null && last.next !== last.cursor ? last.next : undefined,
    // The pages so far as one list, without repeats.
    select: (data: InfiniteData<ListPage<item>, string | undefined>) => ({
      items: data.pages.reduce<item[]>(
        (items, page) => mergePage(items, page.items, (item) => item.id),
        [],
      ),
    }),
    staleTime: balanceCacheMs,
    enabled: retryGap(balanceCacheMs, enabled),
    ...(errorToast ? { meta: { errorToast } } : {}),
  })
}
