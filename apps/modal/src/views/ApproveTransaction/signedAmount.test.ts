import { describe, expect, test } from 'vitest'
import { signedAmount } from './signedAmount'

describe('signedAmount', () => {
  test('behavior: a loss has a true minus, a gain a plus', () => {
    expect(signedAmount(-500000000000000000n, 18, 'ETH')).toBe('−0.5 ETH')
    expect(signedAmount(1_000_000_000n, 6, 'aUSD')).toBe('+1,000 aUSD')
  })
  test('behavior: the integer part is grouped by thousands; the fraction is kept whole', () => {
    expect(signedAmount(-1_234_567_000_001n, 6, 'aUSD')).toBe('−1,234,567.000001 aUSD')
    expect(signedAmount(1n, 18, 'ETH')).toBe('+0.000000000000000001 ETH')
  })
  test('behavior: raw units, without a symbol, are a plain signed number', () => {
    expect(signedAmount(-12345n, 0, '')).toBe('−12,345')
  })
})
