/**
 * The spec's §2 rules for the view stack, as pure functions: which view opening shows, where
 * closing resets to, what going back does, and how Connect is shown when connected. Views and
 * the router call these; nothing else decides.
 */
import type { ChainNamespace, View } from '@airlock/protocol'

export type OpeningContext = {
  /** The namespace `open()` asked for, if any. */
  namespace?: ChainNamespace | undefined
  /** The namespace of the active network. */
  activeNamespace?: ChainNamespace | undefined
  /** Whether any chain adapter is configured (the site has networks of a supported namespace). */
  hasAdapters: boolean
  address?: string | undefined
  isMobile: boolean
  /** The view `open()` asked for, if any. */
  view?: View | undefined
}

/** Opening: the first rule that applies wins. */
export function openingView(context: OpeningContext): View {
  const { namespace, activeNamespace, hasAdapters, address, isMobile, view } = context
  if (namespace && namespace !== activeNamespace) return 'SwitchActiveChain'
  if (!hasAdapters && !address) return isMobile ? 'AllWallets' : 'ConnectingWalletConnectBasic'
  if (view) return view
  if (address) return 'Account'
  return 'Connect'
}

/** Closing resets to Connect; in embedded mode to Account when connected, else Connect. */
export function closingView(context: { embedded: boolean; connected: boolean }): View {
  return context.embedded && context.connected ? 'Account' : 'Connect'
}

/** Going back pops the history; with one entry left it closes the modal. */
export function backAction(depth: number): 'pop' | 'close' {
  return depth > 1 ? 'pop' : 'close'
}

/** Connect is shown as Account when connected. */
export function shownView(view: View, connected: boolean): View {
  return view === 'Connect' && connected ? 'Account' : view
}
