/**
 * The analytics events no single flow sends: the visitor moving between views while the modal
 * is open, and a WalletConnect pairing the wallet declined or that failed (the funnel ends there).
 */
import type { FlowContext } from './context'

export function trackModalEvents({
  store,
  navigation,
  analytics,
  visibility,
}: Pick<FlowContext, 'store' | 'navigation' | 'analytics' | 'visibility'>) {
  navigation.onViewChange((view, previous) => {
    if (store.getState().open && !visibility.closing)
      analytics.track('VIEW_CHANGE', { view, previous })
  })
  store.subscribe(({ pairing }, previous) => {
    if (pairing !== previous.pairing && pairing.status === 'error')
      analytics.track('CONNECT_ERROR', { method: 'walletconnect', message: pairing.reason })
  })
}
