/**
 * useApprovalWindow: the first-party window an approval moves to where the browser can't prove
 * the frame is seen (no IntersectionObserver v2: Firefox, Safari). A host page can make its
 * frame transparent or cover it, but not a top-level window on the modal's own origin: there the
 * visitor sees the address, and the page can't be framed or styled by anyone (the API serves it,
 * `approval-window`, with no script and `frame-ancestors 'none'`). The window opens in the
 * visitor's click (no browser blocks it then), goes to that page, and the frame — same origin —
 * renders the approval into it (a React portal: the same screen, the same queries). It closes
 * when the request is decided, in either place, or leaves; a visitor who closes it can open it
 * again. Messages the visitor is asked to sign stay in the frame: they move nothing.
 */
import { approvalWindow, approvalWindowPath } from '@airlock/protocol'
import { useCallback, useEffect, useState } from 'react'
import { openCenteredPopup } from '../../centeredPopup'
import type { PendingApproval } from '../../embeddedWallet/approvals'
import { canProveVisibility } from './useSeenArming'

/** Whether `approval` is asked in the approval window rather than in the frame. */
export function asksInWindow(approval: PendingApproval): boolean {
  return !canProveVisibility() && approval.kind !== 'message'
}

/**
 * `closed`: not open (never, or the visitor closed it). `opening`: on its way to the page.
 * `open`: the approval is in it. `blocked`: the browser refused to open it.
 */
export type ApprovalWindowState =
  | { status: 'closed' | 'opening' | 'blocked' }
  | { status: 'open'; window: Window; root: HTMLElement }

/** The page's root, once the window shows the approval window page of this origin; else undefined. */
function rootOf(popup: Window): HTMLElement | undefined {
  // Another origin's page (the visitor went elsewhere in it) can't be read: never ours then.
  try {
    if (popup.location.origin !== location.origin) return undefined
    if (popup.location.pathname !== approvalWindowPath) return undefined
    if (popup.document.readyState !== 'complete') return undefined
    return popup.document.getElementById(approvalWindow.rootId) ?? undefined
  } catch {
    return undefined
  }
}

/**
 * Gives the window the modal's look: its style sheets, and its light or dark mode. Not the
 * site's theme variables: what the visitor checks here looks the same on every site.
 */
function styleWindow(popup: Window) {
  const head = popup.document.head
  for (const sheet of document.querySelectorAll('link[rel="stylesheet"], style'))
    head.append(popup.document.importNode(sheet, true))
  const mode = document.documentElement.dataset.theme
  if (mode) popup.document.documentElement.dataset.theme = mode
}

/**
 * The approval window for `approval` (undefined: none is needed). `open` must be called in the
 * visitor's click.
 *
 * @example
 * const approvalWindow = useApprovalWindow(asksInWindow(approval) ? approval : undefined)
 * <button onClick={approvalWindow.open}>Approve in a secure window</button>
 * {approvalWindow.state.status === 'open' && createPortal(<Card />, approvalWindow.state.root)}
 */
export function useApprovalWindow(approval: PendingApproval | undefined) {
  const [popup, setPopup] = useState<{ for: PendingApproval; window: Window }>()
  const [state, setState] = useState<ApprovalWindowState>({ status: 'closed' })

  // Follows the window: the page loaded (styled, then the approval shown), or closed.
  useEffect(() => {
    if (!popup) return
    let shown = false
    const follow = () => {
      if (popup.window.closed) {
        setPopup(undefined)
        setState({ status: 'closed' })
        return
      }
      if (shown) return
      const root = rootOf(popup.window)
      if (!root) return
      shown = true
      styleWindow(popup.window)
      setState({ status: 'open', window: popup.window, root })
    }
    follow()
    const check = setInterval(follow, approvalWindow.closedCheckMs)
    return () => clearInterval(check)
  }, [popup])

  // Decided (here or there) or replaced by another request: the window goes with it.
  useEffect(() => {
    if (!popup || popup.for === approval) return
    popup.window.close()
    setPopup(undefined)
    setState({ status: 'closed' })
  }, [popup, approval])
  useEffect(
    () => () => {
      if (popup && !popup.window.closed) popup.window.close()
    },
    [popup],
  )

  const open = useCallback(() => {
    if (!approval) return
    if (popup && !popup.window.closed) {
      popup.window.focus()
      return
    }
    const name = `${approvalWindow.namePrefix}${crypto.randomUUID()}`
    const opened = openCenteredPopup(name, approvalWindow)
    if (!opened) {
      setState({ status: 'blocked' })
      return
    }
    opened.location.href = approvalWindowPath
    setState({ status: 'opening' })
    setPopup({ for: approval, window: opened })
  }, [approval, popup])

  return { state: approval ? state : ({ status: 'closed' } as const), open }
}
