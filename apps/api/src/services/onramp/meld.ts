/**
 * Meld (https://meld.io) as an onramp adapter: an aggregator that quotes the onramps linked to
 * the operator's account and opens the best one's checkout. Its public REST API, as its docs
 * describe it (docs.meld.io): base `https://api.meld.io`, `Authorization: BASIC <api key>`, a
 * `Meld-Version` header;
 *
 *   GET  /service-providers/limits/fiat-currency-purchases?categories=CRYPTO_ONRAMP&accountFilter=true
 *        → [{ currencyCode, minimumAmount, maximumAmount, defaultAmount }]
 *   POST /payments/crypto/quote { countryCode, sourceCurrencyCode, sourceAmount,
 *        destinationCurrencyCode, paymentMethodType } → { quotes: [{ serviceProvider,
 *        sourceAmount, destinationAmount, totalFee, … }], message, error }
 *   POST /crypto/session/widget { sessionType: 'BUY', externalSessionId, sessionData: {
 *        walletAddress, countryCode, sourceCurrencyCode, sourceAmount, destinationCurrencyCode,
 *        serviceProvider, paymentMethodType } } → { id, widgetUrl, … }
 *   GET  /payments/transactions/sessions/{sessionId} → { transaction: { status,
 *        destinationAmount, … } } (404 until the visitor has started paying)
 *
 * `externalSessionId` is our order id: Meld's webhooks repeat it (`meldWebhook.ts`).
 *
 * Meld names a crypto currency with its chain: `USDC_ETHEREUM`, `SOL_SOLANA` (its widget URL
 * docs). The chain codes below other than ETHEREUM and SOLANA follow that pattern but could not
 * be confirmed against Meld's currency list; a network without a code is not offered.
 */
import type {
  CaipNetworkId,
  OnrampPaymentCurrency,
  OnrampProvider,
  OnrampQuote,
} from '@airlock/protocol'
import { onrampProviderFeeRange } from '@airlock/protocol'
import { z } from 'zod'
import type {
  OnrampAdapter,
  OnrampCheckoutOpened,
  OnrampCheckoutPurchase,
  OnrampPurchase,
} from './adapter'
import { meldTransactionStatus } from './meldWebhook'
import { badAnswer, OnrampProviderError, providerJson } from './providerHttp'

export const meldApiUrl = 'https://api.meld.io'
/** The API version asked for: the one its docs name for widget sessions of every type. */
const meldVersion = '2023-12-19'

/** Meld's chain code of each network it is offered on. */
export const meldChainCodes: Partial<Record<CaipNetworkId, string>> = {
  'eip155:1': 'ETHEREUM',
  'eip155:137': 'POLYGON',
  'eip155:8453': 'BASE',
  'eip155:42161': 'ARBITRUM',
  'eip155:10': 'OPTIMISM',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'SOLANA',
}

/** Our payment method ids as Meld's `paymentMethodType`; CARD is in its docs, ACH is assumed. */
const meldPaymentMethods: Record<string, string> = {
  card: 'CARD',
  ach_bank_account: 'ACH',
}

const limitsSchema = z.array(
  z.looseObject({
    currencyCode: z.string(),
    minimumAmount: z.number().nullish(),
    maximumAmount: z.number().nullish(),
  }),
)

const quoteSchema = z.looseObject({
  serviceProvider: z.string(),
  sourceAmount: z.number(),
  sourceCurrencyCode: z.string(),
  destinationAmount: z.number(),
  totalFee: z.number().nullish(),
})
const quotesSchema = z.looseObject({ quotes: z.array(quoteSchema).nullish() })

/** The widget's page: https, or (the dev stand-in's) http on loopback. */
const widgetSchema = (test: boolean) =>
  z.looseObject({
    id: z.string().min(1).max(128),
    widgetUrl: test ? z.url({ protocol: /^https?$/ }) : z.url({ protocol: /^https$/ }),
  })
const transactionSchema = z.looseObject({
  transaction: z.looseObject({ status: z.string(), destinationAmount: z.number().nullish() }),
})

const meldLabel = 'Meld.io'
/** The dev stand-in's label: the visitor must see it is not Meld (scripts/devOnramp.mjs). */
const testLabel = 'Meld.io (test)'

/**
 * @example
 * const meld = createMeldAdapter({ apiKey: process.env.AIRLOCK_ONRAMP_MELD_API_KEY })
 * const quote = await meld.quote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100.00', network: 'eip155:1', paymentMethod: 'card', country: 'US' })
 */
