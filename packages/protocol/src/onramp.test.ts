import { describe, expect, test } from 'vitest'
import {
  coinbasePayNetworks,
  onrampAmountError,
  onrampCheckoutRequestSchema,
  onrampDefaultLimits,
  onrampDefaultPurchaseCurrencies,
  onrampQuoteRequestSchema,
} from './onramp'

const card = { min: '10.00', max: '7500.00' }

describe('onrampAmountError', () => {
  test.each([
    ['', 'Enter an amount'],
    ['   ', 'Enter an amount'],
    ['ten', 'Enter a number'],
    ['1e3', 'Enter a number'],
    ['-5', 'Enter a number'],
    ['1,000', 'Enter a number'],
    ['.', 'Enter a number'],
    ['10.5.1', 'Enter a number'],
    ['10.123', 'At most 2 decimals'],
    ['0', 'Enter an amount above 0'],
    ['0.00', 'Enter an amount above 0'],
    ['9.99', 'The minimum is 10.00 USD'],
    ['7500.01', 'The maximum is 7,500.00 USD'],
    ['1000000', 'The maximum is 7,500.00 USD'],
  ])('behavior: %j is refused with %j', (amount, words) => {
    expect(onrampAmountError(amount, card, 'USD')).toBe(words)
  })

  test.each(['10', '10.00', '100.5', '7500', '7500.00', ' 250 '])(
    'behavior: %j within the limits passes',
    (amount) => {
      expect(onrampAmountError(amount, card, 'USD')).toBeUndefined()
    },
  )

  test('behavior: the bank limit reads with separators; limits with more decimals round inwards', () => {
    expect(onrampAmountError('25000.01', { min: '10.00', max: '25000.00' }, 'USD')).toBe(
      'The maximum is 25,000.00 USD',
    )
    expect(onrampAmountError('10.00', { min: '10.001', max: '99.999' }, 'EUR')).toBe(
      'The minimum is 10.01 EUR',
    )
    expect(onrampAmountError('100', { min: '10.001', max: '99.999' }, 'EUR')).toBe(
      'The maximum is 99.99 EUR',
    )
  })

  test('behavior: without limits only the form is checked', () => {
    expect(onrampAmountError('123456.78', undefined, 'EUR')).toBeUndefined()
    expect(onrampAmountError('1.234', undefined, 'EUR')).toBe('At most 2 decimals')
  })
})

describe('onramp defaults', () => {
  test('behavior: USD card and bank account have the limits of spec §9; others none', () => {
    expect(onrampDefaultLimits('USD', 'card')).toEqual({ id: 'card', min: '10.00', max: '7500.00' })
    expect(onrampDefaultLimits('usd', 'ach_bank_account')).toEqual({
      id: 'ach_bank_account',
      min: '10.00',
      max: '25000.00',
    })
    expect(onrampDefaultLimits('USD', 'apple_pay')).toBeUndefined()
    expect(onrampDefaultLimits('EUR', 'card')).toBeUndefined()
  })

  test('behavior: USDC on Ethereum and Polygon is bought by default', () => {
    expect(onrampDefaultPurchaseCurrencies()).toEqual([
      {
        symbol: 'USDC',
        networks: [
          { name: 'Ethereum', caipNetworkId: 'eip155:1' },
          { name: 'Polygon', caipNetworkId: 'eip155:137' },
        ],
      },
    ])
  })

  test('behavior: every Coinbase Pay chain has its CAIP-2 network', () => {
    expect(Object.keys(coinbasePayNetworks)).toEqual([
      'ethereum',
      'arbitrum',
      'polygon',
      'berachain',
      'avalanche-c-chain',
      'optimism',
      'celo',
      'base',
    ])
    expect(coinbasePayNetworks.base).toBe('eip155:8453')
  })
})

describe('onramp request schemas', () => {
  test('behavior: a quote names currencies, an amount and a CAIP-2 network', () => {
    expect(
      onrampQuoteRequestSchema.safeParse({
        purchaseCurrency: 'USDC',
        paymentCurrency: 'USD',
        amount: '100.00',
        network: 'eip155:1',
      }).success,
    ).toBe(true)
    expect(
      onrampQuoteRequestSchema.safeParse({
        purchaseCurrency: 'USDC',
        paymentCurrency: 'USD',
        amount: '100.00',
        network: 'ethereum',
      }).success,
    ).toBe(false)
    expect(
      onrampQuoteRequestSchema.safeParse({
        purchaseCurrency: 'USDC',
        paymentCurrency: 'USD',
        amount: 100,
        network: 'eip155:1',
      }).success,
    ).toBe(false)
  })

  test('behavior: a checkout names its provider and address; unknown fields are refused', () => {
    const checkout = {
      provider: 'coinbase',
      address: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045',
      network: 'eip155:8453',
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '50',
    }
    expect(onrampCheckoutRequestSchema.safeParse(checkout).success).toBe(true)
    expect(
      onrampCheckoutRequestSchema.safeParse({ ...checkout, provider: 'moonpay' }).success,
    ).toBe(false)
    expect(onrampCheckoutRequestSchema.safeParse({ ...checkout, apiKey: 'x' }).success).toBe(false)
  })
})
