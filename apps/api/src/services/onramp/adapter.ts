/**
 * What an onramp provider's adapter does for the API (`meld.ts`, `coinbase.ts`): say who it is
 * and where it delivers, list the currencies and limits it takes, quote a purchase and open its
 * checkout. Each talks to its provider's real HTTP API with the operator's key, which never
 * leaves the adapter; failures are `OnrampProviderError`s (`providerHttp.ts`).
 */
import type {
  CaipNetworkId,
  OnrampPaymentCurrency,
  OnrampProvider,
  OnrampQuote,
} from '@airlock/protocol'

/** A purchase, checked: an amount of cents within the limits, on a network the provider serves. */
export type OnrampPurchase = {
  /** The crypto to buy, by symbol: 'USDC'. */
  purchaseCurrency: string
  /** The fiat to pay with: 'USD'. */
  paymentCurrency: string
  /** A decimal string of at most two decimals, above zero: '100.00'. */
  amount: string
  network: CaipNetworkId
  /** Our payment method id (spec §3 `payment_method_limits`): 'card', 'ach_bank_account'. */
  paymentMethod: string
  /** ISO 3166-1 alpha-2. */
  country: string
}

export type OnrampCheckoutPurchase = OnrampPurchase & {
  /** The wallet the crypto is delivered to, prefilled in the provider's checkout. */
  address: string
  /** The visitor's IP address: Coinbase binds its session token to it. */
  clientIp: string
}

export type OnrampAdapter = {
  readonly provider: OnrampProvider
  /** The fiat currencies it takes and each payment method's limits. */
  paymentCurrencies(): Promise<OnrampPaymentCurrency[]>
  quote(purchase: OnrampPurchase): Promise<OnrampQuote>
  /** The URL of its checkout for this purchase, the address prefilled. */
  checkoutUrl(purchase: OnrampCheckoutPurchase): Promise<string>
}
