/**
 * `@airlock/protocol/cosmos`: Cosmos addresses held to their chain's bech32 prefix and ADR-036
 * message signatures checked, with `@cosmjs/*`. Its own entry so only what reads Cosmos addresses
 * or verifies their signatures loads it; the networks' plain data is in the main entry too.
 */

export {
  CosmosAddressError,
  cosmosAddressOn,
  type DecodedCosmosAddress,
  decodeCosmosAddress,
} from './cosmosAddresses'
export {
  adr036SignDoc,
  CosmosSignatureError,
  parseCosmosSignature,
  type VerifyCosmosMessageParameters,
  verifyCosmosMessage,
} from './cosmosMessages'
export * from './cosmosNetworks'
