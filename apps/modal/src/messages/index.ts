/** Every user-visible string of the modal. The spec's catalogue comes from @airlock/protocol. */
import type { View } from '@airlock/protocol'

export {
  alerts,
  connectionErrors,
  nameErrors,
  siwxErrors,
  toastMessages,
  transactionErrors,
  unknownError,
} from '@airlock/protocol'

export const viewTitles: Record<View, string> = {
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
}

export const ui = {
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
  unavailable: 'Airlock is unavailable on this site until its configuration is fixed.',
  recent: 'Recent',
  retry: 'Try again',
  loading: 'Loading…',
} as const
