/**
 * The view stack's router: a memory history of view entries (each with its depth in the stack)
 * and the surface navigation.ts uses (`state`, `navigate`, `subscribe`), with every change
 * flushed to React at once when asked. react-router's memory router did this until issue 15:
 * a bundler keeps all of react-router (~12 KB gzip of a first bundle budgeted at 100 KiB) once
 * any of it is imported, unless its source is patched, and a stack of view names needs none of
 * its route matching, loaders or links.
 */
import type { View } from '@airlock/protocol'
import { flushSync } from 'react-dom'

/** One entry of the stack: the view's path (`/Connect`) and what it carries (its depth). */
export type ViewLocation = { pathname: string; state: unknown; key: string }

/** How the stack last changed, in the History API's words. */
export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE'

export type ViewRouterState = { historyAction: HistoryAction; location: ViewLocation }

export type ViewRouterNavigateOptions = {
  replace?: boolean
  state?: unknown
  /** Render the change before returning (react-dom's `flushSync`). */
  flushSync?: boolean
}

/** A router on `stack`, its last view shown (a test can start deeper than one entry). */
export function createViewRouter(stack: readonly View[] = ['Connect']) {
  let keys = 0
  const entry = (pathname: string, state: unknown): ViewLocation => ({
    pathname,
    state,
    key: String(keys++),
  })
  const entries = stack.map((view, index) => entry(`/${view}`, { depth: index + 1 }))
  let index = entries.length - 1
  let state: ViewRouterState = { historyAction: 'POP', location: entries[index]! }
  const listeners = new Set<(state: ViewRouterState) => void>()

  function commit(historyAction: HistoryAction) {
    state = { historyAction, location: entries[index]! }
    for (const listener of listeners) listener(state)
  }

  return {
    get state() {
      return state
    },
    /** A view's path, or a number of entries to go (-1: back), kept within the stack. */
    async navigate(to: string | number, options: ViewRouterNavigateOptions = {}) {
      const change = () => {
        if (typeof to === 'number') {
          index = Math.min(Math.max(index + to, 0), entries.length - 1)
          commit('POP')
        } else if (options.replace) {
          entries[index] = entry(to, options.state)
          commit('REPLACE')
        } else {
          entries.splice(index + 1, entries.length, entry(to, options.state))
          index += 1
          commit('PUSH')
        }
      }
      if (options.flushSync) flushSync(change)
      else change()
    },
    subscribe(listener: (state: ViewRouterState) => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
export type ViewRouter = ReturnType<typeof createViewRouter>
