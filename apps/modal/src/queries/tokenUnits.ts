/**
 * An ERC-20 token's symbol and decimals, read from its contract on the network's RPC: what the
 * approval screen needs to show a transfer or an allowance in the token's units rather than raw
 * integers. A contract's symbol and decimals do not change, so an answer is kept for the modal's
 * life; a failed read is not kept, and the raw units stay on screen.
 */
import type { NetworkConfig } from '@airlock/protocol'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { erc20Abi } from 'viem'
import { chainClient } from '../chainClient'

export type TokenUnits = { symbol: string; decimals: number }

/**
 * @example
 * useQuery(tokenUnitsQuery(network, '0xA0b8…'), queryClientOf(store)).data // { symbol: 'USDC', decimals: 6 }
 */
export function tokenUnitsQuery(network: NetworkConfig | undefined, token: `0x${string}`) {
  return queryOptions({
    queryKey: ['tokenUnits', network?.caipNetworkId, token.toLowerCase()] as const,
    queryFn: network
      ? async (): Promise<TokenUnits> => {
          const client = await chainClient(network)
          const contract = { address: token, abi: erc20Abi } as const
          const [symbol, decimals] = await Promise.all([
            client.readContract({ ...contract, functionName: 'symbol' }),
            client.readContract({ ...contract, functionName: 'decimals' }),
          ])
          return { symbol, decimals }
        }
      : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
  })
}
