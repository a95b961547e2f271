/**
 * The spec's display rules (§9): how addresses, emails, amounts and balances are shortened for
 * the screen. Amounts are handled as decimal strings, never as floats, so what is shown is
 * exactly the holding cut to the shown places.
 */
import { decimalUnits, formatAmountUnits, plainDecimal } from './amounts'
import { addressTruncation, displayDecimals, emailTruncationChars } from './constants'

/**
 * Shortens an address to its first 4 and last 6 characters around '…'. Addresses of 11
 * characters or fewer are returned as they are, as shortening would not save anything.
 *
 * @example
 * truncateAddress('0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb') // '0xab…5bfcdb'
 */
export function truncateAddress(address: string): string {
  const { startChars, endChars } = addressTruncation
  const characters = Array.from(address)
  if (characters.length <= startChars + 1 + endChars) return address
  return `${characters.slice(0, startChars).join('')}…${characters.slice(-endChars).join('')}`
}

/**
 * Shortens an email longer than 30 characters to its first 30 and '…'. Characters are Unicode
 * code points, so an emoji counts once and is never cut in half.
 *
 * @example
 * truncateEmail('a.very.long.name.for.a.person@example.com') // 'a.very.long.name.for.a.person@…'
 */
export function truncateEmail(email: string): string {
  const characters = Array.from(email)
  if (characters.length <= emailTruncationChars) return email
  return `${characters.slice(0, emailTruncationChars).join('')}…`
}

/**
 * Formats an amount to at most 3 decimal places; see {@link formatBalance} for the rules.
 *
 * @example
 * formatAmount('1.23456') // '1.234'
 * formatAmount('0.0001') // '<0.001'
 */
export function formatAmount(value: string | number | bigint): string {
  return formatDecimal(value, displayDecimals.amount)
}

/**
 * Formats a balance to at most 2 decimal places. Digits past the last place are cut, never
 * rounded up, so a holder is never shown more than they have. Trailing zeros are dropped, there
 * are no thousands separators, zero is '0', a negative keeps its '-', and a non-zero value that
 * cuts to zero is shown as '<0.01' ('-<0.01' when negative).
 *
 * Strings are plain decimals with an optional '-' and exponent (`'-1.5'`, `'.5'`, `'1e-7'`); no
 * whitespace, '+', separators or hex. A bigint is a whole number; raw token units go through
 * viem's `formatUnits` first.
 *
 * @throws {InvalidAmountError} for NaN, Infinity and strings that are not decimals.
 *
 * @example
 * formatBalance('123456789012345678901234.5678') // '123456789012345678901234.56'
 * formatBalance(0.1 + 0.2) // '0.3'
 * formatBalance('-0.001') // '-<0.01'
 */
export function formatBalance(value: string | number | bigint): string {
  return formatDecimal(value, displayDecimals.balance)
}

/**
 * Formats a transfer amount in the activity list to at most 3 decimal places; see
 * {@link formatBalance} for the rules.
 *
 * @example
 * formatTransferAmount('2.5000') // '2.5'
 */
export function formatTransferAmount(value: string | number | bigint): string {
  return formatDecimal(value, displayDecimals.transfer)
}

/**
 * A network fee in the native coin, as Send and Swap show it: at most 8 decimals, cut; a fee too
 * small for them is '<0.00000001', never '0'.
 *
 * @example
 * formatNetworkFee(150_000n * 2_000_000_000n, { decimals: 18, symbol: 'ETH' }) // '0.0003 ETH'
 * formatNetworkFee(1n, { decimals: 18, symbol: 'ETH' }) // '<0.00000001 ETH'
 */
export function formatNetworkFee(
  units: bigint,
  currency: { decimals: number; symbol: string },
): string {
  const places = displayDecimals.networkFee
  const shown = formatAmountUnits(units, currency.decimals, { maxFractionDigits: places })
  const least = formatAmountUnits(1n, places)
  return `${shown === '0' && units > 0n ? `<${least}` : shown} ${currency.symbol}`
}

/** Cuts a value to `places` (see {@link formatBalance}); the reading and writing are amounts.ts's. */
function formatDecimal(value: string | number | bigint, places: number): string {
  const decimal = plainDecimal(value)
  const units = decimalUnits(decimal, places) ?? 0n
  if (units !== 0n) return formatAmountUnits(units, places)
  if (!/[1-9]/.test(decimal)) return '0'
  return `${decimal.startsWith('-') ? '-' : ''}<${formatAmountUnits(1n, places)}`
}
