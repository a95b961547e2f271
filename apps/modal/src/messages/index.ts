/** Every user-visible string of the modal. The spec's catalogue comes from @airlock/protocol. */
import type { View } from '@airlock/protocol'
import { defineMessages } from '../i18n/defineMessages'

export {
  alerts,
  connectionErrors,
  nameErrors,
  siwxErrors,
  toastMessages,
  transactionErrors,
  unknownError,
} from '@airlock/protocol'

/** Each view's title, by View (ids `view.<View>`). */
export const viewTitles: Record<View, string> = defineMessages('view', {
  Connect: 'Connect Wallet',
  Account: 'Account',
  AllWallets: 'All Wallets',
  ConnectingWalletConnect: 'WalletConnect',
  ConnectingWalletConnectBasic: 'WalletConnect',
  ConnectingExternal: 'Connecting',
  ConnectingFarcaster: 'Farcaster',
  EmailLogin: 'Email',
  ProfileWallets: 'Wallets',
  UpdateEmailWallet: 'Update Email',
  SwitchNetwork: 'Choose Network',
  SwitchActiveChain: 'Switch Chain',
  RegisterAccountName: 'Choose Name',
  RegisterAccountNameSuccess: 'Name Registered',
  AccountNames: 'Names',
  SIWXSignMessage: 'Sign In',
  ApproveTransaction: 'Approve Transaction',
  CallsStatus: 'Transaction Status',
  WalletDevices: 'Devices',
  WalletRecoveryCode: 'Recovery Code',
  WalletExportKey: 'Export Keys',
  ConnectingSocial: 'Connecting',
  LinkedAccounts: 'Linked accounts',
  Swap: 'Swap',
  Receive: 'Receive',
  OnRamp: 'Buy',
  WalletSend: 'Send',
  WalletSendPreview: 'Review Send',
})

/** The words of the modal's frame and of Connect, in the first bundle. */
export const ui = defineMessages('ui', {
  close: 'Close',
  back: 'Back',
  dismissAlert: 'Dismiss',
  walletConnect: 'WalletConnect',
  qrCode: 'QR code',
  notSetUp: 'Not set up',
  allWalletsEntry: 'All Wallets',
  noBrowserWallets: 'No browser wallet found on this page.',
  continueWithEmail: 'Continue with email',
  installed: 'Installed',
  /** Connect's list of wallets. */
  walletList: 'Wallets',
  unavailable: 'Airlock is unavailable on this site until its configuration is fixed.',
  recent: 'Recent',
  retry: 'Try again',
  loading: 'Loading…',
})
