/**
 * Polkadot (SS58) addresses held to a network: an address is taken only with its network's SS58
 * prefix (a Kusama address on Polkadot is refused, naming what it is), and its public key read
 * out, with `@polkadot/util-crypto`'s SS58 codec.
 */
import { base58Decode, decodeAddress, encodeAddress } from '@polkadot/util-crypto'
import { BaseError } from './errors'
import {
  type PolkadotNetworkName,
  polkadotNetworkLabels,
  polkadotNetworkNames,
  polkadotSs58Prefixes,
} from './polkadotNetworks'

/** The address is not one of the network's, or of no network at all. */
export class PolkadotAddressError extends BaseError {
  override name = 'PolkadotAddressError'
}

/** An SS58 address's prefix and public key (32 bytes; a 33-byte ECDSA key is hashed to 32). */
export type DecodedPolkadotAddress = { prefix: number; publicKey: Uint8Array }

/**
 * @throws PolkadotAddressError when `address` is not SS58 (bad characters, checksum or length).
 */
export function decodePolkadotAddress(address: string): DecodedPolkadotAddress {
  let publicKey: Uint8Array
  let bytes: Uint8Array
  try {
    // decodeAddress checks the characters, the length and the checksum over the prefix.
    publicKey = decodeAddress(address)
    bytes = base58Decode(address)
  } catch {
    throw new PolkadotAddressError(`"${address}" is not a Polkadot address.`)
  }
  return { prefix: ss58Prefix(bytes), publicKey }
}

/** SS58's prefix: one byte for 0–63, else two bytes holding 64–16383 (the SS58 spec's layout). */
function ss58Prefix([first = 0, second = 0]: Uint8Array): number {
  if (first < 64) return first
  return ((first & 0b0011_1111) << 2) | (second >> 6) | ((second & 0b0011_1111) << 8)
}

/**
 * The address as `network` writes it, when it is that network's (its SS58 prefix).
 * @throws PolkadotAddressError naming the network it is of, when it is of another known one.
 * @example polkadotAddressOn('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', 'polkadot') // the same
 */
export function polkadotAddressOn(address: string, network: PolkadotNetworkName): string {
  const { prefix } = decodePolkadotAddress(address)
  const expected = polkadotSs58Prefixes[network]
  if (prefix === expected) return address
  const label = polkadotNetworkLabels[network]
  const elsewhere = polkadotNetworkNames.find((name) => polkadotSs58Prefixes[name] === prefix)
  throw new PolkadotAddressError(
    elsewhere
      ? `"${address}" is not a ${label} address: it is a ${polkadotNetworkLabels[elsewhere]} one.`
      : `"${address}" is not a ${label} address: its SS58 prefix is ${prefix}, not ${expected}.`,
  )
}

/**
 * The address of a public key on `network` (SS58 with its prefix): how a wallet's account,
 * whatever prefix the wallet gave it in, is shown.
 */
export function polkadotAddressOf(publicKey: Uint8Array, network: PolkadotNetworkName): string {
  return encodeAddress(publicKey, polkadotSs58Prefixes[network])
}
