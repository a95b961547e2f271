/**
 * Hands the view stack's current entry to the views below it (`useViewLocation`). The entry is
 * read with `useSyncExternalStore`: a change made inside `flushSync` (see viewRouter.ts) is on
 * screen when `navigate` returns.
 */
import { createContext, type ReactNode, use, useSyncExternalStore } from 'react'
import type { ViewLocation, ViewRouter } from './viewRouter'

const ViewLocationContext = createContext<ViewLocation | null>(null)

export function ViewStack({ router, children }: { router: ViewRouter; children: ReactNode }) {
  const { location } = useSyncExternalStore(router.subscribe, () => router.state)
  return <ViewLocationContext value={location}>{children}</ViewLocationContext>
}

/** The stack's current entry: the view's path and its depth. */
export function useViewLocation(): ViewLocation {
  const location = use(ViewLocationContext)
  if (!location) throw new Error('useViewLocation must be used inside <ViewStack>.')
  return location
}
