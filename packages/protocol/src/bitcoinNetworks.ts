/**
 * The Bitcoin networks Airlock knows (spec §1, namespace bip122): their CAIP-2 ids (`bip122:` and
 * the first 32 hex digits of the genesis block's hash, as CAIP-2's bip122 profile says) and the
 * address and key prefixes `@scure/btc-signer` takes as its `network` argument. Plain data, so
 * a module that only names a network loads none of the signer's code.
 */
import type { CaipNetworkId } from './caip'

export const bitcoinNetworkNames = ['mainnet', 'testnet', 'signet', 'regtest'] as const
export type BitcoinNetworkName = (typeof bitcoinNetworkNames)[number]

/** What `@scure/btc-signer` calls a network: the prefixes of its addresses and keys. */
export type BitcoinNetworkParams = {
  /** The human-readable part of its segwit addresses (BIP-173). */
  bech32: string
  /** The version byte of its base58 P2PKH addresses. */
  pubKeyHash: number
  /** The version byte of its base58 P2SH addresses. */
  scriptHash: number
  /** The version byte of its WIF private keys. */
  wif: number
}

const testnetPrefixes = { pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef } as const

/**
 * Each network's prefixes: mainnet's are scure's `NETWORK`, testnet's its `TEST_NETWORK`;
 * signet shares testnet's (`tb`), regtest has its own bech32 part (`bcrt`).
 */
export const bitcoinNetworkParams: Readonly<Record<BitcoinNetworkName, BitcoinNetworkParams>> = {
  mainnet: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 },
  testnet: { bech32: 'tb', ...testnetPrefixes },
  signet: { bech32: 'tb', ...testnetPrefixes },
  regtest: { bech32: 'bcrt', ...testnetPrefixes },
}

/** Each network's CAIP-2 id: `bip122:` and the first 32 hex digits of its genesis block hash. */
export const bitcoinCaipNetworkIds: Readonly<Record<BitcoinNetworkName, CaipNetworkId>> = {
  mainnet: 'bip122:000000000019d6689c085ae165831e93',
  testnet: 'bip122:000000000933ea01ad0ee984209779ba',
  signet: 'bip122:00000008819873e925422c1ff0f99f7c',
  regtest: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
}

/**
 * The Bitcoin network a CAIP-2 id names, or undefined for any other id (another namespace, or a
 * bip122 chain Airlock does not know, such as Litecoin's).
 * @example bitcoinNetworkOf('bip122:0f9188f13cb7b2c71f2a335e3a4fc328') // 'regtest'
 */
export function bitcoinNetworkOf(caipNetworkId: string): BitcoinNetworkName | undefined {
  return bitcoinNetworkNames.find((name) => bitcoinCaipNetworkIds[name] === caipNetworkId)
}

/**
 * The Wallet Standard chain of a Bitcoin network (`bitcoin:mainnet`…), as Bitcoin wallets (the
 * `bitcoin:` features) name it.
 */
export const bitcoinWalletChain = (name: BitcoinNetworkName) => `bitcoin:${name}` as const

/** The kinds of address a wallet pays from (`payment`) and keeps inscriptions on (`ordinals`). */
export type BitcoinAddressPurpose = 'payment' | 'ordinals'

/** A wallet's Bitcoin account as the modal keeps it: its address, public key and purpose. */
export type BitcoinAccount = {
  address: string
  /** Hex; x-only (32 bytes) for Taproot, compressed (33 bytes) for the others; '' unknown. */
  publicKey: string
  purpose: BitcoinAddressPurpose
}

/** The script types of the addresses Airlock reads. */
export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr'
