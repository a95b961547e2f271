// Account addresses as the chain's address codec reads them: bech32 with the `cosmos` prefix and
// 20 bytes (32 for module and contract accounts), and the address a secp256k1 public key controls.
import { pubkeyToAddress } from '@cosmjs/amino'
import { fromBech32, toBase64 } from '@cosmjs/encoding'
import { bech32Prefix } from './chain.mjs'

/**
 * Why `text` is not an account address of this chain, in the SDK's address codec's words; or
 * undefined when it is one.
 * @param {string} text
 * @returns {string | undefined}
 */
export function addressProblem(text) {
  if (text.trim() === '') return 'empty address string is not allowed'
  let decoded
  try {
    decoded = fromBech32(text, 1023)
  } catch (error) {
    return `decoding bech32 failed: ${/** @type {Error} */ (error).message}`
  }
  if (decoded.prefix !== bech32Prefix)
    return `hrp does not match bech32 prefix: expected '${bech32Prefix}' got '${decoded.prefix}': internal logic error`
  if (decoded.data.length !== 20 && decoded.data.length !== 32)
    return `address length must be 20 or 32 bytes, got ${decoded.data.length}: unknown address`
  return undefined
}

/** The `cosmos1…` address of a compressed secp256k1 public key. @param {Uint8Array} compressed */
export function addressOfSecp256k1(compressed) {
  return pubkeyToAddress(
    { type: 'tendermint/PubKeySecp256k1', value: toBase64(compressed) },
    bech32Prefix,
  )
}
