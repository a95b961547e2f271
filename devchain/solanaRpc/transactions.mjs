// @ts-check
// Transactions as the local Solana RPC reads and shows them: decoding the wire format and its
// message, signatures, durable nonces, the fee a cluster charges, and the `json` encoding.
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from '@solana/kit'
import { errorCodes, RpcError } from './rpcErrors.mjs'
import { requireString } from './rpcValues.mjs'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
/** Lamports per signature, the cluster default (and what LiteSVM charges). */
export const LAMPORTS_PER_SIGNATURE = 5000n

/**
 * @typedef {import('@solana/kit').Transaction} Transaction
 * @typedef {import('./rpcValues.mjs').RpcConfig} RpcConfig
 */

/**
 * @param {unknown[]} params
 * @param {RpcConfig} config
 * @returns {Transaction}
 */
export function decodeTransactionParam(params, config) {
  const encoded = requireString(params, 0, 'transaction')
  const encoding = config.encoding ?? 'base58'
  try {
    const bytes =
      encoding === 'base64'
        ? getBase64Encoder().encode(encoded)
        : encoding === 'base58'
          ? getBase58Encoder().encode(encoded)
          : undefined
    if (!bytes) {
      throw new RpcError(
        errorCodes.invalidParams,
        `unsupported encoding: ${String(encoding)}. Supported encodings: base58, base64`,
      )
    }
    return getTransactionDecoder().decode(bytes)
  } catch (error) {
    if (error instanceof RpcError) throw error
    throw new RpcError(
      errorCodes.invalidParams,
      `invalid transaction: failed to deserialize (${String(error)})`,
    )
  }
}

/** @param {Transaction} transaction */
export function decodeMessage(transaction) {
  return decodeCompiledMessage(new Uint8Array(transaction.messageBytes))
}

/** @param {Uint8Array} bytes */
export function decodeCompiledMessage(bytes) {
  const message = getCompiledTransactionMessageDecoder().decode(bytes)
  return {
    version: message.version,
    header: message.header,
    staticAccounts: /** @type {string[]} */ (message.staticAccounts),
    lifetimeToken: message.lifetimeToken,
    instructions:
      'instructions' in message
        ? message.instructions.map((instruction) => ({
            programAddressIndex: instruction.programAddressIndex,
            accountIndices: instruction.accountIndices ?? [],
            data: instruction.data ?? new Uint8Array(),
          }))
        : [],
  }
}

/**
 * A durable-nonce transaction carries the nonce where the blockhash goes, and starts with the
 * System program's AdvanceNonceAccount (instruction 4); the runtime checks the nonce itself.
 * @param {ReturnType<typeof decodeCompiledMessage>} message
 */
export function usesDurableNonce(message) {
  const first = message.instructions[0]
  if (!first || message.staticAccounts[first.programAddressIndex] !== SYSTEM_PROGRAM) return false
  return first.data.length === 4 && first.data[0] === 4 && first.data[1] === 0
}

/** @param {Transaction} transaction */
export function transactionSignature(transaction) {
  const [first] = Object.values(transaction.signatures)
  return getBase58Decoder().decode(first ?? new Uint8Array(64))
}

/** @param {Transaction} transaction */
export function hasAllSignatures(transaction) {
  return Object.values(transaction.signatures).every((signature) => signature !== null)
}

/**
 * The fee a cluster charges: 5,000 lamports per signature plus the priority fee the message's
 * ComputeBudget instructions ask for (compute-unit price × limit, in micro-lamports).
 * @param {number} signatures
 * @param {ReturnType<typeof decodeCompiledMessage>} message
 */
export function feeForHeader(signatures, message) {
  let unitPrice = 0n
  /** @type {bigint | undefined} */
  let unitLimit
  let otherInstructions = 0n
  for (const instruction of message.instructions) {
    const program = message.staticAccounts[instruction.programAddressIndex]
    const data = instruction.data
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (program === COMPUTE_BUDGET_PROGRAM && data[0] === 2 && data.length >= 5) {
      unitLimit = BigInt(view.getUint32(1, true))
    } else if (program === COMPUTE_BUDGET_PROGRAM && data[0] === 3 && data.length >= 9) {
      unitPrice = view.getBigUint64(1, true)
    } else if (program !== COMPUTE_BUDGET_PROGRAM) {
      otherInstructions += 1n
    }
  }
  const limit =
    unitLimit ??
    (otherInstructions * 200_000n > 1_400_000n ? 1_400_000n : otherInstructions * 200_000n)
  const priorityFee = (unitPrice * limit + 999_999n) / 1_000_000n
  return BigInt(signatures) * LAMPORTS_PER_SIGNATURE + priorityFee
}

/**
 * A transaction in the RPC's `json` encoding.
 * @param {Uint8Array} wire
 */
export function transactionJson(wire) {
  const transaction = getTransactionDecoder().decode(wire)
  const message = decodeMessage(transaction)
  return {
    signatures: Object.values(transaction.signatures).map((signature) =>
      getBase58Decoder().decode(signature ?? new Uint8Array(64)),
    ),
    message: {
      accountKeys: message.staticAccounts,
      header: {
        numRequiredSignatures: message.header.numSignerAccounts,
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
      },
      recentBlockhash: message.lifetimeToken,
      instructions: message.instructions.map((instruction) => ({
        programIdIndex: instruction.programAddressIndex,
        accounts: instruction.accountIndices,
        data: getBase58Decoder().decode(instruction.data),
        stackHeight: null,
      })),
      ...(message.version === 'legacy' ? {} : { addressTableLookups: [] }),
    },
  }
}
