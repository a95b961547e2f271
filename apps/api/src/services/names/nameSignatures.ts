/**
 * How the name registry checks a name message's signature (issue 21): on the chain of the
 * request's ENSIP-11 coin type, through the RPC of the API's own network catalogue
 * (`AIRLOCK_NETWORKS_JSON`): an EOA's signature recovered here, a contract wallet's (ERC-1271,
 * ERC-6492) by viem's `verifyMessage` on the chain. `offlineNameSignatureCheck` is the part that
 * asks no chain, which the routes run before a request spends the project's budget.
 */
import { ApiRefusal, type NetworkConfig, nameErrors, parseCaipNetworkId } from '@airlock/protocol'
import { createPublicClient, type Hex, http, type PublicClient, verifyMessage } from 'viem'
import type { VerifyNameSignature } from './names'

/**
 * The signature check of the name registry, over the API's network catalogue. An EOA's
 * signature is recovered here, with no RPC; any other (ERC-1271, ERC-6492) goes to viem's
 * `verifyMessage` on the chain's RPC. Chain id 0 (coin type 0x80000000, any EVM chain) takes
 * EOAs only: a contract wallet is one chain's.
 *
 * @throws ApiRefusal `nameNetworkNotFound` ('Network not found') for a chain the catalogue has
 *   no eip155 network of, `nameVerificationUnavailable` when the chain's RPC does not answer.
 */
export function nameSignatureVerifier(networks: readonly NetworkConfig[]): VerifyNameSignature {
  const rpcUrlOf = chainRpcUrls(networks)
  const clients = new Map<number, PublicClient>()
  const clientOf = (chainId: number, rpcUrl: string) => {
    let client = clients.get(chainId)
    if (!client) {
      client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 0 }) })
      clients.set(chainId, client)
    }
    return client
  }

  return async ({ address, message, signature, chainId }) => {
    const rpcUrl = rpcUrlOf(chainId)
    if (await isEoaSignature({ address, message, signature })) return true
    if (rpcUrl === undefined) return false
    const client = clientOf(chainId, rpcUrl)
    const unavailable = (cause: unknown) =>
      Object.assign(
        new ApiRefusal(
          'nameVerificationUnavailable',
          `The RPC of chain ${chainId} did not answer, so a contract wallet's signature could not be checked: try again later.`,
        ),
        { cause },
      )
    // Asked first so that a chain that is down is said to be down, not taken for a bad signature.
    try {
      await client.getChainId()
    } catch (error) {
      throw unavailable(error)
    }
    try {
      return await client.verifyMessage({ address, message, signature })
    } catch (error) {
      throw unavailable(error)
    }
  }
}

/**
 * What `nameSignatureVerifier` can tell without asking a chain: true for the EOA's signature and
 * for any other on a chain with an RPC (a contract wallet's, maybe: the chain is asked later);
 * false for one that is not the EOA's where there is no chain to ask (chain id 0).
 *
 * @throws ApiRefusal `nameNetworkNotFound`, as `nameSignatureVerifier` does.
 */
export function offlineNameSignatureCheck(networks: readonly NetworkConfig[]): VerifyNameSignature {
  const rpcUrlOf = chainRpcUrls(networks)
  return async ({ address, message, signature, chainId }) =>
    rpcUrlOf(chainId) !== undefined || (await isEoaSignature({ address, message, signature }))
}

/**
 * The RPC of a chain id in the catalogue, undefined for 0 (any EVM chain: EOAs only).
 * @throws ApiRefusal `nameNetworkNotFound` for a chain the catalogue has no eip155 network of.
 */
function chainRpcUrls(networks: readonly NetworkConfig[]): (chainId: number) => string | undefined {
  const rpcUrls = new Map<number, string>()
  for (const { caipNetworkId, rpcUrl } of networks) {
    const { namespace, reference } = parseCaipNetworkId(caipNetworkId)
    if (namespace === 'eip155') rpcUrls.set(Number(reference), rpcUrl)
  }
  return (chainId) => {
    if (chainId === 0) return undefined
    const rpcUrl = rpcUrls.get(chainId)
    if (rpcUrl === undefined)
      throw new ApiRefusal('nameNetworkNotFound', nameErrors.networkNotFound)
    return rpcUrl
  }
}

/** Whether `signature` is the EOA `address`'s; false for any signature that is not an ECDSA one. */
export async function isEoaSignature(parameters: {
  address: Hex
  message: string
  signature: Hex
}): Promise<boolean> {
  try {
    return await verifyMessage(parameters)
  } catch {
    return false
  }
}
