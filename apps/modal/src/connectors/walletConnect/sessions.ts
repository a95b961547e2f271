/**
 * What the WalletConnect connector needs of the frame's sign-client (src/walletconnect): the
 * current session seen through the site's networks, its requests, and restoring it on reload.
 */
import type { RequestArguments } from '@airlock/protocol'
import type { SessionView } from '../../walletconnect/namespaces'
import type { WalletNamespace } from '../types'

export type WalletConnectSessions = {
  /** Makes the newest stored session current; false when there is none. */
  restore(): Promise<boolean>
  /** The session on the site's networks (of `namespace` when given), the active one preferred. */
  current(namespace?: WalletNamespace): SessionView
  hasSession(): boolean
  request(request: RequestArguments): Promise<unknown>
  /** Ends the session with the wallet. */
  disconnect(): Promise<void>
}
