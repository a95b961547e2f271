/**
 * The accounts of an embedded wallet, derived from its secret as the common wallets derive them
 * from a 24-word phrase, so the visitor can take the same words to MetaMask or Phantom and find
 * the same addresses. The secret is the BIP-39 entropy of the phrase; the phrase, without a
 * passphrase, gives the BIP-39 seed; from the seed, the EVM account is BIP-32 (secp256k1) at
 * m/44'/60'/0'/0/0 and the Solana account is SLIP-0010 (ed25519) at m/44'/501'/0'/0'. Pure: no
 * network, no storage.
 */

import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist as english } from '@scure/bip39/wordlists/english'
import { getAddressDecoder, type Address as SolanaAddress } from '@solana/kit'
import { HDKey as Ed25519HDKey } from 'micro-key-producer/slip10.js'
import { type Address as EvmAddress, type Hex, toHex } from 'viem'
import { HDKey, privateKeyToAddress } from 'viem/accounts'
import { assertWalletSecret } from './walletSecret'

/** Where each account sits under the wallet's BIP-39 seed. */
export const walletDerivationPaths = {
  /** BIP-44, coin type 60: MetaMask's first account. */
  evm: "m/44'/60'/0'/0/0",
  /** SLIP-0010 ed25519, coin type 501, hardened throughout: Phantom's and Solflare's first. */
  solana: "m/44'/501'/0'/0'",
} as const

/** The keys and addresses of an embedded wallet. */
export type WalletAccounts = {
  evm: {
    /** Checksummed (EIP-55). */
    address: EvmAddress
    /** The secp256k1 private key, as viem's `privateKeyToAccount` takes it. */
    privateKey: Hex
  }
  solana: {
    /** Base58 of the ed25519 public key. */
    address: SolanaAddress
    /**
     * 64 bytes: the ed25519 private key (seed) then the public key, as Solana keypair files and
     * `createKeyPairSignerFromBytes` of `@solana/kit` take them.
     */
    secretKey: Uint8Array
  }
}

/**
 * The wallet's 24 words: the BIP-39 phrase (English wordlist) whose entropy is the secret.
 * @example
 * walletMnemonic(new Uint8Array(32)) // 'abandon abandon … abandon art' (23 × abandon)
 */
export function walletMnemonic(secret: Uint8Array): string {
  assertWalletSecret(secret)
  return entropyToMnemonic(secret, english)
}

/**
 * Derives the wallet's EVM and Solana accounts from its secret (see `walletDerivationPaths`).
 * The same secret always gives the same accounts.
 * @example
 * const { evm, solana } = deriveWalletAccounts(new Uint8Array(32))
 * evm.address // '0xF278cF59F82eDcf871d630F28EcC8056f25C1cdb'
 * solana.address // '3Cy3YNTFywCmxoxt8n7UH6hg6dLo5uACowX3CFceaSnx'
 */
export function deriveWalletAccounts(secret: Uint8Array): WalletAccounts {
  const seed = mnemonicToSeedSync(walletMnemonic(secret))
  try {
    const evmKey = HDKey.fromMasterSeed(seed).derive(walletDerivationPaths.evm).privateKey
    if (!evmKey) throw new Error('BIP-32 derivation gave no private key.')
    const privateKey = toHex(evmKey)

    const solanaKey = Ed25519HDKey.fromMasterSeed(seed).derive(walletDerivationPaths.solana)
    const publicKey = solanaKey.publicKeyRaw
    const secretKey = new Uint8Array(64)
    secretKey.set(solanaKey.privateKey)
    secretKey.set(publicKey, 32)

    return {
      evm: { address: privateKeyToAddress(privateKey), privateKey },
      solana: { address: getAddressDecoder().decode(publicKey), secretKey },
    }
  } finally {
    seed.fill(0)
  }
}
