/**
 * Buying crypto (issue 22), provider-neutral: the providers this API has keys for (meld,
 * coinbase), their options merged over spec §9's defaults, a quote routed to the provider asked
 * for (or the first one that delivers on the network) and its checkout URL with the address
 * prefilled. Every amount is checked against its payment method's limits before any provider is
 * asked; USD's are spec §9's, so a USD purchase out of its limits never reaches a provider.
 * `check` is every refusal that asks no provider (network, provider, address, the amount's form,
 * USD's limits), which the routes answer before a request spends the project's budget.
 * Refusals are `ApiRefusal`s with the words the visitor reads; provider failures
 * `OnrampProviderError`s (`providerHttp.ts`).
 */
import {
  ApiRefusal,
  type CaipNetworkId,
  chainSupport,
  isSolanaAddress,
  namespaceOf,
  type OnrampCheckoutRequest,
  type OnrampOptions,
  type OnrampPaymentCurrency,
  type OnrampPaymentMethodLimit,
  type OnrampProviderId,
  type OnrampQuote,
  type OnrampQuoteRequest,
  onrampAmountError,
  onrampDefaultCountry,
  onrampDefaultLimits,
  onrampDefaultPaymentCurrency,
  onrampDefaultPaymentMethod,
  onrampDefaultPurchaseCurrencies,
  onrampDefaultPurchaseCurrency,
  parseCaipNetworkId,
} from '@airlock/protocol'
import type { OnrampAdapter, OnrampCheckoutOpened, OnrampPurchase } from './adapter'
import { createCoinbaseAdapter } from './coinbase'
import { createMeldAdapter } from './meld'
import type { OnrampConfig } from './onrampConfig'

/** How long merged options are kept: providers' currencies and limits change rarely. */
export const onrampOptionsCacheMs = 5 * 60_000
/** How long options missing a failed provider are kept before it is asked again. */
export const onrampOptionsRetryMs = 30_000

export type Onramp = {
  /** Options, quotes and checkouts over these adapters, in this order of preference. */
  readonly adapters: readonly OnrampAdapter[]
  options(): Promise<OnrampOptions>
  /**
   * Refuses what can be refused without asking a provider, in the order `quote` and `checkout`
   * refuse it: the network (and the provider asked for), a checkout's address, the amount's
   * form and, in USD, spec §9's limits. A currency's other limits are the providers'.
   * @throws ApiRefusal
   */
  check(request: OnrampQuoteRequest | OnrampCheckoutRequest): void
  quote(request: OnrampQuoteRequest): Promise<OnrampQuote>
  /** Opens the provider's checkout for the order `orderId`; the purchase as it was checked. */
  checkout(
    request: OnrampCheckoutRequest & { clientIp: string; orderId: string },
  ): Promise<{ opened: OnrampCheckoutOpened; purchase: OnrampPurchase }>
}

export declare namespace createOnramp {
  type Options = {
    /** Where a provider whose options failed is noted; its currencies are left out meanwhile. */
    logger?: { warn(object: object, message: string): void } | undefined
    /** The clock, for the options' cache. Default `Date.now`. */
    now?: (() => number) | undefined
  }
}

/**
 * The adapters of the providers `config` has keys for: Meld first, then Coinbase (both at the dev
 * stand-ins when `config.testProvidersUrl` is set). `timeoutMs`:
 * how long each may take to answer (default `onrampProviderTimeoutMs`, 10 s).
 */
export function onrampAdapters(
  config: OnrampConfig,
  { timeoutMs }: { timeoutMs?: number | undefined } = {},
): OnrampAdapter[] {
  const standIns = config.testProvidersUrl
  return [
    ...(config.meld
      ? [
          createMeldAdapter({
            ...config.meld,
            timeoutMs,
            testUrl: standIns === undefined ? undefined : `${standIns}/meld`,
          }),
        ]
      : []),
    ...(config.coinbase
      ? [
          createCoinbaseAdapter({
            ...config.coinbase,
            timeoutMs,
            test:
              standIns === undefined
                ? undefined
                : {
                    apiUrl: `${standIns}/coinbase/onramp`,
                    checkoutUrl: `${standIns}/coinbase/checkout`,
                  },
          }),
        ]
      : []),
  ]
}

