/**
 * Refreshing what the modal keeps of the account (tokens, NFTs, activity, the native balance)
 * when it may have changed: a transaction sent, the wallet's account or chain changed. Light on
 * purpose: the bridge calls it from the first bundle, and the queries themselves load with the
 * views that show them.
 */

import type { InfiniteData } from '@tanstack/react-query'
import { chainClient } from '../chainClient'
import { activeNetworkOf, type ModalStore } from '../stores/store'

/**
 * After the visitor's balances may have changed (a transaction sent, the wallet's account or
 * chain changed): every account-data query of the modal is invalidated, so what a view shows
 * loads again (skipping the API's cache) and the rest loads when next shown. Lists read their
 * first page again, not every page they had. A balance failure keeps its 30 s retry gap.
 */
export function refreshAccountData(store: ModalStore) {
  const queryClient = store.queries.client
  // No client yet: no view has read server data, so nothing is kept to refresh.
  if (!queryClient) return
  for (const resource of ['nfts', 'transactions'] as const)
    queryClient.setQueriesData<InfiniteData<unknown, unknown>>(
      { queryKey: ['accountData', resource] },
      (data) =>
        data && {
          pages: data.pages.slice(0, 1),
          pageParams: data.pageParams.slice(0, 1),
        },
    )
  void queryClient.invalidateQueries({ queryKey: ['accountData'] })
}

/**
 * A transaction sent (by the site straight to the wallet, or through the modal): once it is
 * mined the chain's own reads (the native balance) are refreshed at once; the indexer needs a
 * moment to see it, so the account data is refreshed a little after the receipt, and again
 * later in case indexing lagged.
 */
export async function refreshAfterMined(store: ModalStore, hash: unknown) {
  const network = activeNetworkOf(store.getState())
  if (typeof hash === 'string' && network) {
    try {
      // viem loads here, as for the chain client: never in the first bundle.
      const { isHash } = await import('viem')
      if (isHash(hash)) {
        const client = await chainClient(network)
        await client.waitForTransactionReceipt({ hash, timeout: 60_000 })
      }
    } catch {
      // No receipt in time: refresh on the schedule anyway.
    }
  }
  refreshAccountData(store)
  refreshAfterIndexing(store)
}

/** The indexer sees a mined transaction a moment later: refresh then, and again in case it lagged. */
export function refreshAfterIndexing(store: ModalStore) {
  for (const delayMs of [1_500, 4_000]) setTimeout(() => refreshAccountData(store), delayMs)
}