export function createMeldAdapter({
  apiKey,
  timeoutMs,
  testUrl,
}: {
  apiKey: string
  /** How long Meld may take to answer; default `onrampProviderTimeoutMs`. */
  timeoutMs?: number | undefined
  /** The dev stand-in's Meld API (`AIRLOCK_ONRAMP_TEST_PROVIDERS_URL`/meld), labelled as a test. */
  testUrl?: string | undefined
}): OnrampAdapter {
  const test = testUrl !== undefined
  const label = test ? testLabel : meldLabel
  const apiUrl = testUrl ?? meldApiUrl
  const widget = widgetSchema(test)
  const provider: OnrampProvider = {
    id: 'meld',
    label,
    name: 'meld',
    feeRange: onrampProviderFeeRange,
    url: test ? apiUrl : 'https://meld.io',
    supportedChains: Object.keys(meldChainCodes) as CaipNetworkId[],
  }
  const headers = { Authorization: `BASIC ${apiKey}`, 'Meld-Version': meldVersion }
  const call = (
    purpose: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    notFound?: unknown,
  ) =>
    providerJson({
      provider: 'meld',
      label,
      purpose,
      url: `${apiUrl}${path}`,
      method,
      headers,
      body,
      timeoutMs,
      ...(notFound === undefined ? {} : { notFound }),
    })

  const currencyCode = (purchase: OnrampPurchase) => {
    const chain = meldChainCodes[purchase.network]
    if (chain === undefined)
      throw new OnrampProviderError(
        'meld',
        'refused',
        `${label} does not buy on ${purchase.network}.`,
      )
    return `${purchase.purchaseCurrency.toUpperCase()}_${chain}`
  }
  const quoteBody = (purchase: OnrampPurchase) => ({
    countryCode: purchase.country,
    sourceCurrencyCode: purchase.paymentCurrency.toUpperCase(),
    // A number in Meld's API reference; two decimals survive a JSON number exactly enough.
    sourceAmount: Number(purchase.amount),
    destinationCurrencyCode: currencyCode(purchase),
    paymentMethodType: meldPaymentMethods[purchase.paymentMethod] ?? 'CARD',
  })

  /** Meld's best quote for the purchase: the most crypto for the money. */
  async function bestQuote(purchase: OnrampPurchase) {
    const parsed = quotesSchema.safeParse(
      await call('quote', 'POST', '/payments/crypto/quote', quoteBody(purchase)),
    )
    if (!parsed.success) throw badAnswer('meld', label, 'quote')
    const best = [...(parsed.data.quotes ?? [])].sort(
      (a, b) => b.destinationAmount - a.destinationAmount,
    )[0]
    if (best === undefined)
      throw new OnrampProviderError(
        'meld',
        'refused',
        `${label} has no quote for ${purchase.amount} ${purchase.paymentCurrency} of ${purchase.purchaseCurrency}.`,
      )
    return best
  }

  return {
    provider,
    async paymentCurrencies(): Promise<OnrampPaymentCurrency[]> {
      const parsed = limitsSchema.safeParse(
        await call(
          'limits',
          'GET',
          '/service-providers/limits/fiat-currency-purchases?categories=CRYPTO_ONRAMP&accountFilter=true',
        ),
      )
      if (!parsed.success) throw badAnswer('meld', label, 'list of limits')
      // Meld states a currency's limits across its payment methods: they are the card's here.
      return parsed.data.flatMap(({ currencyCode, minimumAmount, maximumAmount }) =>
        typeof minimumAmount === 'number' && typeof maximumAmount === 'number'
          ? [
              {
                id: currencyCode.toUpperCase(),
                payment_method_limits: [
                  { id: 'card', min: String(minimumAmount), max: String(maximumAmount) },
                ],
              },
            ]
          : [],
      )
    },
    async quote(purchase): Promise<OnrampQuote> {
      const best = await bestQuote(purchase)
      return {
        provider: 'meld',
        purchaseAmount: {
          amount: String(best.destinationAmount),
          currency: purchase.purchaseCurrency.toUpperCase(),
        },
        paymentAmount: { amount: String(best.sourceAmount), currency: best.sourceCurrencyCode },
        fees: { amount: String(best.totalFee ?? 0), currency: best.sourceCurrencyCode },
        network: purchase.network,
      }
    },
    async checkout(purchase: OnrampCheckoutPurchase): Promise<OnrampCheckoutOpened> {
      // A widget session is for one of Meld's onramps: the one with the best quote.
      const best = await bestQuote(purchase)
      const parsed = widget.safeParse(
        await call('checkout', 'POST', '/crypto/session/widget', {
          sessionType: 'BUY',
          externalSessionId: purchase.orderId,
          sessionData: {
            ...quoteBody(purchase),
            walletAddress: purchase.address,
            serviceProvider: best.serviceProvider,
          },
        }),
      )
      if (!parsed.success) throw badAnswer('meld', label, 'checkout')
      return {
        url: parsed.data.widgetUrl,
        providerOrderId: parsed.data.id,
        purchaseAmount: String(best.destinationAmount),
      }
    },
    async orderStatus(sessionId) {
      const answer = await call(
        'order status',
        'GET',
        `/payments/transactions/sessions/${encodeURIComponent(sessionId)}`,
        undefined,
        null,
      )
      // No transaction yet: the visitor has not paid.
      if (answer === null) return undefined
      const parsed = transactionSchema.safeParse(answer)
      if (!parsed.success) throw badAnswer('meld', label, 'order status')
      const { status, destinationAmount } = parsed.data.transaction
      return {
        status: meldTransactionStatus(status),
        purchaseAmount:
          typeof destinationAmount === 'number' ? String(destinationAmount) : undefined,
      }
    },
  }
}
