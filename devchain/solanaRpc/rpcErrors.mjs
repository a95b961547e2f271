// @ts-check
// The errors of the local Solana RPC as the real one answers them: the JSON-RPC error codes and
// responses, and the runtime's TransactionError and InstructionError in the RPC's JSON and in
// agave's Display text (what a preflight failure says).

/** JSON-RPC error codes the real RPC uses. */
export const errorCodes = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  preflightFailure: -32002,
  signatureVerificationFailure: -32003,
  unsupportedTransactionVersion: -32015,
}

/**
 * The names of LiteSVM's fieldless TransactionError values, in the order of its numeric enum
 * (litesvm/dist/internal.d.ts), as the RPC spells them in `err`.
 */
const transactionErrorNames = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
]

/** The same for InstructionError's fieldless values. */
const instructionErrorNames = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
]

/** The agave Display text of the errors a wallet user meets most; others show their name. */
/** @type {Record<string, string>} */
const transactionErrorMessages = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
}
/** @type {Record<string, string>} */
const instructionErrorMessages = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
}

/**
 * @typedef {string | { [key: string]: unknown }} RpcTransactionError
 *   A TransactionError as the RPC serializes it: 'BlockhashNotFound',
 *   { InstructionError: [0, { Custom: 1 }] }, { InsufficientFundsForRent: { account_index: 1 } }.
 */

/** A JSON-RPC error with the code and data the real RPC would answer. */
export class RpcError extends Error {
  /**
   * @param {number} code
   * @param {string} message
   * @param {unknown} [data]
   */
  constructor(code, message, data) {
    super(message)
    this.name = 'RpcError'
    this.code = code
    this.data = data
  }
}

/**
 * @param {unknown} id
 * @param {unknown} error
 */
export function errorResponse(id, error) {
  if (error instanceof RpcError) {
    return {
      jsonrpc: '2.0',
      error: {
        code: error.code,
        message: error.message,
        ...(error.data === undefined ? {} : { data: error.data }),
      },
      id,
    }
  }
  const message = error instanceof Error ? error.message : String(error)
  return { jsonrpc: '2.0', error: { code: errorCodes.internal, message }, id }
}

/**
 * A runtime TransactionError in the RPC's JSON form.
 * @param {unknown} error
 * @returns {RpcTransactionError}
 */
export function toRpcError(error) {
  if (typeof error === 'number') return transactionErrorNames[error] ?? `TransactionError(${error})`
  if (typeof error !== 'object' || error === null) return String(error)
  const kind = error.constructor.name
  if ('err' in error && 'index' in error && typeof error.err === 'function') {
    return { InstructionError: [error.index, toRpcInstructionError(error.err())] }
  }
  if (kind.endsWith('DuplicateInstruction') && 'index' in error)
    return { DuplicateInstruction: error.index }
  if ('accountIndex' in error) {
    const name = kind.endsWith('ProgramExecutionTemporarilyRestricted')
      ? 'ProgramExecutionTemporarilyRestricted'
      : 'InsufficientFundsForRent'
    return { [name]: { account_index: error.accountIndex } }
  }
  return kind
}

/** @param {unknown} error */
function toRpcInstructionError(error) {
  if (typeof error === 'number') return instructionErrorNames[error] ?? `InstructionError(${error})`
  if (typeof error === 'object' && error !== null) {
    if ('code' in error) return { Custom: error.code }
    if ('msg' in error) return { BorshIoError: error.msg }
  }
  return String(error)
}

/**
 * The agave Display text of a TransactionError, for the preflight failure's message.
 * @param {RpcTransactionError} error
 */
export function describeTransactionError(error) {
  if (typeof error === 'string') return transactionErrorMessages[error] ?? error
  const instruction = error.InstructionError
  if (Array.isArray(instruction)) {
    const [index, inner] = instruction
    const text =
      typeof inner === 'string'
        ? (instructionErrorMessages[inner] ?? inner)
        : typeof inner === 'object' && inner !== null && 'Custom' in inner
          ? `custom program error: 0x${Number(inner.Custom).toString(16)}`
          : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${text}`
  }
  const rent = error.InsufficientFundsForRent
  if (typeof rent === 'object' && rent !== null && 'account_index' in rent) {
    return `Transaction results in an account (${rent.account_index}) with insufficient funds for rent`
  }
  return JSON.stringify(error)
}
