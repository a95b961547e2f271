/**
 * A Solana transaction as the embedded wallet reads it before the visitor is asked: the wire
 * bytes decoded whole, the message with a signature slot per signer, the Wallet Standard
 * options, and each instruction summarized (a SOL or token transfer) for the approval to show.
 */
import {
  type Address,
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionSizeLimit,
  type Instruction,
  type ReadonlyUint8Array,
  type Transaction,
} from '@solana/kit'
import {
  identifySystemInstruction,
  parseTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from '@solana-program/system'
import {
  identifyTokenInstruction,
  parseTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'
import {
  identifyToken2022Instruction,
  parseTransferCheckedInstruction as parseTransferChecked2022Instruction,
  TOKEN_2022_PROGRAM_ADDRESS,
  Token2022Instruction,
} from '@solana-program/token-2022'
import { errorText, invalid, isRecord, shown } from './signerInput'

/**
 * An instruction of a transaction, as the approval shows it: the program it calls and, when the
 * wallet can read it, what it does.
 */
export type SolanaInstructionSummary = {
  /** The program the instruction calls (base58). */
  programId: Address
  /** A System program transfer of SOL: `from` pays (a signer, not always this wallet). */
  transfer?: { from: Address; to: Address; lamports: bigint }
  /**
   * An SPL Token or Token-2022 `transferChecked`. `from` and `to` are token accounts, not the
   * wallets that own them; `authority` is the owner or delegate of `from` that signs for it.
   * `amount` is in the token's base units, `decimals` as the instruction states them (the
   * program refuses the transfer when they are not the mint's).
   */
  tokenTransfer?: {
    mint: Address
    from: Address
    to: Address
    authority: Address
    amount: bigint
    decimals: number
  }
  /** A ComputeBudget instruction: the compute unit limit or price (the priority fee) it sets. */
  computeBudget?: { unitLimit: number } | { microLamportsPerUnit: bigint }
}

/**
 * A Solana transaction's fee in lamports, as its fee payer pays it: the base fee
 * (`lamportsPerSignature` for each signature) and the priority fee (the compute unit price its
 * ComputeBudget instructions set, times the compute unit limit, rounded up).
 */
export type SolanaFee = { base: bigint; priority: bigint }

/** The ComputeBudget program, whose instructions set the compute unit limit and price. */
export const COMPUTE_BUDGET_PROGRAM_ADDRESS = 'ComputeBudget111111111111111111111111111111'

/** The base fee of one signature on Solana, in lamports. */
export const lamportsPerSignature = 5000n

/** The compute units an instruction may use when no limit is set, and a transaction's most. */
const defaultUnitsPerInstruction = 200_000n
const maxUnitsPerTransaction = 1_400_000n

/**
 * Wallet Standard's `options` of each transaction method. Those of a signature only concern a
 * simulation the wallet does not run, so they are checked and have no effect; those of a send
 * go to the RPC's sendTransaction.
 */
export const transactionOptions: Record<string, readonly string[]> = {
  solana_signTransaction: ['preflightCommitment', 'minContextSlot'],
  solana_signAndSendTransaction: [
    'preflightCommitment',
    'skipPreflight',
    'maxRetries',
    'minContextSlot',
  ],
}

const commitments: readonly string[] = ['processed', 'confirmed', 'finalized']

export type SendOptions = {
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  skipPreflight?: boolean
  maxRetries?: bigint
  minContextSlot?: bigint
}

/**
 * The wire transaction in `bytes` (signatures, then the message), read whole: no byte left over,
 * no more than a transaction of its version may hold.
 */
export function readTransaction(method: string, bytes: Uint8Array): Transaction {
  let transaction: Transaction
  let end: number
  try {
    ;[transaction, end] = getTransactionDecoder().read(bytes, 0)
  } catch (error) {
    throw invalid(`${method}: transaction is not a Solana wire transaction.`, errorText(error))
  }
  if (end !== bytes.length)
    throw invalid(
      `${method}: transaction has ${bytes.length - end} bytes after its end; it is not one wire transaction.`,
    )
  const limit = getTransactionSizeLimit(transaction)
  if (bytes.length > limit)
    throw invalid(
      `${method}: the transaction is ${bytes.length} bytes; a Solana transaction holds at most ${limit}.`,
    )
  return transaction
}

/** The compiled message of a transaction, read whole, with a signature slot for each signer. */
export function readMessage(method: string, transaction: Transaction) {
  let compiled: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime
  let end: number
  try {
    ;[compiled, end] = getCompiledTransactionMessageDecoder().read(transaction.messageBytes, 0) as [
      CompiledTransactionMessage & CompiledTransactionMessageWithLifetime,
      number,
    ]
  } catch (error) {
    throw invalid(`${method}: the transaction's message can't be decoded.`, errorText(error))
  }
  if (end !== transaction.messageBytes.length)
    throw invalid(`${method}: the transaction's message has bytes after its end.`)
  const signers = compiled.staticAccounts.slice(0, compiled.header.numSignerAccounts)
  const slots = Object.keys(transaction.signatures)
  if (signers.length === 0 || signers.some((signer, index) => slots[index] !== signer))
    throw invalid(`${method}: the transaction's signatures do not match its signers.`)
  return compiled
}

/** The options of a transaction request, each of a known name and of its type. */
export function readOptions(method: string, options: unknown): SendOptions {
  if (options === undefined) return {}
  const names = transactionOptions[method] ?? []
  if (!isRecord(options)) throw invalid(`${method}: options must be an object.`)
  const unknown = Object.keys(options).filter(
    (name) => !names.includes(name) && options[name] !== undefined,
  )
  if (unknown.length > 0)
    throw invalid(`${method}: the embedded wallet does not take the options ${unknown.join(', ')}.`)
  const { preflightCommitment, skipPreflight, maxRetries, minContextSlot } = options
  if (
    preflightCommitment !== undefined &&
    (typeof preflightCommitment !== 'string' || !commitments.includes(preflightCommitment))
  )
    throw invalid(
      `${method}: preflightCommitment must be one of ${commitments.join(', ')}, not ${shown(preflightCommitment)}.`,
    )
  if (skipPreflight !== undefined && typeof skipPreflight !== 'boolean')
    throw invalid(`${method}: skipPreflight must be true or false.`)
  const count = (name: string, value: unknown) => {
    if (value === undefined) return undefined
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      throw invalid(`${method}: ${name} must be a whole number, not ${shown(value)}.`)
    return BigInt(value)
  }
  const retries = count('maxRetries', maxRetries)
  const slot = count('minContextSlot', minContextSlot)
  return {
    ...(preflightCommitment !== undefined
      ? {
          preflightCommitment: preflightCommitment as NonNullable<
            SendOptions['preflightCommitment']
          >,
        }
      : {}),
    ...(skipPreflight !== undefined ? { skipPreflight } : {}),
    ...(retries !== undefined ? { maxRetries: retries } : {}),
    ...(slot !== undefined ? { minContextSlot: slot } : {}),
  }
}

/** An instruction for the approval: its program, and a SOL or token transfer read from it. */
export function summarize(instruction: Instruction): SolanaInstructionSummary {
  const programId = instruction.programAddress
  const { accounts, data } = instruction
  if (programId === COMPUTE_BUDGET_PROGRAM_ADDRESS && data) {
    const computeBudget = computeBudgetOf(data)
    return computeBudget ? { programId, computeBudget } : { programId }
  }
  if (!accounts || !data) return { programId }
  const readable = { ...instruction, accounts, data }
  try {
    if (
      programId === SYSTEM_PROGRAM_ADDRESS &&
      identifySystemInstruction(data) === SystemInstruction.TransferSol
    ) {
      const parsed = parseTransferSolInstruction(readable)
      return {
        programId,
        transfer: {
          from: parsed.accounts.source.address,
          to: parsed.accounts.destination.address,
          lamports: parsed.data.amount,
        },
      }
    }
    const parsed =
      programId === TOKEN_PROGRAM_ADDRESS &&
      identifyTokenInstruction(data) === TokenInstruction.TransferChecked
        ? parseTransferCheckedInstruction(readable)
        : programId === TOKEN_2022_PROGRAM_ADDRESS &&
            identifyToken2022Instruction(data) === Token2022Instruction.TransferChecked
          ? parseTransferChecked2022Instruction(readable)
          : undefined
    if (parsed)
      return {
        programId,
        tokenTransfer: {
          mint: parsed.accounts.mint.address,
          from: parsed.accounts.source.address,
          to: parsed.accounts.destination.address,
          authority: parsed.accounts.authority.address,
          amount: parsed.data.amount,
          decimals: parsed.data.decimals,
        },
      }
  } catch {
    // Not an instruction these programs' clients can read (too few accounts, short data): the
    // view shows its program only, and the program will refuse it as well.
  }
  return { programId }
}

/** Whether `bytes` begin with a Solana transaction message: what a transaction's signature signs. */
export function isTransactionMessage(bytes: Uint8Array): boolean {
  try {
    const compiled = getCompiledTransactionMessageDecoder().decode(bytes)
    return compiled.header.numSignerAccounts > 0 && compiled.staticAccounts.length > 0
  } catch {
    return false
  }
}

/**
 * What a ComputeBudget instruction's data sets: `SetComputeUnitLimit` (2, u32 LE) or
 * `SetComputeUnitPrice` (3, u64 LE micro-lamports per unit); undefined for any other.
 */
function computeBudgetOf(data: ReadonlyUint8Array): SolanaInstructionSummary['computeBudget'] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  if (data[0] === 2 && data.length === 5) return { unitLimit: view.getUint32(1, true) }
  if (data[0] === 3 && data.length === 9)
    return { microLamportsPerUnit: view.getBigUint64(1, true) }
  return undefined
}

/**
 * The fee of a transaction with `signatures` signatures and these instructions (summarized):
 * the base fee, and the priority fee its ComputeBudget instructions ask. Without a unit limit,
 * the runtime's default: 200,000 units an instruction other than ComputeBudget's, at most
 * 1,400,000.
 *
 * @example
 * solanaFeeOf(1, instructions) // { base: 5000n, priority: 2000n }
 */
export function solanaFeeOf(
  signatures: number,
  instructions: readonly SolanaInstructionSummary[],
): SolanaFee {
  let limit: bigint | undefined
  let price = 0n
  for (const { computeBudget } of instructions) {
    if (computeBudget && 'unitLimit' in computeBudget) limit = BigInt(computeBudget.unitLimit)
    if (computeBudget && 'microLamportsPerUnit' in computeBudget)
      price = computeBudget.microLamportsPerUnit
  }
  const others = BigInt(
    instructions.filter(({ programId }) => programId !== COMPUTE_BUDGET_PROGRAM_ADDRESS).length,
  )
  const units = limit ?? min(others * defaultUnitsPerInstruction, maxUnitsPerTransaction)
  return {
    base: BigInt(signatures) * lamportsPerSignature,
    priority: (price * min(units, maxUnitsPerTransaction) + 999_999n) / 1_000_000n,
  }
}

const min = (a: bigint, b: bigint) => (a < b ? a : b)
