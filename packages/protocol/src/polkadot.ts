/**
 * `@airlock/protocol/polkadot`: Polkadot addresses held to their network's SS58 prefix and message
 * signatures checked, with `@polkadot/util-crypto`. Its own entry so only what reads Polkadot
 * addresses or verifies their signatures loads it; the networks' plain data is in the main entry
 * too.
 */

export {
  type DecodedPolkadotAddress,
  decodePolkadotAddress,
  PolkadotAddressError,
  polkadotAddressOf,
  polkadotAddressOn,
} from './polkadotAddresses'
export {
  PolkadotSignatureError,
  type VerifyPolkadotMessageParameters,
  verifyPolkadotMessage,
} from './polkadotMessages'
export * from './polkadotNetworks'
