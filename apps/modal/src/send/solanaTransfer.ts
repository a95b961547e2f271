// A Solana transfer for the Send view: SOL, or an SPL Token / Token-2022 token. It builds the
// wire-format transaction a Wallet Standard wallet signs and sends (solana:signAndSendTransaction),
// with its network fee and the rent of the receiver's token account it opens, then polls until the
// transaction is confirmed, and turns the cluster's errors into sentences a user can act on.
// Loaded on demand in the browser: JSON-RPC over HTTP only (the modal's CSP allows no WebSocket).
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  fetchEncodedAccounts,
  getBase58Decoder,
  getBase64Decoder,
  getTransactionEncoder,
  type Instruction,
  isAddress,
  isSignature,
  isSolanaError,
  type MaybeEncodedAccount,
  pipe,
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
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionMessageBytesBase64,
  type TransactionSigner,
  signature as toSignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  AccountState,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintDecoder,
  getMintSize,
  getTokenDecoder,
  getTokenSize,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import {
  AccountState as AccountState2022,
  type Extension,
  type ExtensionArgs,
  getMintDecoder as getMint2022Decoder,
  getTokenDecoder as getToken2022Decoder,
  getTokenSize as getToken2022Size,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@solana-program/token-2022'
import { formatUnits, hexToNumber } from 'viem/utils'

export type SolanaTransfer = {
  rpcUrl: string
  /** The sender (fee payer), base58. */
  from: string
  /** The receiver's wallet address (owner), base58; or a token account of the mint itself. */
  to: string
  /** Base units (lamports, or the token's smallest unit). */
  amount: bigint
  /** Absent: SOL. */
  token?: { mint: string; decimals: number }
}

export type PreparedSolanaTransfer = {
  /** Wire-format transaction (signatures zeroed), for solana:signAndSendTransaction / signTransaction. */
  transaction: Uint8Array
  /** Network fee in lamports (getFeeForMessage of this message). */
  feeLamports: bigint
  /** The receiver has no associated token account for the mint: this transaction creates it. */
  createsTokenAccount: boolean
  /** Rent the sender pays for that account (0n when none is created). */
  rentLamports: bigint
}

/** What a user reads when a transfer cannot be prepared, or fails on chain. */
export const solanaTransferErrors = {
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
  senderBelowRent: (minimum?: string) =>
    minimum
      ? `That would leave less than ${minimum} SOL in the account, the minimum it must keep. Send less.`
      : 'That would leave less in the account than the minimum it must keep. Send less.',
  receiverBelowRent: (minimum?: string) =>
    minimum
      ? `The receiver’s account is new: send at least ${minimum} SOL, the minimum an account holds.`
      : 'The receiver’s account is new: send at least the minimum an account holds.',
  accountNotFound: 'The sending account has no SOL on this network.',
  blockhashNotFound: 'The transaction expired before it was sent. Try again.',
  alreadyProcessed: 'This transaction was already sent.',
  signatureFailure: 'The wallet’s signature did not verify.',
  invalidSignature: 'The wallet returned an invalid transaction signature.',
  timeout:
    'The transaction was not confirmed in time. It may still land: check your wallet before sending again.',
  networkFailed: 'Could not reach the Solana network. Try again.',
  failed: (details: string) => `The transaction failed: ${details}`,
} as const

export type SolanaTransferErrorReason = keyof typeof solanaTransferErrors

/** Reasons whose message needs a value (`failed`) or may take one (the rent minimums). */
type TemplateReason = 'failed' | 'senderBelowRent' | 'receiverBelowRent'

/**
 * A transfer that cannot be prepared, or that failed on chain: `message` is for the user,
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

const U64_MAX = 2n ** 64n - 1n
const SOL_DECIMALS = 9
/** A program id that is all zeros: no program (a TransferHook without a hook). */
const NO_PROGRAM = address('11111111111111111111111111111111')
/**
 * The extension a mint extension adds to every token account of it (Token-2022's
 * get_required_init_account_extensions).
 */
const accountExtensionOf: Partial<Record<Extension['__kind'], ExtensionArgs>> = {
  TransferFeeConfig: { __kind: 'TransferFeeAmount', withheldAmount: 0n },
  NonTransferable: { __kind: 'NonTransferableAccount' },
  TransferHook: { __kind: 'TransferHookAccount', transferring: false },
  ConfidentialTransferFee: {
    __kind: 'ConfidentialTransferFeeAmount',
    withheldAmount: new Uint8Array(64),
  },
  PausableConfig: { __kind: 'PausableAccount' },
}
const CONFIRM_TIMEOUT_MS = 30_000
const CONFIRM_POLL_MS = 500

type SolanaRpc = ReturnType<typeof createSolanaRpc>
type Lifetime = Parameters<typeof setTransactionMessageLifetimeUsingBlockhash>[0]
type ExistingAccount = Extract<MaybeEncodedAccount, { exists: true }>

/**
 * Builds the transfer for the sender's wallet to sign and send, after checking what the chain can
 * tell up front (balances, rent minimums, the mint, the receiver's token account).
 * @throws {SolanaTransferError} for invalid input (before any RPC call), a transfer the chain
 *   would refuse, or an unreachable RPC (`networkFailed`).
 * @example
 * const prepared = await prepareSolanaTransfer({ rpcUrl, from, to, amount: 1_000_000n })
 * const [{ signature }] = await wallet.features['solana:signAndSendTransaction']
 *   .signAndSendTransaction({ account, chain, transaction: prepared.transaction })
 * await confirmSolanaTransfer(rpcUrl, signatureToString(signature))
 */
export async function prepareSolanaTransfer(
  transfer: SolanaTransfer,
): Promise<PreparedSolanaTransfer> {
  const sender = parseAddress(transfer.from, 'invalidSender')
  const receiver = parseAddress(transfer.to, 'invalidReceiver')
  if (transfer.amount <= 0n) throw new SolanaTransferError('invalidAmount')
  if (transfer.amount > U64_MAX) throw new SolanaTransferError('amountTooLarge')
  const token = transfer.token
  const mint = token ? parseAddress(token.mint, 'invalidMint') : undefined
  const rpc = createSolanaRpc(transfer.rpcUrl)
  try {
    if (!token || !mint) return await prepareSolTransfer(rpc, sender, receiver, transfer.amount)
    return await prepareTokenTransfer(rpc, sender, receiver, transfer.amount, {
      mint,
      decimals: token.decimals,
    })
  } catch (error) {
    if (error instanceof SolanaTransferError) throw error
    throw new SolanaTransferError('networkFailed', { details: errorText(error), cause: error })
  }
}

async function prepareSolTransfer(
  rpc: SolanaRpc,
  sender: Address,
  receiver: Address,
  amount: bigint,
): Promise<PreparedSolanaTransfer> {
  const payer = createNoopSigner(sender)
  const [[senderAccount, receiverAccount], lifetime, accountMinimum] = await Promise.all([
    fetchEncodedAccounts(rpc, [sender, receiver]),
    latestLifetime(rpc),
    rpc.getMinimumBalanceForRentExemption(0n).send(),
  ])
  const { transaction, feeLamports } = await buildTransaction(rpc, payer, lifetime, [
    getTransferSolInstruction({ source: payer, destination: receiver, amount }),
  ])
  // A new (empty) account must be funded to the rent-exempt minimum, or the transfer fails.
  if (receiver !== sender && !receiverAccount?.exists && amount < accountMinimum) {
    throw new SolanaTransferError('receiverBelowRent', {
      message: solanaTransferErrors.receiverBelowRent(formatSol(accountMinimum)),
    })
  }
  checkSenderCanPay(senderAccount, amount + feeLamports, accountMinimum, 'insufficientFunds')
  return { transaction, feeLamports, createsTokenAccount: false, rentLamports: 0n }
}

async function prepareTokenTransfer(
  rpc: SolanaRpc,
  sender: Address,
  receiver: Address,
  amount: bigint,
  token: { mint: Address; decimals: number },
): Promise<PreparedSolanaTransfer> {
  if (receiver === token.mint) throw new SolanaTransferError('receiverIsMint')
  const payer = createNoopSigner(sender)
  // The mint's owner picks the program, and with it the associated token accounts: derive both
  // programs' so that one read answers either way.
  const ataOf = async (owner: Address, tokenProgram: Address) => {
    const [ata] = await findAssociatedTokenPda({ owner, mint: token.mint, tokenProgram })
    return ata
  }
  const [senderTokenAta, receiverTokenAta, sender2022Ata, receiver2022Ata] = await Promise.all([
    ataOf(sender, TOKEN_PROGRAM_ADDRESS),
    ataOf(receiver, TOKEN_PROGRAM_ADDRESS),
    ataOf(sender, TOKEN_2022_PROGRAM_ADDRESS),
    ataOf(receiver, TOKEN_2022_PROGRAM_ADDRESS),
  ])
  const [accounts, lifetime, accountMinimum] = await Promise.all([
    fetchEncodedAccounts(rpc, [
      sender,
      receiver,
      token.mint,
      senderTokenAta,
      receiverTokenAta,
      sender2022Ata,
      receiver2022Ata,
    ]),
    latestLifetime(rpc),
    rpc.getMinimumBalanceForRentExemption(0n).send(),
  ])
  const [senderAccount, receiverAccount, mintAccount] = accounts
  if (!mintAccount?.exists) throw new SolanaTransferError('mintNotFound')
  const tokenProgram = mintAccount.programAddress
  const is2022 = tokenProgram === TOKEN_2022_PROGRAM_ADDRESS
  if (tokenProgram !== TOKEN_PROGRAM_ADDRESS && !is2022) {
    throw new SolanaTransferError('notAMint')
  }
  const mint = readMint(mintAccount, is2022)
  if (mint.decimals !== token.decimals) throw new SolanaTransferError('decimalsMismatch')

  const [senderAta, receiverAta] = is2022 ? accounts.slice(5, 7) : accounts.slice(3, 5)
  const receiverAtaAddress = is2022 ? receiver2022Ata : receiverTokenAta
  const source = readTokenAccount(senderAta, tokenProgram)
  if (!source || source.mint !== token.mint || source.amount < amount) {
    throw new SolanaTransferError('insufficientTokenBalance')
  }
  if (source.frozen) throw new SolanaTransferError('senderFrozen')

  // A token account of this mint as the receiver gets the tokens itself; a wallet gets them in its
  // associated token account, opened by this transaction when it has none.
  const receiverTokenAccount = readTokenAccount(receiverAccount, tokenProgram)
  if (receiverTokenAccount && receiverTokenAccount.mint !== token.mint) {
    throw new SolanaTransferError('receiverHoldsOtherToken')
  }
  if (!receiverTokenAccount && readTokenAccount(receiverAccount, otherProgram(tokenProgram))) {
    throw new SolanaTransferError('receiverHoldsOtherToken')
  }
  const destination = receiverTokenAccount ? receiver : receiverAtaAddress
  const existingDestination = receiverTokenAccount ?? readTokenAccount(receiverAta, tokenProgram)
  const createsTokenAccount = !existingDestination
  if (existingDestination?.frozen || (createsTokenAccount && mint.newAccountsFrozen)) {
    throw new SolanaTransferError('receiverFrozen')
  }

  const instructions: Instruction[] = []
  if (createsTokenAccount) {
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer,
        ata: destination,
        owner: receiver,
        mint: token.mint,
        tokenProgram,
      }),
    )
  }
  instructions.push(
    getTransferCheckedInstruction(
      {
        source: source.address,
        mint: token.mint,
        destination,
        authority: payer,
        amount,
        decimals: token.decimals,
      },
      { programAddress: tokenProgram },
    ),
  )
  const [{ transaction, feeLamports }, rentLamports] = await Promise.all([
    buildTransaction(rpc, payer, lifetime, instructions),
    createsTokenAccount
      ? rpc.getMinimumBalanceForRentExemption(BigInt(mint.tokenAccountSize)).send()
      : Promise.resolve(0n),
  ])
  checkSenderCanPay(
    senderAccount,
    feeLamports + rentLamports,
    accountMinimum,
    createsTokenAccount ? 'insufficientFundsForTokenAccount' : 'insufficientFundsForFee',
  )
  return { transaction, feeLamports, createsTokenAccount, rentLamports }
}

