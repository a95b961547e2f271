/**
 * The Account header's balance line: the native token of the token list (`10000 ETH`, 2
 * decimals) and the list's total USD value when known. When the list has no native token (the
 * wallet's `wallet_getAssets` left it out, or the list failed), the native balance is read from
 * the network's RPC instead.
 */
import { useEffect, useState } from 'react'
import { namespaceOf } from '../state/store'
import { formatTokenAmount, formatUsd, totalValue } from '../views/Account/format'
import { useModal } from './useModal'
import { useModalState } from './useModalState'
import type { TokenBalances } from './useTokenBalances'

export function useNativeBalance({ query, live, supported, entry }: TokenBalances): {
  balance: string | undefined
  total: string | undefined
  loading: boolean
} {
  const { nativeBalance } = useModal()
  const network = useModalState((state) =>
    state.networks.find((item) => item.caipNetworkId === query?.caipNetworkId),
  )
  const native = entry?.tokens.find((token) => !token.address)
  const fromList = native ? formatTokenAmount(native) : undefined
  const total = entry ? totalValue(entry.tokens) : undefined
  const address = query?.address
  // Only an EVM network has an RPC read to fall back on; the list is waited for first.
  const needsRpc =
    live &&
    !fromList &&
    !!address &&
    namespaceOf(network?.caipNetworkId) === 'eip155' &&
    !!entry &&
    entry.status !== 'loading'
  const key = `${network?.caipNetworkId}:${address}`
  const [rpc, setRpc] = useState<{ key: string; balance: string | undefined }>()

  useEffect(() => {
    if (!needsRpc || !network || !address) return
    let current = true
    nativeBalance(network, address).then((balance) => {
      if (current) setRpc({ key, balance })
    })
    return () => {
      current = false
    }
  }, [nativeBalance, needsRpc, network, address, key])

  // A read already made stays shown while the list refreshes.
  const fromRpc = rpc?.key === key ? rpc.balance : undefined
  const waiting =
    supported && (!entry || entry.status === 'loading' || (needsRpc && rpc?.key !== key))
  return {
    balance: fromList ?? fromRpc,
    total: total !== undefined && total > 0 ? formatUsd(total) : undefined,
    loading: !!address && !fromList && !fromRpc && waiting,
  }
}
