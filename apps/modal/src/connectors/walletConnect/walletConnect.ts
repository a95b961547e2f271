/**
 * The WalletConnect session as connectors: one for each namespace the wallet approved networks
 * of (a session may hold EVM and Solana accounts at once). Requests go to the session through
 * the frame's sign-client (src/walletconnect); its events come back as wallet events under the
 * id `walletConnect`. The login flow is the pairing the views show, not a prompt: once the
 * wallet approves, the session's accounts are simply there. Solana requests are bytes for the
 * site and text for WalletConnect: solanaRequests.ts translates both ways. Bitcoin, Cosmos and
 * Polkadot requests are checked as a page wallet's are (their namespace's module), the wallet
 * asked through the session's methods (bitcoinHost.ts, cosmosHost.ts, polkadotHost.ts).
 */
import {
  type CaipNetworkId,
  DisconnectedError,
  type NetworkConfig,
  parseCaipNetworkId,
  type RequestArguments,
} from '@airlock/protocol'
import { type WalletConnectPeer, walletConnectId } from '../../walletconnect/peer'
import { switchEthereumChain } from '../switchEthereumChain'
import type { Connector, ConnectorKind, WalletNamespace } from '../types'
import type { WalletConnectSessions } from './sessions'

export function walletConnect(
  sessions: WalletConnectSessions,
  peer: () => WalletConnectPeer | undefined,
): ConnectorKind {
  return {
    connectors() {
      const wallet = peer()
      if (!wallet || !sessions.hasSession()) return []
      const namespaces = new Set(sessions.current().approved.map(namespaceOf))
      return (['eip155', 'solana', 'bip122', 'cosmos', 'polkadot'] as const)
        .filter((namespace) => namespaces.has(namespace))
        .map((namespace) => sessionConnector(sessions, wallet, namespace))
    },
    async restore(connectionId) {
      // The sign-client loads only for a visitor who had a WalletConnect session.
      if (connectionId === walletConnectId) await sessions.restore().catch(() => false)
    },
  }
}

/** Cosmos and Polkadot through the session, loaded with the first call. */
const perNetwork = () => import('./sessionPerNetwork')

const namespaceOf = (network: CaipNetworkId) => parseCaipNetworkId(network).namespace

function sessionConnector(
  sessions: WalletConnectSessions,
  wallet: WalletConnectPeer,
  namespace: WalletNamespace,
): Connector {
  return {
    id: walletConnectId,
    connectionId: walletConnectId,
    type: 'WALLET_CONNECT',
    name: wallet.name,
    icon: wallet.icon,
    namespace,
    getAccounts: async () => {
      const { accounts, network } = sessions.current(namespace)
      return namespace === 'polkadot' && network
        ? (await perNetwork()).polkadotSessionAccounts(sessions, network)
        : accounts
    },
    getNetwork: async () => sessions.current(namespace).network,
    approvedNetworks: () => sessions.current().approved,
    async switchNetwork(network) {
      // The session covers every approved chain; an EVM wallet is still told which is current.
      if (namespace === 'eip155') {
        await switchEthereumChain(sessions.request, network)
        return true
      }
      return sessions.current().approved.includes(network.caipNetworkId)
    },
    // Addresses written per network (sessionPerNetwork.ts); the others' are the same on each.
    ...((namespace === 'cosmos' || namespace === 'polkadot') && {
      accountsOn: async (network: NetworkConfig) =>
        (await perNetwork()).sessionAccountsOn(sessions, namespace, network.caipNetworkId),
    }),
    request: (args, { address, networkConfig }) => {
      switch (namespace) {
        case 'solana':
          return solanaRequest(sessions, args, address ?? sessions.current('solana').accounts[0])
        case 'bip122':
          return bitcoinRequest(sessions, args, address, networkConfig)
        case 'cosmos':
        case 'polkadot':
          return perNetwork().then((module) =>
            module.sessionPerNetworkRequest(sessions, namespace, args, address, networkConfig),
          )
        default:
          return sessions.request(args)
      }
    },
    disconnect: () => sessions.disconnect(),
  }
}

/**
 * A site's Bitcoin request (`bitcoin_*`), checked as a page wallet's is, through the session's
 * bip122 methods (bitcoinHost.ts). Loaded with the first one.
 */
async function bitcoinRequest(
  sessions: WalletConnectSessions,
  request: RequestArguments,
  address: string | undefined,
  network: NetworkConfig | undefined,
): Promise<unknown> {
  const [{ bitcoinRequest: answer }, { walletConnectBitcoin }] = await Promise.all([
    import('../../bitcoin/bitcoinRequests'),
    import('./bitcoinHost'),
  ])
  const wallet = walletConnectBitcoin(sessions)
  return answer(request, {
    address,
    network,
    host: wallet.host,
    sendTransfer: wallet.sendTransfer,
    accountAddresses: wallet.accountAddresses,
  })
}

/** A site's Solana request through the session, the wallet's answer back in bytes. */
async function solanaRequest(
  sessions: WalletConnectSessions,
  request: RequestArguments,
  address: string | undefined,
): Promise<unknown> {
  if (!address) throw new DisconnectedError({ message: 'No Solana account in the session.' })
  // Loaded with the first Solana request: @solana/kit's codecs stay out of the modal's first bundle.
  const { fromWalletConnect, toWalletConnect } = await import('./solanaRequests')
  const result = await sessions.request(toWalletConnect(request, address))
  return fromWalletConnect(request, result, address)
}
