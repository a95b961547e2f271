/**
 * The approval screen's simulation of the request it shows, as a TanStack Query: EVM
 * transactions and smart-account batches (embeddedWallet/simulation.ts) and Solana transactions
 * (embeddedWallet/solanaSimulation.ts) are simulated from the
 * account that would send them, never retried and never kept after the screen (a simulation is
 * of the chain's state now: the same request shown again is simulated again). Signatures are not simulated: the hook
 * answers undefined for them. The query ends in at most
 * `simulationTimeoutMs`, so Approve waits for it at most that long; Reject never does.
 */
import type { NetworkConfig } from '@airlock/protocol'
import { skipToken, useQuery } from '@tanstack/react-query'
import { useModal } from '../../components/useModal'
import type { PendingApproval } from '../../embeddedWallet/approvals'
import { type SimulatedCall, simulate } from '../../embeddedWallet/simulation'
import { simulateSolana } from '../../embeddedWallet/solanaSimulation'
import { queryClientOf } from '../../queries/queryClient'

/** The calls of an approval that is simulated; undefined for one that is not. */
export function simulatedCalls(approval: PendingApproval | undefined): SimulatedCall[] | undefined {
  if (!approval?.network.startsWith('eip155:')) return undefined
  if (approval.kind === 'calls') return approval.calls.map(callOf)
  if (approval.kind === 'transaction' && 'to' in approval) return [callOf(approval)]
  return undefined
}

const callOf = ({ to, value, data }: SimulatedCall): SimulatedCall => ({
  to,
  value,
  ...(data ? { data } : {}),
})

/**
 * @example
 * const simulation = useSimulation(approval, network)
 * simulation?.data // { outcome: 'succeeds', traced: true, changes: [...], nfts: [], approvals: [] }
 */
export function useSimulation(
  approval: PendingApproval | undefined,
  network: NetworkConfig | undefined,
) {
  const { store } = useModal()
  const calls = simulatedCalls(approval)
  const solana = approval && 'wireTransaction' in approval ? approval.wireTransaction : undefined
  const query = useQuery(
    {
      queryKey: [
        'simulation',
        network?.caipNetworkId,
        network?.rpcUrl,
        approval?.from,
        calls?.map(({ to, value, data }) => [to, String(value), data ?? '0x']) ?? solana,
      ],
      queryFn:
        network && approval && (calls || solana)
          ? () =>
              calls
                ? simulate({ network, from: approval.from as `0x${string}`, calls })
                : simulateSolana({ network, from: approval.from, transaction: solana ?? '' })
          : skipToken,
      retry: false,
      staleTime: 0,
      gcTime: 0,
    },
    queryClientOf(store),
  )
  return (calls || solana) && network ? query : undefined
}

export type SimulationQuery = NonNullable<ReturnType<typeof useSimulation>>
