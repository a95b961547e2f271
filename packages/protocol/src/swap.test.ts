import { describe, expect, test } from 'vitest'
import {
  minimumReceived,
  swapAmountError,
  swapAmountErrors,
  swapQuoteSchema,
  swapSlippageError,
  swapUnitsError,
} from './swap'

const usdc = { value: 2_500_000n, symbol: 'USDC' }

describe('swapAmountError', () => {
  test('behavior: an empty amount asks for one', () => {
    expect(swapAmountError('', 6)).toBe('Enter an amount')
    expect(swapAmountError('   ', 6, usdc)).toBe('Enter an amount')
  })

  test.each(['abc', '1,5', '1e3', '-1', '+1', '0x10', '1.2.3', '.', '1 000', 'Infinity', 'NaN'])(
    "behavior: %j is not a number: 'Enter a number'",
    (text) => {
      expect(swapAmountError(text, 18, usdc)).toBe('Enter a number')
    },
  )

  test("behavior: more decimals than the token has is refused in the Send form's words", () => {
    expect(swapAmountError('1.1234567', 6, usdc)).toBe('Too many decimals: the token has 6')
    expect(swapAmountError('1.5', 0)).toBe('Too many decimals: the token has 0')
    expect(swapAmountError('1.123456', 6, usdc)).toBeUndefined()
  })

  test('behavior: zero, however written, is refused', () => {
    for (const zero of ['0', '0.0', '.000', '00.'])
      expect(swapAmountError(zero, 6, usdc)).toBe('Enter an amount greater than 0')
  })

  test("behavior: more than the balance is 'Insufficient {symbol} balance'; exactly all of it is fine", () => {
    expect(swapAmountError('2.500001', 6, usdc)).toBe('Insufficient USDC balance')
    expect(swapAmountError('2.5', 6, usdc)).toBeUndefined()
    expect(swapAmountError(' .5 ', 6, usdc)).toBeUndefined()
    expect(swapAmountError('3.', 6, usdc)).toBe(swapAmountErrors.insufficientBalance('USDC'))
  })

  test('behavior: without a balance only the form of the amount is checked', () => {
    expect(swapAmountError('1000000000', 18)).toBeUndefined()
  })

  test('behavior: beyond a uint256 is too large', () => {
    expect(swapAmountError('1'.padEnd(79, '0'), 0)).toBe('Amount too large')
    expect(swapAmountError((2n ** 256n - 1n).toString(), 0)).toBeUndefined()
  })
})

describe('swapUnitsError', () => {
  test('behavior: smallest units are whole numbers above zero', () => {
    expect(swapUnitsError('1000000')).toBeUndefined()
    expect(swapUnitsError('')).toBe('Enter an amount')
    expect(swapUnitsError('ten')).toBe('Enter a number')
    expect(swapUnitsError('0')).toBe('Enter an amount greater than 0')
    expect(swapUnitsError('1.5')).toBe(
      "Too many decimals: the amount is in the token's smallest units, a whole number",
    )
  })
})

describe('minimumReceived', () => {
  test("behavior: the spec's 1 % slippage keeps 99 %, rounded down", () => {
    expect(minimumReceived(1_000_000n)).toBe(990_000n)
    expect(minimumReceived(199n)).toBe(197n)
    expect(minimumReceived(10n ** 30n, 0.5)).toBe(995n * 10n ** 27n)
  })
})

test('behavior: a quote carries its amounts as decimal strings and when it expires', () => {
  const quote = {
    chainId: 31337,
    fromToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
    toToken: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    fromAmount: '1000000000000000000',
    toAmount: '3000000000',
    minimumReceived: '2970000000',
    slippage: 1,
    expiresAt: 1_700_000_030_000,
  }
  expect(swapQuoteSchema.parse(quote)).toEqual(quote)
  expect(swapQuoteSchema.safeParse({ ...quote, toAmount: 3e9 }).success).toBe(false)
  expect(swapQuoteSchema.safeParse({ ...quote, toAmount: '3.5' }).success).toBe(false)
})

describe('swapSlippageError', () => {
  test('behavior: the choices and a custom slippage in hundredths of a percent up to 50 % stand', () => {
    for (const slippage of [0.1, 0.5, 1, 0.01, 5.5, 50, '2.25', ' 3 ', '.5'])
      expect(swapSlippageError(slippage)).toBeUndefined()
  })

  test('behavior: out of 0.01 %–50 %, finer than 0.01 % or not a number is refused in words', () => {
    expect(swapSlippageError(0)).toBe('Slippage must be from 0.01% to 50%')
    expect(swapSlippageError(50.01)).toBe('Slippage must be from 0.01% to 50%')
    expect(swapSlippageError(-1)).toBe('Slippage must be from 0.01% to 50%')
    expect(swapSlippageError(Number.NaN)).toBe(
      'Enter the slippage as a number of percent, such as 0.5',
    )
    expect(swapSlippageError(0.125)).toBe('Slippage has at most 2 decimals')
    for (const text of ['', 'abc', '1%', '-1', '1e1', '0x1'])
      expect(swapSlippageError(text)).toBe('Enter the slippage as a number of percent, such as 0.5')
  })
})
