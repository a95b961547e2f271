// Buying crypto as the visitor does it (issue 22): the limits in words, the amount checked as they
// type (no quote asked for a bad one), each provider's quote after a pause in the typing, the
// best chosen, a provider's failure in its own row, and Continue opening the provider's checkout
// in a window opened in the click itself. The API's onramp routes are the test's.
import {
  type NetworkConfig,
  type OnrampOptions,
  type OnrampQuoteRequest,
  onrampAmountErrors,
} from '@airlock/protocol'
import { screen, within } from '@testing-library/dom'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import { HttpError } from '../../api'
import { onRampText } from '../../messages/onRampText'
import { localeCountry } from '../../onramp/onrampLocale'
import { onrampQuoteDelayMs } from '../../onramp/onrampQueries'
import { evmAccount, testHost } from '../../test/fixtures'
import {
  type ApiRoutes,
  anvil,
  connectedState,
  projectConfig,
  renderView,
  solanaLocalnet,
} from '../../test/renderView'
import { typeAtOnce } from '../../test/typing'

const optionsPath = 'GET /v1/projects/test-project/onramp/options'
const quotePath = 'POST /v1/projects/test-project/onramp/quote'
const checkoutPath = 'POST /v1/projects/test-project/onramp/checkout'

/** One of Coinbase Pay's chains, for the tests where both providers deliver. */
const base: NetworkConfig = {
  caipNetworkId: 'eip155:8453',
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: anvil.rpcUrl,
}

/** Both providers list anvil and Base; Coinbase Pay buys on Base only (spec §9). */
const options: OnrampOptions = {
  providers: [
    {
      id: 'meld',
      label: 'Meld.io',
      name: 'meld',
      feeRange: '1-2%',
      url: 'https://meld.io',
      supportedChains: [anvil.caipNetworkId, base.caipNetworkId],
    },
    {
      id: 'coinbase',
      label: 'Coinbase',
      name: 'coinbase',
      feeRange: '1-2%',
      url: 'https://pay.coinbase.com',
      supportedChains: [anvil.caipNetworkId, base.caipNetworkId],
    },
  ],
  purchaseCurrencies: [
    {
      symbol: 'USDC',
      networks: [
        { name: 'Anvil', caipNetworkId: anvil.caipNetworkId },
        { name: 'Base', caipNetworkId: base.caipNetworkId },
      ],
    },
  ],
  paymentCurrencies: [
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ],
    },
  ],
  defaultPurchaseCurrency: 'USDC',
  defaultPaymentCurrency: 'USD',
}

/** What each provider delivers for the amount asked: Coinbase a little more. */
const delivered = { meld: '98.50', coinbase: '99.10' } as const

/** The quote requests the modal sent, in order. */
type Asked = OnrampQuoteRequest[]

function quoteRoute(asked: Asked, answer?: (request: OnrampQuoteRequest) => unknown) {
  return (_query: Record<string, string>, request: { body?: unknown }) => {
    const body = request.body as OnrampQuoteRequest
    asked.push(body)
    if (answer) {
      const answered = answer(body)
      if (answered !== undefined) return answered
    }
    const provider = body.provider ?? 'meld'
    return {
      provider,
      purchaseAmount: { amount: delivered[provider], currency: body.purchaseCurrency },
      paymentAmount: { amount: body.amount, currency: body.paymentCurrency },
      fees: { amount: provider === 'meld' ? '1.50' : '0.845', currency: body.paymentCurrency },
      network: body.network,
    }
  }
}

/** Buy on `network` for the connected EVM account, opened from Account. */
function renderOnRamp({
  network = anvil,
  api = {},
  address = evmAccount,
}: {
  network?: NetworkConfig
  api?: ApiRoutes
  address?: string
} = {}) {
  return renderView('OnRamp', {
    below: ['Account'],
    config: projectConfig({ networks: [anvil, base, solanaLocalnet] }),
    options: { networks: [network.caipNetworkId] },
    state: { ...connectedState(address, network), host: testHost },
    api: { [optionsPath]: () => options, ...api },
  })
}

const amountField = async () =>
  (await screen.findByLabelText(onRampText.amount)) as HTMLInputElement
