/**
 * A Bitcoin or Solana transfer's refusals and failures, as the visitor reads them. The errors say
 * them in English (`bitcoinTransferErrors`, `solanaTransferErrors`: for logs and for the sites
 * that asked); the modal shows an error's reason by its message here, in the frame's language,
 * with the particulars (a network, a limit, a minimum, the cluster's words) its English names.
 * Words that are not what their reason says (a message made elsewhere) are kept as they are.
 */
import {
  type BitcoinTransferErrorReason,
  bitcoinTransferErrors,
  maxFeeRate,
} from '../bitcoin/bitcoinTransfer'
import { defineMessages, message } from '../i18n/defineMessages'
import { solanaTransferErrors } from '../send/solanaTransferWords'

export const transferErrorText = defineMessages('transferError', {
  bitcoin: {
    wrongNetwork: 'That is not an address of this network.',
    wrongNetworkNamed: message('That is not a {network} address.', 'network'),
    dust: 'The amount is below the dust limit for that address.',
    dustLimit: message(
      'The amount is below the dust limit of {limit, plural, one {# sat} other {# sats}} for that address.',
      'limit',
    ),
    insufficient: 'Not enough BTC for this amount and its fee.',
    feeRate: message(
      'The fee rate must be a whole number of sat/vB from 1 to {maximum, number}.',
      'maximum',
    ),
    unsupportedAccount: 'Airlock cannot build spends from this kind of address.',
    notPsbt: 'The wallet answered something that is not a PSBT.',
    unsigned: 'The wallet returned the transaction unsigned: nothing was sent.',
    altered: 'The wallet changed the transaction: nothing was sent.',
  },
  solana: {
    invalidReceiver: 'Enter a valid Solana address.',
    invalidSender: 'The sending account is not a valid Solana address.',
    invalidMint: 'The token’s mint is not a valid Solana address.',
    invalidAmount: 'Enter an amount greater than 0.',
    amountTooLarge: 'The amount is too large.',
    mintNotFound: 'This token does not exist on this network.',
    notAMint: 'This token’s address is not a token mint.',
    decimalsMismatch: 'The token’s decimals do not match its mint.',
    receiverIsMint: 'That is the token’s mint address, not a wallet.',
    receiverHoldsOtherToken: 'That address is a token account for another token.',
    nonTransferable: 'This token cannot be transferred.',
    paused: 'Transfers of this token are paused.',
    transferFee: 'This token charges a transfer fee, which sending from here does not support.',
    transferHook: 'This token runs a transfer hook, which sending from here does not support.',
    insufficientTokenBalance: 'Insufficient token balance for the transfer.',
    senderFrozen: 'Your account for this token is frozen.',
    receiverFrozen: 'The receiver’s account for this token is frozen.',
    tokenAccountFrozen: 'A token account in this transfer is frozen.',
    insufficientFunds: 'Insufficient funds for the transfer and its fee.',
    insufficientFundsForFee: 'Not enough SOL to pay the network fee.',
    insufficientFundsForTokenAccount:
      'Not enough SOL to pay the network fee and open the receiver’s token account.',
    senderBelowRent:
      'That would leave less in the account than the minimum it must keep. Send less.',
    senderBelowRentAmount: message(
      'That would leave less than {minimum} SOL in the account, the minimum it must keep. Send less.',
      'minimum',
    ),
    receiverBelowRent: 'The receiver’s account is new: send at least the minimum an account holds.',
    receiverBelowRentAmount: message(
      'The receiver’s account is new: send at least {minimum} SOL, the minimum an account holds.',
      'minimum',
    ),
    accountNotFound: 'The sending account has no SOL on this network.',
    blockhashNotFound: 'The transaction expired before it was sent. Try again.',
    alreadyProcessed: 'This transaction was already sent.',
    signatureFailure: 'The wallet’s signature did not verify.',
    invalidSignature: 'The wallet returned an invalid transaction signature.',
    timeout:
      'The transaction was not confirmed in time. It may still land: check your wallet before sending again.',
    networkFailed: 'Could not reach the Solana network. Try again.',
    failed: message('The transaction failed: {details}', 'details'),
  },
})

/** A reason's message for an error's English words, or undefined when they are other words. */
type Reader = (words: string) => string | undefined

/** `shown` for exactly the words `english`. */
const same =
  (english: string, shown: string): Reader =>
  (words) =>
    words === english ? shown : undefined

/**
 * `shown` of the value `english` names in the words: read where the template puts `marker`, and
 * taken only if the template of that value gives the very words back.
 */
function withValue<Value extends string | number>(
  english: (value: Value) => string,
  marker: Value,
  shown: (value: Value) => string,
): Reader {
  const [before = '', after = ''] = english(marker).split(String(marker))
  return (words) => {
    if (words.length < before.length + after.length) return undefined
    if (!words.startsWith(before) || !words.endsWith(after)) return undefined
    const text = words.slice(before.length, words.length - after.length)
    const value = (typeof marker === 'number' ? Number(text) : text) as Value
    return english(value) === words ? shown(value) : undefined
  }
}

/** The first of `readers` that knows the words. */
const either =
  (...readers: Reader[]): Reader =>
  (words) => {
    for (const read of readers) {
      const shown = read(words)
      if (shown !== undefined) return shown
    }
    return undefined
  }

const textMarker = '\u0000'
const numberMarker = Number.MAX_SAFE_INTEGER
const bitcoin = transferErrorText.bitcoin
const bitcoinWords = bitcoinTransferErrors
const solana = transferErrorText.solana
const solanaWords = solanaTransferErrors

