/**
 * CAIP-2 network ids (`eip155:1`) and CAIP-10 account addresses (`eip155:1:0xab…`): the
 * chain-agnostic names the bridge and the modal use for networks and accounts. Parsers throw
 * {@link InvalidCaipError}; the `is…` guards never throw.
 */
import { BaseError, errorCodes } from './errors'

/** The chain namespaces Airlock knows (spec §1). */
export const knownNamespaces = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
export type ChainNamespace = (typeof knownNamespaces)[number]

/** A CAIP-2 network id: `namespace:reference`. */
export type CaipNetworkId = `${ChainNamespace}:${string}`
/** A CAIP-10 account address: `namespace:reference:address`. */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

export type ParsedCaipNetworkId = { namespace: ChainNamespace; reference: string }
export type ParsedCaipAddress = ParsedCaipNetworkId & {
  address: string
  caipNetworkId: CaipNetworkId
}

/**
 * A CAIP-2 network id or CAIP-10 address that breaks the rules; `details` says which one. Coded
 * as invalid params (-32602), as it is always a bad value from the caller.
 */
export class InvalidCaipError extends BaseError {
  override name = 'InvalidCaipError'
  override readonly code: number = errorCodes.invalidParams

  constructor({
    kind,
    value,
    details,
  }: { kind: 'network id' | 'address'; value: unknown; details: string }) {
    super(`Invalid CAIP ${kind} "${String(value)}".`, { details })
  }
}

// Charsets from CAIP-2 (reference) and CAIP-10 (account address).
const referencePattern = /^[-_a-zA-Z0-9]{1,32}$/
const accountAddressPattern = /^[-.%a-zA-Z0-9]{1,128}$/

/**
 * Whether `value` is one of the {@link knownNamespaces}. Case-sensitive, as CAIP-2 namespaces are
 * lowercase.
 *
 * @example
 * isChainNamespace('eip155') // true
 * isChainNamespace('EIP155') // false
 */
export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (knownNamespaces as readonly string[]).includes(value)
}

/**
 * Splits a CAIP-2 network id into its namespace and reference.
 *
 * @throws {InvalidCaipError} when there are not exactly two non-empty parts, the namespace is
 * unknown, or the reference is not 1–32 characters of `a-z A-Z 0-9 - _`.
 *
 * @example
 * parseCaipNetworkId('eip155:1') // { namespace: 'eip155', reference: '1' }
 */
export function parseCaipNetworkId(value: string): ParsedCaipNetworkId {
  const parsed = readNetworkId(value)
  if (typeof parsed === 'string')
    throw new InvalidCaipError({ kind: 'network id', value, details: parsed })
  return parsed
}

/**
 * Splits a CAIP-2 network id like {@link parseCaipNetworkId}, or gives undefined where that
 * throws: for values that may be anything, such as a wallet's event.
 *
 * @example
 * tryParseCaipNetworkId('eip155:137') // { namespace: 'eip155', reference: '137' }
 * tryParseCaipNetworkId('0x89') // undefined
 */
export function tryParseCaipNetworkId(value: unknown): ParsedCaipNetworkId | undefined {
  const parsed = readNetworkId(value)
  return typeof parsed === 'string' ? undefined : parsed
}

/**
 * The namespace of a CAIP-2 network id; undefined when `value` is not one. What "is this an EVM
 * (or a Solana) network" asks, instead of a prefix test by hand.
 *
 * @example
 * namespaceOf('eip155:137') // 'eip155'
 * namespaceOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // 'solana'
 * namespaceOf('137') // undefined
 */
export function namespaceOf(value: unknown): ChainNamespace | undefined {
  return tryParseCaipNetworkId(value)?.namespace
}

/**
 * Joins a namespace and a reference into a CAIP-2 network id. A number reference is written in
 * decimal, so EVM chain ids can be passed as they are.
 *
 * @throws {InvalidCaipError} when the result would not parse.
 *
 * @example
 * formatCaipNetworkId('eip155', 1) // 'eip155:1'
 */
