/**
 * The host's first call: nothing works before a handshake with the same protocol version. It
 * takes the site's options and, when the visitor clicked before the frame was ready, opens at
 * once. After the answer: who the host is and which wallets it has, and, for a known project on
 * an allowed origin only, what the frame remembers for it and a reconnect from it.
 */
import {
  type FrameMethods,
  type Handlers,
  type HandshakeParams,
  type ModalConfig,
  type OpenParams,
  ProtocolVersionError,
  protocolVersion,
  unwrap,
} from '@airlock/protocol'
import { restingView } from '../flows/restingStack'
import { airlockState, applyOptions } from '../stores/controllers'
import type { BridgeContext, Remote } from './context'
import { parseHostInfo, parseHostWallets } from './hostMessages'
import type { OriginAdmission } from './originAdmission'
import type { StateMirror } from './stateMirror'

type Bridge = {
  admission: OriginAdmission
  mirror: StateMirror
  remote: Remote
  /** The bridge's open: the project re-checked beside it (originAdmission.ts). */
  open: (params: OpenParams, shown: boolean) => Promise<void>
}

export function handshake(
  context: Pick<
    BridgeContext,
    'store' | 'api' | 'navigation' | 'analytics' | 'connection' | 'setStorage'
  >,
  { admission, mirror, remote, open }: Bridge,
): Handlers<FrameMethods>['handshake'] {
  const { store, navigation, analytics } = context
  // The project this page was served for: what the frame remembers is keyed by it.
  const { config } = store.getState()
  return async (params: HandshakeParams) => {
    admission.refuseRevoked()
    if (params.protocolVersion !== protocolVersion)
      throw new ProtocolVersionError({
        details: `Modal speaks ${protocolVersion}, host speaks ${params.protocolVersion}.`,
      })
    applyOptions(store, params.options, params.isMobile)
    admission.admitCalls()
    // The stack rests where a plain open() would show, as the site's options decide; already
    // there (most often), nothing is rendered again.
    const resting = restingView(store.getState())
    if (!navigation.isAt(resting)) await navigation.reset(resting)
    // The visitor clicked before this frame was ready: open now, before the host info below
    // and the work it starts, and a round trip sooner than a separate open.
    if (params.open) await open({}, false)
    mirror.reportHeight()
    mirror.tellPage()
    // A host that describes itself wrongly gets no wallets and no storage; the operators hear.
    loadHostInfo(context, config, { admission, remote }).catch((error) =>
      analytics.reportError('UNCAUGHT_ERROR', error),
    )
    return { protocolVersion, state: airlockState(store.getState()), opened: params.open }
  }
}

/**
 * After the handshake: who the host is and which wallets it has. Only a known project on an
 * allowed origin opens what the frame remembers for it and reconnects from it.
 */
async function loadHostInfo(
  {
    store,
    api,
    connection,
    setStorage,
  }: Pick<BridgeContext, 'store' | 'api' | 'connection' | 'setStorage'>,
  config: ModalConfig,
  { admission, remote }: Pick<Bridge, 'admission' | 'remote'>,
) {
  const host = await remote()
  const origin = admission.hostOrigin()
  if (!origin) return
  store.setState({ host: parseHostInfo(await unwrap(host.hostInfo()), origin) })
  if (!config.project || !config.projectId) return
  store.setState({ hostWallets: parseHostWallets(await unwrap(host.listHostWallets())) })
  // Its code comes now, after the handshake: nothing the first frame shows needs it.
  const { fetchFrameSecret, openFrameStorage } = await import('../stores/frameStorage')
  const storage = openFrameStorage(
    { projectId: config.projectId, hostOrigin: origin },
    {
      get: (key) => unwrap(host.readStorage(key)),
      set: (key, value) => unwrap(host.writeStorage(key, value)),
    },
    () => fetchFrameSecret(api.apiFetch),
  )
  setStorage(storage)
  // Opened before the storage was (a click before the frame was ready): its open could not get
  // it ready for what the visitor does next, so it is done now, before any connect.
  if (store.getState().open) storage.prepare?.()
  await connection.reconnect()
}
