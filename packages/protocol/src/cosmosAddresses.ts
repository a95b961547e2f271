/**
 * Cosmos (bech32) addresses held to a network: an account address is taken only with its chain's
 * prefix (an `osmo1…` address on the Cosmos Hub is refused, naming what it is), read with
 * `@cosmjs/encoding`'s bech32 codec.
 */
import { fromBech32 } from '@cosmjs/encoding'
import {
  type CosmosNetworkName,
  cosmosNetworkLabels,
  cosmosNetworkNames,
  cosmosNetworkParams,
} from './cosmosNetworks'
import { BaseError } from './errors'

/** The address is not one of the network's, or of no network at all. */
export class CosmosAddressError extends BaseError {
  override name = 'CosmosAddressError'
}

/** A bech32 account address's parts: its prefix and the account's 20 (or a module's 32) bytes. */
export type DecodedCosmosAddress = { prefix: string; data: Uint8Array }

/** The longest bech32 string, BIP-173's limit. */
const bech32Limit = 90

/** @throws CosmosAddressError when `address` is not a bech32 account address. */
export function decodeCosmosAddress(address: string): DecodedCosmosAddress {
  try {
    // The limit is BIP-173's: @cosmjs/encoding 0.39's default (Infinity) is refused by the
    // @scure/base 2.4 it installs with (cosmos.test.ts pins that behaviour).
    const decoded = fromBech32(address, bech32Limit)
    if (decoded.data.length === 20 || decoded.data.length === 32) return decoded
  } catch {}
  throw new CosmosAddressError(`"${address}" is not a Cosmos address.`)
}

/**
 * The address, when it is `network`'s (its bech32 prefix).
 * @throws CosmosAddressError naming the network it is of, when it is of another known one.
 * @example cosmosAddressOn('osmo1…', 'cosmoshub') // throws '"osmo1…" is not a Cosmos Hub address: it is an Osmosis one.'
 */
export function cosmosAddressOn(address: string, network: CosmosNetworkName): string {
  const { prefix } = decodeCosmosAddress(address)
  const expected = cosmosNetworkParams[network].bech32Prefix
  if (prefix === expected) return address
  const label = cosmosNetworkLabels[network]
  const elsewhere = cosmosNetworkNames.find(
    (name) => name !== 'local' && cosmosNetworkParams[name].bech32Prefix === prefix,
  )
  throw new CosmosAddressError(
    elsewhere
      ? `"${address}" is not ${article(label)} address: it is ${article(cosmosNetworkLabels[elsewhere])} one.`
      : `"${address}" is not ${article(label)} address: its prefix is ${prefix}, not ${expected}.`,
  )
}

const article = (label: string) => (/^[AEIOU]/.test(label) ? `an ${label}` : `a ${label}`)
