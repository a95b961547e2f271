/**
 * What the frame's end of the bridge works with: the modal's store, client and flows, and the
 * host ports it fills in (hostPorts.ts). Each bridge module takes the few members it uses.
 */

import type { HostMethods } from '@airlock/protocol'
import type { RemoteProxy } from 'penpal'
import type { FlowContext } from '../flows/context'
import type { HostPorts } from '../hostPorts'

export type BridgeContext = Pick<
  FlowContext,
  | 'store'
  | 'api'
  | 'navigation'
  | 'analytics'
  | 'connection'
  | 'siwx'
  | 'visibility'
  | 'openModal'
  | 'closeModal'
  | 'switchNetwork'
  | 'disconnect'
  | 'storage'
> &
  Pick<HostPorts, 'onFrameVisibility' | 'setHostCall' | 'setStorage'>

/** The host page's SDK, once penpal connected to it. */
export type Remote = () => Promise<RemoteProxy<HostMethods>>