/**
 * @example
 * const onramp = createOnramp(onrampAdapters(readOnrampConfig(process.env)))
 * const quote = await onramp.quote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'eip155:1' })
 * quote.purchaseAmount.amount // '99.12'
 */
export function createOnramp(
  adapters: readonly OnrampAdapter[],
  { logger, now = Date.now }: createOnramp.Options = {},
): Onramp {
  /** The merged options and until when they are kept; one making at a time. */
  let cached: { expiresAt: number; options: Promise<OnrampOptions> } | undefined

  async function mergedOptions(onProviderFailure: () => void): Promise<OnrampOptions> {
    const listed = await Promise.all(
      adapters.map((adapter) =>
        adapter.paymentCurrencies().catch((error: unknown) => {
          logger?.warn({ err: error }, `onramp options of ${adapter.provider.id} failed`)
          onProviderFailure()
          return [] as OnrampPaymentCurrency[]
        }),
      ),
    )
    return {
      providers: adapters.map((adapter) => ({
        ...adapter.provider,
        supportedChains: [...adapter.provider.supportedChains],
      })),
      purchaseCurrencies: onrampDefaultPurchaseCurrencies(),
      paymentCurrencies: mergePaymentCurrencies(listed.flat()),
      defaultPurchaseCurrency: onrampDefaultPurchaseCurrency.symbol,
      defaultPaymentCurrency: onrampDefaultPaymentCurrency.id,
    }
  }

  function options(): Promise<OnrampOptions> {
    if (cached === undefined || now() >= cached.expiresAt) {
      const startedAt = now()
      const entry: { expiresAt: number; options: Promise<OnrampOptions> } = {
        expiresAt: startedAt + onrampOptionsCacheMs,
        // A provider down now is asked again soon, not in five minutes (the callback runs
        // after a provider's answer, so after `entry` is made).
        options: mergedOptions(() => {
          entry.expiresAt = Math.min(entry.expiresAt, startedAt + onrampOptionsRetryMs)
        }),
      }
      cached = entry
    }
    return cached.options
  }

  /** The limits the providers listed for a payment method of a currency other than USD. */
  async function listedLimits(
    currency: string,
    paymentMethod: string,
  ): Promise<OnrampPaymentMethodLimit> {
    const offered = (await options()).paymentCurrencies.find(
      (entry) => entry.id === currency.toUpperCase(),
    )
    const limit = offered?.payment_method_limits.find((entry) => entry.id === paymentMethod)
    if (limit === undefined)
      throw new ApiRefusal(
        'invalidRequest',
        offered
          ? `Paying ${offered.id} by ${paymentMethod} is not offered.`
          : `Paying in ${currency.toUpperCase()} is not offered.`,
      )
    return limit
  }

  /** The adapter for the purchase: the one asked for, or the first delivering on the network. */
  function adapterFor(network: CaipNetworkId, asked: OnrampProviderId | undefined): OnrampAdapter {
    if (!(chainSupport.onramp as readonly string[]).includes(parseCaipNetworkId(network).namespace))
      throw new ApiRefusal(
        'onrampUnsupportedNetwork',
        `Buying crypto is offered on eip155 and solana networks only, not ${network}.`,
      )
    if (asked !== undefined) {
      const adapter = adapters.find((entry) => entry.provider.id === asked)
      if (adapter === undefined)
        throw new ApiRefusal('onrampNotConfigured', `${asked} is not offered on this API.`)
      if (!adapter.provider.supportedChains.includes(network))
        throw new ApiRefusal(
          'onrampUnsupportedNetwork',
          `${adapter.provider.label} does not deliver on ${network}.`,
        )
      return adapter
    }
    const adapter = adapters.find((entry) => entry.provider.supportedChains.includes(network))
    if (adapter === undefined)
      throw new ApiRefusal(
        'onrampUnsupportedNetwork',
        `No onramp offered here delivers on ${network}.`,
      )
    return adapter
  }

  /** The amount within `limits`, in the words the visitor reads. */
  function assertWithin(amount: string, limits: OnrampPaymentMethodLimit, currency: string) {
    const limitError = onrampAmountError(amount, limits, currency)
    if (limitError) throw new ApiRefusal('onrampInvalidAmount', limitError)
  }

  /** `check`: the request's adapter and purchase, as far as they are checked without a provider. */
  function checked(request: OnrampQuoteRequest | OnrampCheckoutRequest): {
    adapter: OnrampAdapter
    purchase: OnrampPurchase
  } {
    const adapter = adapterFor(request.network, request.provider)
    if ('address' in request) {
      const addressError = addressProblem(request.address, request.network)
      if (addressError) throw new ApiRefusal('invalidRequest', `address: ${addressError}`)
    }
    const paymentMethod = request.paymentMethod ?? onrampDefaultPaymentMethod
    const currency = request.paymentCurrency.toUpperCase()
    // The form first: no limits are looked up for an amount that is not one.
    const formError = onrampAmountError(request.amount, undefined, currency)
    if (formError) throw new ApiRefusal('onrampInvalidAmount', formError)
    const defaults = onrampDefaultLimits(currency, paymentMethod)
    if (defaults) assertWithin(request.amount, defaults, currency)
    return {
      adapter,
      purchase: {
        purchaseCurrency: request.purchaseCurrency.toUpperCase(),
        paymentCurrency: currency,
        amount: request.amount.trim(),
        network: request.network,
        paymentMethod,
        country: request.country ?? onrampDefaultCountry,
      },
    }
  }

  /** The request's adapter and its purchase, every limit checked; nothing is sent before. */
  async function checkedPurchase(request: OnrampQuoteRequest | OnrampCheckoutRequest) {
    const { adapter, purchase } = checked(request)
    const { paymentCurrency: currency, paymentMethod } = purchase
    if (!onrampDefaultLimits(currency, paymentMethod))
      assertWithin(request.amount, await listedLimits(currency, paymentMethod), currency)
    return { adapter, purchase }
  }

  return {
    adapters,
    options,
    check(request) {
      checked(request)
    },
    async quote(request) {
      const { adapter, purchase } = await checkedPurchase(request)
      return adapter.quote(purchase)
    },
    async checkout({ clientIp, orderId, ...request }) {
      const { adapter, purchase } = await checkedPurchase(request)
      const opened = await adapter.checkout({
        ...purchase,
        address: request.address,
        clientIp,
        orderId,
      })
      return { opened, purchase }
    },
  }
}

