/**
 * The wallet's features Account offers (spec §6 wallet feature order: onramp, swaps, receive,
 * send), each with the view it opens: those the project and the site have on, that the
 * connection's namespace supports, and that the modal has a view for.
 */
import { type ChainNamespace, chainSupport, namespaceOf } from '@airlock/protocol'
import type { LazyView } from '../views/viewLoaders'
import { featureEnabled } from './controllers'
import type { ModalState } from './store'

export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send'

/** The spec's order, and the view each feature opens. */
export const walletFeatureViews = [
  ['onramp', 'OnRamp'],
  ['swaps', 'Swap'],
  ['receive', 'Receive'],
  ['send', 'WalletSend'],
] as const satisfies readonly (readonly [WalletFeature, LazyView])[]

/** Namespaces a feature works on; absent: every namespace (an address receives anywhere). */
const supportedNamespaces: Partial<Record<WalletFeature, readonly ChainNamespace[]>> = {
  send: chainSupport.send,
  onramp: chainSupport.onramp,
  // Swaps are EVM transactions; the view says when the chain is not one swaps work on.
  swaps: ['eip155'],
}

/** Whether `feature` is offered now: on for this page, connected, and on this namespace. */
export function isWalletFeatureAvailable(state: ModalState, feature: WalletFeature): boolean {
  const namespace = namespaceOf(state.activeNetwork)
  const namespaces = supportedNamespaces[feature]
  return (
    state.status === 'connected' &&
    featureEnabled(state, feature) &&
    namespace !== undefined &&
    (namespaces === undefined || namespaces.includes(namespace))
  )
}

/** The features Account offers now, in the spec's order, with their views. */
export function availableWalletFeatures(state: ModalState) {
  return walletFeatureViews.filter(([feature]) => isWalletFeatureAvailable(state, feature))
}
