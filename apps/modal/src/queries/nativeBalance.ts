/**
 * The native balance of an address on an EVM network, read from the network's RPC with viem:
 * the Account header's fallback when the token list has no native token (the wallet's
 * `wallet_getAssets` left it out, or the list failed). Fresh for the spec's 30 s; a failed read
 * blocks tries for 30 s and shows nothing, as the token list, not this fallback, reports
 * failures. A refresh of the account data (`refreshAccountData`) reads it again.
 */
import {
  balanceRetryGapMs,
  formatBalance,
  type NetworkConfig,
  nativeBalanceCacheMs,
} from '@airlock/protocol'
import { queryOptions } from '@tanstack/react-query'
import { formatUnits } from 'viem/utils'
import { chainClient } from '../chainClient'
import { localDecimal } from '../i18n/localNumbers'
import { accountDataKey } from '../stores/accountData'
import { retryGap } from './queryClient'

/**
 * The balance as shown (`1.23 ETH`).
 *
 * @example
 * useQuery(nativeBalanceQuery(network, address, projectId)).data // '1.23 ETH'
 */
export function nativeBalanceQuery(
  network: NetworkConfig,
  address: `0x${string}`,
  projectId: string,
  enabled = true,
) {
  return queryOptions({
    queryKey: accountDataKey('nativeBalance', {
      caipNetworkId: network.caipNetworkId,
      address,
      projectId,
    }),
    queryFn: async () => {
      const client = await chainClient(network)
      const wei = await client.getBalance({ address })
      const { decimals, symbol } = network.nativeCurrency
      return localDecimal(`${formatBalance(formatUnits(wei, decimals))} ${symbol}`)
    },
    staleTime: nativeBalanceCacheMs,
    enabled: retryGap(balanceRetryGapMs, enabled),
  })
}
