/**
 * The connector kinds the modal offers, one line each, and how the connection actions find a
 * connector: by the wallet's id on this page, or by the id its connection keeps, and the
 * namespace. Adding a kind (social login next) is its folder and one line here.
 */
import type { HostWalletInfo } from '@airlock/protocol'
import type { WalletConnectPeer } from '../walletconnect/peer'
import { bitcoinWallets } from './bitcoinWallets/bitcoinWallets'
import { hostEip1193 } from './hostEip1193/hostEip1193'
import { perNetworkWallets } from './perNetworkWallets'
import type {
  Connector,
  ConnectorKind,
  HostWalletRequest,
  NetworkFor,
  WalletNamespace,
} from './types'
import type { WalletConnectSessions } from './walletConnect/sessions'
import { walletConnect } from './walletConnect/walletConnect'
import { walletStandard } from './walletStandard/walletStandard'

/** Where the kinds read what is on offer: the host page's wallets, the WalletConnect session. */
export type ConnectorSources = {
  hostWallets: () => readonly HostWalletInfo[]
  hostRequest: HostWalletRequest
  /**
   * The network a namespace's wallet connects on now (Cosmos wallets enable one chain; Polkadot
   * addresses are written with its prefix).
   */
  networkFor?: NetworkFor
  walletConnect?: { sessions: WalletConnectSessions; peer: () => WalletConnectPeer | undefined }
  /** The email login's wallet (AUTH), whose code loads on demand (lazyEmbeddedWallet.ts). */
  embeddedWallet?: ConnectorKind
}

/** Keplr and Leap (airlock-cosmos.js), their code loaded with the first call. */
const cosmosWallets = perNetworkWallets(
  'cosmos',
  async () => (await import('../cosmos/cosmosRequests')).cosmosWalletModule,
)
/** polkadot{.js}, Talisman, SubWallet (airlock-polkadot.js), their code loaded with the first call. */
const polkadotWallets = perNetworkWallets(
  'polkadot',
  async () => (await import('../polkadot/polkadotRequests')).polkadotWalletModule,
)

export function createConnectors(sources: ConnectorSources) {
  const networkFor: NetworkFor = sources.networkFor ?? (() => undefined)
  const kinds: ConnectorKind[] = [
    hostEip1193(sources.hostWallets, sources.hostRequest),
    walletStandard(sources.hostWallets, sources.hostRequest),
    bitcoinWallets(sources.hostWallets, sources.hostRequest),
    cosmosWallets(sources.hostWallets, sources.hostRequest, networkFor),
    polkadotWallets(sources.hostWallets, sources.hostRequest, networkFor),
    ...(sources.walletConnect
      ? [walletConnect(sources.walletConnect.sessions, sources.walletConnect.peer)]
      : []),
    ...(sources.embeddedWallet ? [sources.embeddedWallet] : []),
  ]
  const all = (): Connector[] => kinds.flatMap((kind) => kind.connectors())
  return {
    all,
    /** A wallet's connector on `namespace`, by its id on this page. */
    byWallet: (walletId: string, namespace: WalletNamespace) =>
      all().find((connector) => connector.id === walletId && connector.namespace === namespace),
    /** A connection's connector on `namespace`, by the id the connection keeps. */
    byConnection: (connectionId: string, namespace: WalletNamespace) =>
      all().find(
        (connector) => connector.connectionId === connectionId && connector.namespace === namespace,
      ),
    /** The namespaces a wallet on this page can connect on, in the order its kinds list them. */
    namespacesOf: (walletId: string): WalletNamespace[] =>
      all()
        .filter((connector) => connector.id === walletId)
        .map((connector) => connector.namespace),
    /** After a reload: lets each kind bring back what a saved connection needs. */
    async restore(connectionId: string) {
      for (const kind of kinds) await kind.restore?.(connectionId)
    },
  }
}
export type Connectors = ReturnType<typeof createConnectors>