export function formatCaipNetworkId(
  namespace: ChainNamespace,
  reference: string | number,
): CaipNetworkId {
  const caipNetworkId: CaipNetworkId = `${namespace}:${reference}`
  parseCaipNetworkId(caipNetworkId)
  return caipNetworkId
}

/** Why a value is not a CAIP-2 network id, as the API's answers and the boot config say it. */
export const caipNetworkIdMessage = 'must be a CAIP-2 network id such as eip155:1'

/**
 * Whether `value` is a valid CAIP-2 network id with a known namespace.
 *
 * @example
 * isCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // true
 * isCaipNetworkId('eip155:1:0xab') // false, that is an address
 */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  return typeof readNetworkId(value) !== 'string'
}

/**
 * Splits a CAIP-10 account address into namespace, reference, account address and the CAIP-2
 * network id it belongs to.
 *
 * @throws {InvalidCaipError} when there are not exactly three non-empty parts, the network id
 * is invalid, or the address is not 1–128 characters of `a-z A-Z 0-9 - . %`.
 *
 * @example
 * parseCaipAddress('eip155:1:0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb')
 * // { namespace: 'eip155', reference: '1', address: '0xab16…fcdb', caipNetworkId: 'eip155:1' }
 */
export function parseCaipAddress(value: string): ParsedCaipAddress {
  const parsed = readAddress(value)
  if (typeof parsed === 'string')
    throw new InvalidCaipError({ kind: 'address', value, details: parsed })
  return parsed
}

/**
 * Splits a CAIP-10 account address like {@link parseCaipAddress}, or gives undefined where that
 * throws: for values that may be anything, such as a wallet's event.
 *
 * @example
 * tryParseCaipAddress('eip155:1:0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb')?.address // '0xab16…fcdb'
 * tryParseCaipAddress('0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb') // undefined
 */
export function tryParseCaipAddress(value: unknown): ParsedCaipAddress | undefined {
  const parsed = readAddress(value)
  return typeof parsed === 'string' ? undefined : parsed
}

/**
 * Joins a CAIP-2 network id and an account address into a CAIP-10 address.
 *
 * @throws {InvalidCaipError} when the result would not parse.
 *
 * @example
 * formatCaipAddress('eip155:1', '0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb')
 * // 'eip155:1:0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb'
 */
export function formatCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  const caipAddress: CaipAddress = `${caipNetworkId}:${address}`
  parseCaipAddress(caipAddress)
  return caipAddress
}

/**
 * Whether `value` is a valid CAIP-10 address: three non-empty colon-separated parts with a
 * known namespace (spec §5), each part within its CAIP charset.
 *
 * @example
 * isCaipAddress('eip155:1:0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb') // true
 * isCaipAddress('eip155:1') // false
 */
export function isCaipAddress(value: unknown): value is CaipAddress {
  return typeof readAddress(value) !== 'string'
}

/** The parsed id, or why it is invalid. */
function readNetworkId(value: unknown): ParsedCaipNetworkId | string {
  const parts = splitParts(value, 2)
  if (parts === undefined)
    return 'Expected two non-empty colon-separated parts: "namespace:reference".'
  const [namespace, reference] = parts as [string, string]
  if (!isChainNamespace(namespace))
    return `Unknown namespace "${namespace}". Known namespaces: ${knownNamespaces.join(', ')}.`
  if (!referencePattern.test(reference))
    return `The reference "${reference}" must be 1 to 32 characters of a-z, A-Z, 0-9, "-" or "_".`
  return { namespace, reference }
}

