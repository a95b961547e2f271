/**
 * Coinbase Onramp as an adapter, offered only on Coinbase Pay's chains (spec §9). Its public API,
 * as the CDP docs describe it (docs.cdp.coinbase.com, "Onramp/Offramp"): base
 * `https://api.developer.coinbase.com/onramp`, each request with `Authorization: Bearer <JWT>`
 * signed by the operator's secret API key (`coinbaseJwt.ts`);
 *
 *   GET  /v1/buy/options?country=US → { payment_currencies: [{ id, limits: [{ id, min, max }] }], … }
 *   POST /v1/buy/quote { purchaseCurrency, purchaseNetwork, paymentAmount, paymentCurrency,
 *        paymentMethod, country } → { purchase_amount: { value, currency }, payment_total,
 *        coinbase_fee, network_fee, quote_id }
 *   POST /v1/token { addresses: [{ address, blockchains }], assets, clientIp } → { token }
 *   GET  /v1/buy/user/{partnerUserRef}/transactions?page_size=1 → { transactions: [{ status,
 *        purchase_amount, … }] } (newest first)
 *
 * and the checkout is `https://pay.coinbase.com/buy/select-asset?sessionToken=…` with the asset,
 * network, amount and payment method preset, the quote's `quoteId`, and `partnerUserRef` set to
 * our order id, which Coinbase's webhooks and transaction status repeat: the token carries the
 * address. The options answer's
 * top-level names are snake_case as the quote's are (the OpenAPI page's response schema was not
 * readable); camelCase is accepted too, as some SDK types show it. `appId` is the CDP project id,
 * the parameter older Onramp URLs took; current docs list `sessionToken` as the required one.
 */
import {
  type CaipNetworkId,
  coinbasePayNetworks,
  formatFiatAmount,
  type OnrampPaymentCurrency,
  type OnrampProvider,
  type OnrampQuote,
  onrampProviderFeeRange,
  sumDecimals,
} from '@airlock/protocol'
import { z } from 'zod'
import type {
  OnrampAdapter,
  OnrampCheckoutOpened,
  OnrampCheckoutPurchase,
  OnrampPurchase,
} from './adapter'
import { type CdpApiKey, cdpJwtSigner } from './coinbaseJwt'
import { coinbaseTransactionStatus } from './coinbaseWebhook'
import { badAnswer, OnrampProviderError, providerJson } from './providerHttp'

export const coinbaseApiHost = 'api.developer.coinbase.com'
export const coinbaseCheckoutUrl = 'https://pay.coinbase.com/buy/select-asset'

const coinbaseLabel = 'Coinbase'
/** The dev stand-in's label: the visitor must see it is not Coinbase (scripts/devOnramp.mjs). */
const testLabel = 'Coinbase (test)'

/** Coinbase's chain name of each network it delivers to. */
const chainNames = new Map<CaipNetworkId, string>(
  Object.entries(coinbasePayNetworks).map(([name, network]) => [network, name]),
)

const limitSchema = z.looseObject({ id: z.string(), min: z.string(), max: z.string() })
const paymentCurrencySchema = z.looseObject({ id: z.string(), limits: z.array(limitSchema) })
const optionsSchema = z
  .looseObject({
    payment_currencies: z.array(paymentCurrencySchema).optional(),
    paymentCurrencies: z.array(paymentCurrencySchema).optional(),
  })
  .transform((options) => options.payment_currencies ?? options.paymentCurrencies)
  .pipe(z.array(paymentCurrencySchema))

const amountSchema = z.looseObject({
  value: z.string().regex(/^\d+(\.\d+)?$/),
  currency: z.string(),
})
const quoteSchema = z.looseObject({
  purchase_amount: amountSchema,
  payment_total: amountSchema,
  coinbase_fee: amountSchema,
  network_fee: amountSchema.nullish(),
  quote_id: z.string().max(128).nullish(),
})
const transactionsSchema = z.looseObject({
  transactions: z.array(
    z.looseObject({ status: z.string(), purchase_amount: amountSchema.nullish() }),
  ),
})
const tokenSchema = z.looseObject({ token: z.string().min(1) })

export type CoinbaseAdapterConfig = {
  appId: string
  apiKey: CdpApiKey
  /** How long Coinbase may take to answer; default `onrampProviderTimeoutMs`. */
  timeoutMs?: number | undefined
  /**
   * The dev stand-in (`AIRLOCK_ONRAMP_TEST_PROVIDERS_URL`): its Onramp API (`…/coinbase/onramp`)
   * and checkout page (`…/coinbase/checkout`), labelled as a test.
   */
  test?: { apiUrl: string; checkoutUrl: string } | undefined
}

/**
 * @example
 * const coinbase = createCoinbaseAdapter({ appId, apiKey: { id, secret } })
 * const url = await coinbase.checkoutUrl({ ...purchase, address, clientIp })
 */
