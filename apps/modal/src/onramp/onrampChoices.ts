/**
 * What the Buy form offers (spec §3 Onramp state and provider, §6, §9 Onramp): where buying is
 * offered, which providers deliver on a network, the currencies and payment methods with their
 * limits resolved to the visitor's picks or the defaults, the quote request, and the providers'
 * quotes ranked with the one chosen.
 */
import {
  type CaipNetworkId,
  chainSupport,
  coinbasePayNetworks,
  decimalUnits,
  namespaceOf,
  type OnrampOptions,
  type OnrampPaymentMethodLimit,
  type OnrampProvider,
  type OnrampProviderId,
  type OnrampQuote,
  type OnrampQuoteRequest,
  onrampDefaultLimits,
  onrampDefaultPaymentCurrency,
  onrampDefaultPaymentMethod,
} from '@airlock/protocol'
import type { OnrampForm } from '../stores/onrampState'
import { localeCountry, onrampCountryCurrencies } from './onrampLocale'

/** The payment methods the form offers, in its order: card first (the default). */
export const onrampPaymentMethods = ['card', 'ach_bank_account'] as const

/** Whether buying is offered on the network at all: eip155 and solana only (spec §6). */
export function isOnrampNetwork(network: CaipNetworkId | undefined): network is CaipNetworkId {
  const namespace = namespaceOf(network)
  return namespace !== undefined && (chainSupport.onramp as readonly string[]).includes(namespace)
}

const coinbaseNetworks: readonly string[] = Object.values(coinbasePayNetworks)

/**
 * The providers that deliver on `network`: those listing it in `supportedChains`, Coinbase only
 * on Coinbase Pay's own chains (spec §9).
 */
export function onrampProvidersOn(options: OnrampOptions, network: CaipNetworkId) {
  return options.providers.filter(
    (provider) =>
      provider.supportedChains.includes(network) &&
      (provider.id !== 'coinbase' || coinbaseNetworks.includes(network)),
  )
}

/** What the form offers on a network, each choice resolved to the visitor's or the default. */
export type OnrampChoices = {
  providers: OnrampProvider[]
  /** The symbols of the currencies bought on the network. */
  purchaseCurrencies: string[]
  purchaseCurrency: string | undefined
  paymentCurrencies: string[]
  paymentCurrency: string
  /** The payment methods offered in the payment currency, card first. */
  paymentMethods: OnrampPaymentMethodLimit[]
  paymentMethod: string
  /** The chosen payment method's limits. */
  limits: OnrampPaymentMethodLimit | undefined
  /** Where the visitor buys from: their pick, else their browser language's country. */
  country: string
}

/**
 * The options narrowed to `network` and the form's choices: the purchase currency the visitor
 * picked, else the options' default (USDC) where it is offered on the network, else the first
 * offered; the country the visitor picked, else their browser language's (`language`, e.g.
 * `navigator.language`); the payment currency they picked, else the country's when offered, else
 * the options' default (USD); the method (card by default) likewise. USD's limits are spec §9's,
 * as the API checks them; another currency's are what the options list.
 *
 * @example
 * onrampChoices(options, 'eip155:1', emptyOnrampForm, 'en-US').limits // { id: 'card', min: '10.00', max: '7500.00' }
 */
