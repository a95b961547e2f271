/**
 * Bitcoin networks (bip122): their CAIP-2 ids (`bip122:` and the first 32 hex digits of the
 * genesis block's hash), the Wallet Standard chain each is called by, the address parameters
 * each network's addresses are made with, and the check that an address belongs to a network:
 * what the modal's connector, Send and the API's sign-in verification agree on.
 */
import { Address, NETWORK, TEST_NETWORK } from '@scure/btc-signer'
import type { CaipNetworkId } from './caip'

/** The Bitcoin networks Airlock knows, by name. */
export type BitcoinNetworkName = 'mainnet' | 'testnet' | 'signet' | 'regtest'

/** Address prefixes of a Bitcoin network, in @scure/btc-signer's shape. */
export type BitcoinAddressParams = {
  bech32: string
  pubKeyHash: number
  scriptHash: number
  wif: number
}

/** CAIP-2 ids of the Bitcoin networks (bip122: genesis hash prefixes). */
export const bitcoinNetworkIds = {
  mainnet: 'bip122:000000000019d6689c085ae165831e93',
  testnet: 'bip122:000000000933ea01ad0ee984209779ba',
  signet: 'bip122:00000008819873e925422c1ff0f99f7c',
  regtest: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
} as const satisfies Record<BitcoinNetworkName, CaipNetworkId>

const regtest: BitcoinAddressParams = { ...TEST_NETWORK, bech32: 'bcrt' }

/** Each network's address parameters: testnet and signet share theirs. */
export const bitcoinAddressParams: Record<BitcoinNetworkName, BitcoinAddressParams> = {
  mainnet: NETWORK,
  testnet: TEST_NETWORK,
  signet: TEST_NETWORK,
  regtest,
}

/**
 * The network a CAIP-2 id names; undefined for any other id.
 *
 * @example
 * bitcoinNetworkOf('bip122:0f9188f13cb7b2c71f2a335e3a4fc328') // 'regtest'
 */
export function bitcoinNetworkOf(caipNetworkId: string): BitcoinNetworkName | undefined {
  for (const [name, id] of Object.entries(bitcoinNetworkIds))
    if (id === caipNetworkId) return name as BitcoinNetworkName
  return undefined
}

/**
 * The Wallet Standard chain of a Bitcoin network (`bitcoin:mainnet`…), as Bitcoin wallets
 * (the `bitcoin:` features) name it.
 */
export const bitcoinWalletChain = (name: BitcoinNetworkName) => `bitcoin:${name}` as const

/** The kinds of address a wallet pays from (`payment`) and keeps inscriptions on (`ordinals`). */
export type BitcoinAddressPurpose = 'payment' | 'ordinals'

/** A wallet's Bitcoin account as the modal keeps it: its address, public key and purpose. */
export type BitcoinAccount = {
  address: string
  /** Hex; x-only (32 bytes) for Taproot, compressed (33 bytes) for the others. */
  publicKey: string
  purpose: BitcoinAddressPurpose
}

/** The script types Airlock builds spends for and checks signatures of. */
export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr'

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
    const type = `p2${Address(bitcoinAddressParams[network]).decode(address).type}`
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
