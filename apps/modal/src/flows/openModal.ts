/**
 * Opening the modal (the host's `open()`, or a flow that needs the visitor) on the view the
 * parameters ask for, by the spec's §2 opening rules.
 */
import { assertViewAllowed, namespaceOf, type OpenParams } from '@airlock/protocol'
import { afterNextFrame } from '../afterNextFrame'
import { openingView } from '../navigation/rules'
import { hasAdapters } from '../stores/controllers'
import type { FlowContext } from './context'

/**
 * `shown`: the host already shows the frame (the view was prerendered), so the work of opening
 * waits for the frame that shows it; otherwise the host shows the frame only on this answer,
 * which nothing then delays.
 */
type OpeningContext = Pick<
  FlowContext,
  'store' | 'navigation' | 'analytics' | 'visibility' | 'storage'
>

export async function openModal(
  context: OpeningContext,
  params: OpenParams,
  { shown = false }: { shown?: boolean } = {},
) {
  const { store, visibility } = context
  // The project is the ceiling: a view whose feature is off is refused, whoever asks.
  if (params.view) {
    const { config, options } = store.getState()
    assertViewAllowed(params.view, config.project?.features, options?.features)
  }
  const opening = ++visibility.openings
  visibility.opening = opening
  try {
    await showOpened(context, params, shown, opening)
  } finally {
    if (visibility.opening === opening) visibility.opening = undefined
  }
}

async function showOpened(
  { store, navigation, analytics, visibility, storage }: OpeningContext,
  params: OpenParams,
  shown: boolean,
  opening: number,
) {
  // A click before the frame was ready: the host shows the frame on this answer, so it waits
  // for a dialog to show.
  await visibility.firstRender
  if (opening !== visibility.openings) return
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
  if (!navigation.isAt(view)) await navigation.reset(view)
  // Already there, and the host showed it on the click: the work of opening (its re-renders,
  // focus, storage) comes after the frame that shows it, never before.
  else if (!state.open && shown) await afterNextFrame()
  // Closed (or opened again) meanwhile: the later call has the last word.
  if (opening !== visibility.openings) return
  // Whatever the visitor does next may be remembered: have the storage ready for it.
  storage()?.prepare?.()
  const wasOpen = state.open
  store.setState({ open: true })
  // After the reply to the host: analytics is never on the path to a visible modal.
  setTimeout(() => {
    analytics.start()
    if (!wasOpen) analytics.track('MODAL_OPEN', { view, connected: state.status === 'connected' })
  })
}
