/**
 * What an onramp provider's adapter does for the API (`meld.ts`, `coinbase.ts`): say who it is
 * and where it delivers, list the currencies and limits it takes, quote a purchase and open its
 * checkout, and say where an order stands. Each talks to its provider's real HTTP API with the operator's key, which never
 * leaves the adapter; failures are `OnrampProviderError`s (`providerHttp.ts`).
 */
import type {
  CaipNetworkId,
  OnrampOrderStatus,
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
  /** Our id of the order, given to the provider so its webhooks and status name it. */
  orderId: string
}

/** A checkout opened: its page, and what the order keeps of it. */
export type OnrampCheckoutOpened = {
  url: string
  /** The provider's id of this checkout (Meld's session id; Coinbase's partnerUserRef). */
  providerOrderId: string
  /** The crypto the quote behind the checkout delivers, when one was asked. */
  purchaseAmount: string | undefined
}

/** Where the provider says an order stands; undefined: it has no transaction for it yet. */
export type OnrampOrderUpdate = {
  status: OnrampOrderStatus
  purchaseAmount: string | undefined
}

export type OnrampAdapter = {
  readonly provider: OnrampProvider
  /** The fiat currencies it takes and each payment method's limits. */
  paymentCurrencies(): Promise<OnrampPaymentCurrency[]>
  quote(purchase: OnrampPurchase): Promise<OnrampQuote>
  /** Its checkout for this purchase, the address prefilled and the order named. */
  checkout(purchase: OnrampCheckoutPurchase): Promise<OnrampCheckoutOpened>
  /** Asks the provider's order status API (the fallback to its webhook). */
  orderStatus(providerOrderId: string): Promise<OnrampOrderUpdate | undefined>
}
