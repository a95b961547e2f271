/**
 * The modal's state: one framework-free store (zustand/vanilla). Controllers in
 * `controllers.ts` change it; React reads it through `useModalState`.
 */
import type {
  Alert,
  CaipAddress,
  CaipNetworkId,
  ChainNamespace,
  ConnectionStatus,
  FrameOptions,
  HostInfo,
  HostWalletInfo,
  ModalConfig,
  NetworkConfig,
  SiwxMode,
  SiwxSiteSession,
  SocialProvider,
  WalletListing,
} from '@airlock/protocol'
import type { QueryClient } from '@tanstack/react-query'
import { createStore } from 'zustand/vanilla'
import type { PendingApproval } from '../embeddedWallet/approvals'
import type { ShownCallsStatus } from '../embeddedWallet/callsStatusShown'
import type { SocialOpening } from '../embeddedWallet/embeddedWallet'
import type { PairingState } from '../walletconnect/pairing'
import type { WalletConnectPeer } from '../walletconnect/peer'
import { emptyOnrampForm, type OnrampForm } from './onrampState'
import type { RecentWallet } from './recentWallets'
import { emptySend, type SendState } from './sendState'

/** A wallet connection the visitor made (spec §3 Connection). */
export type Connection = {
  /** Stable across page loads: the wallet's rdns, else its name. */
  id: string
  /** The host wallet's id on this page load (EIP-6963 uuid, or 'injected'). */
  walletId: string
  name: string
  icon: string
  rdns?: string
  /** An email or social wallet's login (spec §3 auth name): the email address. */
  authName?: string
  /** How an email or social wallet's login was made: 'email', or the social provider. */
  authProvider?: string
  /** The namespace the accounts are on; absent: eip155 (a dual wallet connects on one). */
  namespace?: 'solana' | 'bip122' | 'cosmos' | 'polkadot'
  accounts: string[]
}

/** The wallet being connected in ConnectingExternal, and how the last try ended. */
export type Connecting = {
  walletId: string
  error?: 'rejected' | 'failed'
  /** Whether success goes back to where the flow started (ProfileWallets) instead of closing. */
  returnBack?: boolean
}

/** A toast (spec §3): replaced after the 150 ms delay, closed by itself when autoClose. */
export type Toast = {
  message: string
  variant: 'success' | 'loading' | 'error'
  autoClose: boolean
}

