import {
  type OnrampOptions,
  type OnrampProvider,
  type OnrampQuote,
  onrampAmountError,
} from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import { emptyOnrampForm } from '../stores/onrampState'
import { safeCheckoutUrl } from './checkoutWindow'
import {
  chosenOnrampProvider,
  isOnrampNetwork,
  type OnrampQuoteResult,
  onrampChoices,
  onrampProvidersOn,
  onrampQuoteRequest,
  rankOnrampProviders,
} from './onrampChoices'
import { onrampLimitsText } from './onrampFormat'
import { countryOfLanguage } from './onrampLocale'

const ethereum = 'eip155:1'
const anvil = 'eip155:31337'
const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

const meld: OnrampProvider = {
  id: 'meld',
  label: 'Meld.io',
  name: 'meld',
  feeRange: '1-2%',
  url: 'https://meld.io',
  supportedChains: [ethereum, anvil, solana],
}
const coinbase: OnrampProvider = {
  id: 'coinbase',
  label: 'Coinbase',
  name: 'coinbase',
  feeRange: '1-2%',
  url: 'https://pay.coinbase.com',
  // Even listed, anvil is not one of Coinbase Pay's chains.
  supportedChains: [ethereum, anvil],
}

const options: OnrampOptions = {
  providers: [meld, coinbase],
  purchaseCurrencies: [
    { symbol: 'ETH', networks: [{ name: 'Ethereum', caipNetworkId: ethereum }] },
    {
      symbol: 'USDC',
      networks: [
        { name: 'Ethereum', caipNetworkId: ethereum },
        { name: 'Anvil', caipNetworkId: anvil },
      ],
    },
    { symbol: 'SOL', networks: [{ name: 'Solana', caipNetworkId: solana }] },
  ],
  paymentCurrencies: [
    {
      id: 'USD',
      payment_method_limits: [
        // A provider's own USD card limits: spec §9's win, as the API checks those.
        { id: 'card', min: '5', max: '20000' },
        { id: 'ach_bank_account', min: '10', max: '25000' },
        { id: 'apple_pay', min: '10', max: '1000' },
      ],
    },
    { id: 'EUR', payment_method_limits: [{ id: 'card', min: '19.995', max: '9999.999' }] },
  ],
  defaultPurchaseCurrency: 'USDC',
  defaultPaymentCurrency: 'USD',
}

const quote = (provider: OnrampQuote['provider'], amount: string): OnrampQuoteResult => ({
  status: 'quoted',
  quote: {
    provider,
    purchaseAmount: { amount, currency: 'USDC' },
    paymentAmount: { amount: '100.00', currency: 'USD' },
    fees: { amount: '1.50', currency: 'USD' },
    network: ethereum,
  },
})

describe('isOnrampNetwork', () => {
  test('behavior: eip155 and solana networks can buy, others cannot (spec §6)', () => {
    expect(isOnrampNetwork(ethereum)).toBe(true)
    expect(isOnrampNetwork(solana)).toBe(true)
    expect(isOnrampNetwork('bip122:000000000019d6689c085ae165831e93')).toBe(false)
    expect(isOnrampNetwork('polkadot:91b171bb158e2d3848fa23a9f1c25182')).toBe(false)
    expect(isOnrampNetwork(undefined)).toBe(false)
  })
})

describe('onrampProvidersOn', () => {
  test('behavior: Coinbase only on Coinbase Pay’s chains, even when it lists another', () => {
    expect(onrampProvidersOn(options, ethereum).map((p) => p.id)).toEqual(['meld', 'coinbase'])
    expect(onrampProvidersOn(options, anvil).map((p) => p.id)).toEqual(['meld'])
  })

  test('behavior: a provider that does not list the network is not offered on it', () => {
    expect(onrampProvidersOn(options, solana).map((p) => p.id)).toEqual(['meld'])
    expect(onrampProvidersOn(options, 'eip155:8453')).toEqual([])
  })
})

