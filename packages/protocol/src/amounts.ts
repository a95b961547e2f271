/**
 * Decimal amounts, the one place they are read and written (issue 32): a visitor's typed amount
 * into a token's smallest units, a decimal from elsewhere (a balance, a provider's limit) into
 * units cut or rounded up, and units back into text for the screen, grouped in threes or not.
 * Amounts are bigints and decimal strings throughout, never floats, so what is shown and sent is
 * exact. viem's `parseUnits`/`formatUnits` move the point; `Intl.NumberFormat` groups the digits.
 */
import { formatUnits, parseUnits } from 'viem'
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

/** What is wrong with a typed amount: nothing typed, not a plain decimal, or too precise. */
export type AmountTextProblem = 'empty' | 'notANumber' | 'tooManyDecimals'

/** A typed amount read: its units, or what is wrong with it. */
export type ParsedAmount =
  | { units: bigint; problem: undefined }
  | { units: undefined; problem: AmountTextProblem }

/** How digits past the kept places go: cut (towards zero) or rounded up (away from zero). */
export type AmountRounding = 'down' | 'up'

// Digits with at most one point, at least one digit: no sign, exponent, separator or space.
const typedAmountPattern = /^(\d+\.?\d*|\.\d+)$/
// The same with an optional '-': what a balance or a provider's figure may be.
const decimalPattern = /^(-?)(\d+\.?\d*|\.\d+)$/
// A number's or a string's decimal: sign, digits around the point, an optional exponent.
const exponentDecimalPattern = /^(-?)(?=\.?\d)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i
// Beyond this an exponent cannot come from a JS number and would only build huge strings.
const maxExponent = 400

// 'en-US' whatever the visitor's locale: the spec's amounts read '7,500.00'.
const groupedDigits = new Intl.NumberFormat('en-US', { useGrouping: true })

/**
 * Reads an amount a visitor typed (surrounding spaces ignored) into units of `decimals` places,
 * or says what is wrong: `'empty'`, `'notANumber'` (anything but digits with at most one point:
 * no sign, exponent, separator) or `'tooManyDecimals'` (more places than `decimals`). Never
 * rounds.
 *
 * @example
 * parseAmount('1.5', 6) // { units: 1_500_000n }
 * parseAmount('1.1234567', 6) // { problem: 'tooManyDecimals' }
 * parseAmount('1e3', 6) // { problem: 'notANumber' }
 */
export function parseAmount(text: string, decimals: number): ParsedAmount {
  const amount = text.trim()
  if (amount === '') return refused('empty')
  if (!typedAmountPattern.test(amount)) return refused('notANumber')
  if ((amount.split('.')[1] ?? '').length > decimals) return refused('tooManyDecimals')
  return { units: parseUnits(amount, decimals), problem: undefined }
}

const refused = (problem: AmountTextProblem): ParsedAmount => ({ units: undefined, problem })

/**
 * The units of a typed amount (see {@link parseAmount}), or undefined when it is not one.
 *
 * @example
 * amountUnits('2.5', 18) // 2_500_000_000_000_000_000n
 * amountUnits('2.5', 0) // undefined
 */
export function amountUnits(text: string, decimals: number): bigint | undefined {
  return parseAmount(text, decimals).units
}

/**
 * A plain decimal from elsewhere (a balance, a provider's limit; an optional '-', surrounding
 * spaces ignored) in units of `decimals` places, digits past them cut (`'down'`, the default)
 * or rounded up (`'up'`, away from zero); undefined when it is not a plain decimal.
 *
 * @example
 * decimalUnits('10.001', 2) // 1000n
 * decimalUnits('10.001', 2, 'up') // 1001n
 * decimalUnits('ten', 2) // undefined
 */
export function decimalUnits(
  text: string,
  decimals: number,
  rounding: AmountRounding = 'down',
): bigint | undefined {
  const match = decimalPattern.exec(text.trim())
  if (!match) return undefined
  const [, sign = '', digits = ''] = match
  const [integer = '', fraction = ''] = digits.split('.')
  const units = parseUnits(`${integer || '0'}.${fraction.slice(0, decimals) || '0'}`, decimals)
  const roundUp = rounding === 'up' && /[1-9]/.test(fraction.slice(decimals))
  const magnitude = roundUp ? units + 1n : units
  return sign === '-' ? -magnitude : magnitude
}

/** How {@link formatAmountUnits} writes units. */
export type AmountFormat = {
  /** Places shown at most; the rest cut (or rounded up with `rounding: 'up'`). Default: all. */
  maxFractionDigits?: number | undefined
  /** Places always shown, padded with zeros. Default 0: trailing zeros dropped. */
  minFractionDigits?: number | undefined
  /** Default `'down'`: a holder is never shown more than they have. */
  rounding?: AmountRounding | undefined
  /** Whole digits in groups of three with ',' (`2,961`). Default false. */
  grouping?: boolean | undefined
}

