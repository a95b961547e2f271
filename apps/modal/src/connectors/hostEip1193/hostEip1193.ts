/**
 * Browser-extension wallets on the host page that speak EIP-1193: announced through EIP-6963
 * (ANNOUNCED) or the legacy `window.ethereum` (INJECTED). The frame cannot reach them; every
 * call crosses the bridge to the host page (`hostWalletRequest`) and their events come back.
 */
import { evmNetworkOf, type HostWalletInfo, type RequestArguments } from '@airlock/protocol'
import { accountsOf } from '../accountsOf'
import { hostWalletIdentity } from '../hostWalletIdentity'
import { switchEthereumChain } from '../switchEthereumChain'
import type { Connector, ConnectorKind, HostWalletRequest } from '../types'

export function hostEip1193(
  hostWallets: () => readonly HostWalletInfo[],
  hostRequest: HostWalletRequest,
): ConnectorKind {
  return {
    connectors: () =>
      hostWallets()
        .filter((wallet) => (wallet.namespaces ?? ['eip155']).includes('eip155'))
        .map((wallet) => hostEip1193Connector(wallet, hostRequest)),
  }
}

function hostEip1193Connector(wallet: HostWalletInfo, hostRequest: HostWalletRequest): Connector {
  const request = (args: RequestArguments) => hostRequest(wallet.id, args)
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
