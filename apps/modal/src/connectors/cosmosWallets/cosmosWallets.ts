/**
 * Cosmos wallets on the host page (Keplr, Leap: `window.keplr`, `window.leap`), which the host's
 * `airlock-cosmos.js` calls with `cosmos_*` methods. A Cosmos wallet enables one chain at a time
 * and has an address per chain (its key under the chain's bech32 prefix): the connection's is the
 * one on the network the modal connects on, and switching to another Cosmos network asks the
 * wallet for that chain's. A request is checked, built and broadcast by the modal
 * (cosmos/cosmosRequests.ts, loaded with the first one).
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
  const { cosmosAccounts } = await import('../../cosmos/cosmosRequests')
  return (await cosmosAccounts(request, network, { silent })).map(({ address }) => address)
}

function cosmosWalletConnector(
  wallet: HostWalletInfo,
  request: HostWalletCall,
  networkFor: NetworkFor,
): Connector {
  return {
    ...hostWalletIdentity(wallet),
    namespace: 'cosmos',
    getAccounts: ({ silent }) => addressesOn(request, networkFor('cosmos'), silent),
    getNetwork: async () => undefined,
    approvedNetworks: () => undefined,
    // The wallet is on a chain it has a key for: asked once, it may prompt to add the chain.
    switchNetwork: async (network) => (await addressesOn(request, network, false)).length > 0,
    accountsOn: (network) => addressesOn(request, network, true),
    async request(args, { address, networkConfig }) {
      const { cosmosRequest } = await import('../../cosmos/cosmosRequests')
      return cosmosRequest(args, { address, network: networkConfig, host: request })
    },
    async disconnect() {
      const network = networkFor('cosmos')
      await request({
        method: 'cosmos_disconnect',
        params: network ? { chainId: network.caipNetworkId.slice('cosmos:'.length) } : {},
      })
    },
  }
}

/** The host page's Cosmos wallets. */
export const cosmosWallets = (
  hostWallets: () => readonly HostWalletInfo[],
  hostRequest: HostWalletRequest,
  networkFor: NetworkFor,
): ConnectorKind => ({
  connectors: () =>
    hostWallets()
      .filter((wallet) => wallet.namespaces?.includes('cosmos'))
      .map((wallet) =>
        cosmosWalletConnector(wallet, (args) => hostRequest(wallet.id, args), networkFor),
      ),
})
