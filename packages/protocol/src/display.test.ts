import { describe, expect, test } from 'vitest'
import { InvalidAmountError } from './amounts'
import {
  formatAmount,
  formatBalance,
  formatNetworkFee,
  formatTransferAmount,
  truncateAddress,
  truncateEmail,
} from './display'
import { BaseError, errorCodes } from './errors'

describe('truncateAddress', () => {
  test('behavior: keeps the first 4 and last 6 characters around an ellipsis', () => {
    expect(truncateAddress('0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb')).toBe('0xab…5bfcdb')
    expect(truncateAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).toBe('7EcD…wCFLtV')
  })

  test('behavior: 11 characters or fewer are unchanged, 12 are truncated', () => {
    expect(truncateAddress('0123456789a')).toBe('0123456789a')
    expect(truncateAddress('0123456789ab')).toBe('0123…6789ab')
  })

  test.each(['', ' ', '0x'])('behavior: short input %j is unchanged', (address) => {
    expect(truncateAddress(address)).toBe(address)
  })

  test('behavior: counts code points, so an emoji is never split', () => {
    expect(truncateAddress('🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂')).toBe('🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂')
    expect(truncateAddress('🙂bcd0123456789')).toBe('🙂bcd…456789')
  })
})

describe('truncateEmail', () => {
  const thirty = 'abcdefghij@abcdefghijklmno.com'

  test('behavior: up to 30 characters are unchanged', () => {
    expect(thirty).toHaveLength(30)
    expect(truncateEmail(thirty)).toBe(thirty)
    expect(truncateEmail('a@b.co')).toBe('a@b.co')
    expect(truncateEmail('')).toBe('')
  })

  test('behavior: 31 characters become the first 30 and an ellipsis', () => {
    expect(truncateEmail(`${thirty}m`)).toBe(`${thirty}…`)
  })

  test('behavior: a long email keeps its first 30 characters', () => {
    expect(truncateEmail('a.very.long.name.for.a.person@example.com')).toBe(
      'a.very.long.name.for.a.person@…',
    )
  })

  test('behavior: counts emoji as one character each, not two UTF-16 units', () => {
    const emojiEmail = `${'😀'.repeat(25)}@a.io`
    expect(emojiEmail.length).toBe(55)
    expect(truncateEmail(emojiEmail)).toBe(emojiEmail)
    expect(truncateEmail(`${'😀'.repeat(31)}`)).toBe(`${'😀'.repeat(30)}…`)
  })

  test('behavior: whitespace is kept and counted like any character', () => {
    expect(truncateEmail(' '.repeat(31))).toBe(`${' '.repeat(30)}…`)
  })
})

