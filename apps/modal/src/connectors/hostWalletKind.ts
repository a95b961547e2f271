/**
 * A kind of the host page's wallets (hostEip1193, walletStandard): the page's wallets that speak
 * its namespace, each driven by a connector whose calls cross the bridge to the host page.
 */
import type { HostWalletInfo, RequestArguments } from '@airlock/protocol'
import type { Connector, ConnectorKind, HostWalletRequest } from './types'

/** A call to one wallet of the host page, across the bridge. */
export type HostWalletCall = (args: RequestArguments) => Promise<unknown>

/**
 * The kind of the host wallets `speaks` keeps, each wallet's connector made by `connectorOf`.
 *
 * @example
 * const hostEip1193 = hostWalletKind((wallet) => …, (wallet, request) => ({ … }))
 * hostEip1193(sources.hostWallets, sources.hostRequest).connectors()
 */
export const hostWalletKind =
  (
    speaks: (wallet: HostWalletInfo) => boolean,
    connectorOf: (wallet: HostWalletInfo, request: HostWalletCall) => Connector,
  ) =>
  (
    hostWallets: () => readonly HostWalletInfo[],
    hostRequest: HostWalletRequest,
  ): ConnectorKind => ({
    connectors: () =>
      hostWallets()
        .filter(speaks)
        .map((wallet) => connectorOf(wallet, (args) => hostRequest(wallet.id, args))),
  })
