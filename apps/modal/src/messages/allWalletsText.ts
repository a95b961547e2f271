/** The words of AllWallets, beside the view so they load with it. */
import { defineMessages } from '../i18n/defineMessages'
export const allWalletsText = defineMessages('allWallets', {
  searchLabel: 'Search wallets',
  searchPlaceholder: 'Search wallet',
  listLabel: 'All wallets',
  loading: 'Loading wallets…',
  empty: 'No wallet found',
  /** What to try next when a search finds nothing. */
  emptyHint: 'Check the spelling, or connect any wallet that scans a QR code.',
  scanQrCode: 'Scan a QR code',
  failed: 'Wallets could not be loaded.',
  moreFailed: 'More wallets could not be loaded.',
})
