/** The words of ConnectingWalletConnect, beside the view so they load with it. */
import { defineMessages, message } from '../i18n/defineMessages'
export const walletConnectText = defineMessages('walletConnect', {
  walletConnectNotConfigured: 'WalletConnect is not set up for this site.',
  qrLabel: 'QR code to scan with a mobile wallet',
  qrLoading: 'Preparing the QR code',
  scanWithPhone: 'Scan this QR code with your phone',
  scanWith: message('Scan this QR code with {name}', 'name'),
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  linkCopyFailed: 'Could not copy the link',
  openWallet: message('Open {name}', 'name'),
  openDesktopApp: message('Open {name} desktop app', 'name'),
  dontHave: message('Don’t have {name}?', 'name'),
  getWallet: message('Get {name}', 'name'),
})
