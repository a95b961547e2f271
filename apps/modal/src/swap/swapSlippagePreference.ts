/**
 * The visitor's slippage tolerance, kept per browser in the frame's storage like the modal's other
 * preferences (persistence.ts; issue 36): the Swap form starts from the last one chosen. What the
 * storage gives back is checked again (`swapSlippageError`); anything else reads as the spec's 1 %.
 */
import { swapSlippageError, swapSlippageTolerance } from '@airlock/protocol'
import { queryOptions } from '@tanstack/react-query'
import type { Persistence } from '../stores/persistence'

const slippageKey = 'airlock:v1:swapSlippage'

const isSlippage = (value: unknown): boolean =>
  typeof value === 'number' && swapSlippageError(value) === undefined

/** The slippage last chosen in this browser (for this project and site), read once a visit. */
export function swapSlippageQuery(persistence: Persistence) {
  return queryOptions({
    queryKey: ['swap', 'slippage'] as const,
    queryFn: () => persistence.read<number>(slippageKey, swapSlippageTolerance, isSlippage),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** Keeps `slippage` for the next visit; storage that fails only forgets it. */
export const saveSwapSlippage = (persistence: Persistence, slippage: number): Promise<void> =>
  persistence.write(slippageKey, slippage)
