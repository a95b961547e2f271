/**
 * On a phone, a wallet's deeplink must open inside the tap, so the pairing URI has to exist
 * before it: the wallet lists call this as they show.
 */
import type { FlowContext } from './context'

export function prepareWalletConnect({
  store,
  walletConnect,
}: Pick<FlowContext, 'store' | 'walletConnect'>) {
  const { isMobile, config } = store.getState()
  if (isMobile && config.project?.walletConnect) walletConnect.pairing.start()
}