export function createCoinbaseAdapter({
  appId,
  apiKey,
  timeoutMs,
  test,
}: CoinbaseAdapterConfig): OnrampAdapter {
  const label = test ? testLabel : coinbaseLabel
  const api = new URL(test?.apiUrl ?? `https://${coinbaseApiHost}/onramp`)
  const checkoutPage = test?.checkoutUrl ?? coinbaseCheckoutUrl
  const provider: OnrampProvider = {
    id: 'coinbase',
    label,
    name: 'coinbase',
    feeRange: onrampProviderFeeRange,
    url: test ? api.origin : 'https://www.coinbase.com',
    supportedChains: [...chainNames.keys()],
  }
  const jwtFor = cdpJwtSigner(apiKey)
  const call = async (purpose: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
    // The JWT's uri claim names the path without its query.
    const jwt = await jwtFor(method, api.host, `${api.pathname}${path.split('?')[0]}`)
    return providerJson({
      provider: 'coinbase',
      label,
      purpose,
      url: `${api.origin}${api.pathname}${path}`,
      method,
      headers: { Authorization: `Bearer ${jwt}` },
      body,
      timeoutMs,
    })
  }
  const chainOf = (purchase: OnrampPurchase) => {
    const chain = chainNames.get(purchase.network)
    if (chain === undefined)
      throw new OnrampProviderError(
        'coinbase',
        'refused',
        `${label} Pay does not buy on ${purchase.network}.`,
      )
    return chain
  }

  return {
    provider,
    async paymentCurrencies(): Promise<OnrampPaymentCurrency[]> {
      const parsed = optionsSchema.safeParse(
        await call('options', 'GET', '/v1/buy/options?country=US'),
      )
      if (!parsed.success) throw badAnswer('coinbase', label, 'list of options')
      return parsed.data.map((currency) => ({
        id: currency.id.toUpperCase(),
        // CARD, ACH_BANK_ACCOUNT → card, ach_bank_account: spec §3's ids.
        payment_method_limits: currency.limits.map(({ id, min, max }) => ({
          id: id.toLowerCase(),
          min,
          max,
        })),
      }))
    },
    async quote(purchase): Promise<OnrampQuote> {
      return quoteOf(purchase, await askQuote(purchase))
    },
    async checkout(purchase: OnrampCheckoutPurchase): Promise<OnrampCheckoutOpened> {
      const chain = chainOf(purchase)
      // The quote the checkout opens on: Coinbase's one-click buy takes its id.
      const quote = await askQuote(purchase)
      const parsed = tokenSchema.safeParse(
        await call('checkout', 'POST', '/v1/token', {
          addresses: [{ address: purchase.address, blockchains: [chain] }],
          assets: [purchase.purchaseCurrency.toUpperCase()],
          clientIp: purchase.clientIp,
        }),
      )
      if (!parsed.success) throw badAnswer('coinbase', label, 'checkout')
      const url = new URL(checkoutPage)
      url.search = new URLSearchParams({
        appId,
        sessionToken: parsed.data.token,
        defaultNetwork: chain,
        defaultAsset: purchase.purchaseCurrency.toUpperCase(),
        presetFiatAmount: twoDecimals(purchase.amount),
        fiatCurrency: purchase.paymentCurrency.toUpperCase(),
        defaultPaymentMethod: purchase.paymentMethod.toUpperCase(),
        ...(quote.quote_id ? { quoteId: quote.quote_id } : {}),
        partnerUserRef: purchase.orderId,
      }).toString()
      return {
        url: url.toString(),
        providerOrderId: purchase.orderId,
        purchaseAmount: quote.purchase_amount.value,
      }
    },
    async orderStatus(partnerUserRef) {
      const parsed = transactionsSchema.safeParse(
        await call(
          'order status',
          'GET',
          `/v1/buy/user/${encodeURIComponent(partnerUserRef)}/transactions?page_size=1`,
        ),
      )
      if (!parsed.success) throw badAnswer('coinbase', label, 'order status')
      const [newest] = parsed.data.transactions
      if (newest === undefined) return undefined
      return {
        status: coinbaseTransactionStatus(newest.status),
        purchaseAmount: newest.purchase_amount?.value,
      }
    },
  }

  async function askQuote(purchase: OnrampPurchase) {
    const parsed = quoteSchema.safeParse(
      await call('quote', 'POST', '/v1/buy/quote', {
        purchaseCurrency: purchase.purchaseCurrency.toUpperCase(),
        purchaseNetwork: chainOf(purchase),
        paymentAmount: twoDecimals(purchase.amount),
        paymentCurrency: purchase.paymentCurrency.toUpperCase(),
        paymentMethod: purchase.paymentMethod.toUpperCase(),
        country: purchase.country,
      }),
    )
    if (!parsed.success) throw badAnswer('coinbase', label, 'quote')
    return parsed.data
  }

  function quoteOf(purchase: OnrampPurchase, quote: z.infer<typeof quoteSchema>): OnrampQuote {
    return {
      provider: 'coinbase',
      purchaseAmount: {
        amount: quote.purchase_amount.value,
        currency: quote.purchase_amount.currency,
      },
      paymentAmount: {
        amount: quote.payment_total.value,
        currency: quote.payment_total.currency,
      },
      fees: {
        amount: addDecimals(quote.coinbase_fee.value, quote.network_fee?.value ?? '0'),
        currency: quote.coinbase_fee.currency,
      },
      network: purchase.network,
    }
  }
}

/** '100' → '100.00': Coinbase takes a payment amount with two decimals (the amount is checked). */
function twoDecimals(amount: string): string {
  return formatFiatAmount(amount, { grouping: false }) ?? amount
}

/** The sum of two decimal strings, exactly; '1.5' + '0.25' → '1.75'. */
function addDecimals(a: string, b: string): string {
  // The quote schema admits only plain decimals.
  return sumDecimals([a, b]) ?? a
}
