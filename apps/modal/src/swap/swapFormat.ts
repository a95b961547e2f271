/**
 * How Swap shows amounts of a token: an amount out cut to a few decimals, an amount swapped
 * exact, both in groups of three. (The network fee is `stores/networkFee.ts`, shared with Send.)
 */
import { formatAmountUnits } from '@airlock/protocol'

/**
 * An amount of a token to show: at most 2 decimals from 1 up, at most 6 below it, cut (never
 * rounded up), in groups of three.
 *
 * @example
 * swapAmountText(2_961_224_000n, 6) // '2,961.22'
 * swapAmountText(34_512n, 6) // '0.034512'
 */
export function swapAmountText(units: bigint, decimals: number): string {
  if (units >= 10n ** BigInt(decimals))
    return formatAmountUnits(units, decimals, { maxFractionDigits: 2, grouping: true })
  const shown = formatAmountUnits(units, decimals, { maxFractionDigits: 6 })
  return shown === '0' && units > 0n ? '<0.000001' : shown
}

/**
 * An exact amount, as typed, in groups of three.
 *
 * @example
 * swapExactText(1_234_500_000n, 6) // '1,234.5'
 */
export const swapExactText = (units: bigint, decimals: number): string =>
  formatAmountUnits(units, decimals, { grouping: true })
