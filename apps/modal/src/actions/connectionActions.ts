/**
 * The connection actions bound to one modal: each finds the connector it needs (by the
 * wallet's id on the page, the connection's id, or the active connection) and hands it to its
 * action. Views, the bridge and the modal call these; the actions themselves never ask which
 * kind of wallet they drive.
 */
import {
  type CaipNetworkId,
  connectionErrors,
  type HostWalletEvent,
  InvalidParamsError,
  type RequestArguments,
} from '@airlock/protocol'
import { type ConnectorSources, createConnectors } from '../connectors/registry'
import type { Asker, ConnectorKind, HostWalletRequest } from '../connectors/types'
import type { WalletConnectSessions } from '../connectors/walletConnect/sessions'
import { networkFor } from '../stores/connections'
import type { Persistence } from '../stores/persistence'
import type { ModalStore } from '../stores/store'
import { activate } from './activate'
import { connect } from './connect'
import { createConnectionContext, preferredNamespace } from './context'
import { disconnect } from './disconnect'
import { handleWalletEvent } from './handleWalletEvent'
import { reconnect } from './reconnect'
import { request } from './request'
import { switchConnection } from './switchConnection'
import { switchNetwork } from './switchNetwork'

export function createConnectionActions(
  store: ModalStore,
  hostRequest: HostWalletRequest,
  persistence: Persistence,
  walletConnect?: WalletConnectSessions,
  embeddedWallet?: ConnectorKind,
) {
  const sources: ConnectorSources = {
    hostWallets: () => store.getState().hostWallets,
    hostRequest,
    networkFor: (namespace) => {
      const state = store.getState()
      const id = networkFor(state, namespace)
      return state.networks.find((network) => network.caipNetworkId === id)
    },
    ...(walletConnect
      ? {
          walletConnect: {
            sessions: walletConnect,
            peer: () => store.getState().walletConnectPeer,
          },
        }
      : {}),
    ...(embeddedWallet ? { embeddedWallet } : {}),
  }
  const connectors = createConnectors(sources)
  const context = createConnectionContext(store, persistence, connectors)

  /** A wallet's connector on the namespace the visitor wants, by its id on this page. */
  function connectorFor(walletId: string) {
    const namespace = preferredNamespace(context, connectors.namespacesOf(walletId))
    return namespace && connectors.byWallet(walletId, namespace)
  }

  return {
    connectors,
    /** The login flow of a wallet on the page (ConnectingExternal). */
    async connect(walletId: string) {
      const connector = connectorFor(walletId)
      if (!connector) throw new InvalidParamsError({ message: connectionErrors.failedToConnect })
      return connect(context, connector)
    },
    /**
     * A wallet whose login flow ended outside a wallet prompt becomes the active connection: the
     * session a WalletConnect pairing delivered, the email login's wallet.
     */
    async activate(walletId: string) {
      const connector = connectorFor(walletId)
      if (!connector || !(await activate(context, connector)))
        throw new Error(connectionErrors.failedToConnect)
    },
    /** Restores the saved connections; a late wallet's announcement asks only while disconnected. */
    reconnect: (options?: { whenDisconnected?: boolean }) => reconnect(context, options),
    disconnect: () => disconnect(context),
    onWalletEvent: (event: HostWalletEvent) => handleWalletEvent(context, event),
    switchConnection: (id: string) => switchConnection(context, id),
    switchNetwork: (caipNetworkId: CaipNetworkId) => switchNetwork(context, caipNetworkId),
    /**
     * The site's request to the connected wallet (or, `asker` 'modal', the visitor's own from
     * the modal: their Send or Swap); undefined when none is connected.
     */
    forward: (args: RequestArguments, asker?: Asker) => request(context, args, asker),
  }
}
export type ConnectionActions = ReturnType<typeof createConnectionActions>
