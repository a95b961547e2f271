/**
 * What an EIP-712 signature lets someone do, decoded for the approval screen: an EIP-2612 (or
 * DAI) Permit or a Permit2 allowance or transfer; undefined for any other typed data, which the
 * screen shows field by field under its domain.
 */
import type { TypedDataDomain } from 'viem'
import { decodePermit, type PermitDecoded } from './permit'
import { decodePermit2TypedData, type Permit2TypedDataDecoded } from './permit2'

export type DecodedTypedData = PermitDecoded | Permit2TypedDataDecoded

/**
 * @example
 * decodeTypedData({ domain, primaryType: 'PermitSingle', message }) // { kind: 'permit2Allowance', … }
 */
export function decodeTypedData(request: {
  domain: TypedDataDomain
  primaryType: string
  message: Record<string, unknown>
}): DecodedTypedData | undefined {
  return decodePermit2TypedData(request) ?? decodePermit(request)
}