/**
 * Units of `decimals` places as text: the point put back by `formatUnits`, at most
 * `maxFractionDigits` places (cut by default), at least `minFractionDigits`, the whole part
 * grouped in threes when asked. A negative keeps its '-' unless it cuts to zero.
 *
 * @example
 * formatAmountUnits(2_961_224_000n, 6, { maxFractionDigits: 2, grouping: true }) // '2,961.22'
 * formatAmountUnits(34_512n, 6) // '0.034512'
 * formatAmountUnits(750_000n, 2, { minFractionDigits: 2, grouping: true }) // '7,500.00'
 */
export function formatAmountUnits(
  units: bigint,
  decimals: number,
  format: AmountFormat = {},
): string {
  const { maxFractionDigits, minFractionDigits = 0, rounding = 'down', grouping = false } = format
  const negative = units < 0n
  let magnitude = negative ? -units : units
  let places = decimals
  if (maxFractionDigits !== undefined && maxFractionDigits < decimals) {
    const step = 10n ** BigInt(decimals - maxFractionDigits)
    const rest = magnitude % step
    magnitude = magnitude / step + (rounding === 'up' && rest > 0n ? 1n : 0n)
    places = maxFractionDigits
  }
  const [integer = '0', fraction = ''] = formatUnits(magnitude, places).split('.')
  const shownInteger = grouping ? groupedDigits.format(BigInt(integer)) : integer
  const shownFraction = fraction.padEnd(minFractionDigits, '0')
  const sign = negative && magnitude !== 0n ? '-' : ''
  return `${sign}${shownInteger}${shownFraction ? `.${shownFraction}` : ''}`
}

/**
 * A fiat amount with exactly two decimals, as payments are written: `'7500'` → `'7,500.00'`.
 * Cents past the second are cut (`'down'`, the default) or rounded up; undefined when `amount` is
 * not a plain decimal. Grouped in threes unless `grouping: false` (what a provider's API takes).
 *
 * @example
 * formatFiatAmount('7500') // '7,500.00'
 * formatFiatAmount('10.001', { rounding: 'up' }) // '10.01'
 * formatFiatAmount('100', { grouping: false }) // '100.00'
 */
export function formatFiatAmount(
  amount: string,
  { rounding = 'down', grouping = true }: Pick<AmountFormat, 'rounding' | 'grouping'> = {},
): string | undefined {
  const cents = decimalUnits(amount, fiatDecimals, rounding)
  return cents === undefined ? undefined : formatFiatCents(cents, { grouping })
}

/**
 * Cents as a fiat amount with two decimals, grouped in threes unless `grouping: false`.
 *
 * @example
 * formatFiatCents(1001n) // '10.01'
 * formatFiatCents(2_500_000n) // '25,000.00'
 */
export function formatFiatCents(
  cents: bigint,
  { grouping = true }: Pick<AmountFormat, 'grouping'> = {},
): string {
  return formatAmountUnits(cents, fiatDecimals, { minFractionDigits: fiatDecimals, grouping })
}

/** The places of a fiat amount: cents. */
export const fiatDecimals = 2

/**
 * The exact sum of plain decimals, with as many places as the most precise of them (trailing
 * zeros kept); undefined when one is not a plain decimal.
 *
 * @example
 * sumDecimals(['1.5', '0.25']) // '1.75'
 * sumDecimals(['1.50', '0.20']) // '1.70'
 */
export function sumDecimals(amounts: readonly string[]): string | undefined {
  const places = Math.max(0, ...amounts.map((amount) => amount.trim().split('.')[1]?.length ?? 0))
  let sum = 0n
  for (const amount of amounts) {
    const units = decimalUnits(amount, places)
    if (units === undefined) return undefined
    sum += units
  }
  return formatAmountUnits(sum, places, { minFractionDigits: places })
}

/**
 * A string, number or bigint as a plain decimal: an exponent applied, a number read as its
 * shortest text (`0.1 + 0.2` is `'0.30000000000000004'`, not the float's binary value). Strings
 * may have a '-' and an exponent (`'-1.5'`, `'.5'`, `'1e-7'`); no whitespace, '+', separators or
 * hex.
 *
 * @throws {InvalidAmountError} for NaN, Infinity and strings that are not decimals.
 *
 * @example
 * plainDecimal('1.2345E+2') // '123.45'
 * plainDecimal(1e-7) // '0.0000001'
 * plainDecimal(-5n) // '-5'
 */
export function plainDecimal(value: string | number | bigint): string {
  if (typeof value === 'bigint') return value.toString()
  const match = exponentDecimalPattern.exec(typeof value === 'string' ? value : String(value))
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
  const integer = padded.slice(0, shift) || '0'
  const fraction = padded.slice(shift)
  return `${sign}${integer}${fraction ? `.${fraction}` : ''}`
}
