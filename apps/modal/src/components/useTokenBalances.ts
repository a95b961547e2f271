/**
 * The connected account's token list on the active network (`queries/balances.ts`), read while
 * the Account view is live: on mount, when the account or network changes, and again after
 * `refreshAccountData`. The query's freshness and retry gap decide whether a read fetches.
 */
import type { TokenBalance } from '@airlock/protocol'
import { useQuery } from '@tanstack/react-query'
import { balancesQuery } from '../queries/balances'
import { queryClientOf } from '../queries/queryClient'
import { type AccountQuery, isAccountDataSupported } from '../stores/accountData'
import { useAccountDataSources } from './useAccountDataSources'
import { useAccountQuery } from './useAccountQuery'
import { useModal } from './useModal'

/** The list as the views show it; undefined before the first read starts. */
export type BalancesEntry = {
  /** `loading` while a read is on its way, also over a list already shown. */
  status: 'loading' | 'loaded' | 'failed'
  /** Sorted by value, low-quality tokens left out. The last good list stays through a failure. */
  tokens: TokenBalance[]
}

export type TokenBalances = {
  query: AccountQuery | undefined
  live: boolean
  /** Whether the active network has balances at all (spec §6). */
  supported: boolean
  entry: BalancesEntry | undefined
  /** Nothing to show yet: an answer is on its way. */
  loading: boolean
}

const noAccount: AccountQuery = { caipNetworkId: 'eip155:0', projectId: '' }

export function useTokenBalances(): TokenBalances {
  const { store } = useModal()
  const sources = useAccountDataSources()
  const { query, live } = useAccountQuery()
  const supported = !!query && isAccountDataSupported('tokens', query.caipNetworkId)
  const result = useQuery(balancesQuery(sources, query ?? noAccount, live), queryClientOf(store))
  const status: BalancesEntry['status'] | undefined = result.isFetching
    ? 'loading'
    : result.isError
      ? 'failed'
      : result.isSuccess
        ? 'loaded'
        : undefined
  const entry = query && status ? { status, tokens: result.data?.tokens ?? [] } : undefined
  const loading = supported && (!entry || (entry.status === 'loading' && entry.tokens.length === 0))
  return { query, live, supported, entry, loading }
}
