/**
 * The embedded wallet's views, loaded together: a visitor who needs one (a login by email or
 * with a social account, a request to approve) needs the others next, and one import in
 * viewLoaders.ts costs the first bundle one entry instead of seven.
 */
export { ApproveTransaction } from './ApproveTransaction/ApproveTransaction'
export { CallsStatus } from './CallsStatus/CallsStatus'
export { ConnectingFarcaster } from './ConnectingFarcaster/ConnectingFarcaster'
export { ConnectingSocial } from './ConnectingSocial/ConnectingSocial'
export { EmailLogin } from './EmailLogin/EmailLogin'
export { LinkedAccounts } from './LinkedAccounts/LinkedAccounts'
export { UpdateEmailWallet } from './UpdateEmailWallet/UpdateEmailWallet'
export { WalletDevices } from './WalletDevices/WalletDevices'
export { WalletExportKey } from './WalletExportKey/WalletExportKey'
export { WalletRecoveryCode } from './WalletRecoveryCode/WalletRecoveryCode'