/** Why the address cannot receive on the network, or undefined when it can. */
function addressProblem(address: string, network: CaipNetworkId): string | undefined {
  if (namespaceOf(network) === 'eip155')
    return /^0x[0-9a-fA-F]{40}$/.test(address)
      ? undefined
      : 'must be an EVM address: 0x and 40 hex characters'
  return isSolanaAddress(address) ? undefined : 'must be a Solana address'
}

/**
 * The providers' currencies as one list: USD first, with spec §9's card and bank limits as they
 * are; every other currency and method with the widest range the providers together offer (the
 * visitor can pick the provider).
 */
function mergePaymentCurrencies(listed: readonly OnrampPaymentCurrency[]): OnrampPaymentCurrency[] {
  const merged = new Map<string, Map<string, OnrampPaymentMethodLimit>>([
    [
      onrampDefaultPaymentCurrency.id,
      new Map(
        onrampDefaultPaymentCurrency.payment_method_limits.map((limit) => [limit.id, { ...limit }]),
      ),
    ],
  ])
  for (const currency of listed) {
    const methods = merged.get(currency.id) ?? new Map<string, OnrampPaymentMethodLimit>()
    merged.set(currency.id, methods)
    for (const limit of currency.payment_method_limits) {
      if (onrampDefaultLimits(currency.id, limit.id)) continue
      const known = methods.get(limit.id)
      methods.set(
        limit.id,
        known
          ? {
              id: limit.id,
              min: Number(limit.min) < Number(known.min) ? limit.min : known.min,
              max: Number(limit.max) > Number(known.max) ? limit.max : known.max,
            }
          : { ...limit },
      )
    }
  }
  return [...merged].map(([id, methods]) => ({ id, payment_method_limits: [...methods.values()] }))
}
