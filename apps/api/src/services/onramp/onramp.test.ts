// The onramp service against Meld's and Coinbase's real URLs, faked at the HTTP layer with msw
// (test/onrampProviders.ts): options merged over spec §9's defaults, quotes through each provider,
// checkouts with the address prefilled, Coinbase only on its chains, amounts refused before any
// provider is asked, and every provider failure a specific error.
import { ApiRefusal } from '@airlock/protocol'
import { delay, HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import {
  coinbaseApiSecret,
  coinbaseAppId,
  coinbaseKeyId,
  coinbaseUrl,
  fakeOnrampProviders,
  meldApiKey,
  meldUrl,
} from '../../../test/onrampProviders'
import { createOnramp, onrampAdapters } from './onramp'
import { OnrampProviderError } from './providerHttp'

const providers = fakeOnrampProviders()
const server = setupServer(...providers.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  providers.calls.length = 0
})
afterAll(() => server.close())

const both = {
  meld: { apiKey: meldApiKey },
  coinbase: { appId: coinbaseAppId, apiKey: { id: coinbaseKeyId, secret: coinbaseApiSecret } },
}
const onramp = (config: Parameters<typeof onrampAdapters>[0] = both, timeoutMs = 2_000) =>
  createOnramp(onrampAdapters(config, { timeoutMs }))

const usdc = { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100' } as const
const evmAddress = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045'

/** What the call threw, for asserting on its class and words. */
async function thrown(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work()
  } catch (error) {
    return error
  }
  throw new Error('it did not throw')
}

describe('onramp options', () => {
  test('behavior: both providers are listed with their 1-2% fee range and chains; USD keeps the spec limits', async () => {
    const options = await onramp().options()
    expect(options.providers.map(({ id, label, feeRange }) => [id, label, feeRange])).toEqual([
      ['meld', 'Meld.io', '1-2%'],
      ['coinbase', 'Coinbase', '1-2%'],
    ])
    expect(options.providers[1]?.supportedChains).toEqual([
      'eip155:1',
      'eip155:42161',
      'eip155:137',
      'eip155:80094',
      'eip155:43114',
      'eip155:10',
      'eip155:42220',
      'eip155:8453',
    ])
    expect(options.purchaseCurrencies).toEqual([
      {
        symbol: 'USDC',
        networks: [
          { name: 'Ethereum', caipNetworkId: 'eip155:1' },
          { name: 'Polygon', caipNetworkId: 'eip155:137' },
        ],
      },
    ])
    expect(options.defaultPurchaseCurrency).toBe('USDC')
    expect(options.paymentCurrencies).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
          { id: 'apple_pay', min: '2', max: '500' },
        ],
      },
      // Meld's 15–4000 and Coinbase's 5–8000: the widest the two offer together.
      { id: 'EUR', payment_method_limits: [{ id: 'card', min: '5', max: '8000' }] },
    ])
  })

  test('behavior: a provider whose options fail is left out; the others and the defaults remain', async () => {
    server.use(
      http.get(`${coinbaseUrl}/v1/buy/options`, () => new HttpResponse(null, { status: 503 })),
    )
    const options = await onramp().options()
    expect(options.paymentCurrencies).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      },
      { id: 'EUR', payment_method_limits: [{ id: 'card', min: '15', max: '4000' }] },
    ])
  })

  test('behavior: options are asked for once and kept; a failed provider is asked again after 30 s', async () => {
    let clock = 0
    const service = createOnramp(onrampAdapters(both), { now: () => clock })
    await service.options()
    clock = 4 * 60_000
    await service.options()
    expect(providers.calls).toHaveLength(2)
    clock = 5 * 60_000
    server.use(http.get(`${coinbaseUrl}/v1/buy/options`, () => HttpResponse.error()))
    // Meld's call is recorded; Coinbase's fails before the fake records it.
    const meldCalls = () => providers.calls.filter((call) => call.provider === 'meld').length
    await service.options()
    expect(meldCalls()).toBe(2)
    clock += 29_000
    await service.options()
    expect(meldCalls()).toBe(2)
    clock += 1_000
    await service.options()
    expect(meldCalls()).toBe(3)
  })
})

