/**
 * The modal's runtime, built once from the config the API inlined: only the wiring of the store,
 * the API client, the connection actions, the view stack and the flows (flows/). Views get it
 * through React context; the bridge drives it. What changes belongs to this instance, never to a
 * module, so each `createModal` (and each test) starts fresh.
 */

import type { ModalConfig } from '@airlock/protocol'
import { createConnectionActions } from './actions/connectionActions'
import { createAnalytics } from './analytics'
import { type ApiTransport, createApiClient } from './api'
import { createLazyEmbeddedWallet } from './embeddedWallet/lazyEmbeddedWallet'
import {
  declineApprovalOnLeave,
  endApproval,
  showApproval,
  showApprovalFailure,
} from './flows/approval'
import { askSignInOnAccountChange } from './flows/askSignIn'
import { showCallsStatus } from './flows/callsStatus'
import { closeModal } from './flows/closeModal'
import { connected } from './flows/connected'
import { connectWallet } from './flows/connectWallet'
import { connectWalletConnect } from './flows/connectWalletConnect'
import type { FlowContext } from './flows/context'
import { disconnect } from './flows/disconnect'
import type { Modal } from './flows/modal'
import { openModal } from './flows/openModal'
import { openWalletLink } from './flows/openWalletLink'
import { prepareWalletConnect } from './flows/prepareWalletConnect'
import { reportApiFailures } from './flows/reportApiFailures'
import { followRestingView } from './flows/restingStack'
import { switchNetwork } from './flows/switchNetwork'
import { trackModalEvents } from './flows/trackModalEvents'
import { createVisibility } from './flows/visibility'
import { walletConnectApproved } from './flows/walletConnectApproved'
import { walletConnectEvent } from './flows/walletConnectEvent'
import { createHostPorts } from './hostPorts'
import { createNavigation } from './navigation/navigation'
import { createLazySiwx } from './siwx/lazySiwx'
import { createPersistence } from './stores/persistence'
import { createModalStore } from './stores/store'
import { viewLoaders } from './views/viewLoaders'
import { createLazyWalletConnect } from './walletconnect/lazyWalletConnect'

type Router = Parameters<typeof createNavigation>[0]

/** `transport`: how API calls are made (`fetch` by default; the view tests' routes in tests). */
export function createModal(config: ModalConfig, router: Router, transport?: ApiTransport): Modal {
  const store = createModalStore(config)
  const api = createApiClient(transport)
  const analytics = createAnalytics(store, api.apiFetch)
  const host = createHostPorts()
  const walletConnect = createLazyWalletConnect({
    store,
    storage: host.storage,
    onEvent: (event) => walletConnectEvent(flows, event),
    onSession: () => void walletConnectApproved(flows),
    onError: (error) => analytics.reportError('WALLETCONNECT_ERROR', error),
  })
  const persistence = createPersistence(host.storage)
  const embeddedWallet = createLazyEmbeddedWallet({
    store,
    apiFetch: api.apiFetch,
    persistence,
    onWalletEvent: (event) => connection.onWalletEvent(event),
    showApproval: () => showApproval(flows),
    endApproval: (openedForIt) => endApproval(flows, openedForIt),
    showFailure: (message) => showApprovalFailure(flows, message),
    showCallsStatus: () => showCallsStatus(flows),
  })
  const connection = createConnectionActions(
    store,
    (walletId, request) => host.call('hostWalletRequest', walletId, request),
    persistence,
    walletConnect,
    embeddedWallet.kind,
  )
  const siwx = createLazySiwx({
    store,
    apiFetch: api.apiFetch,
    persistence,
    walletRequest: (args) => connection.forward(args),
    siteCall: (call, input) => host.call('siwx', call, input),
  })
  const navigation = createNavigation(router, () => flows.closeModal({ fromFrame: true }), {
    viewLoaders,
  })
  const { visibility, dialogRendered } = createVisibility()
  const flows: FlowContext = {
    store,
    api,
    navigation,
    analytics,
    connection,
    walletConnect,
    embeddedWallet,
    siwx,
    visibility,
    setFrameVisible: host.setFrameVisible,
    storage: host.storage,
    openModal: (params, options) => openModal(flows, params, options),
    closeModal: (options) => closeModal(flows, options),
    connected: (returnBack) => connected(flows, returnBack),
    switchNetwork: (caipNetworkId) => switchNetwork(flows, caipNetworkId),
    disconnect: () => disconnect(flows),
  }
  trackModalEvents(flows)
  declineApprovalOnLeave(flows)
  reportApiFailures(flows)
  followRestingView(flows)
  askSignInOnAccountChange(flows)
  // The connected account's name, avatar and balance for the site (bridge/accountProfile.ts),
  // loaded with the first connection: names and chain reads stay out of the first bundle.
  const stopWaiting = store.subscribe((state) => {
    if (state.status !== 'connected') return
    stopWaiting()
    import('./bridge/accountProfile').then(({ followAccountProfile }) =>
      followAccountProfile({ store, apiFetch: api.apiFetch }),
    )
  })

  // For views (ModalContext) and the bridge: the flows' context, and the flows they start.
  return {
    ...flows,
    connectWallet: (walletId, options) => connectWallet(flows, walletId, options),
    connectWalletConnect: (wallet) => connectWalletConnect(flows, wallet),
    openWalletLink: () => openWalletLink(flows),
    prepareWalletConnect: () => prepareWalletConnect(flows),
    dialogRendered,
    onFrameVisibility: host.onFrameVisibility,
    setHostCall: host.setHostCall,
    setStorage: host.setStorage,
  }
}
