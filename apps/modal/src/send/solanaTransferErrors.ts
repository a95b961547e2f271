// What a Solana transfer's failures say: the reasons a user reads (their English words in
// solanaTransferWords.ts), the error class the Send view shows, and how the cluster's answers (a
// transaction error, a program's custom error, a JSON-RPC or @solana/kit error, a wallet
// repeating the cluster's text) become one of them.
import {
  isSolanaError,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__INSTRUCTION_ERROR__INSUFFICIENT_FUNDS,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
  SOLANA_ERROR__TRANSACTION_ERROR__SIGNATURE_FAILURE,
  type SolanaError,
} from '@solana/kit'
import { hexToNumber } from 'viem/utils'
import { solanaTransferErrors } from './solanaTransferWords'

export { solanaTransferErrors }

export type SolanaTransferErrorReason = keyof typeof solanaTransferErrors

/** Reasons whose message needs a value (`failed`) or may take one (the rent minimums). */
type TemplateReason = 'failed' | 'senderBelowRent' | 'receiverBelowRent'

/**
 * A transfer that cannot be prepared, or that failed on chain: `message` is the user's words in
 * English (the modal shows `reason` in the visitor's language: messages/transferErrorText.ts),
 * `reason` for code, `details` (the cluster's own error, when there is one) for logs.
 */
export class SolanaTransferError extends Error {
  override readonly name = 'SolanaTransferError'
  readonly reason: SolanaTransferErrorReason
  readonly details: string | undefined

  constructor(
    reason: Exclude<SolanaTransferErrorReason, TemplateReason>,
    options?: { details?: string; cause?: unknown },
  )
  constructor(
    reason: TemplateReason,
    options: { message: string; details?: string; cause?: unknown },
  )
  constructor(
    reason: SolanaTransferErrorReason,
    options: { message?: string; details?: string; cause?: unknown } = {},
  ) {
    const text = solanaTransferErrors[reason]
    super(options.message ?? (typeof text === 'string' ? text : reason), { cause: options.cause })
    this.reason = reason
    this.details = options.details
  }
}

/**
 * A readable SolanaTransferError for what sending threw: @solana/kit's preflight failure (-32002)
 * and its cause, a JSON-RPC error object carrying the cluster's `err`, or a wallet's error whose
 * message repeats the cluster's text ("custom program error: 0x1").
 * @example
 * try { await send() } catch (error) { log(describeSolanaError(error).message) }
 */
export function describeSolanaError(error: unknown): SolanaTransferError {
  if (error instanceof SolanaTransferError) return error
  if (isSolanaError(error)) return describeKitError(error)
  if (typeof error === 'object' && error !== null) {
    const data = 'data' in error ? error.data : undefined
    if (typeof data === 'object' && data !== null && 'err' in data && data.err != null) {
      return describeTransactionError(data.err, error)
    }
  }
  const text = errorText(error)
  return describeErrorText(text, error) ?? failed(text, error)
}

/**
 * A readable SolanaTransferError for a TransactionError as the RPC reports it:
 * 'BlockhashNotFound', { InstructionError: [0, { Custom: 1 }] },
 * { InsufficientFundsForRent: { account_index: 0 } }. Numbers may be bigints (@solana/kit).
 */
export function describeTransactionError(err: unknown, cause: unknown = err): SolanaTransferError {
  const details = stringify(err)
  const options = { details, cause }
  if (typeof err === 'string') {
    const reason = transactionErrorReasons[err]
    return reason ? new SolanaTransferError(reason, options) : failed(details, cause)
  }
  if (typeof err === 'object' && err !== null) {
    if ('InstructionError' in err && Array.isArray(err.InstructionError)) {
      const inner: unknown = err.InstructionError[1]
      if (inner === 'InsufficientFunds')
        return new SolanaTransferError('insufficientFunds', options)
      if (typeof inner === 'object' && inner !== null && 'Custom' in inner) {
        const reason = customErrorReasons[Number(inner.Custom)]
        if (reason) return new SolanaTransferError(reason, options)
      }
    }
    if ('InsufficientFundsForRent' in err) {
      const rent = err.InsufficientFundsForRent
      const index =
        typeof rent === 'object' && rent !== null && 'account_index' in rent
          ? Number(rent.account_index)
          : 0
      return rentError(index, options)
    }
  }
  return failed(details, cause)
}

/** TransactionError names a user can act on. */
const transactionErrorReasons: Record<
  string,
  Exclude<SolanaTransferErrorReason, TemplateReason>
