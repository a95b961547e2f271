/**
 * The WalletConnect flow for one registry wallet, or for any wallet (QR) when none is given.
 * Call it synchronously from the visitor's tap: on a phone it opens the wallet's deeplink, which
 * browsers only allow inside the tap.
 */
import type { WalletListing } from '@airlock/protocol'
import { walletConnectId } from '../walletconnect/peer'
import type { FlowContext } from './context'
import { openWalletLink } from './openWalletLink'

export async function connectWalletConnect(
  { store, navigation, analytics }: Pick<FlowContext, 'store' | 'navigation' | 'analytics'>,
  wallet?: WalletListing,
) {
  store.setState({ walletConnectWallet: wallet })
  analytics.track('SELECT_WALLET', {
    name: wallet?.name ?? 'WalletConnect',
    walletId: wallet?.id ?? walletConnectId,
    platform: store.getState().isMobile ? 'mobile' : 'qrcode',
  })
  // On a phone the app opens at once; a desktop shows the QR code and offers the desktop app.
  if (store.getState().isMobile) openWalletLink({ store })
  if (navigation.view() !== 'ConnectingWalletConnect')
    await navigation.push('ConnectingWalletConnect')
}
