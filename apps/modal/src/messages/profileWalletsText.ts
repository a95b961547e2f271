/** The words of ProfileWallets, beside the view so they load with it. */
import { defineMessages } from '../i18n/defineMessages'
export const profileWalletsText = defineMessages('profileWallets', {
  connectionStatus: { connected: 'Connected', active: 'Active', disconnected: 'Disconnected' },
  /** The list of the page's wallet connections. */
  connections: 'Connections',
  addWallet: 'Add a wallet',
  switchedWallet: 'Switched wallet',
  switchedAccount: 'Switched account',
  noOtherWallets: 'No other wallet on this page.',
})
