/**
 * The code of the views that load on demand, as one navigation loaded it: each view's import is
 * made once and its promise kept, marked settled for React's `use`. The table of views and their
 * imports is the views' own (views/viewLoaders.ts); the modal hands it to its navigation.
 */
import type { View } from '@airlock/protocol'
import type { ComponentType } from 'react'
import type { LazyView } from '../views/viewLoaders'

/** A view's code on its way, marked as React's `use` reads a promise once it has settled. */
export type ViewCode = Promise<ComponentType> &
  (
    | { status?: 'pending' }
    | { status: 'fulfilled'; value: ComponentType }
    | { status: 'rejected'; reason: unknown }
  )

/**
 * A view's code did not arrive (the network, or a deploy that replaced it): ViewBody offers a
 * retry.
 */
export class ViewLoadError extends Error {
  override name = 'ViewLoadError' as const
  constructor(view: View, cause: unknown) {
    super(`The ${view} view could not be loaded.`, { cause })
  }
}

export function createViewCode(load: Record<LazyView, () => Promise<ComponentType>>) {
  const loads = new Map<LazyView, ViewCode>()
  return {
    /** The view's code: the one import made for it, started now if it is the first ask. */
    load(view: LazyView): ViewCode {
      const known = loads.get(view)
      if (known) return known
      const code: ViewCode = load[view]().then(
        (component) => {
          Object.assign(code, { status: 'fulfilled', value: component })
          return component
        },
        (error: unknown) => {
          const reason = new ViewLoadError(view, error)
          Object.assign(code, { status: 'rejected', reason })
          throw reason
        },
      )
      loads.set(view, code)
      return code
    },
    /** After a failed load, the next `load` of the view imports it again. */
    forgetFailure(view: LazyView) {
      if (loads.get(view)?.status === 'rejected') loads.delete(view)
    },
  }
}
export type ViewCodes = ReturnType<typeof createViewCode>
