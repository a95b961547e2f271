/**
 * How Swap shows amounts of a token: an amount out cut to a few decimals, an amount swapped
 * exact, both in groups of three. (The network fee is `stores/networkFee.ts`, shared with Send.)
 */
import { formatBalance } from '@airlock/protocol'
import { formatUnits } from 'viem/utils'

/** Digits of a whole number in groups of three: `2961` → `2,961`. */
const grouped = (integer: string) => integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/**
 * An amount of a token to show: at most 2 decimals from 1 up, at most 6 below it, cut (never
 * rounded up), in groups of three.
 *
 * @example
 * swapAmountText(2_961_224_000n, 6) // '2,961.22'
 * swapAmountText(34_512n, 6) // '0.034512'
 */
export function swapAmountText(units: bigint, decimals: number): string {
  const [integer = '0', fraction = ''] = formatUnits(units, decimals).split('.')
  if (integer !== '0') return grouped(formatBalance(`${integer}.${fraction}`))
  const shown = fraction.slice(0, 6).replace(/0+$/, '')
  if (shown) return `0.${shown}`
  return units === 0n ? '0' : '<0.000001'
}

/**
 * An exact amount, as typed, in groups of three.
 *
 * @example
 * swapExactText(1_234_500_000n, 6) // '1,234.5'
 */
export function swapExactText(units: bigint, decimals: number): string {
  const [integer = '0', fraction] = formatUnits(units, decimals).split('.')
  return fraction ? `${grouped(integer)}.${fraction}` : grouped(integer)
}
