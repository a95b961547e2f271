/**
 * What the WalletConnect connector needs of the frame's sign-client (src/walletconnect): the
 * current session seen through the site's networks, its requests, and restoring it on reload.
 */
import type { CaipNetworkId, RequestArguments } from '@airlock/protocol'
import type { SessionView } from '../../walletconnect/namespaces'
import type { WalletNamespace } from '../types'

export type WalletConnectSessions = {
  /** Makes the newest stored session current; false when there is none. */
  restore(): Promise<boolean>
  /**
   * The session on the site's networks (of `namespace` when given), `preferred` (by default the
   * active network) the one its accounts are of when the wallet approved it.
   */
  current(namespace?: WalletNamespace, preferred?: CaipNetworkId): SessionView
  hasSession(): boolean
  request(request: RequestArguments): Promise<unknown>
  /** Ends the session with the wallet. */
  disconnect(): Promise<void>
}