/**
 * Polls getSignatureStatuses until the transaction is confirmed (or finalized).
 * @throws {SolanaTransferError} with a readable reason when the transaction failed on chain, or
 *   `timeout` after `timeoutMs` (30 s by default) without confirmation. Rejects with the signal's
 *   reason when `signal` aborts.
 * @example
 * await confirmSolanaTransfer(rpcUrl, signatureToString(signatureBytes), { signal })
 */
export async function confirmSolanaTransfer(
  rpcUrl: string,
  signature: string,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  if (!isSignature(signature)) throw new SolanaTransferError('invalidSignature')
  const { timeoutMs = CONFIRM_TIMEOUT_MS, signal } = options
  const rpc = createSolanaRpc(rpcUrl)
  const deadline = Date.now() + timeoutMs
  let lastNetworkError: unknown
  for (;;) {
    signal?.throwIfAborted()
    try {
      const { value } = await rpc
        .getSignatureStatuses([toSignature(signature)])
        .send(signal ? { abortSignal: signal } : undefined)
      const status = value[0]
      // A status without a confirmation level is rooted (older RPCs report it so).
      const confirmed =
        status &&
        (status.confirmationStatus === null ||
          status.confirmationStatus === 'confirmed' ||
          status.confirmationStatus === 'finalized')
      if (status && confirmed) {
        if (status.err !== null) throw describeTransactionError(status.err)
        return
      }
      lastNetworkError = undefined
    } catch (error) {
      if (error instanceof SolanaTransferError) throw error
      signal?.throwIfAborted()
      // A dropped request is no verdict on the transaction: keep asking until the deadline.
      lastNetworkError = error
    }
    const left = deadline - Date.now()
    if (left <= 0) {
      throw new SolanaTransferError('timeout', {
        ...(lastNetworkError === undefined ? {} : { details: errorText(lastNetworkError) }),
        cause: lastNetworkError,
      })
    }
    await sleep(Math.min(CONFIRM_POLL_MS, left), signal)
  }
}

