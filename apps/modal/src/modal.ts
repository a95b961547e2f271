/**
 * The modal's runtime: the store, the view stack, the API client and the open/close
 * controllers, built once from the config the API inlined. Views get it through React context;
 * the bridge drives it. What changes (listeners, caches, timers) belongs to this instance, never
 * to a module, so each `createModal` (and each test) starts fresh.
 */
import {
  assertViewAllowed,
  type CaipNetworkId,
  DisconnectedError,
  isUserRejection,
  type ModalConfig,
  type OpenParams,
  type WalletListing,
} from '@airlock/protocol'
import { createConnectionActions } from './actions/connectionActions'
import { afterNextFrame } from './afterNextFrame'
import { createAnalytics, withoutQueryStrings } from './analytics'
import { type ApiTransport, createApiClient } from './api'
import type { HostCall } from './connectors/types'
import { createLazyEmbeddedWallet } from './embeddedWallet/lazyEmbeddedWallet'
import { createNavigation } from './navigation/navigation'
import { closingView, openingView } from './navigation/rules'
import { refreshAccountData } from './queries/refresh'
import { createLazySiwx } from './siwx/lazySiwx'
import { apiFailureAlert, isReportableApiFailure } from './stores/alerts'
import { hasAdapters, selectNetwork, showAlert } from './stores/controllers'
import { createPersistence, type KeyValueStore } from './stores/persistence'
import { createModalStore, type ModalState, namespaceOf } from './stores/store'
import { createLazyWalletConnect } from './walletconnect/lazyWalletConnect'
import { walletLink } from './walletconnect/links'
import { walletConnectId } from './walletconnect/peer'

type Router = Parameters<typeof createNavigation>[0]

