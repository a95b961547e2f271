/**
 * The modal app's entry: reads the inlined project config, builds the view stack on a memory
 * router, opens the bridge to the host page and renders the dialog.
 */
import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { startBridge } from './bridge/startBridge'
import { ModalApp } from './components/ModalApp'
import { readModalConfig } from './config'
import { frameDirection, frameLocale } from './i18n/frameLocale'
import { createModal } from './modal'
import { createViewRouter } from './navigation/viewRouter'
import { showAlert } from './stores/controllers'
import './styles.css'
import { applyTheme } from './theme'

// The visitor's language, and its direction (Arabic mirrors the layout), before anything renders.
document.documentElement.lang = frameLocale
document.documentElement.dir = frameDirection
const config = readModalConfig()
const router = createViewRouter(['Connect'])
const modal = createModal(config, router)
applyTheme({})
if (config.error === 'invalidProjectId') showAlert(modal.store, 'invalidProjectId')
if (config.error === 'projectIdNotConfigured') showAlert(modal.store, 'projectIdNotConfigured')
// Errors nothing caught reach the operators (after the visitor first opens the modal).
addEventListener('error', (event) =>
  modal.analytics.reportError('UNCAUGHT_ERROR', event.error ?? new Error(event.message)),
)
addEventListener('unhandledrejection', (event) =>
  modal.analytics.reportError('UNCAUGHT_ERROR', event.reason),
)
// Embedded, the modal is on the page from the start: the visitor opens it by using it.
for (const type of ['pointerdown', 'keydown'])
  addEventListener(type, () => modal.analytics.start(), { capture: true, once: true })
modal.store.subscribe((state, previous) => {
  if (state.options !== previous.options && state.options) applyTheme(state.options)
  // A connected visitor's next open shows Account: its code comes now, not on that click.
  if (state.status === 'connected' && previous.status !== 'connected')
    modal.navigation.preload('Account')
})

// The bridge first, and the first render as a transition (rendered in slices): the handshake's
// messages cross between the slices instead of waiting behind the whole render, so a click made
// before the frame was ready shows the dialog sooner. An open is answered once it is rendered.
startBridge(modal)
const root = createRoot(document.getElementById('root') as HTMLElement)
startTransition(() => root.render(<ModalApp modal={modal} router={router} />))
