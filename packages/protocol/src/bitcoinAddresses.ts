/**
 * A Bitcoin address as the script it stands for, on one network: what a message signature is
 * checked against. An address of another network is refused by name, so a signature is never
 * taken for an account on a network it is not of.
 */
import { Address, OutScript } from '@scure/btc-signer'
import { BitcoinAddressError } from './bitcoinErrors'
import {
  type BitcoinAddressPurpose,
  type BitcoinAddressType,
  type BitcoinNetworkName,
  type BitcoinNetworkParams,
  bitcoinNetworkNames,
  bitcoinNetworkParams,
} from './bitcoinNetworks'

/** What an address pays to: its type (`pkh`, `sh`, `wpkh`, `wsh`, `tr`, …) and its script. */
export type BitcoinAddressOutput = {
  decoded: ReturnType<ReturnType<typeof Address>['decode']>
  script: Uint8Array
}

/**
 * The network's name as people say it: signet shares testnet's prefixes, so an address of
 * either is one of both.
 */
export function bitcoinNetworkLabel(network: BitcoinNetworkParams): string {
  const names = bitcoinNetworkNames.filter((name) => {
    const known = bitcoinNetworkParams[name]
    return (
      known.bech32 === network.bech32 &&
      known.pubKeyHash === network.pubKeyHash &&
      known.scriptHash === network.scriptHash
    )
  })
  return names.length ? names.join(' or ') : `"${network.bech32}"`
}

/**
 * @throws BitcoinAddressError when `address` is not an address of `network` (naming the network
 *   it is of, when it is of a known one).
 */
export function decodeBitcoinAddress(
  address: string,
  network: BitcoinNetworkParams,
): BitcoinAddressOutput {
  let decoded: BitcoinAddressOutput['decoded']
  try {
    decoded = Address(network).decode(address)
  } catch {
    const label = bitcoinNetworkLabel(network)
    const elsewhere = bitcoinNetworkNames.find((name) => {
      try {
        Address(bitcoinNetworkParams[name]).decode(address)
        return true
      } catch {
        return false
      }
    })
    throw new BitcoinAddressError(
      elsewhere
        ? `"${address}" is not a ${label} address: it is a ${bitcoinNetworkLabel(bitcoinNetworkParams[elsewhere])} one.`
        : `"${address}" is not a ${label} address.`,
    )
  }
  return { decoded, script: OutScript.encode(decoded) }
}

/**
 * The address's type on `network`; undefined when it is not an address of that network (another
 * network's, or not an address at all).
 *
 * @example
 * bitcoinAddressType('bcrt1q…', 'regtest') // 'p2wpkh'
 * bitcoinAddressType('bc1q…', 'regtest') // undefined
 */
export function bitcoinAddressType(
  address: string,
  network: BitcoinNetworkName,
): BitcoinAddressType | undefined {
  try {
    const type = `p2${Address(bitcoinNetworkParams[network]).decode(address).type}`
    return (['p2pkh', 'p2sh', 'p2wpkh', 'p2wsh', 'p2tr'] as const).find((known) => known === type)
  } catch {
    return undefined
  }
}

/**
 * An account's purpose by its address when the wallet doesn't say: Taproot addresses keep
 * inscriptions (Xverse, Leather and Magic Eden give ordinals a Taproot address), others pay.
 */
export const purposeOfAddress = (type: BitcoinAddressType | undefined): BitcoinAddressPurpose =>
  type === 'p2tr' ? 'ordinals' : 'payment'
