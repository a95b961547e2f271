/**
 * A typed data signature's EIP-712 domain as the approval screen shows it: whose it is (name,
 * version), which chain and which contract it is valid for, and whether that chain is another
 * than the one the wallet is on — a signature for another chain can be used there, out of sight.
 */
import { type CaipNetworkId, tryParseCaipNetworkId } from '@airlock/protocol'
import type { Address, TypedDataDomain } from 'viem'
import { addressOf, uintOf } from './typedValues'

export type DomainDecoded = {
  name?: string
  version?: string
  chainId?: bigint
  verifyingContract?: Address
  /** The domain names a chain, and it is not the active network's. */
  otherChain: boolean
}

/**
 * @example
 * decodeTypedDataDomain({ name: 'Permit2', chainId: 1, verifyingContract: permit2Address }, 'eip155:8453')
 * // { name: 'Permit2', chainId: 1n, verifyingContract: permit2Address, otherChain: true }
 */
export function decodeTypedDataDomain(
  domain: TypedDataDomain,
  network: CaipNetworkId,
): DomainDecoded {
  const chainId = uintOf(domain.chainId)
  const verifyingContract = addressOf(domain.verifyingContract)
  const parsed = tryParseCaipNetworkId(network)
  const active =
    parsed?.namespace === 'eip155' && /^\d+$/.test(parsed.reference)
      ? BigInt(parsed.reference)
      : undefined
  return {
    ...(typeof domain.name === 'string' ? { name: domain.name } : {}),
    ...(typeof domain.version === 'string' ? { version: domain.version } : {}),
    ...(chainId !== undefined ? { chainId } : {}),
    ...(verifyingContract ? { verifyingContract } : {}),
    otherChain: chainId !== undefined && chainId !== active,
  }
}
