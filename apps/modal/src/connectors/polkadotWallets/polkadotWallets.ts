/**
 * Polkadot extensions on the host page (polkadot{.js}, Talisman, SubWallet: `window.injectedWeb3`),
 * which the host's `airlock-polkadot.js` calls with `polkadot_*` methods. An account is a public
 * key, written with each network's SS58 prefix: the connection's address is the one of the
 * network the modal connects on, written again when it switches Polkadot networks. A request is
 * checked, built and submitted by the modal (polkadot/polkadotRequests.ts, loaded with the first).
 */
import type { HostWalletInfo, NetworkConfig } from '@airlock/protocol'
import { hostWalletIdentity } from '../hostWalletIdentity'
import type { HostWalletCall } from '../hostWalletKind'
import type { Connector, ConnectorKind, HostWalletRequest, NetworkFor } from '../types'

const addressesOn = async (
  request: HostWalletCall,
  network: NetworkConfig | undefined,
  silent: boolean,
) => {
  if (!network) return []
  const { polkadotAccounts } = await import('../../polkadot/polkadotRequests')
  return polkadotAccounts(request, network, { silent })
}

function polkadotWalletConnector(
  wallet: HostWalletInfo,
  request: HostWalletCall,
  networkFor: NetworkFor,
): Connector {
  return {
    ...hostWalletIdentity(wallet),
    namespace: 'polkadot',
    getAccounts: ({ silent }) => addressesOn(request, networkFor('polkadot'), silent),
    getNetwork: async () => undefined,
    approvedNetworks: () => undefined,
    // An extension's keys are every Substrate network's: it is on any the site has.
    switchNetwork: async (network) => (await addressesOn(request, network, true)).length > 0,
    accountsOn: (network) => addressesOn(request, network, true),
    async request(args, { address, networkConfig }) {
      const { polkadotRequest } = await import('../../polkadot/polkadotRequests')
      return polkadotRequest(args, { address, network: networkConfig, host: request })
    },
    async disconnect() {
      await request({ method: 'polkadot_disconnect' })
    },
  }
}

/** The host page's Polkadot extensions. */
export const polkadotWallets = (
  hostWallets: () => readonly HostWalletInfo[],
  hostRequest: HostWalletRequest,
  networkFor: NetworkFor,
): ConnectorKind => ({
  connectors: () =>
    hostWallets()
      .filter((wallet) => wallet.namespaces?.includes('polkadot'))
      .map((wallet) =>
        polkadotWalletConnector(wallet, (args) => hostRequest(wallet.id, args), networkFor),
      ),
})
