/** The words of ProfileWallets, beside the view so they load with it. */
export const profileWalletsText = {
  connectionStatus: { connected: 'Connected', active: 'Active', disconnected: 'Disconnected' },
  addWallet: 'Add a wallet',
  switchedWallet: 'Switched wallet',
  switchedAccount: 'Switched account',
  noOtherWallets: 'No other wallet on this page.',
} as const
