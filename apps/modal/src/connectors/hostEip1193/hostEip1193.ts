/**
 * Browser-extension wallets on the host page that speak EIP-1193: announced through EIP-6963
 * (ANNOUNCED) or the legacy `window.ethereum` (INJECTED). The frame cannot reach them; every
 * call crosses the bridge to the host page (`hostWalletRequest`) and their events come back.
 */
import { evmNetworkOf, type HostWalletInfo } from '@airlock/protocol'
import { accountsOf } from '../accountsOf'
import { hostWalletIdentity } from '../hostWalletIdentity'
import { type HostWalletCall, hostWalletKind } from '../hostWalletKind'
import { switchEthereumChain } from '../switchEthereumChain'
import type { Connector } from '../types'

function hostEip1193Connector(wallet: HostWalletInfo, request: HostWalletCall): Connector {
  return {
    ...hostWalletIdentity(wallet),
    namespace: 'eip155',
    async getAccounts({ silent }) {
      return accountsOf(await request({ method: silent ? 'eth_accounts' : 'eth_requestAccounts' }))
    },
    async getNetwork() {
      return evmNetworkOf(await request({ method: 'eth_chainId' }).catch(() => undefined))
    },
    approvedNetworks: () => undefined,
    async switchNetwork(network) {
      await switchEthereumChain(request, network)
      return true
    },
    request: (args) => request(args),
    async disconnect() {
      await request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    },
  }
}

/** The host page's EIP-1193 wallets: those that name no namespace are EVM ones. */
export const hostEip1193 = hostWalletKind(
  (wallet) => (wallet.namespaces ?? ['eip155']).includes('eip155'),
  hostEip1193Connector,
)
