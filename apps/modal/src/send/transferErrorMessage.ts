/**
 * Which message of transferErrorText says a Bitcoin or Solana transfer's error to the visitor:
 * its reason's, with the particulars its English words name (read back from them, and taken only
 * when they give the very words again). Words that are not what their reason says (a message
 * made elsewhere) are kept as they are.
 */
import {
  type BitcoinTransferErrorReason,
  bitcoinTransferErrors,
  maxFeeRate,
} from '../bitcoin/bitcoinTransfer'
import { transferErrorText } from '../messages/transferErrorText'
import { solanaTransferErrors } from './solanaTransferWords'

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