export function onrampChoices(
  options: OnrampOptions,
  network: CaipNetworkId,
  form: OnrampForm,
  language?: string,
): OnrampChoices {
  const country =
    form.country !== undefined && form.country in onrampCountryCurrencies
      ? form.country
      : localeCountry(language)
  const purchaseCurrencies = options.purchaseCurrencies
    .filter((currency) => currency.networks.some((entry) => entry.caipNetworkId === network))
    .map((currency) => currency.symbol)
  const purchaseCurrency =
    [form.purchaseCurrency, options.defaultPurchaseCurrency].find(
      (symbol) => symbol !== undefined && purchaseCurrencies.includes(symbol),
    ) ?? purchaseCurrencies[0]

  const listed =
    options.paymentCurrencies.length > 0
      ? options.paymentCurrencies
      : [
          {
            id: onrampDefaultPaymentCurrency.id,
            payment_method_limits: [...onrampDefaultPaymentCurrency.payment_method_limits],
          },
        ]
  const paymentCurrencies = listed.map((currency) => currency.id)
  const paymentCurrency =
    [form.paymentCurrency, onrampCountryCurrencies[country], options.defaultPaymentCurrency].find(
      (id) => id !== undefined && paymentCurrencies.includes(id),
    ) ??
    paymentCurrencies[0] ??
    onrampDefaultPaymentCurrency.id

  const offered = listed.find((currency) => currency.id === paymentCurrency)
  // The methods the options list for the currency, with spec §9's limits where it sets them (as
  // the API checks those), else the listed ones.
  const paymentMethods = onrampPaymentMethods.flatMap((method) => {
    const listedLimit = offered?.payment_method_limits.find((entry) => entry.id === method)
    if (!listedLimit) return []
    return [onrampDefaultLimits(paymentCurrency, method) ?? listedLimit]
  })
  const methodIds = paymentMethods.map((method) => method.id)
  const paymentMethod =
    [form.paymentMethod, onrampDefaultPaymentMethod].find(
      (id) => id !== undefined && methodIds.includes(id),
    ) ??
    methodIds[0] ??
    onrampDefaultPaymentMethod
  return {
    providers: onrampProvidersOn(options, network),
    purchaseCurrencies,
    purchaseCurrency,
    paymentCurrencies,
    paymentCurrency,
    paymentMethods,
    paymentMethod,
    limits: paymentMethods.find((method) => method.id === paymentMethod),
    country,
  }
}

/** A decimal as an integer of 10^-18 units, for comparing amounts exactly; -1 when not one. */
const scaled = (value: string): bigint => decimalUnits(value, 18) ?? -1n

/** One provider's quote for the form as it stands. */
export type OnrampQuoteResult =
  | { status: 'loading' }
  | { status: 'quoted'; quote: OnrampQuote }
  | { status: 'failed'; message: string }

/** A provider's row: its quote, or undefined before one is asked for. */
export type OnrampProviderRow = { provider: OnrampProvider; result: OnrampQuoteResult | undefined }

/**
 * The providers' rows, best first: quotes by the crypto they deliver (most first), then those
 * still answering, then those that failed; ties keep the options' order.
 */
export function rankOnrampProviders(
  providers: readonly OnrampProvider[],
  results: Partial<Record<OnrampProviderId, OnrampQuoteResult>>,
): OnrampProviderRow[] {
  const rank = (result: OnrampQuoteResult | undefined) =>
    result?.status === 'quoted' ? 0 : result?.status === 'failed' ? 2 : 1
  return providers
    .map((provider) => ({ provider, result: results[provider.id] }))
    .sort((a, b) => {
      const byStatus = rank(a.result) - rank(b.result)
      if (byStatus !== 0 || a.result?.status !== 'quoted' || b.result?.status !== 'quoted')
        return byStatus
      const left = scaled(a.result.quote.purchaseAmount.amount)
      const right = scaled(b.result.quote.purchaseAmount.amount)
      return left === right ? 0 : left > right ? -1 : 1
    })
}

/** The provider the checkout is with: the visitor's pick while it has a quote, else the best. */
export function chosenOnrampProvider(
  rows: readonly OnrampProviderRow[],
  selected: OnrampProviderId | undefined,
): OnrampProviderRow | undefined {
  const quoted = rows.filter((row) => row.result?.status === 'quoted')
  return quoted.find((row) => row.provider.id === selected) ?? quoted[0]
}

/** The quote request for the form, without a provider (each provider is asked on its own). */
export function onrampQuoteRequest(
  choices: Pick<
    OnrampChoices,
    'purchaseCurrency' | 'paymentCurrency' | 'paymentMethod' | 'country'
  >,
  network: CaipNetworkId,
  paymentAmount: string,
): Omit<OnrampQuoteRequest, 'provider'> | undefined {
  if (choices.purchaseCurrency === undefined) return undefined
  return {
    purchaseCurrency: choices.purchaseCurrency,
    paymentCurrency: choices.paymentCurrency,
    amount: paymentAmount.trim(),
    network,
    paymentMethod: choices.paymentMethod,
    country: choices.country,
  }
}