describe('onrampChoices', () => {
  test('behavior: USDC, paid in USD by card, by default where USDC is offered', () => {
    const choices = onrampChoices(options, ethereum, emptyOnrampForm)
    expect(choices.purchaseCurrencies).toEqual(['ETH', 'USDC'])
    expect(choices.purchaseCurrency).toBe('USDC')
    expect(choices.paymentCurrency).toBe('USD')
    expect(choices.paymentCurrencies).toEqual(['USD', 'EUR'])
    expect(choices.paymentMethod).toBe('card')
    expect(choices.paymentMethods.map((method) => method.id)).toEqual(['card', 'ach_bank_account'])
  })

  test('behavior: USD’s limits are spec §9’s whatever a provider lists', () => {
    const choices = onrampChoices(options, ethereum, emptyOnrampForm)
    expect(choices.limits).toEqual({ id: 'card', min: '10.00', max: '7500.00' })
    const ach = onrampChoices(options, ethereum, {
      ...emptyOnrampForm,
      paymentMethod: 'ach_bank_account',
    })
    expect(ach.limits).toEqual({ id: 'ach_bank_account', min: '10.00', max: '25000.00' })
  })

  test('behavior: without USDC on the network, the first currency offered on it', () => {
    expect(onrampChoices(options, solana, emptyOnrampForm).purchaseCurrency).toBe('SOL')
    expect(onrampChoices(options, 'eip155:8453', emptyOnrampForm).purchaseCurrency).toBe(undefined)
  })

  test('behavior: the visitor’s picks win while offered; one not offered falls back', () => {
    const picked = onrampChoices(options, ethereum, {
      ...emptyOnrampForm,
      purchaseCurrency: 'ETH',
      paymentCurrency: 'EUR',
    })
    expect(picked.purchaseCurrency).toBe('ETH')
    expect(picked.paymentCurrency).toBe('EUR')
    // EUR has no bank transfer: card, with the listed limits.
    expect(picked.paymentMethods.map((method) => method.id)).toEqual(['card'])
    expect(picked.limits).toEqual({ id: 'card', min: '19.995', max: '9999.999' })
    const elsewhere = onrampChoices(options, solana, {
      ...emptyOnrampForm,
      purchaseCurrency: 'ETH',
    })
    expect(elsewhere.purchaseCurrency).toBe('SOL')
  })

  test('behavior: options listing no payment currency fall back to USD’s defaults', () => {
    const choices = onrampChoices({ ...options, paymentCurrencies: [] }, ethereum, emptyOnrampForm)
    expect(choices.paymentCurrencies).toEqual(['USD'])
    expect(choices.limits).toEqual({ id: 'card', min: '10.00', max: '7500.00' })
  })
})

describe('onrampLimitsText', () => {
  test('behavior: limits in words, with thousands separators and cents', () => {
    expect(onrampLimitsText({ min: '10.00', max: '7500.00' }, 'USD')).toBe(
      'From 10.00 to 7,500.00 USD',
    )
    expect(onrampLimitsText({ min: '10', max: '25000' }, 'USD')).toBe('From 10.00 to 25,000.00 USD')
  })

  test('behavior: rounded inwards, as the amount messages say them', () => {
    const limits = { min: '19.995', max: '9999.999' }
    expect(onrampLimitsText(limits, 'EUR')).toBe('From 20.00 to 9,999.99 EUR')
    expect(onrampAmountError('1', limits, 'EUR')).toBe('The minimum is 20.00 EUR')
    expect(onrampAmountError('10000', limits, 'EUR')).toBe('The maximum is 9,999.99 EUR')
  })
})

describe('rankOnrampProviders and chosenOnrampProvider', () => {
  test('behavior: the quote delivering the most comes first and is chosen by default', () => {
    const rows = rankOnrampProviders([meld, coinbase], {
      meld: quote('meld', '98.5'),
      coinbase: quote('coinbase', '99.120000'),
    })
    expect(rows.map((row) => row.provider.id)).toEqual(['coinbase', 'meld'])
    expect(chosenOnrampProvider(rows, undefined)?.provider.id).toBe('coinbase')
    expect(chosenOnrampProvider(rows, 'meld')?.provider.id).toBe('meld')
  })

  test('behavior: a failed quote goes last and cannot be chosen', () => {
    const rows = rankOnrampProviders([meld, coinbase], {
      meld: { status: 'failed', message: 'Meld.io is unavailable.' },
      coinbase: quote('coinbase', '99'),
    })
    expect(rows.map((row) => row.provider.id)).toEqual(['coinbase', 'meld'])
    expect(chosenOnrampProvider(rows, 'meld')?.provider.id).toBe('coinbase')
  })

  test('behavior: while quotes are on their way, or all failed, none is chosen', () => {
    const loading = rankOnrampProviders([meld, coinbase], {
      meld: { status: 'loading' },
      coinbase: { status: 'loading' },
    })
    expect(loading.map((row) => row.provider.id)).toEqual(['meld', 'coinbase'])
    expect(chosenOnrampProvider(loading, 'meld')).toBeUndefined()
    expect(chosenOnrampProvider(rankOnrampProviders([meld], {}), undefined)).toBeUndefined()
  })
})