describe('onramp quote', () => {
  test("behavior: Meld's best quote answers, with its purchaseAmount.amount and fees", async () => {
    const quote = await onramp({ meld: both.meld }).quote({ ...usdc, network: 'eip155:137' })
    expect(quote).toEqual({
      provider: 'meld',
      purchaseAmount: { amount: '97.5', currency: 'USDC' },
      paymentAmount: { amount: '100', currency: 'USD' },
      fees: { amount: '2.5', currency: 'USD' },
      network: 'eip155:137',
    })
    expect(providers.calls).toEqual([
      {
        provider: 'meld',
        method: 'POST',
        path: '/payments/crypto/quote',
        body: {
          countryCode: 'US',
          sourceCurrencyCode: 'USD',
          sourceAmount: 100,
          destinationCurrencyCode: 'USDC_POLYGON',
          paymentMethodType: 'CARD',
        },
      },
    ])
  })

  test("behavior: Coinbase's quote answers with its purchase amount, total, and fees added up", async () => {
    const quote = await onramp().quote({ ...usdc, network: 'eip155:8453', provider: 'coinbase' })
    expect(quote).toEqual({
      provider: 'coinbase',
      purchaseAmount: { amount: '98.530000', currency: 'USDC' },
      paymentAmount: { amount: '100.00', currency: 'USD' },
      fees: { amount: '1.47', currency: 'USD' },
      network: 'eip155:8453',
    })
    expect(providers.calls[0]?.body).toEqual({
      purchaseCurrency: 'USDC',
      purchaseNetwork: 'base',
      paymentAmount: '100.00',
      paymentCurrency: 'USD',
      paymentMethod: 'CARD',
      country: 'US',
    })
  })

  test('behavior: Coinbase is refused on a chain Coinbase Pay does not list, and not asked', async () => {
    const error = await thrown(() =>
      onramp().quote({ ...usdc, network: 'eip155:56', provider: 'coinbase' }),
    )
    expect(error).toBeInstanceOf(ApiRefusal)
    expect(error).toMatchObject({
      code: 'onrampUnsupportedNetwork',
      message: 'Coinbase does not deliver on eip155:56.',
    })
    expect(providers.calls).toEqual([])
  })

  test('behavior: without a provider asked, the first one delivering on the network quotes', async () => {
    const service = onramp({ coinbase: both.coinbase })
    expect((await service.quote({ ...usdc, network: 'eip155:1' })).provider).toBe('coinbase')
    await expect(
      service.quote({ ...usdc, network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }),
    ).rejects.toMatchObject({ code: 'onrampUnsupportedNetwork' })
  })

  test.each([
    ['7500.01', 'The maximum is 7,500.00 USD'],
    ['9.99', 'The minimum is 10.00 USD'],
    ['ten', 'Enter a number'],
    ['10.001', 'At most 2 decimals'],
    ['0', 'Enter an amount above 0'],
    ['', 'Enter an amount'],
  ])('behavior: %j is refused with %j and no provider is asked', async (amount, words) => {
    const error = await thrown(() => onramp().quote({ ...usdc, amount, network: 'eip155:1' }))
    expect(error).toMatchObject({ code: 'onrampInvalidAmount', message: words })
    expect(providers.calls).toEqual([])
  })

  test("behavior: a bank transfer's limit is the spec's 25,000.00 USD", async () => {
    await expect(
      onramp().quote({
        ...usdc,
        amount: '25000.50',
        paymentMethod: 'ach_bank_account',
        network: 'eip155:1',
      }),
    ).rejects.toMatchObject({ message: 'The maximum is 25,000.00 USD' })
  })

  test('behavior: a provider 500 is OnrampProviderError "unavailable" naming the provider', async () => {
    server.use(
      http.post(
        `${meldUrl}/payments/crypto/quote`,
        () => new HttpResponse('boom', { status: 500 }),
      ),
    )
    const error = await thrown(() => onramp().quote({ ...usdc, network: 'eip155:1' }))
    expect(error).toBeInstanceOf(OnrampProviderError)
    expect(error).toMatchObject({
      provider: 'meld',
      kind: 'unavailable',
      message: 'Meld.io is unavailable right now (HTTP 500). Try again shortly.',
    })
  })

  test('behavior: a provider that does not answer in time is OnrampProviderError "timeout"', async () => {
    server.use(
      http.post(`${coinbaseUrl}/v1/buy/quote`, async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    const error = await thrown(() =>
      onramp(both, 200).quote({ ...usdc, network: 'eip155:1', provider: 'coinbase' }),
    )
    expect(error).toMatchObject({
      provider: 'coinbase',
      kind: 'timeout',
      message: 'Coinbase did not answer within 0.2 s. Try again shortly.',
    })
  })

  test('behavior: an answer that is not a quote is OnrampProviderError "badAnswer"', async () => {
    server.use(
      http.post(`${coinbaseUrl}/v1/buy/quote`, () => HttpResponse.json({ purchase_amount: 12 })),
    )
    await expect(
      onramp().quote({ ...usdc, network: 'eip155:1', provider: 'coinbase' }),
    ).rejects.toMatchObject({
      kind: 'badAnswer',
      message: 'Coinbase sent something that is not a quote.',
    })
  })

  test('behavior: Meld with no quote for the purchase says so', async () => {
    server.use(
      http.post(`${meldUrl}/payments/crypto/quote`, () =>
        HttpResponse.json({ quotes: [], message: null, error: null }),
      ),
    )
    await expect(onramp().quote({ ...usdc, network: 'eip155:1' })).rejects.toMatchObject({
      kind: 'refused',
      message: 'Meld.io has no quote for 100 USD of USDC.',
    })
  })
})

describe('onramp checkout', () => {
  test("behavior: Coinbase's checkout opens on its quote with a session token for the address, the purchase preset and the order named", async () => {
    const { opened } = await onramp().checkout({
      ...usdc,
      provider: 'coinbase',
      address: evmAddress,
      network: 'eip155:8453',
      clientIp: '203.0.113.9',
      orderId: 'ord_1',
    })
    expect(opened).toMatchObject({ providerOrderId: 'ord_1', purchaseAmount: '98.530000' })
    const checkout = new URL(opened.url)
    expect(checkout.origin + checkout.pathname).toBe('https://pay.coinbase.com/buy/select-asset')
    expect(Object.fromEntries(checkout.searchParams)).toEqual({
      appId: coinbaseAppId,
      sessionToken: 'session-token-1',
      defaultNetwork: 'base',
      defaultAsset: 'USDC',
      presetFiatAmount: '100.00',
      fiatCurrency: 'USD',
      defaultPaymentMethod: 'CARD',
      quoteId: 'quote-1',
      partnerUserRef: 'ord_1',
    })
    expect(providers.calls.slice(1)).toEqual([
      {
        provider: 'coinbase',
        method: 'POST',
        path: '/onramp/v1/token',
        body: {
          addresses: [{ address: evmAddress, blockchains: ['base'] }],
          assets: ['USDC'],
          clientIp: '203.0.113.9',
        },
      },
    ])
  })

  test("behavior: Meld's checkout is the widget of its best quote's onramp, the wallet prefilled", async () => {
    const { opened } = await onramp().checkout({
      ...usdc,
      provider: 'meld',
      address: evmAddress,
      network: 'eip155:1',
      clientIp: '203.0.113.9',
      orderId: 'ord_1',
    })
    expect(opened).toEqual({
      url: 'https://meldcrypto.com/?token=widget-token-1',
      providerOrderId: 'WePzm7gRdUgis7VHQjMYYL',
      purchaseAmount: '97.5',
    })
    expect(providers.calls.map((call) => call.path)).toEqual([
      '/payments/crypto/quote',
      '/crypto/session/widget',
    ])
    expect(providers.calls[1]?.body).toEqual({
      sessionType: 'BUY',
      externalSessionId: 'ord_1',
      sessionData: {
        countryCode: 'US',
        sourceCurrencyCode: 'USD',
        sourceAmount: 100,
        destinationCurrencyCode: 'USDC_ETHEREUM',
        paymentMethodType: 'CARD',
        walletAddress: evmAddress,
        serviceProvider: 'TRANSAK',
      },
    })
  })

  test('behavior: an address not of the network is refused before any provider is asked', async () => {
    await expect(
      onramp().checkout({
        ...usdc,
        provider: 'meld',
        address: 'So11111111111111111111111111111111111111112',
        network: 'eip155:1',
        clientIp: '203.0.113.9',
        orderId: 'ord_1',
      }),
    ).rejects.toMatchObject({
      code: 'invalidRequest',
      message: 'address: must be an EVM address: 0x and 40 hex characters',
    })
    expect(providers.calls).toEqual([])
  })

  test('behavior: a checkout URL that is not https is a bad answer, never passed on', async () => {
    server.use(
      http.post(`${meldUrl}/crypto/session/widget`, () =>
        HttpResponse.json({ widgetUrl: 'javascript:alert(1)' }),
      ),
    )
    await expect(
      onramp().checkout({
        ...usdc,
        provider: 'meld',
        address: evmAddress,
        network: 'eip155:1',
        clientIp: '203.0.113.9',
        orderId: 'ord_1',
      }),
    ).rejects.toMatchObject({
      kind: 'badAnswer',
      message: 'Meld.io sent something that is not a checkout.',
    })
  })
})