describe('formatAmount', () => {
  test.each([
    ['1.23456', '1.234'],
    ['1.2349', '1.234'],
    ['1.9999', '1.999'],
    ['1', '1'],
    ['1.5', '1.5'],
    ['1.500', '1.5'],
    ['1.000', '1'],
    ['0.001', '0.001'],
    ['0010.5', '10.5'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['1000000', '1000000'],
    ['123456789012345678901234.5678', '123456789012345678901234.567'],
    ['-1.23456', '-1.234'],
    ['-0.5', '-0.5'],
  ])('behavior: %s shows as %s', (value, shown) => {
    expect(formatAmount(value)).toBe(shown)
  })

  test.each(['0', '0.0000', '-0', '000', '0e5'])('behavior: zero %s shows as 0', (value) => {
    expect(formatAmount(value)).toBe('0')
  })

  test('behavior: non-zero values below 0.001 show as <0.001', () => {
    expect(formatAmount('0.0009999')).toBe('<0.001')
    expect(formatAmount('0.000000000000000001')).toBe('<0.001')
    expect(formatAmount(1e-7)).toBe('<0.001')
    expect(formatAmount('-0.0001')).toBe('-<0.001')
  })

  test('behavior: numbers are read as their shortest decimal, without float noise', () => {
    expect(formatAmount(0.1 + 0.2)).toBe('0.3')
    expect(formatAmount(1.005)).toBe('1.005')
    expect(formatAmount(2.675)).toBe('2.675')
    expect(formatAmount(-0)).toBe('0')
    expect(formatAmount(1e21)).toBe('1000000000000000000000')
    expect(formatAmount(1.5e-3)).toBe('0.001')
    expect(formatAmount(Number.MAX_SAFE_INTEGER)).toBe('9007199254740991')
  })

  test('behavior: exponent strings are accepted like the numbers they print', () => {
    expect(formatAmount('1e-7')).toBe('<0.001')
    expect(formatAmount('1.2345E+2')).toBe('123.45')
    expect(formatAmount('1.5e3')).toBe('1500')
  })

  test('behavior: bigints are whole numbers', () => {
    expect(formatAmount(123456789012345678901234567890n)).toBe('123456789012345678901234567890')
    expect(formatAmount(-5n)).toBe('-5')
    expect(formatAmount(0n)).toBe('0')
  })

  test.each([
    ['empty', ''],
    ['whitespace', ' '],
    ['padded', ' 1'],
    ['signed', '+1'],
    ['only a sign', '-'],
    ['only a dot', '.'],
    ['a comma decimal', '1,5'],
    ['thousands separators', '1,000'],
    ['underscores', '1_000'],
    ['hex', '0x10'],
    ['two dots', '1.2.3'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['letters', 'abc'],
    ['non-ASCII digits', '١٢'],
    ['a number NaN', Number.NaN],
    ['a number Infinity', Number.POSITIVE_INFINITY],
    ['a number -Infinity', Number.NEGATIVE_INFINITY],
  ])('behavior: %s throws InvalidAmountError', (_, value) => {
    expect(() => formatAmount(value)).toThrow(InvalidAmountError)
  })

  test('behavior: the error quotes the value and explains the expected form', () => {
    let thrown: unknown
    try {
      formatAmount('abc')
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(BaseError)
    const error = thrown as InvalidAmountError
    expect(error.name).toBe('InvalidAmountError')
    expect(error.shortMessage).toBe('Invalid amount "abc".')
    expect(error.details).toBe('Expected a finite decimal number such as "1.5", "-0.25" or "1e-7".')
    expect(error.code).toBe(errorCodes.invalidParams)
  })

  test('behavior: absurd exponents are refused instead of building huge strings', () => {
    expect(formatAmount('1e400')).toHaveLength(401)
    expect(() => formatAmount('1e401')).toThrow(InvalidAmountError)
    expect(() => formatAmount('1e-999999999')).toThrow(InvalidAmountError)
  })
})

describe('formatBalance', () => {
  test.each([
    ['1.239', '1.23'],
    ['1.2', '1.2'],
    ['1.10', '1.1'],
    ['0.01', '0.01'],
    ['0.019', '0.01'],
    ['123456789012345678901234.5678', '123456789012345678901234.56'],
    ['-12.349', '-12.34'],
    ['0', '0'],
  ])('behavior: %s shows as %s', (value, shown) => {
    expect(formatBalance(value)).toBe(shown)
  })

  test('behavior: non-zero values below 0.01 show as <0.01', () => {
    expect(formatBalance('0.009')).toBe('<0.01')
    expect(formatBalance('0.0001')).toBe('<0.01')
    expect(formatBalance('-0.009')).toBe('-<0.01')
  })

  test('behavior: invalid input throws', () => {
    expect(() => formatBalance('')).toThrow(InvalidAmountError)
  })
})

describe('formatTransferAmount', () => {
  test.each([
    ['2.5000', '2.5'],
    ['0.12345', '0.123'],
    ['0.0001', '<0.001'],
    ['100', '100'],
  ])('behavior: %s shows as %s', (value, shown) => {
    expect(formatTransferAmount(value)).toBe(shown)
  })

  test('behavior: invalid input throws', () => {
    expect(() => formatTransferAmount('1..2')).toThrow(InvalidAmountError)
  })
})

describe('formatNetworkFee', () => {
  const ether = { decimals: 18, symbol: 'ETH' }
  test('behavior: the fee in the native coin, up to 8 decimals, cut', () => {
    expect(formatNetworkFee(150_000n * 2_000_000_000n, ether)).toBe('0.0003 ETH')
    expect(formatNetworkFee(12_345_678_999_999_999n, ether)).toBe('0.01234567 ETH')
    expect(formatNetworkFee(2n * 10n ** 18n, ether)).toBe('2 ETH')
    expect(formatNetworkFee(5_000n, { decimals: 9, symbol: 'SOL' })).toBe('0.000005 SOL')
  })

  test('behavior: a fee below the shown places is "<0.00000001", and no fee is 0', () => {
    expect(formatNetworkFee(1n, ether)).toBe('<0.00000001 ETH')
    expect(formatNetworkFee(0n, ether)).toBe('0 ETH')
  })
})
