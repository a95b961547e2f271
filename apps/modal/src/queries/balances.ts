/**
 * The token list of an account on a network (spec §3 Token balance): from the wallet's EIP-7811
 * `wallet_getAssets` when it offers it, else from the API; sorted by value, low-quality tokens
 * left out (spec §5). Fresh for the spec's 30 s; a failure shows 'Token Balance Unavailable'
 * and blocks tries for 30 s, whatever asks (spec §8, §9).
 */
import {
  balanceCacheMs,
  balanceRetryGapMs,
  balancesResponseSchema,
  evmChainId,
  filterLowQualityTokens,
  namespaceOf,
  type TokenBalance,
  toastMessages,
  tokenBalanceSchema,
} from '@airlock/protocol'
import { queryOptions } from '@tanstack/react-query'
import {
  AccountDataResponseError,
  type AccountDataSources,
  type AccountQuery,
  accountDataKey,
  accountPath,
  isAccountDataSupported,
  sortTokens,
  supportsWalletGetAssets,
  walletAssetsToBalances,
} from '../stores/accountData'
import { isRefresh, retryGap } from './queryClient'

/** How long a wallet may take to answer before the API is asked instead. */
export const walletAssetsTimeoutMs = 3000

/** The list as the Tokens tab shows it, and who answered. */
export type AccountBalances = { tokens: TokenBalance[]; source: 'wallet' | 'api' }

/**
 * @example
 * useQuery(balancesQuery(sources, { address, caipNetworkId: 'eip155:1', projectId }, live))
 */
export function balancesQuery(sources: AccountDataSources, query: AccountQuery, live = true) {
  const supported = !!query.address && isAccountDataSupported('tokens', query.caipNetworkId)
  return queryOptions({
    queryKey: accountDataKey('balances', query),
    queryFn: async ({ client, queryKey }): Promise<AccountBalances> => {
      // After a refresh (a sent transaction, a wallet event) the API's cache is skipped too.
      const fresh = isRefresh(client, queryKey, { sinceFailure: false })
      const { tokens, source } = await fetchTokenBalances(sources, query, fresh)
      return { tokens: sortTokens(filterLowQualityTokens(tokens)), source }
    },
    staleTime: balanceCacheMs,
    enabled: retryGap(balanceRetryGapMs, live && supported),
    meta: { errorToast: toastMessages.tokenBalanceUnavailable },
  })
}

async function fetchTokenBalances(
  sources: AccountDataSources,
  query: AccountQuery,
  fresh: boolean,
): Promise<AccountBalances> {
  // Any trouble with the wallet (no support, an error, no answer in time): the API answers.
  const fromWallet = await walletBalances(sources, query).catch(() => undefined)
  if (fromWallet) return { tokens: fromWallet, source: 'wallet' }
  const response = balancesResponseSchema.safeParse(
    await sources.fetch('GET', accountPath(query, 'balances'), {
      query: {
        projectId: query.projectId,
        chainId: query.caipNetworkId,
        ...(fresh ? { cache: 'false' } : {}),
      },
    }),
  )
  if (!response.success) throw new AccountDataResponseError('balances: expected { balances: [] }.')
  const tokens = response.data.balances.flatMap((item) => {
    const token = tokenBalanceSchema.safeParse(item)
    return token.success ? [token.data] : []
  })
  return { tokens, source: 'api' }
}

/** The wallet's own view of its assets, or undefined when it doesn't offer one. */
async function walletBalances(sources: AccountDataSources, query: AccountQuery) {
  const { walletRequest } = sources
  if (!walletRequest || !query.address || namespaceOf(query.caipNetworkId) !== 'eip155')
    return undefined
  const chainIdHex = evmChainId(query.caipNetworkId)
  const capabilitiesRequest = walletRequest({
    method: 'wallet_getCapabilities',
    params: [query.address],
  })
  if (!capabilitiesRequest) return undefined
  const capabilities = await withTimeout(capabilitiesRequest, walletAssetsTimeoutMs)
  if (!supportsWalletGetAssets(capabilities, chainIdHex)) return undefined
  const assetsRequest = walletRequest({
    method: 'wallet_getAssets',
    params: [{ account: query.address, chainFilter: [chainIdHex] }],
  })
  if (!assetsRequest) return undefined
  return walletAssetsToBalances(
    await withTimeout(assetsRequest, walletAssetsTimeoutMs),
    query.caipNetworkId,
  )
}

function withTimeout<value>(promise: Promise<value>, ms: number): Promise<value> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms.`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
