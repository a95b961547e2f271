/** The modal's views (spec §2) and the shapes of the state the host can read. */
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip'
import type { SiwxSiteSession } from './siwx'

/** Every view of the modal's stack, by its spec name. */
export const views = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingExternal',
  'ConnectingFarcaster',
  'EmailLogin',
  'ProfileWallets',
  'UpdateEmailWallet',
  'SwitchNetwork',
  'SwitchActiveChain',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  // The account's names (issue 36): the primary one chosen, its records edited.
  'AccountNames',
  'SIWXSignMessage',
  'ApproveTransaction',
  'Swap',
  // Receive (issue 22): the address, its QR code and the networks it receives on.
  'Receive',
  // Buy crypto (issue 22): amount, quotes of the onramp providers, then the provider's checkout.
  'OnRamp',
  // Send (spec §1, §4): the form and its preview.
  'WalletSend',
  'WalletSendPreview',
  // The embedded wallet's devices (issue 18): where a lost one is revoked.
  'WalletDevices',
  // The embedded wallet's key lifecycle (issue 33): a new recovery code; the keys exported.
  'WalletRecoveryCode',
  'WalletExportKey',
  // A social login in its popup, then the embedded wallet's steps (issue 19).
  'ConnectingSocial',
  // The ways into the embedded wallet's account: its email and linked social accounts (issue 33).
  'LinkedAccounts',
  // EIP-5792's wallet_showCallsStatus (issue 35): a sent batch's status, pending to its end.
  'CallsStatus',
] as const
export type View = (typeof views)[number]

export function isView(value: unknown): value is View {
  return (views as readonly unknown[]).includes(value)
}

/**
 * Views the modal opens only from its own Account view, never at a site's `open({ view })`: what
 * changes or shows the embedded wallet's keys is the visitor's own errand, not a page's.
 */
export const frameOnlyViews: readonly View[] = ['WalletRecoveryCode', 'WalletExportKey']

/** Connection status (spec §4). */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'

/** What `airlock.getState()` returns and `subscribe()` listeners receive. */
export type AirlockState = {
  open: boolean
  status: ConnectionStatus
  address?: string
  caipAddress?: CaipAddress
  chainId?: CaipNetworkId
  namespace?: ChainNamespace
  connectorId?: string
  /** The visitor's sign-in with the connected account (SIWX), when the project asks for one. */
  siwxSession?: SiwxSiteSession
  /** The connected account's primary name (eip155), once the modal resolved one. */
  name?: string
  /** Its avatar's picture: an https URL on the modal's origin (the image proxy) or a data: image. */
  avatar?: string
  /** Its native balance on the active network, as the modal shows it (`1.23 ETH`). */
  balance?: string
}

export const initialState: AirlockState = { open: false, status: 'disconnected' }
