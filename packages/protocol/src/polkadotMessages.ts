/**
 * Whether a Polkadot message signature is by an address, as extensions (`signRaw`, polkadot{.js},
 * Talisman, SubWallet) and WalletConnect's `polkadot_signMessage` make them: sr25519, ed25519 or
 * ECDSA over the message's bytes wrapped in `<Bytes>…</Bytes>` (or unwrapped), with or without
 * the MultiSignature type byte in front; checked with `@polkadot/util-crypto`'s signatureVerify.
 */
import { hexToU8a, isHex } from '@polkadot/util'
import { signatureVerify } from '@polkadot/util-crypto'
import { BaseError } from './errors'
import { polkadotAddressOn } from './polkadotAddresses'
import type { PolkadotNetworkName } from './polkadotNetworks'

/**
 * The signature is not of a form any Polkadot key signs in. A signature of the right form that
 * does not verify is no error: the check answers false.
 */
export class PolkadotSignatureError extends BaseError {
  override name = 'PolkadotSignatureError'
}

export type VerifyPolkadotMessageParameters = {
  address: string
  /** The message as signed: a string is its UTF-8 bytes. */
  message: string | Uint8Array
  /** 0x and hex: 64 bytes (sr25519, ed25519), 65 (ECDSA), or either with its type byte first. */
  signature: string
  /** The network the address must be of (its SS58 prefix). */
  network: PolkadotNetworkName
}

/** A signature's lengths in bytes: ed25519 and sr25519's 64, ECDSA's 65, each with its type byte or not. */
const signatureLengths = [64, 65, 66]

/**
 * @returns whether `signature` is `address`'s signature of `message`: false for a signature of
 *   the right form by another key, of another message, or tampered with.
 * @throws PolkadotAddressError when the address is not one of `network`'s.
 * @throws PolkadotSignatureError when the signature is not 0x-hex of a signature's length.
 */
export function verifyPolkadotMessage({
  address,
  message,
  signature,
  network,
}: VerifyPolkadotMessageParameters): boolean {
  polkadotAddressOn(address, network)
  if (!isHex(signature) || !signatureLengths.includes((signature.length - 2) / 2))
    throw new PolkadotSignatureError(
      'Invalid signature: a Polkadot signature is 0x and the hex of 64 or 65 bytes (with or without its type byte).',
    )
  try {
    return signatureVerify(message, hexToU8a(signature), address).isValid
  } catch {
    // signatureVerify throws on a type byte that names no scheme.
    return false
  }
}