/**
 * The base58 text of a 64-byte transaction signature, as solana:signAndSendTransaction returns
 * it in bytes.
 * @example
 * const signature = signatureToString(output.signature)
 */
export function signatureToString(signature: Uint8Array): string {
  if (signature.length !== 64) throw new SolanaTransferError('invalidSignature')
  return getBase58Decoder().decode(signature)
}

/**
 * A readable SolanaTransferError for what sending threw: @solana/kit's preflight failure (-32002)
 * and its cause, a JSON-RPC error object carrying the cluster's `err`, or a wallet's error whose
 * message repeats the cluster's text ("custom program error: 0x1").
 * @example
 * try { await send() } catch (error) { show(describeSolanaError(error).message) }
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
function describeTransactionError(err: unknown, cause: unknown = err): SolanaTransferError {
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

function parseAddress(
  text: string,
  reason: 'invalidSender' | 'invalidReceiver' | 'invalidMint',
): Address {
  const trimmed = text.trim()
  if (!isAddress(trimmed)) throw new SolanaTransferError(reason)
  return trimmed
}

async function latestLifetime(rpc: SolanaRpc): Promise<Lifetime> {
  const { value } = await rpc.getLatestBlockhash().send()
  return value
}

/** Compiles the message with the sender as fee payer (the wallet signs), and asks its fee. */
async function buildTransaction(
  rpc: SolanaRpc,
  payer: TransactionSigner,
  lifetime: Lifetime,
  instructions: Instruction[],
) {
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const compiled = compileTransaction(message)
  const messageBase64 = getBase64Decoder().decode(
    compiled.messageBytes,
  ) as TransactionMessageBytesBase64
  const { value: fee } = await rpc.getFeeForMessage(messageBase64).send()
  // No fee: the cluster no longer knows the blockhash it just gave (another node behind it).
  if (fee === null) throw new SolanaTransferError('blockhashNotFound')
  return {
    transaction: new Uint8Array(getTransactionEncoder().encode(compiled)),
    feeLamports: BigInt(fee),
  }
}

