/**
 * Whether a Bitcoin message signature is by an address, in the forms wallets make them: BIP-322
 * "simple" (a witness stack, with or without BIP-322's `smp` prefix) for P2WPKH and P2TR, and
 * legacy (BIP-137, 65 bytes) for P2PKH, P2SH-P2WPKH and P2WPKH. What sats-connect wallets
 * (Xverse, Leather), Unisat and WalletConnect's bip122 `signMessage` return.
 */
import { decodeBase64 } from './base64'
import { verifyBitcoinSignedMessage } from './bip137'
import { verifyBip322Witness } from './bip322'
import { decodeBitcoinAddress } from './bitcoinAddresses'
import { BitcoinSignatureError } from './bitcoinErrors'
import type { BitcoinNetworkParams } from './bitcoinNetworks'

export type VerifyBitcoinMessageParameters = {
  address: string
  /** The message as signed: a string is its UTF-8 bytes. */
  message: string | Uint8Array
  /** Base64: a BIP-322 simple signature or a legacy one. */
  signature: string
  /** The network the address must be of (`bitcoinNetworkParams[name]`, or scure's `NETWORK`). */
  network: BitcoinNetworkParams
}

/**
 * @returns whether `signature` is `address`'s signature of `message`: false for a signature of
 *   the right form by another key, of another message, or tampered with.
 * @throws BitcoinAddressError when the address is not one of `network`'s.
 * @throws BitcoinSignatureError when the signature is of no form this address signs with: not
 *   base64, not a witness stack of the address type's shape, a BIP-322 "full" or
 *   proof-of-funds signature (not checked here), a legacy one for a Taproot address.
 * @example
 * await verifyBitcoinMessage({ address: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', message: 'Hello World', signature: 'AkcwRAIg…', network: bitcoinNetworkParams.mainnet }) // true
 */
export async function verifyBitcoinMessage({
  address,
  message,
  signature,
  network,
}: VerifyBitcoinMessageParameters): Promise<boolean> {
  const output = decodeBitcoinAddress(address, network)
  // BIP-322 as finalized prefixes each form (smp, ful, pof); wallets made unprefixed simple and
  // legacy signatures before, which no base64 of either begins with these letters.
  const variant = /^(smp|ful|pof)/.exec(signature)?.[1]
  if (variant === 'ful' || variant === 'pof')
    throw new BitcoinSignatureError(
      'Invalid signature: BIP-322 "full" and proof-of-funds signatures are not checked here; sign with the simple form.',
    )
  const bytes = decodeBase64(variant ? signature.slice(3) : signature)
  if (!bytes)
    throw new BitcoinSignatureError(
      'Invalid signature: a BIP-322 signature is base64 of a witness stack (a legacy one, base64 of 65 bytes).',
    )
  // 65 bytes is a legacy signature: no witness of a P2WPKH or P2TR spend is that long.
  if (!variant && bytes.length === 65) return verifyBitcoinSignedMessage(bytes, output, message)
  return verifyBip322Witness(bytes, output, message)
}
