/**
 * The frame's end of the bridge, wired: origin admission (originAdmission.ts), the handshake
 * (handshake.ts), the host's other calls (frameMethods.ts), each validated by the protocol
 * before it runs, and the state the host mirrors (stateMirror.ts), over penpal to the parent
 * window. Returns the penpal connection; none when the frame has no parent or no allowed origin.
 */
import {
  exposeMethods,
  type FrameMethods,
  frameMethodValidators,
  type HostMethods,
  type OpenParams,
  unwrap,
} from '@airlock/protocol'
import { connect, WindowMessenger } from 'penpal'
import type { BridgeContext } from './context'
import { frameMethods } from './frameMethods'
import { handshake } from './handshake'
import { frameWalletIds } from './hostMessages'
import { createOriginAdmission } from './originAdmission'
import { startStateMirror } from './stateMirror'

export function startBridge(context: BridgeContext) {
  const { config } = context.store.getState()
  if (window.parent === window) return undefined
  // A project we don't know can only show its alert; there is nothing to protect, so any host
  // may talk to it. A known project talks to its allowed origins and nobody else.
  const allowedOrigins = config.project ? config.project.allowedOrigins : ['*']
  if (allowedOrigins.length === 0) return undefined
  // Before penpal's listener, so it sees every handshake penpal accepts.
  const admission = createOriginAdmission(context, allowedOrigins)
  const remote = () => connection.promise
  const mirror = startStateMirror(context, { remote, handshaken: admission.handshaken })
  async function open(params: OpenParams, shown: boolean) {
    admission.recheckProject()
    await context.openModal(params, { shown })
  }

  const methods = exposeMethods<FrameMethods>(
    {
      handshake: handshake(context, { admission, mirror, remote, open }),
      ...frameMethods(context, admission, open, mirror),
    },
    frameMethodValidators(frameWalletIds),
  )
  const messenger = new WindowMessenger({ remoteWindow: window.parent, allowedOrigins })
  const connection = connect<HostMethods>({ messenger, methods })
  context.setHostCall(async (name, ...args) => {
    await admission.untilAdmitted()
    const host = await connection.promise
    // biome-ignore lint/suspicious/noExplicitAny: the arguments are typed per method by HostCall.
    return unwrap((host[name] as any)(...args))
  })
  return connection
}
