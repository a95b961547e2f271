/**
 * Where the view stack rests while the modal is closed: what opening with no parameters would
 * show. While closed the stack follows it, so that view is the one rendered and waiting, and the
 * host may show the frame on the click itself.
 */
import type { View } from '@airlock/protocol'
import { closingView, openingView } from '../navigation/rules'
import { hasAdapters } from '../stores/controllers'
import type { ModalState } from '../stores/store'
import type { FlowContext } from './context'

export function restingView(state: ModalState): View {
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
export function prerendered({
  store,
  navigation,
  visibility,
}: Pick<FlowContext, 'store' | 'navigation' | 'visibility'>) {
  const state = store.getState()
  if (!state.siteOptions || state.open || visibility.closing || state.options?.embedded)
    return false
  return navigation.isAt(restingView(state))
}

/**
 * While closed, the stack follows what opening would show (a wallet connected or left, the
 * networks changed); not while an open waits for its view (a sign-in asked for on a reconnect):
 * that open decides where the stack goes.
 */
export function followRestingView({
  store,
  navigation,
  visibility,
}: Pick<FlowContext, 'store' | 'navigation' | 'visibility'>) {
  store.subscribe((state, previous) => {
    if (state.open || visibility.closing || visibility.opening !== undefined) return
    if (!state.siteOptions || state.options?.embedded) return
    if (
      state.status === previous.status &&
      state.address === previous.address &&
      state.networks === previous.networks &&
      state.isMobile === previous.isMobile
    )
      return
    const view = restingView(state)
    if (!navigation.isAt(view)) void navigation.reset(view)
  })
}