/**
 * The sender must cover `spend` and keep either nothing or the rent-exempt minimum of a plain
 * wallet account: the runtime refuses a transaction that leaves it in between.
 */
function checkSenderCanPay(
  account: MaybeEncodedAccount | undefined,
  spend: bigint,
  accountMinimum: bigint,
  reason: 'insufficientFunds' | 'insufficientFundsForFee' | 'insufficientFundsForTokenAccount',
) {
  if (!account?.exists) throw new SolanaTransferError('accountNotFound')
  const left = account.lamports - spend
  if (left < 0n) throw new SolanaTransferError(reason)
  if (left > 0n && left < accountMinimum && account.data.length === 0) {
    throw new SolanaTransferError('senderBelowRent', {
      message: solanaTransferErrors.senderBelowRent(formatSol(accountMinimum)),
    })
  }
}

type MintFacts = {
  decimals: number
  /** Size of a new token account of this mint, extensions included. */
  tokenAccountSize: number
  /** Token-2022 DefaultAccountState: new accounts start frozen. */
  newAccountsFrozen: boolean
}

/**
 * The mint's decimals and what its Token-2022 extensions mean for a transfer: some refuse it here
 * (non-transferable, paused, a transfer fee or hook), some make new token accounts larger.
 */
function readMint(account: ExistingAccount, is2022: boolean): MintFacts {
  if (!is2022) {
    const mint =
      account.data.length === getMintSize()
        ? decoded(() => getMintDecoder().decode(account.data))
        : undefined
    if (!mint?.isInitialized) throw new SolanaTransferError('notAMint')
    return { decimals: mint.decimals, tokenAccountSize: getTokenSize(), newAccountsFrozen: false }
  }
  const mint = decoded(() => getMint2022Decoder().decode(account.data))
  if (!mint?.isInitialized) throw new SolanaTransferError('notAMint')
  const extensions = mint.extensions.__option === 'Some' ? mint.extensions.value : []
  let newAccountsFrozen = false
  for (const extension of extensions) {
    if (extension.__kind === 'NonTransferable') throw new SolanaTransferError('nonTransferable')
    if (extension.__kind === 'PausableConfig' && extension.paused)
      throw new SolanaTransferError('paused')
    if (extension.__kind === 'TransferHook' && extension.programId !== NO_PROGRAM)
      throw new SolanaTransferError('transferHook')
    // Either fee may be in force, by epoch.
    if (
      extension.__kind === 'TransferFeeConfig' &&
      (extension.olderTransferFee.transferFeeBasisPoints !== 0 ||
        extension.newerTransferFee.transferFeeBasisPoints !== 0)
    )
      throw new SolanaTransferError('transferFee')
    if (extension.__kind === 'DefaultAccountState' && extension.state === AccountState2022.Frozen)
      newAccountsFrozen = true
  }
  // Every associated token account of Token-2022 carries ImmutableOwner, and what the mint's
  // extensions require.
  const accountExtensions = extensions.flatMap(
    (extension) => accountExtensionOf[extension.__kind] ?? [],
  )
  return {
    decimals: mint.decimals,
    tokenAccountSize: getToken2022Size([{ __kind: 'ImmutableOwner' }, ...accountExtensions]),
    newAccountsFrozen,
  }
}

