/**
 * Solana wallets on the host page that speak Wallet Standard. The frame asks the host to call
 * their features (`standard:connect` as `standard_connect`, `solana:signMessage` as
 * `solana_signMessage`…); Wallet Standard takes the account and chain with each call, and the
 * network is the modal's to choose.
 */
import type { HostWalletInfo, RequestArguments } from '@airlock/protocol'
import { walletStandardChain } from '@airlock/protocol'
import { accountsOf } from '../accountsOf'
import { hostWalletIdentity } from '../hostWalletIdentity'
import type { Connector, ConnectorKind, HostWalletRequest } from '../types'

export function walletStandard(
  hostWallets: () => readonly HostWalletInfo[],
  hostRequest: HostWalletRequest,
): ConnectorKind {
  return {
    connectors: () =>
      hostWallets()
        .filter((wallet) => wallet.namespaces?.includes('solana'))
        .map((wallet) => walletStandardConnector(wallet, hostRequest)),
  }
}

function walletStandardConnector(
  wallet: HostWalletInfo,
  hostRequest: HostWalletRequest,
): Connector {
  const request = (args: RequestArguments) => hostRequest(wallet.id, args)
  return {
    ...hostWalletIdentity(wallet),
    namespace: 'solana',
    async getAccounts({ silent }) {
      return accountsOf(
        await request({ method: 'standard_connect', params: silent ? { silent } : {} }),
      )
    },
    getNetwork: async () => undefined,
    approvedNetworks: () => undefined,
    // The chain goes with each request: being on another cluster is the modal's choice alone.
    switchNetwork: async () => true,
    request: ({ method, params }, { address, network }) =>
      request({
        method,
        params: {
          ...params,
          account: address,
          ...(network ? { chain: walletStandardChain(network) } : {}),
        },
      }),
    async disconnect() {
      await request({ method: 'standard_disconnect' })
    },
  }
}
