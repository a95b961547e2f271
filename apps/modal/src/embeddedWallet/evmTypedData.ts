/**
 * The EIP-712 typed data of an `eth_signTypedData_v4`, read and checked in full before the
 * visitor is asked to sign it: its shape, each value against its type, and its domain's chain id.
 * Shared by the EOA's and the smart account's providers.
 */
import {
  hashTypedData,
  type TypedDataDomain,
  BaseError as ViemError,
  validateTypedData,
} from 'viem'
import { invalid, isRecord, shown } from './signerInput'

/**
 * EIP-712 typed data from `eth_signTypedData_v4`'s JSON (or an object), checked in full: its
 * shape, its values against its types (viem's `validateTypedData`, then hashed once as signing
 * will), and a domain chainId that is a chain id. A chainId of another chain than the active
 * network is not refused: the approval shows it with a warning (TypedDataSummary), as the issue
 * asks, since a site may rightly ask for a signature used on another chain (a bridge's order).
 */
export function readTypedData(value: unknown) {
  const method = 'eth_signTypedData_v4'
  let parsed = value
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value)
    } catch (error) {
      throw invalid(`${method}: the typed data is not valid JSON.`, (error as Error).message)
    }
  }
  if (!isRecord(parsed))
    throw invalid(
      `${method}: the typed data must be an object with types, primaryType, domain and message.`,
    )
  const { types, primaryType, domain, message } = parsed
  if (!isRecord(types) || !Object.values(types).every(isFieldList))
    throw invalid(`${method}: types must map each type name to a list of { name, type } fields.`)
  if (typeof primaryType !== 'string' || !Object.hasOwn(types, primaryType))
    throw invalid(`${method}: primaryType ${shown(primaryType)} is not one of the types.`)
  if (!isRecord(domain)) throw invalid(`${method}: domain must be an object.`)
  if (!isRecord(message)) throw invalid(`${method}: message must be an object.`)
  if (domain.chainId !== undefined && chainIdOf(domain.chainId) === undefined)
    throw invalid(`${method}: the domain's chainId ${shown(domain.chainId)} is not a chain id.`)
  const fields = types as Record<string, TypedDataField[]>
  const mismatch =
    (fields.EIP712Domain && valueMismatch(fields, 'EIP712Domain', domain, 'domain')) ||
    (primaryType !== 'EIP712Domain' && valueMismatch(fields, primaryType, message, 'message'))
  if (mismatch) throw invalid(`${method}: ${mismatch}.`)
  const typedData = { domain: domain as TypedDataDomain, types: fields, primaryType, message }
  try {
    validateTypedData(typedData)
    hashTypedData(typedData)
  } catch (error) {
    throw invalid(
      `${method}: the typed data does not match its types.`,
      error instanceof ViemError ? error.shortMessage : (error as Error).message,
    )
  }
  return typedData
}

type TypedDataField = { name: string; type: string }

/**
 * Why `value` (at `path`) is not of the EIP-712 `type`: a field missing, a struct that is not an
 * object, a list that is not one or not of its length, a text, bool, number, address or bytes of
 * the wrong kind. Undefined when it is of the type; ranges, sizes and checksums are left to
 * viem's `validateTypedData`.
 */
function valueMismatch(
  types: Record<string, TypedDataField[]>,
  type: string,
  value: unknown,
  path: string,
): string | undefined {
  if (value === undefined || value === null) return `${path} is missing (${type})`
  const list = /^(.*)\[(\d*)\]$/.exec(type)
  if (list) {
    const [, item = '', length = ''] = list
    if (!Array.isArray(value)) return `${path} must be a list (${type}), not ${shown(value)}`
    if (length !== '' && value.length !== Number(length))
      return `${path} must have ${length} entries (${type}), not ${value.length}`
    for (const [index, entry] of value.entries()) {
      const mismatch = valueMismatch(types, item, entry, `${path}[${index}]`)
      if (mismatch) return mismatch
    }
    return undefined
  }
  const struct = Object.hasOwn(types, type) ? types[type] : undefined
  if (struct) {
    if (!isRecord(value)) return `${path} must be an object (${type}), not ${shown(value)}`
    for (const field of struct) {
      const mismatch = valueMismatch(types, field.type, value[field.name], `${path}.${field.name}`)
      if (mismatch) return mismatch
    }
    return undefined
  }
  const fits =
    type === 'string'
      ? typeof value === 'string'
      : type === 'bool'
        ? typeof value === 'boolean'
        : type === 'address' || type.startsWith('bytes')
          ? typeof value === 'string'
          : /^u?int\d*$/.test(type)
            ? (typeof value === 'number' && Number.isSafeInteger(value)) ||
              typeof value === 'bigint' ||
              (typeof value === 'string' && /^(-?\d{1,78}|0x[0-9a-fA-F]{1,64})$/.test(value))
            : true
  return fits
    ? undefined
    : `${path} must be ${/^[ai]/.test(type) ? 'an' : 'a'} ${type}, not ${shown(value)}`
}

function isFieldList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every(
      (field) =>
        isRecord(field) && typeof field.name === 'string' && typeof field.type === 'string',
    )
  )
}

/** A typed data domain's chainId, as JSON gives it (a number, decimal or hex); undefined if none. */
function chainIdOf(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined
  if (typeof value === 'string' && /^(\d{1,20}|0x[0-9a-fA-F]{1,16})$/.test(value))
    return BigInt(value)
  return undefined
}
