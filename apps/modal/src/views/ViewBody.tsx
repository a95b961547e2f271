/**
 * Picks the component for a view name. Connect is in the first bundle; every other
 * view loads on demand (viewLoaders.ts). While a view's code is on its way the body shows
 * skeleton rows under the dialog's header; if it could not load, a way to try again. Views that
 * later issues build say so.
 */
import type { View } from '@airlock/protocol'
import { Component, type ComponentType, type ReactNode, Suspense, use, useEffect } from 'react'
import { useModal } from '../components/useModal'
import { ui } from '../messages'
import { type ViewCodes, ViewLoadError } from '../navigation/viewCode'
import { RowSkeletons } from './Account/Skeletons'
import { Connect } from './Connect/Connect'
import list from './list.module.css'
import { isLazyView, type LazyView } from './viewLoaders'

const firstBundleViews: Partial<Record<View, ComponentType>> = { Connect }

/** Where a visitor is likely to go from a view: that code loads once the view is up and the browser idle. */
const likelyNext: Partial<Record<View, readonly View[]>> = {
  Connect: ['ConnectingWalletConnect', 'ConnectingExternal', 'AllWallets'],
  ConnectingExternal: ['Account'],
  ConnectingWalletConnect: ['Account'],
  Account: ['WalletSend', 'SwitchNetwork', 'ProfileWallets'],
  AllWallets: ['ConnectingWalletConnect', 'ConnectingExternal'],
  ProfileWallets: ['ConnectingExternal', 'ConnectingWalletConnect'],
  WalletSend: ['WalletSendPreview'],
}

export function ViewBody({ view }: { view: View }) {
  const modal = useModal()
  const { viewCode } = modal.navigation
  // While the browser is idle: never in the way of showing this view, and there by the click.
  useEffect(() => {
    const next = likelyNext[view] ?? []
    if (!next.length) return
    const preload = () => {
      for (const view of next) modal.navigation.preload(view)
    }
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(preload, 50)
      return () => clearTimeout(timer)
    }
    const idle = requestIdleCallback(preload, { timeout: 2000 })
    return () => cancelIdleCallback(idle)
  }, [modal, view])
  if (!isLazyView(view)) {
    const FirstBundleView = firstBundleViews[view] ?? Connect
    return <FirstBundleView />
  }
  return (
    <ViewLoadBoundary key={view} view={view} viewCode={viewCode}>
      <Suspense
        fallback={
          <div aria-busy="true">
            <RowSkeletons count={3} />
          </div>
        }
      >
        <LazyViewBody view={view} viewCode={viewCode} />
      </Suspense>
    </ViewLoadBoundary>
  )
}

/** Renders at once when the view's code is loaded (or preloaded), else suspends until it is. */
function LazyViewBody({ view, viewCode }: { view: LazyView; viewCode: ViewCodes }) {
  const LoadedView = use(viewCode.load(view))
  return <LoadedView />
}

/**
 * Catches a view's code failing to load, and offers to load it again; any other error goes on
 * up, as it did before views loaded on demand.
 */
class ViewLoadBoundary extends Component<
  { view: LazyView; viewCode: ViewCodes; children: ReactNode },
  { error?: unknown }
> {
  override state: { error?: unknown } = {}

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  retry = () => {
    this.props.viewCode.forgetFailure(this.props.view)
    this.setState({ error: undefined })
  }

  override render() {
    const { error } = this.state
    if (error === undefined) return this.props.children
    // An error boundary that throws while rendering hands the error to the one above it.
    if (!(error instanceof ViewLoadError)) throw error
    return (
      <div className={list.actions}>
        <button type="button" className={list.button} onClick={this.retry}>
          {ui.retry}
        </button>
      </div>
    )
  }
}
