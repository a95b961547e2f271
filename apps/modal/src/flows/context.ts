/**
 * What the modal's flows work with, one instance per modal. A flow takes the few members it
 * uses (a `Pick` of FlowContext), never the whole modal: its signature says what it may touch,
 * and a test can hand it just that. A flow that ends in another (a login closing the modal)
 * reaches it through the bound flows below, so flows never import each other.
 */
import type { CaipNetworkId, OpenParams } from '@airlock/protocol'
import type { ConnectionActions } from '../actions/connectionActions'
import type { Analytics } from '../analytics'
import type { ApiClient } from '../api'
import type { LazyEmbeddedWallet } from '../embeddedWallet/lazyEmbeddedWallet'
import type { Navigation } from '../navigation/navigation'
import type { LazySiwx } from '../siwx/lazySiwx'
import type { KeyValueStore } from '../stores/persistence'
import type { ModalStore } from '../stores/store'
import type { LazyWalletConnect } from '../walletconnect/lazyWalletConnect'

/** What opening and closing keep between calls (flows/visibility.ts makes it). */
export type Visibility = {
  /** Counts opens and closes, so an open that waited gives way to a close asked for meanwhile. */
  openings: number
  /** While closing, the stack is reset to where it rests: not a view the visitor went to. */
  closing: boolean
  /**
   * The open under way (its number in `openings`), while it waits for its view: the stack is
   * heading for that view, not for where the closed modal rests.
   */
  opening: number | undefined
  /**
   * Resolved by the dialog's first commit (Shell): an open is answered, and the host told that a
   * view is prerendered, only once there is a dialog to show.
   */
  firstRender: Promise<void>
}

export type FlowContext = {
  store: ModalStore
  /** The modal's API client: its calls' failures reach the alert bar and error reports. */
  api: ApiClient
  navigation: Navigation
  analytics: Analytics
  connection: ConnectionActions
  walletConnect: LazyWalletConnect
  embeddedWallet: LazyEmbeddedWallet
  siwx: LazySiwx
  visibility: Visibility
  /** Tells the host the frame closed itself, or asks it to show the frame. */
  setFrameVisible: (visible: boolean) => void
  /** What the frame remembers for this project on this host: none until the bridge proved both. */
  storage: () => KeyValueStore | undefined

  // The flows other flows end in, bound to this context.
  openModal: (params: OpenParams, options?: { shown?: boolean }) => Promise<void>
  closeModal: (options: { fromFrame: boolean }) => Promise<void>
  /** A login flow connected a wallet (flows/connected.ts). */
  connected: (returnBack: boolean | undefined) => Promise<void>
  switchNetwork: (caipNetworkId: CaipNetworkId) => Promise<void>
  disconnect: () => Promise<void>
}
