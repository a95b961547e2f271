/**
 * What views (through ModalContext) and the bridge get of a modal: the flows' context, the flows
 * they start, and the ports the bridge fills in. `createModal` (modal.ts) builds one; this is its
 * declared shape, so a view or the bridge depends on what a modal offers, not on how it is wired.
 */
import type { WalletListing } from '@airlock/protocol'
import type { HostPorts } from '../hostPorts'
import type { FlowContext } from './context'

export type Modal = FlowContext & {
  connectWallet: (walletId: string, options?: { returnBack?: boolean }) => Promise<void>
  connectWalletConnect: (wallet?: WalletListing) => Promise<void>
  openWalletLink: () => void
  prepareWalletConnect: () => void
  /** The dialog (Shell) says it has been rendered for the first time. */
  dialogRendered: () => void
} & Pick<HostPorts, 'onFrameVisibility' | 'setHostCall' | 'setStorage'>
