import { maxUint256 } from 'viem'
import { describe, expect, test } from 'vitest'
import { approveText as text } from '../../messages/approveText'
import { amountText, timeText } from './decodedText'

const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const usdc = { source: 'trusted', units: { symbol: 'USDC', decimals: 6 } } as const

describe('amountText', () => {
  test('behavior: in the token’s units when known, raw units of its address otherwise', () => {
    expect(amountText(1_500_000n, usdc, token)).toBe('1.5 USDC')
    expect(amountText(5n, { source: 'none' }, token)).toBe(text.rawUnits('5', token))
  })

  test('behavior: an allowance of 2^128 or more is unlimited; a transfer keeps its number', () => {
    expect(amountText(maxUint256, usdc, token, { allowance: true })).toBe(text.unlimited)
    expect(amountText(2n ** 128n, usdc, token, { allowance: true })).toBe(text.unlimited)
    expect(amountText(2n ** 128n - 1n, usdc, token, { allowance: true })).not.toBe(text.unlimited)
  })
})

describe('timeText', () => {
  test('behavior: a Unix time in UTC to the minute; one past what a Date holds is never', () => {
    expect(timeText(1_767_225_600n)).toBe('2026-01-01 00:00 UTC')
    expect(timeText(2n ** 48n - 1n)).toBe(text.never)
  })
})