/** The parsed address, or why it is invalid. */
function readAddress(value: unknown): ParsedCaipAddress | string {
  const parts = splitParts(value, 3)
  if (parts === undefined)
    return 'Expected three non-empty colon-separated parts: "namespace:reference:address".'
  const [namespace, reference, address] = parts as [string, string, string]
  const network = readNetworkId(`${namespace}:${reference}`)
  if (typeof network === 'string') return network
  if (!accountAddressPattern.test(address))
    return `The account address "${address}" must be 1 to 128 characters of a-z, A-Z, 0-9, "-", "." or "%".`
  return { ...network, address, caipNetworkId: `${network.namespace}:${network.reference}` }
}

/** The parts, or undefined unless there are exactly `count` of them and none is empty. */
function splitParts(value: unknown, count: number): string[] | undefined {
  if (typeof value !== 'string') return undefined
  const parts = value.split(':')
  return parts.length === count && parts.every((part) => part !== '') ? parts : undefined
}

/**
 * An eip155 network's chain id as EIP-1193 speaks it (`eth_chainId`, `wallet_switchEthereumChain`):
 * a hex quantity.
 *
 * @throws {InvalidCaipError} when the network is not eip155 with a decimal chain id.
 *
 * @example
 * evmChainId('eip155:137') // '0x89'
 */
export function evmChainId(caipNetworkId: CaipNetworkId): `0x${string}` {
  const { namespace, reference } = parseCaipNetworkId(caipNetworkId)
  if (namespace !== 'eip155' || !/^\d+$/.test(reference))
    throw new InvalidCaipError({
      kind: 'network id',
      value: caipNetworkId,
      details: 'An EVM chain id is an eip155 network with a decimal reference.',
    })
  return `0x${BigInt(reference).toString(16)}`
}

/**
 * {@link evmChainId} for a value that may be anything: the hex chain id of an eip155 network with
 * a decimal reference, undefined for any other value. Small, for the host SDK's size budget.
 *
 * @example
 * tryEvmChainId('eip155:137') // '0x89'
 * tryEvmChainId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // undefined
 */
export function tryEvmChainId(caipNetworkId: unknown): `0x${string}` | undefined {
  const reference = /^eip155:(\d{1,32})$/.exec(String(caipNetworkId))?.[1]
  return reference ? `0x${Number(reference).toString(16)}` : undefined
}

/**
 * The eip155 network of a chain id as wallets send it: a number, a hex quantity, a decimal
 * string or already CAIP-2. Undefined when it is none of those.
 *
 * @example
 * evmNetworkOf('0x89') // 'eip155:137'
 * evmNetworkOf(137) // 'eip155:137'
 * evmNetworkOf('eip155:137') // 'eip155:137'
 */
export function evmNetworkOf(chainId: unknown): CaipNetworkId | undefined {
  if (typeof chainId === 'number')
    return Number.isSafeInteger(chainId) && chainId > 0 ? `eip155:${chainId}` : undefined
  if (typeof chainId !== 'string') return undefined
  const reference = chainId.startsWith('eip155:') ? chainId.slice(7) : chainId
  const decimal = /^0x[0-9a-f]{1,16}$/i.test(reference)
    ? BigInt(reference).toString()
    : /^\d{1,20}$/.test(reference)
      ? BigInt(reference).toString()
      : undefined
  return decimal && decimal !== '0' && referencePattern.test(decimal)
    ? `eip155:${decimal}`
    : undefined
}

/** Solana clusters by the CAIP-2 reference (the genesis hash's first 32 characters). */
const solanaClusters: Record<string, string> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'solana:devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

/**
 * The Wallet Standard chain of a Solana CAIP-2 network: wallets name clusters
 * (`solana:mainnet`), CAIP-2 names genesis hashes. A reference that is not a known cluster's hash
 * (`solana:localnet`) is already a cluster name and is kept.
 *
 * @example
 * walletStandardChain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // 'solana:mainnet'
 * walletStandardChain('solana:localnet') // 'solana:localnet'
 */
export function walletStandardChain(caipNetworkId: CaipNetworkId): string {
  return solanaClusters[parseCaipNetworkId(caipNetworkId).reference] ?? caipNetworkId
}
