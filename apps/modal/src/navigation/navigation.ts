/**
 * The view stack on react-router's memory router: each entry carries its depth in the stack, so
 * "going back with one entry left closes" is decided by the rules module, and every change is
 * flushed synchronously (the host waits for the view before showing the frame).
 */
import type { View } from '@airlock/protocol'
import { backAction } from './rules'

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

export function createNavigation(router: Router, close: () => void) {
  const depth = () => currentDepth(router.state.location.state)
  return {
    view: () => router.state.location.pathname.slice(1) as View,
    depth,
    push(view: View) {
      return router.navigate(`/${view}`, { state: { depth: depth() + 1 }, flushSync: true })
    },
    reset(view: View) {
      return router.navigate(`/${view}`, { replace: true, state: { depth: 1 }, flushSync: true })
    },
    back() {
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
