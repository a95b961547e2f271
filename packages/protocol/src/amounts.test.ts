import { describe, expect, test } from 'vitest'
import {
  amountUnits,
  decimalUnits,
  formatAmountUnits,
  formatFiatAmount,
  formatFiatCents,
  InvalidAmountError,
  parseAmount,
  plainDecimal,
  sumDecimals,
} from './amounts'

describe('parseAmount', () => {
  test.each([
    ['1.5', 6, 1_500_000n],
    [' 1.5 ', 6, 1_500_000n],
    ['.5', 2, 50n],
    ['5.', 2, 500n],
    ['0', 18, 0n],
    ['007', 0, 7n],
    ['1.123456', 6, 1_123_456n],
    ['123456789012345678901234567890', 18, 123456789012345678901234567890n * 10n ** 18n],
  ])('behavior: %j with %i decimals is %s units', (text, decimals, units) => {
    expect(parseAmount(text, decimals)).toEqual({ units })
    expect(amountUnits(text, decimals)).toBe(units)
  })

  test.each(['', '   '])('behavior: %j is empty', (text) => {
    expect(parseAmount(text, 6)).toEqual({ problem: 'empty' })
  })

  test.each(['.', '-1', '+1', '1e3', '1,000', '1_000', '0x10', '1.2.3', 'ten', '1 000', '١٢'])(
    'behavior: %j is not a number',
    (text) => {
      expect(parseAmount(text, 6)).toEqual({ problem: 'notANumber' })
      expect(amountUnits(text, 6)).toBeUndefined()
    },
  )

  test('behavior: more places than the token has is refused, never rounded', () => {
    expect(parseAmount('1.1234567', 6)).toEqual({ problem: 'tooManyDecimals' })
    expect(parseAmount('1.5', 0)).toEqual({ problem: 'tooManyDecimals' })
    expect(amountUnits('0.125', 2)).toBeUndefined()
  })
})

describe('decimalUnits', () => {
  test('behavior: digits past the places are cut by default and rounded up on request', () => {
    expect(decimalUnits('10.001', 2)).toBe(1000n)
    expect(decimalUnits('10.001', 2, 'up')).toBe(1001n)
    expect(decimalUnits('10.000', 2, 'up')).toBe(1000n)
    expect(decimalUnits('99.999', 2)).toBe(9999n)
    expect(decimalUnits('0.000000000000000000001', 2, 'up')).toBe(1n)
  })

  test('behavior: a negative keeps its sign; rounding up goes away from zero', () => {
    expect(decimalUnits('-1.239', 2)).toBe(-123n)
    expect(decimalUnits('-1.231', 2, 'up')).toBe(-124n)
  })

  test.each(['', '.', 'ten', '1e3', '+1', '1,5'])('behavior: %j is not a decimal', (text) => {
    expect(decimalUnits(text, 2)).toBeUndefined()
  })
})

describe('formatAmountUnits', () => {
  test('behavior: puts the point back and drops trailing zeros', () => {
    expect(formatAmountUnits(34_512n, 6)).toBe('0.034512')
    expect(formatAmountUnits(1_500_000n, 6)).toBe('1.5')
    expect(formatAmountUnits(0n, 6)).toBe('0')
    expect(formatAmountUnits(123n, 0)).toBe('123')
  })

  test('behavior: cuts to the most places asked, never rounding up unless told', () => {
    expect(formatAmountUnits(2_961_229_000n, 6, { maxFractionDigits: 2 })).toBe('2961.22')
    expect(formatAmountUnits(2_961_221_000n, 6, { maxFractionDigits: 2, rounding: 'up' })).toBe(
      '2961.23',
    )
    expect(formatAmountUnits(1_999_999n, 6, { maxFractionDigits: 0 })).toBe('1')
  })

  test('behavior: groups whole digits in threes, whatever the locale', () => {
    expect(formatAmountUnits(2_961_224_000n, 6, { maxFractionDigits: 2, grouping: true })).toBe(
      '2,961.22',
    )
    expect(formatAmountUnits(123456789012345678901234n, 0, { grouping: true })).toBe(
      '123,456,789,012,345,678,901,234',
    )
    expect(formatAmountUnits(999n, 0, { grouping: true })).toBe('999')
  })

  test('behavior: pads to the fewest places asked', () => {
    expect(formatAmountUnits(750_000n, 2, { minFractionDigits: 2, grouping: true })).toBe(
      '7,500.00',
    )
    expect(formatAmountUnits(15n, 1, { minFractionDigits: 3 })).toBe('1.500')
  })

  test('behavior: a negative keeps its sign unless it cuts to zero', () => {
    expect(formatAmountUnits(-1_234_500n, 6, { grouping: true })).toBe('-1.2345')
    expect(formatAmountUnits(-5n, 6, { maxFractionDigits: 2 })).toBe('0')
  })
})

describe('formatFiatAmount', () => {
  test.each([
    ['7500', '7,500.00'],
    ['25000.00', '25,000.00'],
    ['10', '10.00'],
    ['.5', '0.50'],
    ['10.019', '10.01'],
  ])('behavior: %j reads %j', (amount, shown) => {
    expect(formatFiatAmount(amount)).toBe(shown)
  })

  test('behavior: rounds up on request and leaves out separators on request', () => {
    expect(formatFiatAmount('10.001', { rounding: 'up' })).toBe('10.01')
    expect(formatFiatAmount('1234.5', { grouping: false })).toBe('1234.50')
    expect(formatFiatCents(2_500_000n)).toBe('25,000.00')
    expect(formatFiatCents(1001n, { grouping: false })).toBe('10.01')
  })

  test('behavior: text that is not a decimal has no fiat form', () => {
    expect(formatFiatAmount('ten')).toBeUndefined()
  })
})

describe('sumDecimals', () => {
  test('behavior: adds exactly, to the places of the most precise', () => {
    expect(sumDecimals(['1.5', '0.25'])).toBe('1.75')
    expect(sumDecimals(['1.50', '0.20'])).toBe('1.70')
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3')
    expect(sumDecimals(['1', '2'])).toBe('3')
    expect(sumDecimals(['1.47', '0'])).toBe('1.47')
  })

  test('behavior: a term that is not a decimal gives no sum', () => {
    expect(sumDecimals(['1', 'x'])).toBeUndefined()
  })
})

describe('plainDecimal', () => {
  test('behavior: applies exponents and reads numbers as their shortest text', () => {
    expect(plainDecimal('1.2345E+2')).toBe('123.45')
    expect(plainDecimal(1e-7)).toBe('0.0000001')
    expect(plainDecimal(0.1 + 0.2)).toBe('0.30000000000000004')
    expect(plainDecimal(-5n)).toBe('-5')
    expect(plainDecimal('.5')).toBe('0.5')
  })

  test.each(['', ' 1', '+1', '0x10', 'NaN', Number.POSITIVE_INFINITY, '1e401'])(
    'behavior: %j throws InvalidAmountError',
    (value) => {
      expect(() => plainDecimal(value)).toThrow(InvalidAmountError)
    },
  )
})
