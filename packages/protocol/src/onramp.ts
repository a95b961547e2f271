/**
 * Buying crypto through an onramp (issue 22; spec §3 Onramp state and provider, §6, §7 "onramp
 * options" and "onramp quote", §9 Onramp): what the modal and the API's onramp routes say to each
 * other, and the amount rule both apply. The providers (meld, coinbase) and their keys live on the
 * API; the modal sees only these shapes.
 *
 *   GET  /v1/projects/:id/onramp/options?hostOrigin=   → OnrampOptions
 *   POST /v1/projects/:id/onramp/quote?hostOrigin=     OnrampQuoteRequest → OnrampQuote
 *   POST /v1/projects/:id/onramp/checkout?hostOrigin=  OnrampCheckoutRequest → OnrampCheckout
 *
 * Amounts travel as decimal strings (`'100.00'`), as the providers' own APIs take and give them,
 * so no float rounding happens between the visitor's keyboard and the provider.
 */
import * as z from 'zod/mini'
import { type AmountTextProblem, decimalUnits, formatFiatCents, parseAmount } from './amounts'
import type { CaipNetworkId } from './caip'
import {
  type coinbasePayChains,
  onrampDefaultPaymentCurrency,
  onrampDefaultPurchaseCurrency,
} from './constants'
import { caipNetworkIdSchema } from './idSchemas'

/** The onramp providers the API can offer. */
export const onrampProviderIds = ['meld', 'coinbase'] as const
export type OnrampProviderId = (typeof onrampProviderIds)[number]

/**
 * Coinbase Pay's chains (spec §9, by Coinbase's own names) and the CAIP-2 network of each: the
 * only networks Coinbase is offered on.
 */
export const coinbasePayNetworks = {
  ethereum: 'eip155:1',
  arbitrum: 'eip155:42161',
  polygon: 'eip155:137',
  berachain: 'eip155:80094',
  'avalanche-c-chain': 'eip155:43114',
  optimism: 'eip155:10',
  celo: 'eip155:42220',
  base: 'eip155:8453',
} as const satisfies Record<(typeof coinbasePayChains)[number], CaipNetworkId>

/** The decimals a payment amount may have: cents. */
export const onrampAmountDecimals = 2
/** The longest amount text accepted; anything longer is not an amount anyone typed. */
export const onrampAmountMaxChars = 32
/** The payment method a quote is for when the request names none. */
export const onrampDefaultPaymentMethod = 'card'
/** The country a quote is for when the request names none (the default limits are USD's). */
export const onrampDefaultCountry = 'US'

/**
 * What the visitor is told about an amount, exact strings (tests assert them). The limits are
 * shown with thousands separators and two decimals: 'The maximum is 7,500.00 USD'.
 */
export const onrampAmountErrors = {
  empty: 'Enter an amount',
  notANumber: 'Enter a number',
  tooPrecise: `At most ${onrampAmountDecimals} decimals`,
  zero: 'Enter an amount above 0',
  belowMinimum: (limit: string, currency: string) => `The minimum is ${limit} ${currency}`,
  aboveMaximum: (limit: string, currency: string) => `The maximum is ${limit} ${currency}`,
} as const

const onrampAmountProblemWords = {
  empty: onrampAmountErrors.empty,
  notANumber: onrampAmountErrors.notANumber,
  tooManyDecimals: onrampAmountErrors.tooPrecise,
} as const satisfies Record<AmountTextProblem, string>

/** A payment method's limits in one fiat currency (spec §3 `payment_method_limits`). */
export const onrampPaymentMethodLimitSchema = z.object({
  id: z.string(),
  min: z.string(),
  max: z.string(),
})
export type OnrampPaymentMethodLimit = z.infer<typeof onrampPaymentMethodLimitSchema>

/** A fiat currency the visitor can pay with, and each payment method's limits in it. */
export const onrampPaymentCurrencySchema = z.object({
  id: z.string(),
  payment_method_limits: z.array(onrampPaymentMethodLimitSchema),
})
export type OnrampPaymentCurrency = z.infer<typeof onrampPaymentCurrencySchema>

/** A crypto currency the visitor can buy, and the networks it is offered on. */
export const onrampPurchaseCurrencySchema = z.object({
  symbol: z.string(),
  networks: z.array(z.object({ name: z.string(), caipNetworkId: caipNetworkIdSchema })),
})
export type OnrampPurchaseCurrency = z.infer<typeof onrampPurchaseCurrencySchema>

/** An onramp provider as the modal lists it (spec §3 Onramp provider). */
export const onrampProviderSchema = z.object({
  id: z.enum(onrampProviderIds),
  /** What the visitor reads: 'Meld.io', 'Coinbase'. */
  label: z.string(),
  name: z.string(),
  feeRange: z.string(),
  /** The provider's site. */
  url: z.string(),
  /** CAIP-2 networks it delivers to. */
  supportedChains: z.array(caipNetworkIdSchema),
})
export type OnrampProvider = z.infer<typeof onrampProviderSchema>

/** The answer of "onramp options" (spec §7). */
export const onrampOptionsSchema = z.object({
  providers: z.array(onrampProviderSchema),
  purchaseCurrencies: z.array(onrampPurchaseCurrencySchema),
  paymentCurrencies: z.array(onrampPaymentCurrencySchema),
  /** The currencies selected before the visitor picks: USDC, paid in USD. */
  defaultPurchaseCurrency: z.string(),
  defaultPaymentCurrency: z.string(),
})
export type OnrampOptions = z.infer<typeof onrampOptionsSchema>

const currencyCodeSchema = z
  .string({ error: 'is required' })
  .check(z.regex(/^[A-Za-z0-9_.-]{1,32}$/, 'must be a currency code such as USD or USDC'))
