/**
 * The spec's display rules (§9): how addresses, emails, amounts and balances are shortened for
 * the screen. Amounts are handled as decimal strings, never as floats, so what is shown is
 * exactly the holding cut to the shown places.
 */
import { addressTruncation, displayDecimals, emailTruncationChars } from './constants'
import { BaseError, type BaseErrorParameters, errorCodes } from './errors'

/** A value given to an amount formatter is not a finite decimal number. */
export class InvalidAmountError extends BaseError {
  override name = 'InvalidAmountError'
  override readonly code: number = errorCodes.invalidParams

  constructor(value: unknown, parameters: BaseErrorParameters = {}) {
    super(`Invalid amount "${String(value)}".`, {
      details: 'Expected a finite decimal number such as "1.5", "-0.25" or "1e-7".',
      ...parameters,
    })
  }
}

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

// Sign, digits before the point, digits after it, optional exponent. At least one digit.
const decimalPattern = /^(-?)(?=\.?\d)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i
// Beyond this an exponent cannot come from a JS number and would only build huge strings.
const maxExponent = 400

function formatDecimal(value: string | number | bigint, places: number): string {
  const { negative, integer, fraction } = parseDecimal(value)
  const shownInteger = integer.replace(/^0+/, '') || '0'
  const shownFraction = fraction.slice(0, places).replace(/0+$/, '')
  const sign = negative ? '-' : ''
  if (shownInteger === '0' && shownFraction === '') {
    if (!/[1-9]/.test(fraction)) return '0'
    return `${sign}<0.${'0'.repeat(places - 1)}1`
  }
  return `${sign}${shownInteger}${shownFraction ? `.${shownFraction}` : ''}`
}

/** Splits a value into sign and digits around the point, with any exponent applied. */
function parseDecimal(value: string | number | bigint): {
  negative: boolean
  integer: string
  fraction: string
} {
  if (typeof value === 'bigint') {
    const negative = value < 0n
    return { negative, integer: (negative ? -value : value).toString(), fraction: '' }
  }
  // String(number) is the shortest text that reads back as the same number: 0.1 + 0.2 gives
  // '0.30000000000000004', 1e-7 gives '1e-7'.
  const match = decimalPattern.exec(typeof value === 'string' ? value : String(value))
  if (!match) throw new InvalidAmountError(value)
  const [, sign = '', integerDigits = '', fractionDigits = '', exponentText = '0'] = match
  const exponent = Number(exponentText)
  if (Math.abs(exponent) > maxExponent)
    throw new InvalidAmountError(value, {
      details: `The exponent must be between -${maxExponent} and ${maxExponent}.`,
    })
  // Move the point `exponent` places, padding with zeros where it runs past the digits.
  const digits = integerDigits + fractionDigits
  const point = integerDigits.length + exponent
  const padded = point < 0 ? '0'.repeat(-point) + digits : digits.padEnd(point, '0')
  const shift = Math.max(point, 0)
  return { negative: sign === '-', integer: padded.slice(0, shift), fraction: padded.slice(shift) }
}
