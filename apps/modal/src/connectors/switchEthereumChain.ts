/**
 * Switching an EIP-1193 wallet's chain, whoever carries its calls (the host page or a
 * WalletConnect session): EIP-3326, and EIP-3085 first when the wallet doesn't know the chain.
 */
import {
  errorCodes,
  evmChainId,
  type NetworkConfig,
  type RequestArguments,
} from '@airlock/protocol'

/** Switches the wallet's chain; adds the chain to the wallet first when it doesn't know it. */
export async function switchEthereumChain(
  request: (args: RequestArguments) => Promise<unknown>,
  network: NetworkConfig,
) {
  const chainId = evmChainId(network.caipNetworkId)
  const switchChain = () => request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  try {
    await switchChain()
  } catch (error) {
    if ((error as { code?: unknown })?.code !== errorCodes.unrecognizedChain) throw error
    await request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId,
          chainName: network.name,
          nativeCurrency: network.nativeCurrency,
          rpcUrls: [network.rpcUrl],
          ...(network.blockExplorerUrl ? { blockExplorerUrls: [network.blockExplorerUrl] } : {}),
        },
      ],
    })
    await switchChain()
  }
}