const bitcoinReaders: Record<BitcoinTransferErrorReason, Reader> = {
  wrongNetwork: either(
    same(bitcoinWords.wrongNetwork(), bitcoin.wrongNetwork),
    withValue(bitcoinWords.wrongNetwork, textMarker, bitcoin.wrongNetworkNamed),
  ),
  dust: either(
    same(bitcoinWords.dust(), bitcoin.dust),
    withValue(bitcoinWords.dust, numberMarker, bitcoin.dustLimit),
  ),
  insufficient: same(bitcoinWords.insufficient, bitcoin.insufficient),
  feeRate: same(bitcoinWords.feeRate, bitcoin.feeRate(maxFeeRate)),
  unsupportedAccount: same(bitcoinWords.unsupportedAccount, bitcoin.unsupportedAccount),
  notPsbt: same(bitcoinWords.notPsbt, bitcoin.notPsbt),
  unsigned: same(bitcoinWords.unsigned, bitcoin.unsigned),
  altered: same(bitcoinWords.altered, bitcoin.altered),
}

const solanaReaders: Record<keyof typeof solanaTransferErrors, Reader> = {
  invalidReceiver: same(solanaWords.invalidReceiver, solana.invalidReceiver),
  invalidSender: same(solanaWords.invalidSender, solana.invalidSender),
  invalidMint: same(solanaWords.invalidMint, solana.invalidMint),
  invalidAmount: same(solanaWords.invalidAmount, solana.invalidAmount),
  amountTooLarge: same(solanaWords.amountTooLarge, solana.amountTooLarge),
  mintNotFound: same(solanaWords.mintNotFound, solana.mintNotFound),
  notAMint: same(solanaWords.notAMint, solana.notAMint),
  decimalsMismatch: same(solanaWords.decimalsMismatch, solana.decimalsMismatch),
  receiverIsMint: same(solanaWords.receiverIsMint, solana.receiverIsMint),
  receiverHoldsOtherToken: same(
    solanaWords.receiverHoldsOtherToken,
    solana.receiverHoldsOtherToken,
  ),
  nonTransferable: same(solanaWords.nonTransferable, solana.nonTransferable),
  paused: same(solanaWords.paused, solana.paused),
  transferFee: same(solanaWords.transferFee, solana.transferFee),
  transferHook: same(solanaWords.transferHook, solana.transferHook),
  insufficientTokenBalance: same(
    solanaWords.insufficientTokenBalance,
    solana.insufficientTokenBalance,
  ),
  senderFrozen: same(solanaWords.senderFrozen, solana.senderFrozen),
  receiverFrozen: same(solanaWords.receiverFrozen, solana.receiverFrozen),
  tokenAccountFrozen: same(solanaWords.tokenAccountFrozen, solana.tokenAccountFrozen),
  insufficientFunds: same(solanaWords.insufficientFunds, solana.insufficientFunds),
  insufficientFundsForFee: same(
    solanaWords.insufficientFundsForFee,
    solana.insufficientFundsForFee,
  ),
  insufficientFundsForTokenAccount: same(
    solanaWords.insufficientFundsForTokenAccount,
    solana.insufficientFundsForTokenAccount,
  ),
  senderBelowRent: either(
    same(solanaWords.senderBelowRent(), solana.senderBelowRent),
    withValue(solanaWords.senderBelowRent, textMarker, solana.senderBelowRentAmount),
  ),
  receiverBelowRent: either(
    same(solanaWords.receiverBelowRent(), solana.receiverBelowRent),
    withValue(solanaWords.receiverBelowRent, textMarker, solana.receiverBelowRentAmount),
  ),
  accountNotFound: same(solanaWords.accountNotFound, solana.accountNotFound),
  blockhashNotFound: same(solanaWords.blockhashNotFound, solana.blockhashNotFound),
  alreadyProcessed: same(solanaWords.alreadyProcessed, solana.alreadyProcessed),
  signatureFailure: same(solanaWords.signatureFailure, solana.signatureFailure),
  invalidSignature: same(solanaWords.invalidSignature, solana.invalidSignature),
  timeout: same(solanaWords.timeout, solana.timeout),
  networkFailed: same(solanaWords.networkFailed, solana.networkFailed),
  failed: withValue(solanaWords.failed, textMarker, solana.failed),
}

const readersByError: Record<string, Record<string, Reader>> = {
  BitcoinTransferError: bitcoinReaders,
  SolanaTransferError: solanaReaders,
}

/**
 * What a Bitcoin or Solana transfer's error says to the visitor: its reason's message in the
 * frame's language, its particulars carried; undefined for another error, an unknown reason, or
 * words the reason does not say (the caller shows its own). An error of another kind that carries
 * a Bitcoin refusal's words (the modal's `bitcoin_sendTransfer` answers with the site's errors)
 * is read by its words.
 * @example
 * transferErrorMessage(new BitcoinTransferError('insufficient')) // 'Not enough BTC…', translated
 */
export function transferErrorMessage(error: unknown): string | undefined {
  const { name, reason, message, shortMessage } = (error ?? {}) as Record<string, unknown>
  // An Airlock RPC error's message adds its details: its words are its short message.
  const words = typeof shortMessage === 'string' ? shortMessage : message
  if (typeof words !== 'string') return undefined
  const readers =
    typeof name === 'string' && Object.hasOwn(readersByError, name)
      ? readersByError[name]
      : undefined
  if (readers)
    return typeof reason === 'string' && Object.hasOwn(readers, reason)
      ? readers[reason]?.(words)
      : undefined
  return either(...Object.values(bitcoinReaders))(words)
}
