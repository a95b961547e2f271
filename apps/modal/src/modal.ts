/**
 * The modal's runtime: the store, the view stack and the open/close controllers, built once
 * from the config the API inlined. Views get it through React context; the bridge drives it.
 */
import {
  type CaipNetworkId,
  DisconnectedError,
  type ModalConfig,
  type OpenParams,
  type WalletListing,
} from '@airlock/protocol'
import { createAnalytics } from './analytics'
import { createNavigation } from './navigation/navigation'
import { closingView, openingView } from './navigation/rules'
import { refreshAccountData } from './state/accountData'
import { createConnectionController, type WalletRequest } from './state/connection'
import { hasAdapters, selectNetwork } from './state/controllers'
import { createPersistence, frameStorage, type KeyValueStore } from './state/persistence'
import { createModalStore, namespaceOf } from './state/store'
import { walletLink } from './walletconnect/links'
import { createWalletConnect, walletConnectId } from './walletconnect/walletConnect'

type Router = Parameters<typeof createNavigation>[0]

export function createModal(config: ModalConfig, router: Router) {
  const store = createModalStore(config)
  const analytics = createAnalytics(store)
  let onClose: () => void = () => {}
  // Until the bridge is up there is no host to reach a wallet through.
  let walletRequest: WalletRequest = async () => {
    throw new DisconnectedError({ message: 'The host page is not connected.' })
  }
  let storage = frameStorage()
  const walletConnect = createWalletConnect({
    store,
    storage: () => storage,
    onEvent(event) {
      connection.onWalletEvent(event)
      if (event.event !== 'disconnect' && store.getState().connectorId === walletConnectId)
        refreshAccountData(store)
    },
    onSession: () => void walletConnectApproved(),
  })
  const connection = createConnectionController(
    store,
    (walletId, request) =>
      walletId === walletConnectId
        ? walletConnect.request(request)
        : walletRequest(walletId, request),
    createPersistence(() => storage),
    walletConnect,
  )

  const navigation = createNavigation(router, () => closeModal({ fromFrame: true }))

  /** Where the stack rests while closed: what opening with no parameters would show. */
  function restingView() {
    const state = store.getState()
    const connected = state.status === 'connected'
    if (state.options?.embedded) return closingView({ embedded: true, connected })
    return openingView({
      hasAdapters: hasAdapters(state),
      address: state.address,
      isMobile: state.isMobile,
    })
  }

  async function openModal(params: OpenParams) {
    const state = store.getState()
    const view = openingView({
      namespace: params.namespace,
      activeNamespace: namespaceOf(state.activeNetwork),
      hasAdapters: hasAdapters(state),
      address: state.address,
      isMobile: state.isMobile,
      view: params.view,
    })
    store.setState({ requestedNamespace: params.namespace })
    await navigation.reset(view)
    store.setState({ open: true })
    // After the reply to the host: analytics is never on the path to a visible modal.
    setTimeout(() => analytics.track({ type: 'track', event: 'MODAL_OPEN', properties: { view } }))
  }

  /** Closing resets the stack; when the frame itself closes (Esc, ✕, back), the host is told. */
  async function closeModal({ fromFrame }: { fromFrame: boolean }) {
    const connected = store.getState().status === 'connected'
    const embedded = !!store.getState().options?.embedded
    await navigation.reset(embedded ? closingView({ embedded, connected }) : restingView())
    if (!embedded) store.setState({ open: false })
    // A QR code nobody can see any more: its proposal is dropped, a new one made next time.
    walletConnect.pairing.stop()
    if (fromFrame) onClose()
  }

  /**
   * The login flow of a browser wallet, shown in ConnectingExternal. On success the modal
   * closes, or goes back to where the flow started (ProfileWallets); on failure the view shows
   * why and offers a retry.
   */
  async function connectWallet(walletId: string, options: { returnBack?: boolean } = {}) {
    const returnBack = options.returnBack ?? store.getState().connecting?.returnBack
    store.setState({ connecting: { walletId, ...(returnBack ? { returnBack } : {}) } })
    if (navigation.view() !== 'ConnectingExternal') await navigation.push('ConnectingExternal')
    try {
      await connection.connect(walletId)
    } catch {
      return
    }
    if (returnBack) await navigation.back()
    else await closeModal({ fromFrame: true })
  }

  /**
   * The WalletConnect flow for one registry wallet, or for any wallet (QR) when none is given.
   * Call it synchronously from the visitor's tap: on a phone it opens the wallet's deeplink,
   * which browsers only allow inside the tap.
   */
  async function connectWalletConnect(wallet?: WalletListing) {
    store.setState({ walletConnectWallet: wallet })
    // On a phone the app opens at once; a desktop shows the QR code and offers the desktop app.
    if (store.getState().isMobile) openWalletLink()
    if (navigation.view() !== 'ConnectingWalletConnect')
      await navigation.push('ConnectingWalletConnect')
  }

  /**
   * Opens the chosen wallet's deeplink with the current pairing URI, if both exist. Must run in
   * the visitor's tap: browsers refuse to open apps otherwise. Returns whether it opened.
   */
  function openWalletLink() {
    const { pairing, walletConnectWallet, isMobile } = store.getState()
    if (pairing.status !== 'ready') return false
    const href = walletLink(walletConnectWallet, pairing.uri, isMobile)
    if (!href) return false
    window.open(href, '_blank', 'noopener,noreferrer')
    return true
  }

  /**
   * On a phone, a wallet's deeplink must open inside the tap, so the pairing URI has to exist
   * before it: the wallet lists call this as they show.
   */
  function prepareWalletConnect() {
    const { isMobile, config } = store.getState()
    if (isMobile && config.project?.walletConnect) walletConnect.pairing.start()
  }

  /** The visitor approved the pairing in the wallet: connected, and the modal closes. */
  async function walletConnectApproved() {
    const returnBack = store.getState().connecting?.returnBack
    try {
      connection.activateWalletConnect()
    } catch {
      // The wallet approved none of the site's networks: nothing to connect with.
      await walletConnect.disconnect()
      store.setState({ pairing: { status: 'error', reason: 'failed' } })
      return
    }
    store.setState({ connecting: undefined })
    if (returnBack) await navigation.back()
    else await closeModal({ fromFrame: true })
  }

  /**
   * Switches network, from the SwitchNetwork view or `airlock.switchNetwork()`: the wallet
   * switches first when one is connected (nothing changes if it refuses); otherwise the network
   * is the one to connect on.
   */
  async function switchNetwork(caipNetworkId: CaipNetworkId) {
    if (await connection.switchNetwork(caipNetworkId)) return
    selectNetwork(store, caipNetworkId)
  }

  return {
    store,
    connectWallet,
    connectWalletConnect,
    openWalletLink,
    prepareWalletConnect,
    walletConnect,
    switchNetwork,
    connection,
    navigation,
    analytics,
    openModal,
    closeModal,
    restingView,
    /** The bridge registers how to tell the host that the frame closed itself. */
    onFrameClose(listener: () => void) {
      onClose = listener
    },
    /** The bridge registers how to call a wallet on the host page. */
    setWalletRequest(request: WalletRequest) {
      walletRequest = request
    },
    /** The bridge offers the host's storage for when the frame's own is denied. */
    setFallbackStorage(fallback: KeyValueStore) {
      storage ??= fallback
    },
  }
}
export type Modal = ReturnType<typeof createModal>