/** `transport`: how API calls are made (`fetch` by default; the view tests' routes in tests). */
export function createModal(config: ModalConfig, router: Router, transport?: ApiTransport) {
  const store = createModalStore(config)
  const api = createApiClient(transport)
  const analytics = createAnalytics(store, api.apiFetch)
  // Tells the host the frame closed itself, or asks it to show the frame (a sign-in the project
  // requires, outside a flow of the modal).
  let setFrameVisible: (visible: boolean) => void = () => {}
  // Until the bridge is up there is no host to reach a wallet (or the site's sign-in) through.
  let hostCall: HostCall = async () => {
    throw new DisconnectedError({ message: 'The host page is not connected.' })
  }
  // Nothing is remembered or restored until the bridge has proved the project and the host.
  let storage: KeyValueStore | undefined
  const walletConnect = createLazyWalletConnect({
    store,
    storage: () => storage,
    onEvent(event) {
      connection.onWalletEvent(event)
      if (event.event !== 'disconnect' && store.getState().connectorId === walletConnectId)
        refreshAccountData(store)
    },
    onSession: () => void walletConnectApproved(),
    onError: (error) => analytics.reportError('WALLETCONNECT_ERROR', error),
  })
  const persistence = createPersistence(() => storage)
  const embeddedWallet = createLazyEmbeddedWallet({
    store,
    apiFetch: api.apiFetch,
    persistence,
    onWalletEvent: (event) => connection.onWalletEvent(event),
    showApproval,
    endApproval,
  })
  const connection = createConnectionActions(
    store,
    (walletId, request) => hostCall('hostWalletRequest', walletId, request),
    persistence,
    walletConnect,
    embeddedWallet.kind,
  )
  const siwx = createLazySiwx({
    store,
    apiFetch: api.apiFetch,
    persistence,
    walletRequest: (args) => connection.forward(args),
    siteCall: (call, input) => hostCall('siwx', call, input),
  })

  const navigation = createNavigation(router, () => closeModal({ fromFrame: true }))
  // While closing, the stack is reset to where it rests: not a view the visitor went to.
  let closing = false
  // Counts opens and closes, so an open that waited gives way to a close asked for meanwhile.
  let openings = 0
  // Resolved by the dialog's first commit (Shell): an open is answered, and the host told that a
  // view is prerendered, only once there is a dialog to show.
  let dialogRendered = () => {}
  const firstRender = new Promise<void>((resolve) => {
    dialogRendered = resolve
  })
  navigation.onViewChange((view, previous) => {
    if (store.getState().open && !closing) analytics.track('VIEW_CHANGE', { view, previous })
    // Leaving ApproveTransaction any other way than its buttons (back) declines the request.
    if (previous === 'ApproveTransaction' && store.getState().approval)
      void embeddedWallet.load().then((wallet) => wallet.approvals.decide(false))
  })

  // A WalletConnect pairing the wallet declined or that failed ends the funnel there.
  store.subscribe(({ pairing }, previous) => {
    if (pairing !== previous.pairing && pairing.status === 'error')
      analytics.track('CONNECT_ERROR', { method: 'walletconnect', message: pairing.reason })
  })

  // A failed call to our API: the alert bar says why when it is the environment's doing, and
  // the operators hear of our server failing or of the modal asking wrong.
  api.onApiFailure(({ error }) => {
    const alert = apiFailureAlert(error)
    if (alert) showAlert(store, alert)
    if (isReportableApiFailure(error)) analytics.reportError('API_ERROR', error)
  })

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

  /**
   * Whether the stack shows, rendered, what `open()` with no parameters would: the host may then
   * show the frame on the click itself, before the frame hears of it.
   */
  function prerendered() {
    const state = store.getState()
    if (!state.siteOptions || state.open || closing || state.options?.embedded) return false
    return navigation.depth() === 1 && navigation.view() === restingView()
  }

  // While closed, the stack follows what opening would show (a wallet connected or left, the
  // networks changed), so that view is the one rendered and waiting.
  store.subscribe((state, previous) => {
    if (state.open || closing || !state.siteOptions || state.options?.embedded) return
    if (
      state.status === previous.status &&
      state.address === previous.address &&
      state.networks === previous.networks &&
      state.isMobile === previous.isMobile
    )
      return
    const view = restingView()
    if (navigation.view() !== view || navigation.depth() !== 1) void navigation.reset(view)
  })

  /**
   * Opens on the view `params` ask for. `shown`: the host already shows the frame (the view was
   * prerendered), so the work of opening waits for the frame that shows it; otherwise the host
   * shows the frame only on this answer, which nothing then delays.
   */
  async function openModal(params: OpenParams, { shown = false }: { shown?: boolean } = {}) {
    // The project is the ceiling: a view whose feature is off is refused, whoever asks.
    if (params.view) {
      const { config, options } = store.getState()
      assertViewAllowed(params.view, config.project?.features, options?.features)
    }
    const opening = ++openings
    // A click before the frame was ready: the host shows the frame on this answer, so it waits
    // for a dialog to show.
    await firstRender
    if (opening !== openings) return
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
    if (navigation.view() !== view || navigation.depth() !== 1) await navigation.reset(view)
    // Already there, and the host showed it on the click: the work of opening (its re-renders,
    // focus, storage) comes after the frame that shows it, never before.
    else if (!state.open && shown) await afterNextFrame()
    // Closed (or opened again) meanwhile: the later call has the last word.
    if (opening !== openings) return
    // Whatever the visitor does next may be remembered: have the storage ready for it.
    storage?.prepare?.()
    const wasOpen = state.open
    store.setState({ open: true })
    // After the reply to the host: analytics is never on the path to a visible modal.
    setTimeout(() => {
      analytics.start()
      if (!wasOpen) analytics.track('MODAL_OPEN', { view, connected: state.status === 'connected' })
    })
  }

  /** Closing resets the stack; when the frame itself closes (Esc, ✕, back), the host is told. */
  async function closeModal({ fromFrame }: { fromFrame: boolean }) {
    // Leaving a sign-in unsigned (✕, Esc, back, Cancel): as the project's mode says.
    if (fromFrame && navigation.view() === 'SIWXSignMessage')
      await (await import('./siwx/siwxFlows')).leaveSignIn({
        store,
        siwx,
        switchNetwork,
        disconnect,
      })
    openings++
    const { status, open } = store.getState()
    const connected = status === 'connected'
    const embedded = !!store.getState().options?.embedded
    if (open && !embedded) analytics.track('MODAL_CLOSE', { connected })
    if (!embedded) store.setState({ open: false })
    // A QR code nobody can see any more: its proposal is dropped, a new one made next time.
    walletConnect.pairing.stop()
    if (fromFrame) setFrameVisible(false)
    // Hidden first, then back to where the stack rests: that view's code may still be loading,
    // and an open asked for meanwhile must not be undone by this close finishing after it.
    closing = true
    try {
      await navigation.reset(embedded ? closingView({ embedded, connected }) : restingView())
    } finally {
      closing = false
    }
  }

  /**
   * The login flow of a browser wallet, shown in ConnectingExternal. On success the modal
   * closes, or goes back to where the flow started (ProfileWallets); on failure the view shows
   * why and offers a retry.
   */
  async function connectWallet(walletId: string, options: { returnBack?: boolean } = {}) {
    const returnBack = options.returnBack ?? store.getState().connecting?.returnBack
    store.setState({ connecting: { walletId, ...(returnBack ? { returnBack } : {}) } })
    const name = store.getState().hostWallets.find((wallet) => wallet.id === walletId)?.name
    analytics.track('SELECT_WALLET', { name, walletId, platform: 'browser' })
    if (navigation.view() !== 'ConnectingExternal') await navigation.push('ConnectingExternal')
    try {
      await connection.connect(walletId)
    } catch (error) {
      analytics.track('CONNECT_ERROR', { method: 'browser', name, message: messageOf(error) })
      if (!isUserRejection(error)) analytics.reportError('CONNECT_ERROR', error)
      return
    }
    analytics.track('CONNECT_SUCCESS', {
      method: 'browser',
      name,
      namespace: namespaceOf(store.getState().activeNetwork),
    })
    await connected(returnBack)
  }

  /**
   * A flow connected a wallet: the modal asks for a sign-in when the project wants one the
   * account lacks; otherwise it closes, or goes back to where the flow started.
   */
  async function connected(returnBack: boolean | undefined) {
    // The site hears of the connection before the sign-in check ends (that may ask our API); an
    // open it asks for meanwhile has the last word, and is not undone by this flow's close.
    const opening = openings
    if ((await siwx.checked()) === 'needed') return navigation.reset('SIWXSignMessage')
    if (opening !== openings) return
    if (returnBack) await navigation.back()
    else await closeModal({ fromFrame: true })
  }

  /**
   * The account or network changed (a reconnect, the wallet switching): its session is checked,
   * and one the project wants is asked for, the modal opening for it when closed.
   */
  async function accountChanged() {
    if ((await siwx.recheck()) !== 'needed' || navigation.view() === 'SIWXSignMessage') return
    // The sign-in takes the whole stack: its Cancel is the way out.
    if (store.getState().open) return navigation.reset('SIWXSignMessage')
    await openModal({ view: 'SIWXSignMessage' })
    setFrameVisible(true)
  }
  const signedInAs = (state: ModalState) =>
    [state.status, state.address, state.activeNetwork, state.siwx, state.host?.origin].join()
  store.subscribe((state, previous) => {
    if (signedInAs(state) !== signedInAs(previous)) void accountChanged()
  })

  /**
   * The embedded wallet asks the visitor about a site's request: ApproveTransaction shows, over
   * whatever is open, or in the modal opened for it. Resolves whether it was opened for it.
   */
  async function showApproval() {
    if (store.getState().open) {
      await navigation.push('ApproveTransaction')
      return false
    }
    await openModal({ view: 'ApproveTransaction' })
    setFrameVisible(true)
    return true
  }

  /** The visitor decided: the modal closes again if it opened for the request, else goes back. */
  async function endApproval(openedForIt: boolean) {
    if (!store.getState().open || navigation.view() !== 'ApproveTransaction') return
    if (openedForIt) await closeModal({ fromFrame: true })
    else await navigation.back()
  }

  /**
   * The WalletConnect flow for one registry wallet, or for any wallet (QR) when none is given.
   * Call it synchronously from the visitor's tap: on a phone it opens the wallet's deeplink,
   * which browsers only allow inside the tap.
   */
  async function connectWalletConnect(wallet?: WalletListing) {
    store.setState({ walletConnectWallet: wallet })
    analytics.track('SELECT_WALLET', {
      name: wallet?.name ?? 'WalletConnect',
      walletId: wallet?.id ?? walletConnectId,
      platform: store.getState().isMobile ? 'mobile' : 'qrcode',
    })
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
      await connection.activate(walletConnectId)
    } catch {
      // The wallet approved none of the site's networks: nothing to connect with.
      await walletConnect.disconnect()
      store.setState({ pairing: { status: 'error', reason: 'failed' } })
      return
    }
    analytics.track('CONNECT_SUCCESS', {
      method: 'walletconnect',
      name: store.getState().walletConnectPeer?.name,
      namespace: namespaceOf(store.getState().activeNetwork),
    })
    store.setState({ connecting: undefined })
    await connected(returnBack)
  }

  /**
   * Switches network, from the SwitchNetwork view or `airlock.switchNetwork()`: the wallet
   * switches first when one is connected (nothing changes if it refuses); otherwise the network
   * is the one to connect on.
   */
  async function switchNetwork(caipNetworkId: CaipNetworkId) {
    if (!(await connection.switchNetwork(caipNetworkId))) selectNetwork(store, caipNetworkId)
    analytics.track('SWITCH_NETWORK', { network: caipNetworkId })
  }

  /** Disconnects the active wallet, from the Account view or `airlock.disconnect()`. */
  async function disconnect() {
    try {
      await connection.disconnect()
    } catch (error) {
      analytics.track('DISCONNECT_ERROR', { message: messageOf(error) })
      throw error
    }
    analytics.track('DISCONNECT_SUCCESS')
  }

  return {
    store,
    /** The modal's API client: its calls' failures reach the alert bar and error reports. */
    api,
    connectWallet,
    connectWalletConnect,
    openWalletLink,
    prepareWalletConnect,
    walletConnect,
    switchNetwork,
    disconnect,
    connection,
    navigation,
    analytics,
    openModal,
    closeModal,
    restingView,
    prerendered,
    firstRender,
    /** The dialog (Shell) says it has been rendered for the first time. */
    dialogRendered: () => dialogRendered(),
    siwx,
    embeddedWallet,
    /** Name lookups and reverse lookups this modal made, by request (names/namesApi.ts). */
    nameCache: new Map<string, { at: number; answer: Promise<unknown> }>(),
    /** A login flow outside the modal's own (email, social) connected a wallet. */
    connected,
    /** The bridge registers how to tell the host the frame closed itself, or is to be shown. */
    onFrameVisibility(listener: (visible: boolean) => void) {
      setFrameVisible = listener
    },
    /** The bridge registers how to call the host page's SDK (its wallets, the site's sign-in). */
    setHostCall(call: HostCall) {
      hostCall = call
    },
    /** The bridge opens the storage of this project on this host (stores/frameStorage.ts). */
    setStorage(scoped: KeyValueStore) {
      storage = scoped
    },
  }
}
export type Modal = ReturnType<typeof createModal>

/** An error's message for an event's properties: the first line, short, without query strings. */
const messageOf = (error: unknown) =>
  withoutQueryStrings(
    (error instanceof Error ? error.message : String(error)).split('\n')[0]!,
  ).slice(0, 300)
