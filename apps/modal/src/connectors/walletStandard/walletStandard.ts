/**
 * Solana wallets on the host page that speak Wallet Standard. The frame asks the host to call
 * their features (`standard:connect` as `standard_connect`, `solana:signMessage` as
 * `solana_signMessage`…); Wallet Standard takes the account and chain with each call, and the
 * network is the modal's to choose.
 */
import type { HostWalletInfo } from '@airlock/protocol'
import { walletStandardChain } from '@airlock/protocol'
import { accountsOf } from '../accountsOf'
import { hostWalletIdentity } from '../hostWalletIdentity'
import { type HostWalletCall, hostWalletKind } from '../hostWalletKind'
import type { Connector } from '../types'

function walletStandardConnector(wallet: HostWalletInfo, request: HostWalletCall): Connector {
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

/** The host page's Wallet Standard wallets of Solana. */
export const walletStandard = hostWalletKind(
  (wallet) => wallet.namespaces?.includes('solana') === true,
  walletStandardConnector,
)
