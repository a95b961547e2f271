/**
 * The modal's iframe on the host page: created with only the permissions the modal needs,
 * shown and hidden as an overlay (or inline in a container), with focus moved in on open and
 * given back to the host element that had it on close.
 */

export type ModalFrame = {
  iframe: HTMLIFrameElement
  /** Shows the overlay; `opener` gets focus back when it hides. */
  show(opener: Element | null): void
  hide(): void
  setHeight(height: number): void
}

/** Creates and mounts the modal's iframe. */
export function mountFrame(src: string, container: HTMLElement | undefined): ModalFrame {
  const iframe = document.createElement('iframe')
  iframe.src = src
  iframe.title = 'Airlock wallet modal'
  // Scripts and its own storage; popups and forms for wallet deeplinks and sign-in.
  iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups allow-forms')
  iframe.allow = 'clipboard-write'
  iframe.setAttribute('data-airlock', '')
  const base = 'border:0;color-scheme:normal;background:transparent;display:block;'
  let restoreFocusTo: Element | null = null
  // Hidden, the frame is transparent and inert: no focus, no clicks (hit-testing passes through,
  // as with pointer-events: none) and out of the accessibility tree, by the HTML spec's inert.
  const setVisible = (visible: boolean) => {
    iframe.style.opacity = visible ? '1' : '0'
    iframe.inert = !visible
  }
  if (container) {
    iframe.style.cssText = `${base}width:100%;height:600px`
    container.append(iframe)
  } else {
    iframe.style.cssText = `${base}position:fixed;inset:0;width:100%;height:100%;z-index:999`
    setVisible(false)
    document.body.append(iframe)
  }
  return {
    iframe,
    show(opener) {
      if (container) return
      restoreFocusTo = opener
      setVisible(true)
      iframe.focus()
    },
    hide() {
      if (container) return
      setVisible(false)
      if (restoreFocusTo instanceof HTMLElement && restoreFocusTo.isConnected)
        restoreFocusTo.focus()
      restoreFocusTo = null
    },
    setHeight(height) {
      if (container) iframe.style.height = `${Math.ceil(height)}px`
    },
  }
}

/**
 * Before the modal has answered its first open(): a backdrop with a spinner, drawn here, under
 * the frame, which covers it with the dialog once shown.
 */
export function createLoadingIndicator() {
  let spinner: HTMLDivElement | undefined
  return (visible: boolean) => {
    if (!visible) return spinner?.remove()
    spinner ??= document.createElement('div')
    spinner.setAttribute('role', 'status')
    spinner.setAttribute('aria-label', 'Loading wallet')
    spinner.setAttribute('data-airlock-loading', '')
    spinner.style.cssText =
      'position:fixed;inset:0;z-index:998;display:grid;place-items:center;background:#0007'
    spinner.innerHTML =
      '<div style="width:28px;height:28px;border-radius:50%;border:3px solid #333;border-top-color:#47a1ff"></div>'
    spinner.firstElementChild?.animate([{ rotate: '0deg' }, { rotate: '360deg' }], {
      duration: 800,
      iterations: Number.POSITIVE_INFINITY,
    })
    document.body.append(spinner)
  }
}