describe('where the visitor buys from (issue 36)', () => {
  test('behavior: the country comes from the browser language, its usual region for a bare language', () => {
    expect(countryOfLanguage('de-DE')).toBe('DE')
    expect(countryOfLanguage('en-GB')).toBe('GB')
    expect(countryOfLanguage('fr')).toBe('FR')
    expect(countryOfLanguage('pt-BR')).toBe('BR')
    // A region the picker does not offer, or no tag at all: none (the default, US, stands).
    expect(countryOfLanguage('ar-EG')).toBeUndefined()
    expect(countryOfLanguage('not a tag')).toBeUndefined()
    expect(countryOfLanguage(undefined)).toBeUndefined()
  })

  test('behavior: a German browser buys from Germany, in euros where offered; the quote says so', () => {
    const choices = onrampChoices(options, ethereum, emptyOnrampForm, 'de-DE')
    expect(choices).toMatchObject({ country: 'DE', paymentCurrency: 'EUR' })
    expect(choices.limits).toEqual({ id: 'card', min: '19.995', max: '9999.999' })
    expect(onrampQuoteRequest(choices, ethereum, '50')).toMatchObject({
      country: 'DE',
      paymentCurrency: 'EUR',
    })
  })

  test('behavior: the visitor’s country wins over the language; a currency not offered falls back to USD; their own currency pick wins', () => {
    expect(
      onrampChoices(options, ethereum, { ...emptyOnrampForm, country: 'FR' }, 'en-US'),
    ).toMatchObject({ country: 'FR', paymentCurrency: 'EUR' })
    // Pounds are not offered here: the options' default.
    expect(
      onrampChoices(options, ethereum, { ...emptyOnrampForm, country: 'GB' }, 'de-DE'),
    ).toMatchObject({ country: 'GB', paymentCurrency: 'USD' })
    expect(
      onrampChoices(options, ethereum, { ...emptyOnrampForm, paymentCurrency: 'USD' }, 'de-DE'),
    ).toMatchObject({ country: 'DE', paymentCurrency: 'USD' })
    // A country the picker does not offer is not sent.
    expect(
      onrampChoices(options, ethereum, { ...emptyOnrampForm, country: 'QQ' }, 'en-US').country,
    ).toBe('US')
  })
})

describe('onrampQuoteRequest', () => {
  test('behavior: the form as the API takes it, the amount trimmed', () => {
    const choices = onrampChoices(options, ethereum, emptyOnrampForm)
    expect(onrampQuoteRequest(choices, ethereum, ' 100.5 ')).toEqual({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '100.5',
      network: ethereum,
      paymentMethod: 'card',
      country: 'US',
    })
  })

  test('behavior: nothing to buy on the network, nothing to ask', () => {
    const choices = onrampChoices(options, 'eip155:8453', emptyOnrampForm)
    expect(onrampQuoteRequest(choices, 'eip155:8453', '100')).toBeUndefined()
  })
})

describe('safeCheckoutUrl', () => {
  test("behavior: only https checkouts are opened, or the dev stand-ins' http ones on loopback", () => {
    expect(safeCheckoutUrl('https://pay.coinbase.com/buy?sessionToken=abc')).toBe(
      'https://pay.coinbase.com/buy?sessionToken=abc',
    )
    expect(safeCheckoutUrl('http://meld.io/checkout')).toBeUndefined()
    // The dev stand-ins on loopback (npm start), and nothing that only starts like them.
    expect(safeCheckoutUrl('http://127.0.0.1:8795/meld/checkout/abc')).toBe(
      'http://127.0.0.1:8795/meld/checkout/abc',
    )
    expect(safeCheckoutUrl('http://127.0.0.1.evil.example/checkout')).toBeUndefined()
    expect(safeCheckoutUrl('http://localhost.evil.example/checkout')).toBeUndefined()
    expect(safeCheckoutUrl('javascript:alert(1)')).toBeUndefined()
    expect(safeCheckoutUrl('/relative')).toBeUndefined()
  })
})
