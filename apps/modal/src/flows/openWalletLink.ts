/**
 * Opens the chosen wallet's deeplink with the current pairing URI, if both exist. Must run in
 * the visitor's tap: browsers refuse to open apps otherwise. Returns whether it opened.
 */
import { walletLink } from '../walletconnect/links'
import type { FlowContext } from './context'

export function openWalletLink({ store }: Pick<FlowContext, 'store'>) {
  const { pairing, walletConnectWallet, isMobile } = store.getState()
  if (pairing.status !== 'ready') return false
  const href = walletLink(walletConnectWallet, pairing.uri, isMobile)
  if (!href) return false
  window.open(href, '_blank', 'noopener,noreferrer')
  return true
}
