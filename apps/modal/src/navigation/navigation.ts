/**
 * The view stack on its memory history (viewRouter.ts): each entry carries its depth
 * in the stack, so "going back with one entry left closes" is decided by the rules module, and
 * every change is flushed synchronously (the host waits for the view before showing the frame).
 */
import type { View } from '@airlock/protocol'
import type { ComponentType } from 'react'
import type { LazyView } from '../views/viewLoaders'
import { backAction } from './rules'
import { createViewCode } from './viewCode'

type RouterState = { location: { pathname: string; state: unknown } }
type Router = {
  state: RouterState
  navigate(to: string | number, options?: object): Promise<void>
  subscribe(listener: (state: RouterState) => void): () => void
}

export function currentDepth(locationState: unknown): number {
  const depth = (locationState as { depth?: unknown } | null)?.depth
  return typeof depth === 'number' ? depth : 1
}

export function createNavigation(
  router: Router,
  close: () => void,
  options: {
    /** The views that load on demand and their imports (views/viewLoaders.ts). */
    viewLoaders: Record<LazyView, () => Promise<ComponentType>>
    loadView?: (view: View) => Promise<unknown> | undefined
  },
) {
  // The views' code this modal loaded (or is loading), for ViewBody to render.
  const viewCode = createViewCode(options.viewLoaders)
  const isLazyView = (view: View): view is LazyView => Object.hasOwn(options.viewLoaders, view)
  /** Loads a view's code, for a view not in the first bundle; settles once there or failed. */
  const loadView =
    options.loadView ??
    ((view: View) => (isLazyView(view) ? viewCode.load(view).catch(() => {}) : undefined))
  const depth = () => currentDepth(router.state.location.state)
  // Counts the changes asked for, so a reset that waited for a view's code gives way to any
  // change asked for meanwhile (closing while opening on a view that loads on demand).
  let changes = 0
  // A reset waiting for its view's code: the stack is about to change, whatever it shows now.
  let resetting = false
  return {
    viewCode,
    view: () => router.state.location.pathname.slice(1) as View,
    depth,
    /**
     * Shows `view` on top of the stack at once; a view whose code is still loading shows its
     * skeleton under the header until it is there.
     */
    push(view: View) {
      changes++
      resetting = false
      return router.navigate(`/${view}`, { state: { depth: depth() + 1 }, flushSync: true })
    },
    /**
     * Makes `view` the whole stack. Opening and closing do this while the frame is hidden, so a
     * view whose code is not loaded yet is waited for: the host shows the frame on the view
     * itself, not on its skeleton. Connect and Account, in the first bundle, change at once.
     */
    reset(view: View) {
      const change = ++changes
      const replace = () => {
        resetting = false
        return router.navigate(`/${view}`, { replace: true, state: { depth: 1 }, flushSync: true })
      }
      const loading = loadView(view)
      if (!loading) return replace()
      resetting = true
      return loading.then(() => {
        if (change === changes) return replace()
      })
    },
    /**
     * Whether the stack is `view` alone with no reset on its way: a caller that finds it so
     * has nothing to change, and one that does not resets (which gives way to nothing pending).
     */
    isAt(view: View) {
      return !resetting && router.state.location.pathname === `/${view}` && depth() === 1
    },
    /**
     * Starts loading a view's code, for a view the visitor is likely to go to next; does nothing
     * for a view of the first bundle. A failure is left for the view body to show, if shown.
     */
    preload(view: View) {
      void loadView(view)
    },
    back() {
      changes++
      resetting = false
      if (backAction(depth()) === 'close') return close()
      return router.navigate(-1)
    },
    /** Calls `listener` each time the stack shows another view. */
    onViewChange(listener: (view: View, previous: View) => void) {
      let previous = router.state.location.pathname
      return router.subscribe(({ location }) => {
        if (location.pathname === previous) return
        const from = previous
        previous = location.pathname
        listener(location.pathname.slice(1) as View, from.slice(1) as View)
      })
    },
  }
}
export type Navigation = ReturnType<typeof createNavigation>
