/**
 * The words of the Swap view and of the swap flow's outcomes, beside the view so they load with
 * it. A refused amount is said in the protocol's words (`swapAmountErrors`), which the API uses
 * too; the API's own refusals (provider down, unsupported network) are shown as it says them.
 */
import { defineMessages, message } from '../i18n/defineMessages'
export const swapText = defineMessages('swap', {
  from: 'From',
  to: 'To',
  amount: 'Amount',
  max: 'Max',
  chooseToken: 'Select token',
  switchTokens: 'Switch tokens',
  balance: message('Balance {amount}', 'amount'),
  youReceive: 'You receive',
  minimumReceived: 'Minimum received',
  priceImpact: 'Price impact',
  networkFee: 'Network fee',
  feeUnavailable: 'Fee estimate unavailable',
  slippageTolerance: message('Slippage tolerance {percent}%', 'percent'),
  /** The slippage choices' group and the custom one's field. */
  slippage: 'Slippage tolerance',
  customSlippage: 'Custom slippage (%)',
  customSlippagePlaceholder: 'Custom',
  highSlippage: message(
    'Slippage of {percent}% is high: the swap may give you up to {percent}% less than quoted, and others can take that difference.',
    'percent',
  ),
  route: 'Route',
  highPriceImpact: message(
    'Price impact of {percent}%: this swap gets a noticeably worse price than the market.',
    'percent',
  ),
  veryHighPriceImpact: message(
    'Price impact of {percent}% is very high: you lose {percent}% of the value to the pool.',
    'percent',
  ),
  acceptPriceImpact: 'I accept the high price impact',
  unlimitedApproval: 'Approve an unlimited amount (no approval next time)',
  priceChanged:
    'The price changed beyond your slippage tolerance. Nothing was sent: here is the new quote.',
  searchTokens: 'Search by name or paste an address',
  noTokensFound: 'No token matches. Paste its address to import it.',
  lookingUpToken: 'Reading the token from its contract…',
  importToken: 'Import',
  importWarning: message(
    '{symbol} is not on the token list. Anyone can create a token with any name, including fakes of real ones. Make sure this is the token you want.',
    'symbol',
  ),
  imported: 'Imported',
  loadingTokens: 'Loading tokens…',
  tryAgain: 'Try again',
  chooseTokens: 'Choose the tokens to swap',
  sameTokens: 'Choose two different tokens to swap',
  swap: 'Swap',
  approve: message('Approve {symbol}', 'symbol'),
  quoting: 'Getting a quote…',
  approving: message('Approving {symbol}…', 'symbol'),
  swapping: 'Swapping…',
  confirmInWallet: 'Confirm in your wallet',
  waitingForChain: 'Waiting for the network…',
  quoteExpired: 'The quote expired. Here is a new one.',
  approved: message('{symbol} approved. You can swap now.', 'symbol'),
  /** The success toast: `Swapped 1 ETH for 2,961.22 aUSD`. */
  swapped: message('Swapped {from} for {to}', 'from', 'to'),
  /** The active network is not an EVM one: swaps are EVM transactions. */
  unsupportedNamespace: 'Swaps work on EVM networks only. Switch to one to swap.',
  notConnected: 'Connect a wallet to swap.',
  noWallet: 'No wallet is connected.',
  noHost: 'The host page is not connected.',
  noHash: 'The wallet answered no transaction hash.',
  noBatchId: 'The wallet answered no batch id.',
  /** An approve-and-swap batch not yet included when the flow stops following it. */
  stillPending: 'The swap is still pending on the network. Check Activity before you swap again.',
  reverted: 'The transaction failed on chain (reverted)',
  badAnswer: 'The swap service answered something unexpected. Try again.',
  timeout: 'The swap service took too long to answer. Try again.',
  failed: 'The swap failed',
})
