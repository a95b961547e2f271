/**
 * One of the Account view's cursor lists (NFTs or transactions) for the connected account, loaded
 * while the view is live and again after `refreshAccountData`; `loadMore` reads the next page.
 */
import type { NftItem, Transaction } from '@airlock/protocol'
import { useCallback, useEffect } from 'react'
import {
  type AccountListKind,
  type AccountTab,
  accountKey,
  isAccountDataSupported,
  loadNfts,
  loadTransactions,
} from '../state/accountData'
import type { ListEntry } from '../state/accountDataState'
import { useAccountDataSources } from './useAccountDataSources'
import { useAccountQuery } from './useAccountQuery'
import { useModal } from './useModal'
import { useModalState } from './useModalState'

type Item = { nfts: NftItem; transactions: Transaction }
const tabOf: Record<AccountListKind, AccountTab> = { nfts: 'nfts', transactions: 'activity' }
const loaders = { nfts: loadNfts, transactions: loadTransactions }

export type AccountList<item> = {
  address: string | undefined
  supported: boolean
  entry: ListEntry<item> | undefined
  /** Nothing to show yet: the first page is on its way. */
  loading: boolean
  loadMore: () => void
  /** Loads the first page again, cache or not. */
  retry: () => void
}

export function useAccountList<kind extends AccountListKind>(kind: kind): AccountList<Item[kind]> {
  const { store } = useModal()
  const sources = useAccountDataSources()
  const { query, live } = useAccountQuery()
  const supported = !!query && isAccountDataSupported(tabOf[kind], query.caipNetworkId)
  const key = query ? accountKey(query) : undefined
  const entry = useModalState((state) =>
    key ? (state.accountData[kind][key] as ListEntry<Item[kind]> | undefined) : undefined,
  )
  const load = loaders[kind]

  useEffect(() => {
    if (!live || !query || !supported) return
    const loadFirst = () => void load(store, sources, query)
    loadFirst()
    return store.subscribe((state, previous) => {
      if (state.accountData.generation !== previous.accountData.generation) loadFirst()
    })
  }, [store, sources, query, live, supported, load])

  const loadMore = useCallback(() => {
    if (query) void load(store, sources, query, { more: true })
  }, [store, sources, query, load])
  const retry = useCallback(() => {
    if (query) void load(store, sources, query, { force: true })
  }, [store, sources, query, load])

  const loading = supported && (!entry || (entry.status === 'loading' && entry.items.length === 0))
  return { address: query?.address, supported, entry, loading, loadMore, retry }
}
