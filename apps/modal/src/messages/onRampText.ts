/**
 * The words of the Buy view (OnRamp, issue 22), beside it so they load with it. The amount's
 * messages are the protocol's (`onrampAmountErrors`), shared with the API.
 */
import { defineMessages, message } from '../i18n/defineMessages'
export const onRampText = defineMessages('onRamp', {
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
  limits: message('From {min} to {max} {currency}', 'min', 'max', 'currency'),
  deliveredTo: message('To {address} on {network}', 'address', 'network'),
  providers: 'Providers',
  /** A provider's fees for the amount, from its quote: 'Fees 2.50 USD'. */
  fees: message('Fees {fees}', 'fees'),
  receive: message('{amount} {currency}', 'amount', 'currency'),
  quoting: 'Getting a quote…',
  noQuoteYet: '—',
  quoteFailed: 'This provider has no quote right now.',
  noQuotes: 'No provider has a quote for this amount right now.',
  continue: 'Continue',
  continueWith: message('Continue with {provider}', 'provider'),
  opening: message('Opening {provider}…', 'provider'),
  handoff: message('Complete your purchase in the {provider} window.', 'provider'),
  popupBlocked: message(
    'Your browser blocked the {provider} window. Open it with this link:',
    'provider',
  ),
  openProvider: message('Open {provider}', 'provider'),
  openAgain: message('Open the {provider} window again', 'provider'),
  changeAmount: 'Change amount',
  checkoutFailed: 'The checkout could not be opened.',
  unsafeCheckout: 'The provider’s checkout is not a secure (https) page.',
  loading: 'Loading…',
  unsupportedNetwork: 'Buying crypto is not available on this network.',
  notAvailable: 'Buying crypto is not available here.',
  nothingToBuy: 'Nothing can be bought on this network.',
  /** Where the project's networks have something to buy, said after nothingToBuy. */
  buyableOn: message(
    'Nothing can be bought on this network. Buy works on {networks}: switch to one to buy.',
    'networks',
  ),
  noProvider: 'No provider delivers on this network.',
  notConnected: 'Connect a wallet to buy crypto.',
  optionsFailed: 'The buying options could not be loaded.',
  timedOut: 'The request took too long. Try again.',
  retry: 'Try again',
  ordersFailed: 'Your purchases could not be loaded.',
  /** A purchase in Activity, whatever its status: 'Bought 50 USDC'. */
  bought: message('Bought {amount} {currency}', 'amount', 'currency'),
  /** A purchase whose amount is not known yet: 'Bought USDC'. */
  boughtCurrency: message('Bought {currency}', 'currency'),
  /** What was paid for it: '100 USD'. */
  paid: message('{amount} {currency}', 'amount', 'currency'),
  purchases: 'Purchases',
  orderStatus: { pending: 'Pending', completed: 'Completed', failed: 'Failed' },
  /** The toast when a purchase completes. */
  completedToast: message('Purchase complete: {amount} {currency}', 'amount', 'currency'),
  /** The toast when a purchase of an amount not known yet completes. */
  completedToastCurrency: message('Purchase complete: {currency}', 'currency'),
  failedToast: message('Your {currency} purchase failed', 'currency'),
})
