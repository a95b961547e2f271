/**
 * The Account header's balance line: the native token of the token list (`10000 ETH`, 2
 * decimals) and the list's total USD value when known. When the list has no native token (the
 * wallet's `wallet_getAssets` left it out, or the list failed), the native balance is read from
 * the network's RPC instead (`queries/nativeBalance.ts`).
 */

import { namespaceOf } from '@airlock/protocol'
import { useQuery } from '@tanstack/react-query'
import { isAddress } from 'viem/utils'
import { nativeBalanceQuery } from '../queries/nativeBalance'
import { queryClientOf } from '../queries/queryClient'
import { formatTokenAmount, formatUsd, totalValue } from '../views/Account/format'
import { useModal } from './useModal'
import { useModalState } from './useModalState'
import type { TokenBalances } from './useTokenBalances'

const noNetwork = {
  caipNetworkId: 'eip155:0',
  name: '',
  nativeCurrency: { name: '', symbol: '', decimals: 18 },
  rpcUrl: '',
} as const

export function useNativeBalance({ query, live, supported, entry }: TokenBalances): {
  balance: string | undefined
  total: string | undefined
  loading: boolean
} {
  const { store } = useModal()
  const network = useModalState((state) =>
    state.networks.find((item) => item.caipNetworkId === query?.caipNetworkId),
  )
  const native = entry?.tokens.find((token) => !token.address)
  const fromList = native ? formatTokenAmount(native) : undefined
  const total = entry ? totalValue(entry.tokens) : undefined
  const address = query?.address
  const evmAddress = address && isAddress(address, { strict: false }) ? address : undefined
  // Only an EVM network has an RPC read to fall back on; the list is waited for first.
  const needsRpc =
    live &&
    !fromList &&
    !!evmAddress &&
    namespaceOf(network?.caipNetworkId) === 'eip155' &&
    !!entry &&
    entry.status !== 'loading'
  const rpc = useQuery(
    nativeBalanceQuery(
      network ?? noNetwork,
      evmAddress ?? '0x',
      query?.projectId ?? '',
      needsRpc && !!network,
    ),
    queryClientOf(store),
  )

  // A read already made stays shown while the list refreshes.
  const fromRpc = rpc.data
  const waiting = supported && (!entry || entry.status === 'loading' || (needsRpc && rpc.isPending))
  return {
    balance: fromList ?? fromRpc,
    total: total !== undefined && total > 0 ? formatUsd(total) : undefined,
    loading: !!address && !fromList && !fromRpc && waiting,
  }
}
