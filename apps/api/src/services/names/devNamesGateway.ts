/**
 * The development stack's names gateway key (`devNamesGatewayKey` in devchain/ens.mjs, which the
 * dev chain's offchain resolver trusts) is derived from a public phrase, so anyone can sign with
 * it: production refuses it (productionChecks.ts). Its phrase is repeated here, not imported, as
 * devchain/ is not part of the API's image; a test keeps the two the same.
 */
import { isAddressEqual, keccak256, stringToHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'

/** The address the development gateway key signs as. */
export const devNamesGatewayAddress = privateKeyToAddress(
  keccak256(stringToHex('airlock dev chain: names gateway')),
)

/** Whether `address` is the development gateway key's: a key anyone can have. */
export const isDevNamesGatewaySigner = (address: `0x${string}`) =>
  isAddressEqual(address, devNamesGatewayAddress)
