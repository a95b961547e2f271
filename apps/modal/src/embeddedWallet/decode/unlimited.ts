/**
 * When an allowance counts as unlimited, for the approval screen's warning: no token has a supply
 * anywhere near 2^128 of its smallest units, so an allowance that large can only mean "all of it,
 * for ever" — whether the site wrote the type's maximum or some other huge number.
 */

/** The smallest allowance the screen flags as unlimited. */
export const unlimitedAllowance = 2n ** 128n

/**
 * @example
 * isUnlimited(maxUint256) // true
 * isUnlimited(10n ** 24n) // false
 */
export function isUnlimited(amount: bigint): boolean {
  return amount >= unlimitedAllowance
}
