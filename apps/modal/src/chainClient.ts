/**
 * A viem public client on a network's RPC, for the reads the modal makes of a chain itself
 * (native balance, receipts, gas). viem loads on first use, so the modal opens without it.
 */
import type { NetworkConfig } from '@airlock/protocol'

export async function chainClient(network: NetworkConfig) {
  const { createPublicClient, http } = await import('viem')
  return createPublicClient({ transport: http(network.rpcUrl, { retryCount: 0 }) })
}