/** The amount as typed: its rules are {@link onrampAmountError}'s, which says what is wrong. */
const amountTextSchema = z
  .string({ error: 'is required' })
  .check(z.maxLength(onrampAmountMaxChars, onrampAmountErrors.notANumber))
const paymentMethodSchema = z
  .string()
  .check(z.regex(/^[a-z_]{1,40}$/, 'must be a payment method id such as card'))
const countrySchema = z.string().check(z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code'))

/** "onramp quote" (spec §7): purchaseCurrency, paymentCurrency, amount, network. */
export const onrampQuoteRequestSchema = z.strictObject({
  purchaseCurrency: currencyCodeSchema,
  paymentCurrency: currencyCodeSchema,
  /** The fiat amount to pay, e.g. '100.00'. */
  amount: amountTextSchema,
  network: caipNetworkIdSchema,
  /** A provider to ask; absent: the first one offered on the network. */
  provider: z.optional(z.enum(onrampProviderIds)),
  /** Default {@link onrampDefaultPaymentMethod}. */
  paymentMethod: z.optional(paymentMethodSchema),
  /** ISO 3166-1 alpha-2; default {@link onrampDefaultCountry}. */
  country: z.optional(countrySchema),
})
export type OnrampQuoteRequest = z.infer<typeof onrampQuoteRequestSchema>

const moneySchema = z.object({ amount: z.string(), currency: z.string() })
export type OnrampMoney = z.infer<typeof moneySchema>

/** The answer of "onramp quote": what the visitor receives for what they pay. */
export const onrampQuoteSchema = z.object({
  provider: z.enum(onrampProviderIds),
  purchaseAmount: moneySchema,
  /** What the visitor pays, fees included. */
  paymentAmount: moneySchema,
  /** The fees within the payment amount. */
  fees: moneySchema,
  network: caipNetworkIdSchema,
})
export type OnrampQuote = z.infer<typeof onrampQuoteSchema>

/** Opening the provider's checkout for an address (in a new window, the address prefilled). */
export const onrampCheckoutRequestSchema = z.strictObject({
  provider: z.enum(onrampProviderIds),
  /** The wallet address the crypto goes to, in the network's form. */
  address: z.string({ error: 'is required' }).check(z.minLength(1), z.maxLength(128)),
  network: caipNetworkIdSchema,
  purchaseCurrency: currencyCodeSchema,
  paymentCurrency: currencyCodeSchema,
  amount: amountTextSchema,
  paymentMethod: z.optional(paymentMethodSchema),
  country: z.optional(countrySchema),
})
export type OnrampCheckoutRequest = z.infer<typeof onrampCheckoutRequestSchema>

/** The checkout's page, and the order the API keeps of it (`onrampOrders.ts`). */
export const onrampCheckoutSchema = z.object({ url: z.string(), orderId: z.optional(z.string()) })
export type OnrampCheckout = z.infer<typeof onrampCheckoutSchema>

/**
 * The limits spec §9 sets for a currency and payment method (USD card 10.00–7500.00,
 * ach_bank_account 10.00–25000.00), or undefined when it sets none.
 *
 * @example
 * onrampDefaultLimits('USD', 'card') // { id: 'card', min: '10.00', max: '7500.00' }
 */
export function onrampDefaultLimits(
  currency: string,
  paymentMethod: string,
): OnrampPaymentMethodLimit | undefined {
  if (currency.toUpperCase() !== onrampDefaultPaymentCurrency.id) return undefined
  const limit = onrampDefaultPaymentCurrency.payment_method_limits.find(
    (entry) => entry.id === paymentMethod,
  )
  return limit && { ...limit }
}

/** The default purchase currency (spec §9: USDC on Ethereum and Polygon) in the options' shape. */
export function onrampDefaultPurchaseCurrencies(): OnrampPurchaseCurrency[] {
  return [
    {
      symbol: onrampDefaultPurchaseCurrency.symbol,
      networks: onrampDefaultPurchaseCurrency.networks.map((network) => ({ ...network })),
    },
  ]
}

/**
 * What is wrong with an amount the visitor typed, in the words they are shown, or undefined when
 * it may be sent: empty, not a plain decimal number, more than two decimals, zero, or outside the
 * payment method's limits. Compared as exact decimals, never as floats.
 *
 * @example
 * onrampAmountError('5', { min: '10.00', max: '7500.00' }, 'USD') // 'The minimum is 10.00 USD'
 * onrampAmountError('100.5', { min: '10.00', max: '7500.00' }, 'USD') // undefined
 */
export function onrampAmountError(
  amount: string,
  limits: { min: string; max: string } | undefined,
  currency: string,
): string | undefined {
  if (amount.trim().length > onrampAmountMaxChars) return onrampAmountErrors.notANumber
  const { units: cents, problem } = parseAmount(amount, onrampAmountDecimals)
  if (problem !== undefined) return onrampAmountProblemWords[problem]
  if (cents === 0n) return onrampAmountErrors.zero
  if (limits === undefined) return undefined
  // Limits in cents rounded inwards (a minimum up, a maximum down): whole cents compare with them
  // exactly, and the limit the visitor reads is one that passes.
  const min = decimalUnits(limits.min, onrampAmountDecimals, 'up')
  const max = decimalUnits(limits.max, onrampAmountDecimals, 'down')
  if (min !== undefined && cents < min)
    return onrampAmountErrors.belowMinimum(formatFiatCents(min), currency)
  if (max !== undefined && cents > max)
    return onrampAmountErrors.aboveMaximum(formatFiatCents(max), currency)
  return undefined
}
