/**
 * The dialog around every view: role="dialog" labelled by its title, a back button where the
 * stack allows, a close button, the alert bar, Esc to go back (closing from the first view) and
 * Tab kept inside.
 */
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef } from 'react'
import { ui, viewTitles } from '../messages'
import { localizeMessage } from '../messages/specText'
import { currentDepth } from '../navigation/navigation'
import { shownView } from '../navigation/rules'
import { useViewLocation } from '../navigation/ViewStack'
import { dismissAlert } from '../stores/controllers'
import { ViewBody } from '../views/ViewBody'
import styles from './Shell.module.css'
import { ToastBar } from './ToastBar'
import { useModal } from './useModal'
import { useModalState } from './useModalState'

const focusable =
  ':is(a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]):not([tabindex="-1"])'

export function Shell() {
  const modal = useModal()
  const location = useViewLocation()
  const connected = useModalState((state) => state.status === 'connected')
  const alert = useModalState((state) => state.alert)
  const stepTitle = useModalState((state) => state.stepTitle)
  const embedded = useModalState((state) => !!state.options?.embedded)
  const dialog = useRef<HTMLDivElement>(null)
  const view = shownView(modal.navigation.view(), connected)
  const depth = currentDepth(location.state)

  useLayoutEffect(() => {
    modal.dialogRendered()
  }, [modal])

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      // Esc goes back as the back button does (§2): a view under another returns to it; the
      // last one closes the modal.
      if (event.key === 'Escape') {
        event.preventDefault()
        modal.navigation.back()
      }
    }
    // The host focuses the iframe when it shows it; focus then goes to the dialog itself, so
    // screen readers announce it and Tab starts inside it.
    const onFocus = () => {
      if (modal.store.getState().open && !dialog.current?.contains(document.activeElement))
        dialog.current?.focus()
    }
    // The host may show (and focus) the frame on the click itself, before the frame hears it
    // is open: focus moves in once it does.
    const unsubscribe = modal.store.subscribe((state, previous) => {
      if (state.open && !previous.open && document.hasFocus()) onFocus()
    })
    document.addEventListener('keydown', onKeyDown)
    addEventListener('focus', onFocus)
    return () => {
      unsubscribe()
      document.removeEventListener('keydown', onKeyDown)
      removeEventListener('focus', onFocus)
    }
  }, [modal])

  function trapTab(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !dialog.current) return
    const items = [...dialog.current.querySelectorAll<HTMLElement>(focusable)]
    const first = items[0]
    const last = items.at(-1)
    if (!first || !last) return event.preventDefault()
    const active = document.activeElement
    if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && active === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <div className={embedded ? styles.embedded : styles.backdrop}>
      {/* Clicking the backdrop closes, as in every modal; keyboard users have Esc. */}
      {!embedded && (
        <div
          className={styles.scrim}
          aria-hidden="true"
          onClick={() => modal.closeModal({ fromFrame: true })}
        />
      )}
      <div
        ref={dialog}
        className={styles.card}
        role="dialog"
        aria-modal={embedded ? undefined : 'true'}
        aria-labelledby="airlock-title"
        tabIndex={-1}
        onKeyDown={trapTab}
        data-view={view}
      >
        <header className={styles.header}>
          {depth > 1 ? (
            <button
              type="button"
              className={styles.iconButton}
              aria-label={ui.back}
              onClick={() => modal.navigation.back()}
            >
              ‹
            </button>
          ) : (
            <span className={styles.iconSpacer} />
          )}
          <h1 id="airlock-title" className={styles.title}>
            {stepTitle ?? viewTitles[view]}
          </h1>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={ui.close}
            onClick={() => modal.closeModal({ fromFrame: true })}
          >
            ×
          </button>
        </header>
        {alert && (
          <div className={styles.alert} role="alert">
            <div>
              <strong>{localizeMessage(alert.shortMessage)}</strong>
              <p>{localizeMessage(alert.longMessage)}</p>
            </div>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={ui.dismissAlert}
              onClick={() => dismissAlert(modal.store)}
            >
              ×
            </button>
          </div>
        )}
        <div className={styles.body}>
          <ViewBody view={view} />
        </div>
        <ToastBar />
      </div>
    </div>
  )
}
