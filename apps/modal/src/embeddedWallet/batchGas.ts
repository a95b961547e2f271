/**
 * The gas of each call of an EOA's `wallet_sendCalls` batch run in sequence (issue 35 point 5):
 * the calls go as transactions one after the other, so a later one may depend on an earlier one
 * (approve, then swap or transferFrom), which an estimate of each alone can't see. Here they run
 * in order in one simulated block (`eth_simulateV1`, viem's `simulateCalls`), each seeing what
 * those before it did. Where the node has no `eth_simulateV1`, or the simulation fails, nothing
 * is known here and each call keeps its own estimate.
 */
import type { Address, Chain, Hex, PublicClient, Transport } from 'viem'
import { simulateCalls } from 'viem/actions'

/**
 * The gas a call that used `gasUsed` in the simulation is sent with: the used gas is net of
 * refunds (up to a fifth of the gas spent, EIP-3529) and a call into another contract keeps back
 * 1/64 of what it has at each level (EIP-150), so half again is headroom for both. The visitor
 * pays for the gas used, not the limit.
 */
export const sequencedGasOf = (gasUsed: bigint) => gasUsed + gasUsed / 2n

/**
 * The gas each call uses when run after the ones before it (send it with `sequencedGasOf`);
 * undefined for a call that reverts there (the approval's simulation shows why), or for all when
 * the node can't say.
 *
 * @example
 * await sequencedGas(chain, from, [approve, transferFrom]) // [46_000n, 55_000n]
 */
export async function sequencedGas(
  chain: PublicClient<Transport, Chain>,
  from: Address,
  calls: readonly { to: Address; value: bigint; data?: Hex }[],
): Promise<(bigint | undefined)[] | undefined> {
  try {
    const { results } = await simulateCalls(chain, {
      account: from,
      calls: calls.map(({ to, value, data }) => ({ to, value, ...(data ? { data } : {}) })),
    })
    return results.map((result) => (result.status === 'success' ? result.gasUsed : undefined))
  } catch {
    // No eth_simulateV1, or the node failed it: each call's own estimate stands.
    return undefined
  }
}
