/** The words of ConnectingWalletConnect, beside the view so they load with it. */
export const walletConnectText = {
  walletConnectNotConfigured: 'WalletConnect is not set up for this site.',
  qrLabel: 'QR code to scan with a mobile wallet',
  qrLoading: 'Preparing the QR code',
  scanWithPhone: 'Scan this QR code with your phone',
  scanWith: (name: string) => `Scan this QR code with ${name}`,
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  linkCopyFailed: 'Could not copy the link',
  openWallet: (name: string) => `Open ${name}`,
  openDesktopApp: (name: string) => `Open ${name} desktop app`,
  dontHave: (name: string) => `Don’t have ${name}?`,
  getWallet: (name: string) => `Get ${name}`,
} as const
