/**
 * Bitcoin wallets on the host page (Wallet Standard's `bitcoin:` features, `window.unisat`),
 * which the host's `airlock-bitcoin.js` calls with `bitcoin_*` methods. Their payment address is
 * the connection's (spec §9: payment by default), their ordinals address beside it; a network is
 * the wallet's when it has addresses of it, and a request on it is checked, built and broadcast by
 * the modal (bitcoin/bitcoinRequests.ts, loaded with the first one).
 */
import type { HostWalletInfo } from '@airlock/protocol'
import { hostWalletIdentity } from '../hostWalletIdentity'
import { type HostWalletCall, hostWalletKind } from '../hostWalletKind'
import type { Connector } from '../types'

function bitcoinWalletConnector(wallet: HostWalletInfo, request: HostWalletCall): Connector {
  return {
    ...hostWalletIdentity(wallet),
    namespace: 'bip122',
    async getAccounts({ silent }) {
      const [answer, { bitcoinAccountsOf }] = await Promise.all([
        request({ method: 'bitcoin_connect', params: silent ? { silent } : {} }),
        import('../../bitcoin/bitcoinRequests'),
      ])
      return bitcoinAccountsOf(answer).map(({ address }) => address)
    },
    getNetwork: async () => undefined,
    approvedNetworks: () => undefined,
    // A Bitcoin address is one network's: the wallet is on a network when it has an address of
    // it (a wallet switches networks itself, and its accounts change with them).
    async switchNetwork(network) {
      const { hasAccountOn } = await import('../../bitcoin/bitcoinRequests')
      return hasAccountOn(request, network.caipNetworkId)
    },
    async request(args, { address, networkConfig }) {
      const { bitcoinRequest } = await import('../../bitcoin/bitcoinRequests')
      return bitcoinRequest(args, { address, network: networkConfig, host: request })
    },
    async disconnect() {
      await request({ method: 'bitcoin_disconnect' })
    },
  }
}

/** The host page's Bitcoin wallets. */
export const bitcoinWallets = hostWalletKind(
  (wallet) => wallet.namespaces?.includes('bip122') === true,
  bitcoinWalletConnector,
)