> = {
  InsufficientFundsForFee: 'insufficientFundsForFee',
  AccountNotFound: 'accountNotFound',
  BlockhashNotFound: 'blockhashNotFound',
  AlreadyProcessed: 'alreadyProcessed',
  SignatureFailure: 'signatureFailure',
}

/**
 * Custom program errors that mean the same in every program these transfers call: 1 is the
 * System program's ResultWithNegativeLamports and SPL Token's InsufficientFunds; 17 and 18 are
 * only Token's (AccountFrozen, MintDecimalsMismatch).
 */
const customErrorReasons: Record<number, Exclude<SolanaTransferErrorReason, TemplateReason>> = {
  1: 'insufficientFunds',
  17: 'tokenAccountFrozen',
  18: 'decimalsMismatch',
}

/** The fee payer is account 0; in a SOL transfer the receiver is account 1. */
function rentError(accountIndex: number, options: { details?: string; cause?: unknown }) {
  return accountIndex === 0
    ? new SolanaTransferError('senderBelowRent', {
        ...options,
        message: solanaTransferErrors.senderBelowRent(),
      })
    : new SolanaTransferError('receiverBelowRent', {
        ...options,
        message: solanaTransferErrors.receiverBelowRent(),
      })
}

function describeKitError(error: SolanaError): SolanaTransferError {
  if (
    isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)
  ) {
    const cause = error.cause
    return isSolanaError(cause) ? describeKitError(cause) : failed(error.message, error)
  }
  const options = { details: error.message, cause: error }
  if (isSolanaError(error, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)) {
    const reason = customErrorReasons[error.context.code]
    return reason ? new SolanaTransferError(reason, options) : failed(error.message, error)
  }
  if (isSolanaError(error, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT)) {
    return rentError(error.context.accountIndex, options)
  }
  const reason = kitErrorReasons.get(error.context.__code)
  if (reason) return new SolanaTransferError(reason, options)
  return describeErrorText(error.message, error) ?? failed(error.message, error)
}

const kitErrorReasons = new Map<number, Exclude<SolanaTransferErrorReason, TemplateReason>>([
  [SOLANA_ERROR__INSTRUCTION_ERROR__INSUFFICIENT_FUNDS, 'insufficientFunds'],
  [SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE, 'insufficientFundsForFee'],
  [SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND, 'accountNotFound'],
  [SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND, 'blockhashNotFound'],
  [SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED, 'alreadyProcessed'],
  [SOLANA_ERROR__TRANSACTION_ERROR__SIGNATURE_FAILURE, 'signatureFailure'],
  [
    SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
    'signatureFailure',
  ],
])

/** The cluster's Display text of the same errors, as wallets pass it on in their messages. */
function describeErrorText(text: string, cause: unknown): SolanaTransferError | undefined {
  const options = { details: text, cause }
  const custom = /custom program error: 0x([0-9a-f]+)/i.exec(text)
  if (custom?.[1]) {
    const reason = customErrorReasons[hexToNumber(`0x${custom[1]}`)]
    return reason ? new SolanaTransferError(reason, options) : undefined
  }
  const rent = /account \((\d+)\) with insufficient funds for rent/i.exec(text)
  if (rent?.[1]) return rentError(Number(rent[1]), options)
  if (/insufficient funds for fee/i.test(text)) {
    return new SolanaTransferError('insufficientFundsForFee', options)
  }
  if (/insufficient (funds|lamports)/i.test(text)) {
    return new SolanaTransferError('insufficientFunds', options)
  }
  if (/blockhash not found/i.test(text))
    return new SolanaTransferError('blockhashNotFound', options)
  if (/no record of a prior credit/i.test(text)) {
    return new SolanaTransferError('accountNotFound', options)
  }
  if (/already been processed/i.test(text)) {
    return new SolanaTransferError('alreadyProcessed', options)
  }
  return undefined
}

function failed(details: string, cause: unknown) {
  return new SolanaTransferError('failed', {
    message: solanaTransferErrors.failed(details),
    details,
    cause,
  })
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : stringify(error)
}

/** JSON that survives the bigints @solana/kit puts in RPC answers. */
function stringify(value: unknown): string {
  const json = JSON.stringify(value, (_, item: unknown) => {
    if (typeof item !== 'bigint') return item
    return item <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(item) : item.toString()
  })
  return json ?? String(value)
}
