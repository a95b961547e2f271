/**
 * The cap on a Solana transaction's priority fee, checked before the visitor is asked: the
 * compute unit price its ComputeBudget instruction sets may be at most `feeCapMultiple` (3×, the
 * EVM rule's, evmFees.ts) the wallet's own estimate, else the request is refused, so a site can't
 * burn the visitor's SOL in a fee they didn't choose. The estimate is the median of the cluster's
 * recent prioritization fees (`getRecentPrioritizationFees`), never below a floor, so a quiet
 * cluster (an estimate of 0) doesn't refuse every priority fee.
 */
import type { Rpc, SolanaRpcApi } from '@solana/kit'
import { feeCapMultiple } from './evmFees'
import { invalid } from './signerInput'
import type { SolanaInstructionSummary } from './solanaTransaction'

/**
 * The least the estimate is taken to be, in micro-lamports per compute unit: 1 lamport a unit,
 * so the cap is at least 3 lamports a unit (0.0042 SOL at the 1,400,000-unit maximum).
 */
export const priorityFeeFloorMicroLamports = 1_000_000n

/** The compute unit price (micro-lamports per unit) the instructions set; 0 when none does. */
export function computeUnitPriceOf(instructions: readonly SolanaInstructionSummary[]): bigint {
  let price = 0n
  for (const { computeBudget } of instructions)
    if (computeBudget && 'microLamportsPerUnit' in computeBudget)
      price = computeBudget.microLamportsPerUnit
  return price
}

/**
 * Refuses a compute unit price above the cap. The cluster is asked only when the price is above
 * the floor's cap, so an ordinary transaction costs no extra request.
 *
 * @throws InvalidParamsError (-32602) naming the price, the cap and the estimate; the RPC's own
 * error when it can't be asked (the caller makes it the site's).
 */
export async function assertPriorityFeeWithinCap(
  method: string,
  instructions: readonly SolanaInstructionSummary[],
  rpc: Rpc<Pick<SolanaRpcApi, 'getRecentPrioritizationFees'>>,
): Promise<void> {
  const price = computeUnitPriceOf(instructions)
  if (price <= feeCapMultiple * priorityFeeFloorMicroLamports) return
  const recent = await rpc.getRecentPrioritizationFees().send()
  const estimate = medianOf(recent.map(({ prioritizationFee }) => BigInt(prioritizationFee)))
  const base = estimate > priorityFeeFloorMicroLamports ? estimate : priorityFeeFloorMicroLamports
  const cap = feeCapMultiple * base
  if (price > cap)
    throw invalid(
      `${method}: the priority fee ${price} micro-lamports per compute unit is more than ${cap}, ${feeCapMultiple}× the wallet's estimate (${base}); leave out the ComputeBudget price or lower it.`,
    )
}

function medianOf(values: bigint[]): bigint {
  if (values.length === 0) return 0n
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return sorted[Math.floor(sorted.length / 2)] as bigint
}
