/**
 * Legacy "Bitcoin Signed Message" signatures (Bitcoin Core's `signmessage`, BIP-137): 65 bytes,
 * a header and a compact ECDSA signature from which the public key is recovered, over the double
 * SHA-256 of the message behind its magic prefix. Wallets still make them for P2PKH, P2SH-P2WPKH
 * and P2WPKH addresses, which BIP-322 keeps as its "legacy" form.
 * https://github.com/bitcoin/bips/blob/master/bip-0137.mediawiki
 */
import { secp256k1 } from '@noble/curves/secp256k1'
import { CompactSize, OutScript } from '@scure/btc-signer'
import { concatBytes, equalBytes, hash160, sha256x2 } from '@scure/btc-signer/utils.js'
import type { BitcoinAddressOutput } from './bitcoinAddresses'
import { BitcoinSignatureError } from './bitcoinErrors'

const magic = 'Bitcoin Signed Message:\n'
const withLength = (bytes: Uint8Array) =>
  concatBytes(CompactSize.encode(BigInt(bytes.length)), bytes)

/** The hash a legacy signature signs: double SHA-256 of the magic and the message, each behind its length. */
export function bitcoinSignedMessageHash(message: string | Uint8Array): Uint8Array {
  const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
  return sha256x2(withLength(new TextEncoder().encode(magic)), withLength(bytes))
}

/**
 * Whether a legacy signature (decoded) is by the key behind the address.
 *
 * The header says the recovery id (its low two bits from 27) and whether the key is compressed
 * (31 and up); BIP-137 also gives each address type its range (31–34 P2PKH, 35–38 P2SH-P2WPKH,
 * 39–42 P2WPKH), but Electrum and Trezor write 31–34 for every type, so the address's own type
 * says which script the key must make. Either way the key recovered must be the address's.
 * @throws BitcoinSignatureError for a header out of 27–42, or an address type a single key's
 *   legacy signature cannot be for (P2WSH, P2TR).
 */
export function verifyBitcoinSignedMessage(
  signature: Uint8Array,
  output: BitcoinAddressOutput,
  message: string | Uint8Array,
): boolean {
  const header = signature[0] ?? 0
  if (signature.length !== 65 || header < 27 || header > 42)
    throw new BitcoinSignatureError(
      'Invalid signature: a legacy signature is 65 bytes whose first is from 27 to 42.',
    )
  const { decoded } = output
  if (decoded.type !== 'pkh' && decoded.type !== 'sh' && decoded.type !== 'wpkh')
    throw new BitcoinSignatureError(
      `Invalid signature: a legacy signature is for a P2PKH, P2SH-P2WPKH or P2WPKH address, not for this one (${decoded.type}); sign with BIP-322.`,
    )
  const compressed = header >= 31
  let publicKey: Uint8Array
  try {
    publicKey = secp256k1.Signature.fromCompact(signature.subarray(1))
      .addRecoveryBit((header - 27) & 3)
      .recoverPublicKey(bitcoinSignedMessageHash(message))
      .toRawBytes(compressed)
  } catch {
    return false
  }
  if (decoded.type === 'pkh') return equalBytes(hash160(publicKey), decoded.hash)
  // Segwit takes compressed keys only.
  if (!compressed) return false
  const keyHash = hash160(publicKey)
  if (decoded.type === 'wpkh') return equalBytes(keyHash, decoded.hash)
  // P2SH-P2WPKH: the script hash is of the P2WPKH script of the key.
  return equalBytes(hash160(OutScript.encode({ type: 'wpkh', hash: keyHash })), decoded.hash)
}
