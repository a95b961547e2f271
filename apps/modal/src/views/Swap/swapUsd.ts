/**
 * What each side of a swap is worth in USD, as Swap shows it under the amounts: at the prices the
 * account's balances carry, in the Account's USD format. In the view's folder: the swap feature
 * (swap/) does not reach up into views.
 */
import type { SwapToken, TokenBalance } from '@airlock/protocol'
import { formatUnits } from 'viem/utils'
import { swapBalanceOf } from '../../swap/swapForm'
import { formatUsd } from '../Account/format'

/**
 * What an amount of a token is worth at the price the account's balances carry (`≈ $5.00`),
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
