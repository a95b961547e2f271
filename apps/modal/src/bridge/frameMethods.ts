/**
 * What the host's calls after the handshake do, each admitted as originAdmission.ts says: open,
 * close and the state for any handshaken host; what reaches a wallet or storage (the site's
 * requests, the wallets' events, disconnect, switching network, signing out) only for a known
 * project on a proven origin.
 */
import {
  DisconnectedError,
  evmChainId,
  type FrameMethods,
  type Handlers,
  type HostWalletEvent,
  type HostWalletInfo,
  namespaceOf,
  type OpenParams,
  type RequestArguments,
} from '@airlock/protocol'
import { refreshAccountData, refreshAfterMined } from '../queries/refresh'
import { airlockState, applyOptions } from '../stores/controllers'
import type { BridgeContext } from './context'
import type { OriginAdmission } from './originAdmission'
import type { StateMirror } from './stateMirror'

/** Requests whose success changes the account's balances and activity. */
const accountChangingMethods = ['eth_sendTransaction', 'wallet_sendCalls', 'bitcoin_sendTransfer']

export function frameMethods(
  context: Pick<
    BridgeContext,
    'store' | 'connection' | 'siwx' | 'closeModal' | 'switchNetwork' | 'disconnect' | 'storage'
  >,
  { ready, proven }: Pick<OriginAdmission, 'ready' | 'proven'>,
  open: (params: OpenParams, shown: boolean) => Promise<void>,
  { told }: Pick<StateMirror, 'told'>,
): Omit<Handlers<FrameMethods>, 'handshake'> {
  const { store, connection, siwx } = context
  /** The state as the host may hear it: once what the frame remembers of it is stored. */
  const storedState = async () => {
    await context.storage()?.settled?.()
    return store.getState()
  }
  return {
    open: ready(open),
    close: ready(async () => context.closeModal({ fromFrame: false })),
    getState: ready(async () => airlockState(await storedState())),
    request: proven(async (request: RequestArguments) => {
      const forwarded = connection.forward(request)
      if (forwarded) {
        // A sent transaction changes balances and activity: the Account view shows it. Sent is
        // not yet mined (a chain may answer the hash first): read again once it is.
        if (accountChangingMethods.includes(request.method))
          forwarded
            .then((hash) => {
              refreshAccountData(store)
              if (request.method === 'eth_sendTransaction') refreshAfterMined(store, hash)
            })
            .catch(() => {})
        return forwarded
      }
      const state = await storedState()
      if (request.method === 'eth_accounts')
        return state.status === 'connected' && state.address ? [state.address] : []
      if (
        request.method === 'eth_chainId' &&
        state.activeNetwork &&
        namespaceOf(state.activeNetwork) === 'eip155'
      )
        return evmChainId(state.activeNetwork)
      throw new DisconnectedError({ message: 'No wallet is connected.' })
    }),
    disconnect: proven(async () => {
      await context.disconnect()
      await told()
    }),
    switchNetwork: proven(async (caipNetworkId) => {
      await context.switchNetwork(caipNetworkId)
      await told()
    }),
    setOptions: ready(async (options) => applyOptions(store, options, store.getState().isMobile)),
    hostWalletEvent: proven(async (event: HostWalletEvent) => {
      const fromActiveWallet = event.walletId === store.getState().connectorId
      connection.onWalletEvent(event)
      // The site sends a connected wallet's transactions straight to it, not through the frame;
      // the wallet's events are how the frame learns its account data may have moved.
      if (!fromActiveWallet || event.event === 'disconnect') return
      refreshAccountData(store)
      if (event.event === 'transactionSent') refreshAfterMined(store, event.data)
    }),
    siwxSignOut: proven(async () => siwx.signOut()),
    hostWalletsChanged: proven(async (wallets: HostWalletInfo[]) => {
      store.setState({ hostWallets: wallets })
      // A wallet that announced late may be the one the visitor was connected with.
      if (store.getState().status === 'disconnected')
        await connection.reconnect({ whenDisconnected: true })
    }),
  }
}
