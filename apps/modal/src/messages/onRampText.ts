/**
 * The words of the Buy view (OnRamp, issue 22), beside it so they load with it. The amount's
 * messages are the protocol's (`onrampAmountErrors`), shared with the API.
 */
export const onRampText = {
  purchaseCurrency: 'You buy',
  amount: 'Amount',
  paymentCurrency: 'Pay in',
  paymentMethod: 'Pay by',
  /** Where the visitor buys from: their browser language's country until they pick another. */
  country: 'Country',
  paymentMethods: { card: 'Card', ach_bank_account: 'Bank transfer (ACH)' } as Record<
    string,
    string
  >,
  /** A payment method's limits: 'From 10.00 to 7,500.00 USD'. */
  limits: (min: string, max: string, currency: string) => `From ${min} to ${max} ${currency}`,
  deliveredTo: (address: string, network: string) => `To ${address} on ${network}`,
  providers: 'Providers',
  /** A provider's fees for the amount, from its quote: 'Fees 2.50 USD'. */
  fees: (fees: string) => `Fees ${fees}`,
  receive: (amount: string, currency: string) => `${amount} ${currency}`,
  quoting: 'Getting a quote…',
  noQuoteYet: '—',
  quoteFailed: 'This provider has no quote right now.',
  noQuotes: 'No provider has a quote for this amount right now.',
  continue: 'Continue',
  continueWith: (provider: string) => `Continue with ${provider}`,
  opening: (provider: string) => `Opening ${provider}…`,
  handoff: (provider: string) => `Complete your purchase in the ${provider} window.`,
  popupBlocked: (provider: string) =>
    `Your browser blocked the ${provider} window. Open it with this link:`,
  openProvider: (provider: string) => `Open ${provider}`,
  openAgain: (provider: string) => `Open the ${provider} window again`,
  changeAmount: 'Change amount',
  checkoutFailed: 'The checkout could not be opened.',
  unsafeCheckout: 'The provider’s checkout is not a secure (https) page.',
  loading: 'Loading…',
  unsupportedNetwork: 'Buying crypto is not available on this network.',
  notAvailable: 'Buying crypto is not available here.',
  nothingToBuy: 'Nothing can be bought on this network.',
  /** Where the project's networks have something to buy, said after nothingToBuy. */
  buyableOn: (networks: readonly string[]) =>
    `Nothing can be bought on this network. Buy works on ${networks.join(', ')}: switch to one to buy.`,
  noProvider: 'No provider delivers on this network.',
  notConnected: 'Connect a wallet to buy crypto.',
  optionsFailed: 'The buying options could not be loaded.',
  timedOut: 'The request took too long. Try again.',
  retry: 'Try again',
  ordersFailed: 'Your purchases could not be loaded.',
  /** A purchase in Activity, whatever its status: 'Bought 50 USDC'. */
  bought: (amount: string | null, currency: string) =>
    amount ? `Bought ${amount} ${currency}` : `Bought ${currency}`,
  /** What was paid for it: '100 USD'. */
  paid: (amount: string, currency: string) => `${amount} ${currency}`,
  purchases: 'Purchases',
  orderStatus: { pending: 'Pending', completed: 'Completed', failed: 'Failed' },
  /** The toast when a purchase completes. */
  completedToast: (amount: string | null, currency: string) =>
    `Purchase complete: ${amount ? `${amount} ${currency}` : currency}`,
  failedToast: (currency: string) => `Your ${currency} purchase failed`,
} as const
