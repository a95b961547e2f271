/**
 * How Swap shows amounts of a token: an amount out cut to a few decimals, an amount swapped
 * exact, both in groups of three, and what each side is worth in USD. (The network fee is `stores/networkFee.ts`, shared with Send.)
 */
import { formatAmountUnits, type SwapToken, type TokenBalance } from '@airlock/protocol'
import { formatUnits } from 'viem/utils'
import { formatUsd } from '../views/Account/format'
import { swapBalanceOf } from './swapForm'

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

/**
 * What an amount of a token is worth in USD at the price the account's balances carry (`≈ $5.00`),
 * so the visitor can weigh the two sides of a quote; undefined when the price is not known (a
 * token the account does not hold) or the amount is nothing.
 *
 * @example
 * swapUsdText(5_000_000n, { decimals: 6, address: aUsd }, balances) // '≈ $5.00'
 */
export function swapUsdText(
  units: bigint,
  token: Pick<SwapToken, 'address' | 'decimals'>,
  balances: readonly TokenBalance[] | undefined,
): string | undefined {
  const price = balances && swapBalanceOf(token, balances)?.price
  if (!price || units <= 0n) return undefined
  return `≈ ${formatUsd(Number(formatUnits(units, token.decimals)) * price)}`
}
