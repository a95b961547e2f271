/**
 * Numbers, money and dates in the visitor's locale, through Intl: the spec's display rules
 * (amounts cut to 2 or 3 decimals, no thousands separators) keep their digits and only take the
 * locale's decimal sign; USD and dates are the locale's own. Digits stay Latin everywhere
 * (`numberingSystem: 'latn'`), as amounts and addresses are read beside each other.
 */
import { frameLocale } from './frameLocale'

const numbers = new Intl.NumberFormat(frameLocale, { numberingSystem: 'latn' })
const decimalSign = numbers.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
const usd = new Intl.NumberFormat(frameLocale, {
  style: 'currency',
  currency: 'USD',
  numberingSystem: 'latn',
})
const shortDate = new Intl.DateTimeFormat(frameLocale, {
  month: 'short',
  day: 'numeric',
  numberingSystem: 'latn',
})
const day = new Intl.DateTimeFormat(frameLocale, { dateStyle: 'medium', numberingSystem: 'latn' })
const shortDateWithYear = new Intl.DateTimeFormat(frameLocale, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  numberingSystem: 'latn',
})

/**
 * An amount formatted by the spec's rules (`'10.5 ETH'`, `'<0.01'`) with the locale's decimal
 * sign: `'10,5 ETH'` in German.
 * @example localDecimal('10.5 ETH') // '10.5 ETH' in English
 */
export function localDecimal(text: string): string {
  return decimalSign === '.' ? text : text.replace(/(\d)\.(\d)/g, `$1${decimalSign}$2`)
}

/**
 * A USD value in the locale's currency format: `$1,250.50` in English, `1.250,50 $` in German;
 * a non-zero value under a cent is `<$0.01`.
 */
export function formatUsd(value: number): string {
  if (value > 0 && value < 0.01) return `<${usd.format(0.01)}`
  return usd.format(value)
}

/** A date as a short day and month, with the year when it is not this year's. */
export function formatShortDate(date: Date, now: Date): string {
  const sameYear = date.getFullYear() === now.getFullYear()
  return (sameYear ? shortDate : shortDateWithYear).format(date)
}

/** A day (an ISO time's date) in the locale's medium style: `Mar 4, 2026`, `4 mars 2026`. */
export function formatDay(iso: string): string {
  return day.format(new Date(iso))
}