export type ModalState = {
  config: ModalConfig
  /** The site's options as it sent them, once the handshake has delivered them. */
  siteOptions: FrameOptions | undefined
  /** What the page runs with: the project's configuration narrowed by the site's options. */
  options: FrameOptions | undefined
  /** Sign in with X on this page (the project's mode, narrowed by the site). */
  siwx: SiwxMode
  /** The visitor's sign-in with the connected account on the active network, once verified. */
  siwxSession: SiwxSiteSession | undefined
  /** The page's networks, in order (`options.networks`, with what the API knows of each). */
  networks: NetworkConfig[]
  activeNetwork: CaipNetworkId | undefined
  status: ConnectionStatus
  address: string | undefined
  caipAddress: CaipAddress | undefined
  connectorId: string | undefined
  /** Every connection the visitor made; the active one is `activeConnectionId`. */
  connections: Connection[]
  activeConnectionId: string | undefined
  connecting: Connecting | undefined
  /** The registry wallet the WalletConnect flow is for (its logo, name and links), if any. */
  walletConnectWallet: WalletListing | undefined
  /** The WalletConnect pairing URI shown as a QR code, and how the last proposal ended. */
  pairing: PairingState
  /** The wallet of the WalletConnect session, while one is connected. */
  walletConnectPeer: WalletConnectPeer | undefined
  /** The site's networks the connected wallet approved; undefined: the wallet may switch to any. */
  approvedNetworks: CaipNetworkId[] | undefined
  recentWallets: RecentWallet[]
  toast: Toast | undefined
  hostWallets: HostWalletInfo[]
  /**
   * The host page (its href checked against its origin), its SDK's version, and Telegram's
   * platform inside a Telegram mini app.
   */
  host: HostInfo | undefined
  isMobile: boolean
  /** The namespace the last `open()` asked for. */
  requestedNamespace: ChainNamespace | undefined
  open: boolean
  alert: Alert | undefined
  /** The Send form (spec §3 Send state); see send.ts. */
  send: SendState
  /** The Buy form (spec §3 Onramp state); see onramp.ts. */
  onramp: OnrampForm
  /** The embedded wallet's request waiting for the visitor in ApproveTransaction (approvals.ts). */
  approval: PendingApproval | undefined
  /** The batch CallsStatus shows, as last asked (embeddedWallet/callsStatusShown.ts). */
  callsStatus: ShownCallsStatus | undefined
  /** The social login ConnectingSocial shows: its provider and how it ends (a wallet opening). */
  social:
    | {
        provider: SocialProvider
        login: Promise<SocialOpening>
        /** Its window, which the visitor may bring back to the front or close from here. */
        popup?: Window | undefined
      }
    | undefined
  /** The embedded wallet's active EVM account type, while it is unlocked (evmAccounts.ts). */
  accountType: 'eoa' | 'smartAccount' | undefined
  /** Whether the embedded wallet's smart account is offered on its network. */
  smartAccountAvailable: boolean
  /** The connected account's name, avatar and balance, for the site (bridge/accountProfile.ts). */
  accountProfile: AccountProfile | undefined
  /**
   * The title of a view's step shown in place of the view's own while it shows (a new wallet's
   * recovery code inside Email or Connecting): components/useStepTitle.ts.
   */
  stepTitle?: string | undefined
}

/** What a site's Connect button shows of the connected account (AirlockState's name, avatar, balance). */
export type AccountProfile = { name?: string; avatar?: string; balance?: string }

/** The toast bar's pending timers (toasts.ts). */
export type ToastTimers = {
  replace: ReturnType<typeof setTimeout> | undefined
  close: ReturnType<typeof setTimeout> | undefined
  /** A new toast is waiting out the replace delay. */
  replacing: boolean
}

export type ModalStore = ReturnType<typeof createModalStore>

export function createModalStore(config: ModalConfig) {
  const store = createStore<ModalState>()(() => ({
    config,
    siteOptions: undefined,
    options: undefined,
    siwx: 'off',
    siwxSession: undefined,
    accountProfile: undefined,
    networks: [],
    activeNetwork: undefined,
    status: 'disconnected',
    address: undefined,
    caipAddress: undefined,
    connectorId: undefined,
    connections: [],
    activeConnectionId: undefined,
    connecting: undefined,
    walletConnectWallet: undefined,
    pairing: { status: 'idle' },
    walletConnectPeer: undefined,
    approvedNetworks: undefined,
    recentWallets: [],
    toast: undefined,
    hostWallets: [],
    host: undefined,
    isMobile: false,
    requestedNamespace: undefined,
    open: false,
    alert: undefined,
    send: emptySend,
    onramp: emptyOnrampForm,
    approval: undefined,
    callsStatus: undefined,
    social: undefined,
    accountType: undefined,
    smartAccountAvailable: false,
  }))
  // Not state (nothing renders them), but this store's: a new store, a new modal's or a test's,
  // starts with no toast timer running.
  const toastTimers: ToastTimers = { replace: undefined, close: undefined, replacing: false }
  // This store's server data (queries/): the account's data, the wallet directory. Here, not in
  // a module, so each modal and each test starts with an empty cache. Made on first use
  // (`queryClientOf`), so TanStack Query loads with the views that read server data.
  const queries: { client: QueryClient | undefined } = { client: undefined }
  return Object.assign(store, { toastTimers, queries })
}

/** The site's network the visitor is on, when the API knows it. */
export function activeNetworkOf(state: ModalState): NetworkConfig | undefined {
  return state.networks.find((network) => network.caipNetworkId === state.activeNetwork)
}