/** A token account owned by `program` (undefined for anything else). */
function readTokenAccount(account: MaybeEncodedAccount | undefined, program: Address) {
  if (!account?.exists || account.programAddress !== program) return undefined
  const data = account.data
  if (program === TOKEN_2022_PROGRAM_ADDRESS) {
    const token = decoded(() => getToken2022Decoder().decode(data))
    return (
      token && {
        address: account.address,
        mint: token.mint,
        amount: token.amount,
        frozen: token.state === AccountState2022.Frozen,
      }
    )
  }
  if (data.length !== getTokenSize()) return undefined
  const token = decoded(() => getTokenDecoder().decode(data))
  return (
    token && {
      address: account.address,
      mint: token.mint,
      amount: token.amount,
      frozen: token.state === AccountState.Frozen,
    }
  )
}

/** What a decoder read, or undefined when the bytes are not of that layout. */
function decoded<value>(decode: () => value): value | undefined {
  try {
    return decode()
  } catch {
    return undefined
  }
}

function otherProgram(program: Address): Address {
  return program === TOKEN_PROGRAM_ADDRESS ? TOKEN_2022_PROGRAM_ADDRESS : TOKEN_PROGRAM_ADDRESS
}

/** Lamports as SOL for a sentence: 890880n → '0.00089088'. */
const formatSol = (lamports: bigint) => formatUnits(lamports, SOL_DECIMALS)

function errorText(error: unknown): string {
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

function sleep(ms: number, signal: AbortSignal | undefined) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort)
      resolve()
    }, ms)
    const abort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', abort, { once: true })
  })
}
