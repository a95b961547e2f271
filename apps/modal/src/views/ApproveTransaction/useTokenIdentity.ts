/**
 * A token's symbol and decimals for the approval screen, and how far they are trusted
 * (`tokenIdentityOf`): the project's token list (the swap API's tokens of the chain) and the
 * indexer's answer for the account's balances, as already fetched, are trusted; the token
 * contract's own `symbol()`/`decimals()` (queries/tokenUnits.ts) is its claim. The balances are
 * only read from the cache here: the approval screen starts no balance fetch and no toast of
 * its failure.
 */
import { type NetworkConfig, tryParseCaipNetworkId } from '@airlock/protocol'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Address } from 'viem'
import { useAccountDataSources } from '../../components/useAccountDataSources'
import { useAccountQuery } from '../../components/useAccountQuery'
import { useModal } from '../../components/useModal'
import {
  type KnownToken,
  type TokenIdentity,
  tokenIdentityOf,
} from '../../embeddedWallet/decode/tokenIdentity'
import { balancesQuery } from '../../queries/balances'
import { queryClientOf } from '../../queries/queryClient'
import { tokenUnitsQuery } from '../../queries/tokenUnits'
import { swapTokensQuery } from '../../swap/swapQueries'

const noAccount = { caipNetworkId: 'eip155:0', projectId: '' } as const

function evmChainIdOf(network: NetworkConfig | undefined): number | undefined {
  const parsed = network && tryParseCaipNetworkId(network.caipNetworkId)
  return parsed?.namespace === 'eip155' && /^\d+$/.test(parsed.reference)
    ? Number(parsed.reference)
    : undefined
}

export function useTokenIdentity(
  network: NetworkConfig | undefined,
  token: Address,
): TokenIdentity {
  const { store, api } = useModal()
  const client = queryClientOf(store)
  const chainId = evmChainIdOf(network)
  const listed = useQuery(
    {
      ...swapTokensQuery({ store, apiFetch: api.apiFetch }, chainId ?? 0),
      enabled: chainId !== undefined,
    },
    client,
  )
  const sources = useAccountDataSources()
  const { query } = useAccountQuery()
  const indexed = useQuery(
    balancesQuery(
      sources,
      query?.caipNetworkId === network?.caipNetworkId && query ? query : noAccount,
      false,
    ),
    client,
  )
  const claimed = useQuery(tokenUnitsQuery(network, token), client)
  const trusted = useMemo<KnownToken[]>(
    () => [
      ...(listed.data ?? []),
      ...(indexed.data?.tokens ?? []).flatMap((balance) => {
        const decimals = Number(balance.quantity.decimals)
        return balance.address && Number.isInteger(decimals)
          ? [{ address: balance.address, symbol: balance.symbol, decimals }]
          : []
      }),
    ],
    [listed.data, indexed.data],
  )
  return tokenIdentityOf(token, trusted, claimed.data)
}