const message = () => document.querySelector('[data-onramp-error]')?.textContent
const providerRow = (id: 'meld' | 'coinbase') =>
  document.querySelector<HTMLButtonElement>(`[data-onramp-provider="${id}"]`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  await import('./OnRamp')
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('OnRamp', () => {
  test('behavior: USDC paid in USD by card, its limits in words; bank transfer’s when chosen', async () => {
    renderOnRamp()
    await amountField()
    expect(document.querySelector('[data-onramp-currency]')).toHaveTextContent('USDC')
    const limits = document.querySelector('[data-onramp-limits]')
    expect(limits).toHaveTextContent('From 10.00 to 7,500.00 USD')
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: onRampText.paymentMethod }),
      'ach_bank_account',
    )
    expect(limits).toHaveTextContent('From 10.00 to 25,000.00 USD')
  })

  test('behavior: each bad amount is said in the spec’s words, and no quote is asked for it', async () => {
    const asked: Asked = []
    const { apiCalls } = renderOnRamp({ api: { [quotePath]: quoteRoute(asked) } })
    const amount = await amountField()
    expect(message()).toBe('Enter an amount')
    const bad: [string, string][] = [
      ['abc', 'Enter a number'],
      ['1.234', 'At most 2 decimals'],
      ['0', 'Enter an amount above 0'],
      ['0.00', onrampAmountErrors.zero],
      ['9.99', 'The minimum is 10.00 USD'],
      ['7500.01', 'The maximum is 7,500.00 USD'],
    ]
    for (const [text, words] of bad) {
      await userEvent.fill(amount, text)
      expect(message(), text).toBe(words)
      // Each one left well past the pause before quoting.
      await sleep(2 * onrampQuoteDelayMs)
      expect(asked, text).toEqual([])
    }
    await userEvent.clear(amount)
    expect(message()).toBe(onrampAmountErrors.empty)
    await sleep(2 * onrampQuoteDelayMs)
    expect(asked).toEqual([])
    expect(apiCalls.filter((call) => call.path.endsWith('/quote'))).toEqual([])
    expect(screen.getByRole('button', { name: onRampText.continue })).toBeDisabled()
    // It waits out the quote's pause seven times by design: with the unit run's other workers
    // on two cores, 20 s was not always enough (a quiet CI run timed out).
  }, 40_000)

  test('behavior: the country starts as the browser language’s; picking Germany quotes from Germany in euros', async () => {
    const asked: Asked = []
    const withEuros: OnrampOptions = {
      ...options,
      paymentCurrencies: [
        ...options.paymentCurrencies,
        { id: 'EUR', payment_method_limits: [{ id: 'card', min: '15', max: '4000' }] },
      ],
    }
    renderOnRamp({
      network: base,
      api: { [optionsPath]: () => withEuros, [quotePath]: quoteRoute(asked) },
    })
    const country = (await screen.findByLabelText(onRampText.country)) as HTMLSelectElement
    expect(country.value).toBe(localeCountry(navigator.language))
    await userEvent.selectOptions(country, 'DE')
    expect(country.selectedOptions[0]?.textContent).toBe('Germany')
    expect(document.querySelector('[data-onramp-limits]')).toHaveTextContent(
      'From 15.00 to 4,000.00 EUR',
    )
    await userEvent.type(await amountField(), '50')
    await expect.poll(() => asked.length).toBe(2)
    expect(asked[0]).toMatchObject({ country: 'DE', paymentCurrency: 'EUR', amount: '50' })
  })

  test('behavior: once the typing pauses, each provider quotes the amount; the best is first and chosen', async () => {
    const asked: Asked = []
    renderOnRamp({ network: base, api: { [quotePath]: quoteRoute(asked) } })
    const amount = await amountField()
    typeAtOnce(amount as HTMLInputElement, '150')
    await expect.poll(() => document.querySelectorAll('[data-onramp-receive]').length).toBe(2)
    // One quote per provider, for what was typed last: not for '15' on the way.
    expect(asked.map(({ provider, amount }) => [provider, amount]).sort()).toEqual([
      ['coinbase', '150'],
      ['meld', '150'],
    ])
    expect(asked[0]).toMatchObject({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      network: base.caipNetworkId,
      paymentMethod: 'card',
    })
    const rows = within(screen.getByRole('list', { name: onRampText.providers })).getAllByRole(
      'button',
    )
    expect(rows.map((row) => row.dataset.onrampProvider)).toEqual(['coinbase', 'meld'])
    expect(providerRow('coinbase')).toHaveAttribute('aria-pressed', 'true')
    expect(providerRow('meld')).toHaveAttribute('aria-pressed', 'false')
    expect(providerRow('coinbase')?.querySelector('[data-onramp-receive]')).toHaveTextContent(
      '99.10 USDC',
    )
    expect(providerRow('meld')?.querySelector('[data-onramp-receive]')).toHaveTextContent(
      '98.50 USDC',
    )
    // Each row's fees are its own quote's, not a constant range.
    expect(providerRow('meld')?.querySelector('[data-onramp-fees]')).toHaveTextContent(
      'Fees 1.50 USD',
    )
    expect(providerRow('coinbase')?.querySelector('[data-onramp-fees]')).toHaveTextContent(
      'Fees 0.85 USD',
    )
    expect(screen.queryByText(/1-2%/)).toBeNull()
    expect(screen.getByRole('button', { name: 'Continue with Coinbase' })).toBeEnabled()
    // The visitor may pick the other.
    await userEvent.click(providerRow('meld')!)
    expect(providerRow('meld')).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'Continue with Meld.io' })).toBeEnabled()
  })

  test('behavior: Coinbase is not offered on a network outside Coinbase Pay’s, even when it lists it', async () => {
    const asked: Asked = []
    renderOnRamp({ network: anvil, api: { [quotePath]: quoteRoute(asked) } })
    await userEvent.fill(await amountField(), '100')
    await expect.poll(() => document.querySelectorAll('[data-onramp-receive]').length).toBe(1)
    expect(providerRow('meld')).not.toBeNull()
    expect(providerRow('coinbase')).toBeNull()
    await sleep(400)
    expect(asked.map((request) => request.provider)).toEqual(['meld'])
  })

  test('behavior: a provider that fails says why in its row and cannot be chosen; the other can', async () => {
    const asked: Asked = []
    const failure = 'Meld.io answered 503. Try again shortly.'
    renderOnRamp({
      network: base,
      api: {
        [quotePath]: quoteRoute(asked, (request) =>
          request.provider === 'meld'
            ? new HttpError(502, {
                error: { code: 'onrampProviderUnavailable', message: failure },
              })
            : undefined,
        ),
      },
    })
    await userEvent.fill(await amountField(), '100')
    const meld = await vi.waitUntil(() =>
      providerRow('meld')?.querySelector('[data-onramp-quote-error]') ? providerRow('meld') : null,
    )
    expect(meld).toHaveTextContent(failure)
    expect(meld).toBeDisabled()
    expect(meld).toHaveAttribute('aria-pressed', 'false')
    await expect.poll(() => providerRow('coinbase')?.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('button', { name: 'Continue with Coinbase' })).toBeEnabled()
    expect(message()).toBe('')
  })

  test('behavior: when every provider fails, the message says so and Continue stays off', async () => {
    renderOnRamp({
      network: base,
      api: {
        [quotePath]: () =>
          new HttpError(504, {
            error: { code: 'onrampProviderTimeout', message: 'No answer within 10 s.' },
          }),
      },
    })
    await userEvent.fill(await amountField(), '100')
    await expect.poll(message).toBe(onRampText.noQuotes)
    expect(providerRow('meld')).toHaveTextContent('No answer within 10 s.')
    expect(providerRow('coinbase')).toHaveTextContent('No answer within 10 s.')
    expect(screen.getByRole('button', { name: onRampText.continue })).toBeDisabled()
  })

  test('behavior: Continue opens a window in the click, then sends it to the checkout for the connected address', async () => {
    const checkoutUrl = 'https://meld.io/checkout?session=abc'
    const checkouts: unknown[] = []
    let answer: (value: unknown) => void = () => {}
    const fakeWindow = {
      closed: false,
      location: { href: 'about:blank' },
      close() {
        this.closed = true
      },
    }
    const open = vi.spyOn(window, 'open').mockImplementation(() => fakeWindow as unknown as Window)
    renderOnRamp({
      api: {
        [quotePath]: quoteRoute([]),
        [checkoutPath]: (_query, request) => {
          checkouts.push(request.body)
          return new Promise((resolve) => {
            answer = resolve
          })
        },
      },
    })
    const amount = await amountField()
    await userEvent.fill(amount, '250')
    const proceed = await screen.findByRole('button', { name: 'Continue with Meld.io' })
    await userEvent.click(proceed)
    // Opened blank in the click, before the API answered.
    expect(open).toHaveBeenCalledTimes(1)
    expect(open.mock.calls[0]?.[0]).toBe('about:blank')
    await vi.waitUntil(() => checkouts.length === 1)
    expect(fakeWindow.location.href).toBe('about:blank')
    expect(checkouts[0]).toEqual({
      provider: 'meld',
      address: evmAccount,
      network: anvil.caipNetworkId,
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '250',
      paymentMethod: 'card',
      // Where the visitor buys from: the browser language's country (issue 36).
      country: localeCountry(navigator.language),
    })
    answer({ url: checkoutUrl })
    await expect.poll(() => fakeWindow.location.href).toBe(checkoutUrl)
    expect(await screen.findByText('Complete your purchase in the Meld.io window.')).toBeVisible()
    expect(fakeWindow.closed).toBe(false)
    // Back to the form: the amount is still there.
    await userEvent.click(screen.getByRole('button', { name: onRampText.changeAmount }))
    expect((await amountField()).value).toBe('250')
  })

  test('behavior: a blocked window shows the checkout as a link to open', async () => {
    const checkoutUrl = 'https://pay.coinbase.com/buy?sessionToken=xyz'
    vi.spyOn(window, 'open').mockImplementation(() => null)
    renderOnRamp({
      network: base,
      api: { [quotePath]: quoteRoute([]), [checkoutPath]: () => ({ url: checkoutUrl }) },
    })
    await userEvent.fill(await amountField(), '100')
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Coinbase' }))
    const link = await screen.findByRole('link', { name: onRampText.openProvider('Coinbase') })
    expect(link).toHaveAttribute('href', checkoutUrl)
    expect(link).toHaveAttribute('target', '_blank')
    expect(message()).toContain(onRampText.popupBlocked('Coinbase'))
  })

  test('behavior: a checkout that fails closes the window and says why; one not https is refused', async () => {
    const fakeWindow = { closed: false, opener: null, location: { href: 'about:blank' } }
    const close = vi.fn(() => {
      fakeWindow.closed = true
    })
    vi.spyOn(window, 'open').mockImplementation(
      () => ({ ...fakeWindow, close }) as unknown as Window,
    )
    let url = 'javascript:alert(1)'
    renderOnRamp({
      api: {
        [quotePath]: quoteRoute([]),
        [checkoutPath]: () =>
          url.startsWith('https:')
            ? new HttpError(502, {
                error: { code: 'onrampProviderUnavailable', message: 'Meld.io is down.' },
              })
            : { url },
      },
    })
    await userEvent.fill(await amountField(), '100')
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Meld.io' }))
    await expect.poll(message).toBe(onRampText.unsafeCheckout)
    expect(close).toHaveBeenCalledTimes(1)
    url = 'https://meld.io/checkout'
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Meld.io' }))
    await expect.poll(message).toBe('Meld.io is down.')
    expect(close).toHaveBeenCalledTimes(2)
  })

  test('behavior: going back to Account and returning keeps the amount', async () => {
    const { modal } = renderOnRamp({ api: { [quotePath]: quoteRoute([]) } })
    await userEvent.fill(await amountField(), '42.50')
    modal.navigation.back()
    await expect.poll(() => document.querySelector('[data-onramp-limits]')).toBeNull()
    modal.navigation.push('OnRamp')
    expect((await amountField()).value).toBe('42.50')
  })

  test('behavior: on a network outside eip155 and solana, buying is not available', async () => {
    renderView('OnRamp', {
      below: ['Account'],
      state: {
        ...connectedState(evmAccount),
        host: testHost,
        activeNetwork: 'bip122:000000000019d6689c085ae165831e93',
      },
      api: { [optionsPath]: () => options },
    })
    await expect
      .poll(() => document.querySelector('[data-onramp-error]')?.textContent)
      .toBe('Buying crypto is not available on this network.')
    expect(screen.queryByLabelText(onRampText.amount)).toBeNull()
  })

  test('behavior: on a network where nothing can be bought, the view names the page’s networks where something can', async () => {
    renderView('OnRamp', {
      below: ['Account'],
      config: projectConfig({ networks: [anvil, base, solanaLocalnet] }),
      state: { ...connectedState(evmAccount, solanaLocalnet), host: testHost },
      api: { [optionsPath]: () => options },
    })
    await expect
      .poll(message)
      .toBe(
        'Nothing can be bought on this network. Buy works on Anvil, Base: switch to one to buy.',
      )
  })

  test('behavior: buying turned off for the project says it is not available here', async () => {
    renderOnRamp({
      api: {
        [optionsPath]: () =>
          new HttpError(403, {
            error: { code: 'onrampDisabled', message: 'Buying crypto is not enabled' },
          }),
      },
    })
    await expect.poll(message).toBe(onRampText.notAvailable)
    expect(screen.queryByRole('button', { name: onRampText.retry })).toBeNull()
  })
})
