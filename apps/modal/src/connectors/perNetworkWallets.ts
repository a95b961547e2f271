/**
 * Host-page wallets of a namespace whose accounts are written per network (Cosmos: a bech32
 * prefix and one chain enabled at a time; Polkadot: an SS58 prefix): Keplr and Leap, polkadot{.js},
 * Talisman and SubWallet, which the host's `airlock-cosmos.js` and `airlock-polkadot.js` call. The
 * connection's address is the one of the network the modal connects on, written again when it
 * switches between the namespace's networks and when the wallet's accounts change. Everything
 * past that (the chain's codecs, requests, building and broadcasting) is the namespace's module,
 * loaded with the first call.
 */
import type { HostWalletInfo, NetworkConfig, RequestArguments } from '@airlock/protocol'
import { hostWalletIdentity } from './hostWalletIdentity'
import type { HostWalletCall } from './hostWalletKind'
import type {
  Connector,
  ConnectorKind,
  HostWalletRequest,
  NetworkFor,
  RequestContext,
  WalletNamespace,
} from './types'

/** What a namespace's module (cosmos/cosmosRequests.ts, polkadot/polkadotRequests.ts) gives. */
export type PerNetworkModule = {
  /** The wallet's addresses on `network` (asked silently, or with the wallet's prompt). */
  accounts(
    host: HostWalletCall,
    network: NetworkConfig,
    options: { silent: boolean },
  ): Promise<string[]>
  /** A site's request, checked and answered with the wallet. */
  request(
    args: RequestArguments,
    context: RequestContext & { host: HostWalletCall },
  ): Promise<unknown>
  /** A wallet's accounts-changed addresses as the connection's on `network`. */
  eventAccounts(addresses: string[], network: NetworkConfig | undefined): string[]
  disconnect(host: HostWalletCall, network: NetworkConfig | undefined): Promise<void>
}

export const perNetworkWallets =
  (namespace: WalletNamespace & ('cosmos' | 'polkadot'), load: () => Promise<PerNetworkModule>) =>
  (
    hostWallets: () => readonly HostWalletInfo[],
    hostRequest: HostWalletRequest,
    networkFor: NetworkFor,
  ): ConnectorKind => ({
    connectors: () =>
      hostWallets()
        .filter((wallet) => wallet.namespaces?.includes(namespace))
        .map((wallet): Connector => {
          const host: HostWalletCall = (args) => hostRequest(wallet.id, args)
          const accounts = async (network: NetworkConfig | undefined, silent: boolean) =>
            network ? (await load()).accounts(host, network, { silent }) : []
          return {
            ...hostWalletIdentity(wallet),
            namespace,
            getAccounts: ({ silent }) => accounts(networkFor(namespace), silent),
            getNetwork: async () => undefined,
            approvedNetworks: () => undefined,
            // On a network it has an account of (a Cosmos wallet may prompt to add the chain).
            switchNetwork: async (network) =>
              (await accounts(network, namespace === 'polkadot')).length > 0,
            accountsOn: (network) => accounts(network, true),
            eventAccounts: async (addresses) =>
              (await load()).eventAccounts(addresses, networkFor(namespace)),
            request: async (args, context) => (await load()).request(args, { ...context, host }),
            disconnect: async () => (await load()).disconnect(host, networkFor(namespace)),
          }
        }),
  })
