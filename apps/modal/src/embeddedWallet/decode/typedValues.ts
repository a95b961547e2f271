/**
 * Typed data's values as the decoders read them: `eth_signTypedData_v4`'s JSON gives a uint as a
 * number, a decimal or a hex string, and an address in any case. readTypedData (evmTypedData.ts)
 * has checked them against their types; these only convert, and say undefined for anything else.
 */
import { type Address, getAddress, isAddress } from 'viem'

/** A uint of typed data's JSON as a bigint; undefined when it is not one. */
export function uintOf(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value >= 0n ? value : undefined
  if (typeof value === 'number')
    return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined
  if (typeof value === 'string' && /^(\d{1,78}|0x[0-9a-fA-F]{1,64})$/.test(value))
    return BigInt(value)
  return undefined
}

/** An address of typed data's JSON, checksummed; undefined when it is not one. */
export function addressOf(value: unknown): Address | undefined {
  return typeof value === 'string' && isAddress(value, { strict: false })
    ? getAddress(value)
    : undefined
}

/** A struct of typed data's JSON; undefined when it is not an object. */
export function structOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}
