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
  Swap: 'Swap',
}

export const ui = {
  close: 'Close',
  back: 'Back',
  dismissAlert: 'Dismiss',
  walletConnect: 'WalletConnect',
  comingSoon: 'Coming soon',
  walletConnectComing: 'Connecting with a mobile wallet through WalletConnect is coming soon.',
  noBrowserWallets: 'No browser wallet found on this page.',
  installed: 'Installed',
  notConnected: 'No wallet connected',
  connectAWallet: 'Connect a wallet',
  tabs: { tokens: 'Tokens', nfts: 'NFTs', activity: 'Activity' },
  emptyTokens: 'No tokens yet',
  emptyNfts: 'No NFTs yet',
  emptyActivity: 'No activity yet',
  noNetworks: 'This site has no networks configured.',
  activeNetwork: 'Active',
  chooseChainOf: (namespace: string) => `This site asks for a ${namespace} network.`,
  allWalletsComing: 'The wallet directory is coming soon.',
  unavailable: 'Airlock is unavailable on this site until its configuration is fixed.',
} as const
