/**
 * The connected account's token list on the active network (accountData.ts), loaded while the
 * Account view is live: on mount, when the account or network changes, and again after
 * `refreshAccountData`. The cache decides whether a load fetches.
 */
import { useEffect } from 'react'
import {
  type AccountQuery,
  accountKey,
  isAccountDataSupported,
  loadBalances,
} from '../state/accountData'
import type { BalancesEntry } from '../state/accountDataState'
import { useAccountDataSources } from './useAccountDataSources'
import { useAccountQuery } from './useAccountQuery'
import { useModal } from './useModal'
import { useModalState } from './useModalState'

export type TokenBalances = {
  query: AccountQuery | undefined
  live: boolean
  /** Whether the active network has balances at all (spec §6). */
  supported: boolean
  entry: BalancesEntry | undefined
  /** Nothing to show yet: an answer is on its way. */
  loading: boolean
}

export function useTokenBalances(): TokenBalances {
  const { store } = useModal()
  const sources = useAccountDataSources()
  const { query, live } = useAccountQuery()
  const supported = !!query && isAccountDataSupported('tokens', query.caipNetworkId)
  const key = query ? accountKey(query) : undefined
  const entry = useModalState((state) => (key ? state.accountData.balances[key] : undefined))

  useEffect(() => {
    if (!live || !query || !supported) return
    const load = () => void loadBalances(store, sources, query)
    load()
    return store.subscribe((state, previous) => {
      if (state.accountData.generation !== previous.accountData.generation) load()
    })
  }, [store, sources, query, live, supported])

  const loading = supported && (!entry || (entry.status === 'loading' && entry.tokens.length === 0))
  return { query, live, supported, entry, loading }
}
