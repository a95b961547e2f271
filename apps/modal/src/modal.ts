/**
 * The modal's runtime: the store, the view stack and the open/close controllers, built once
 * from the config the API inlined. Views get it through React context; the bridge drives it.
 */
import type { ModalConfig, OpenParams } from '@airlock/protocol'
import { createAnalytics } from './analytics'
import { createNavigation } from './navigation/navigation'
import { closingView, openingView } from './navigation/rules'
import { hasAdapters } from './state/controllers'
import { createModalStore, namespaceOf } from './state/store'

type Router = Parameters<typeof createNavigation>[0]

export function createModal(config: ModalConfig, router: Router) {
  const store = createModalStore(config)
  const analytics = createAnalytics(store)
  let onClose: () => void = () => {}

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
    document.querySelector<HTMLElement>('[role="dialog"]')?.focus()
    analytics.track({ type: 'track', event: 'MODAL_OPEN', properties: { view } })
  }

  /** Closing resets the stack; when the frame itself closes (Esc, ✕, back), the host is told. */
  async function closeModal({ fromFrame }: { fromFrame: boolean }) {
    const connected = store.getState().status === 'connected'
    const embedded = !!store.getState().options?.embedded
    await navigation.reset(embedded ? closingView({ embedded, connected }) : restingView())
    if (!embedded) store.setState({ open: false })
    if (fromFrame) onClose()
  }

  return {
    store,
    navigation,
    analytics,
    openModal,
    closeModal,
    restingView,
    /** The bridge registers how to tell the host that the frame closed itself. */
    onFrameClose(listener: () => void) {
      onClose = listener
    },
  }
}
export type Modal = ReturnType<typeof createModal>
