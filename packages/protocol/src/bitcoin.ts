/**
 * `@airlock/protocol/bitcoin`: Bitcoin message signatures (BIP-322 and legacy), signing's
 * `to_sign` transaction and their checks, with `@scure/btc-signer` and noble's secp256k1. Its own
 * entry so only what signs or verifies Bitcoin messages loads them; the networks' plain data is
 * in the main entry too.
 */

export { bitcoinSignedMessageHash } from './bip137'
export { bip322MessageHash, bip322Signature, bip322ToSign } from './bip322'
export {
  type BitcoinAddressOutput,
  bitcoinAddressType,
  bitcoinNetworkLabel,
  decodeBitcoinAddress,
  purposeOfAddress,
} from './bitcoinAddresses'
export { BitcoinAddressError, BitcoinSignatureError } from './bitcoinErrors'
export { type VerifyBitcoinMessageParameters, verifyBitcoinMessage } from './bitcoinMessages'
export * from './bitcoinNetworks'
