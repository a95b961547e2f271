/**
 * The frame's end of the bridge. penpal talks only to the parent window and only when its
 * origin is one of the project's allowed origins; every method validates its arguments before
 * it runs, and nothing works before a handshake with the same protocol version. Nothing that
 * touches wallets or what the frame remembers runs until the handshake has proved the project
 * and the host origin — the origin penpal observed, never one the host reports — and an open
 * re-checks that the origin is still allowed, so a revocation reaches loaded frames.
 */
import {
  DisconnectedError,
  evmChainId,
  exposeMethods,
  type FrameMethods,
  type FramePage,
  frameMethodValidators,
  type Handlers,
  type HandshakeParams,
  type HostInfo,
  type HostMethods,
  type HostWalletEvent,
  type HostWalletInfo,
  InvalidAppConfigurationError,
  InvalidProjectIdError,
  invalidBridgeMessage,
  type OpenParams,
  type ProjectConfig,
  ProjectIdNotConfiguredError,
  ProtocolVersionError,
  parseHostWalletEvent as parseHostWalletEventPayload,
  parseHostWallets as parseHostWalletsPayload,
  parseProjectConfig,
  protocolVersion,
  type RequestArguments,
  unwrap,
} from '@airlock/protocol'
import { connect, type RemoteProxy, WindowMessenger } from 'penpal'
import { afterNextFrame } from './afterNextFrame'
import type { ApiFetch } from './api'
import type { Modal } from './modal'
import { refreshAccountData, refreshAfterMined } from './queries/refresh'
import { airlockState, applyOptions, applyProjectConfig } from './stores/controllers'
import { namespaceOf } from './stores/store'
import { walletConnectId } from './walletconnect/peer'

/** `walletConnect` is the frame's own session: no host may speak for it. */
const frameWalletIds = [walletConnectId]

/** A host wallet's event, checked by the protocol's validator (`frameValidators.ts`). */
export const parseHostWalletEvent = (value: unknown): HostWalletEvent =>
  parseHostWalletEventPayload(value, frameWalletIds)

/** Requests whose success changes the account's balances and activity. */
const accountChangingMethods = ['eth_sendTransaction', 'wallet_sendCalls']

/** The page's wallets as the host describes them (`frameValidators.ts`). */
export const parseHostWallets = (value: unknown): HostWalletInfo[] =>
  parseHostWalletsPayload(value, frameWalletIds)

const semver = /^\d{1,5}\.\d{1,5}\.\d{1,5}(?:-[0-9A-Za-z.-]{1,20})?$/

/**
 * What the host says of itself, checked: its href must be on the origin penpal observed, so
 * analytics can't be told another page. An SDK from before `sdkVersion` existed reports
 * 'unknown'. The origin is the observed one (an origin the host claims is ignored). Telegram's
 * platform, when told, is a short word.
 */
export function parseHostInfo(value: unknown, observedOrigin: string): HostInfo {
  const info = value as { href?: unknown; sdkVersion?: unknown; telegram?: unknown } | undefined
  const href = info?.href
  if (typeof href !== 'string' || href.length > 8192 || !URL.canParse(href))
    invalidBridgeMessage('href must be a URL.')
  if (new URL(href).origin !== observedOrigin)
    invalidBridgeMessage('The host href is not on its origin.')
  const sdkVersion = info?.sdkVersion ?? 'unknown'
  if (sdkVersion !== 'unknown' && (typeof sdkVersion !== 'string' || !semver.test(sdkVersion)))
    invalidBridgeMessage('sdkVersion must be a version such as 1.2.3.')
  const telegram = info?.telegram
  if (telegram !== undefined && !(typeof telegram === 'string' && /^\w{1,20}$/.test(telegram)))
    invalidBridgeMessage('telegram must be a Telegram platform such as ios.')
  return {
    origin: observedOrigin,
    href,
    sdkVersion: sdkVersion as string,
    telegram,
  }
}

/**
 * Records the origin of the parent's penpal handshake (SYN) as penpal itself does: same
 * source, same allowed-origin test, the latest SYN wins. Registered before penpal's listener,
 * so it has seen every SYN penpal accepts.
 */
export function observeHostOrigin(allowedOrigins: readonly string[]): () => string | undefined {
  let observed: string | undefined
  addEventListener('message', ({ source, origin, data }) => {
    const message = data as { namespace?: unknown; type?: unknown } | null
    if (source !== window.parent || message?.namespace !== 'penpal' || message.type !== 'SYN')
      return
    if (allowedOrigins.includes('*') || allowedOrigins.includes(origin)) observed = origin
  })
  return () => observed
}

/**
 * The project's configuration as the API serves it now: null when the project is gone,
 * undefined when there is no telling (offline, or an answer this build can't read).
 */
async function currentProject(
  apiFetch: ApiFetch,
  projectId: string,
): Promise<ProjectConfig | null | undefined> {
  const served = await apiFetch<unknown>(
    'GET',
    `/v1/projects/${encodeURIComponent(projectId)}/config`,
    { quiet: true },
  ).catch((error: { status?: number }) => (error?.status === 404 ? null : undefined))
  if (served === null || served === undefined) return served
  const parsed = parseProjectConfig(served)
  return parsed.success ? parsed.data : undefined
}

export function startBridge(modal: Modal) {
  const { store } = modal
  const { config } = store.getState()
  if (window.parent === window) return undefined
  // A project we don't know can only show its alert; there is nothing to protect, so any host
  // may talk to it. A known project talks to its allowed origins and nobody else.
  const allowedOrigins = config.project ? config.project.allowedOrigins : ['*']
  if (allowedOrigins.length === 0) return undefined
  const hostOrigin = observeHostOrigin(allowedOrigins)
  let handshaken = false
  // Set when an open finds the host's origin revoked: from then on this frame serves nobody.
  let revoked = false
  let host: RemoteProxy<HostMethods> | undefined

  const refuseWithoutProject = () => {
    if (config.error === 'projectIdNotConfigured') throw new ProjectIdNotConfiguredError()
    if (config.error === 'invalidProjectId')
      throw new InvalidProjectIdError({ details: `Project "${config.projectId}" does not exist.` })
  }
  const revokedError = () =>
    new InvalidAppConfigurationError({
      details: `The origin ${hostOrigin()} is no longer allowed for project "${config.projectId}".`,
    })
  const ready =
    <args extends unknown[], result>(handler: (...a: args) => result) =>
    (...a: args): result => {
      if (!handshaken) invalidBridgeMessage('The handshake must come first.')
      if (revoked) throw revokedError()
      return handler(...a)
    }
  /** For methods that reach wallets or storage: a known project on an allowed origin only. */
  const proven = <args extends unknown[], result>(handler: (...a: args) => Promise<result>) =>
    ready(async (...a: args): Promise<result> => {
      refuseWithoutProject()
      await untilOriginChecked()
      return handler(...a)
    })

  /**
   * An open reads the project's configuration again, so what the operator changed reaches this
   * loaded frame: a revoked origin, and the networks, features, theme and wallets. The read runs
   * beside the open, off the path to a visible modal (one API round trip would be most of it);
   * whatever reaches a wallet or storage waits for it, so nothing slips through. Revoked: the
   * frame closes itself and refuses every call after.
   */
  let originCheck: Promise<void> = Promise.resolve()
  function recheckProject() {
    const origin = hostOrigin()
    const { projectId } = config
    if (!projectId || !config.project || !origin) return
    // Set at once, so whatever reaches a wallet or storage waits for it; started after the
    // frame that shows the modal, so it never delays that frame.
    originCheck = afterNextFrame()
      .then(() => currentProject(modal.api.apiFetch, projectId))
      .then(async (project) => {
        if (project === undefined || revoked) return
        if (project?.allowedOrigins.includes(origin)) return applyProjectConfig(store, project)
        revoked = true
        await modal.closeModal({ fromFrame: true })
      })
      .catch(() => {})
  }
  async function open(params: OpenParams, shown: boolean) {
    recheckProject()
    await modal.openModal(params, { shown })
  }

  async function untilOriginChecked() {
    await originCheck
    if (revoked) throw revokedError()
  }

  const handlers: Handlers<FrameMethods> = {
    handshake: async (params: HandshakeParams) => {
      if (revoked) throw revokedError()
      if (params.protocolVersion !== protocolVersion)
        throw new ProtocolVersionError({
          details: `Modal speaks ${protocolVersion}, host speaks ${params.protocolVersion}.`,
        })
      applyOptions(store, params.options, params.isMobile)
      handshaken = true
      // The stack rests where a plain open() would show, as the site's options decide; already
      // there (most often), nothing is rendered again.
      const resting = modal.restingView()
      if (modal.navigation.view() !== resting || modal.navigation.depth() !== 1)
        await modal.navigation.reset(resting)
      // The visitor clicked before this frame was ready: open now, before the host info below
      // and the work it starts, and a round trip sooner than a separate open.
      if (params.open) await open({}, false)
      reportHeight()
      tellPage()
      // A host that describes itself wrongly gets no wallets and no storage; the operators hear.
      loadHostInfo().catch((error) => modal.analytics.reportError('UNCAUGHT_ERROR', error))
      return { protocolVersion, state: airlockState(store.getState()), opened: params.open }
    },
    open: ready(open),
    close: ready(async () => modal.closeModal({ fromFrame: false })),
    getState: ready(async () => airlockState(store.getState())),
    request: proven(async (request: RequestArguments) => {
      const forwarded = modal.connection.forward(request)
      if (forwarded) {
        // A sent transaction changes balances and activity: the Account view shows it.
        if (accountChangingMethods.includes(request.method))
          forwarded.then(() => refreshAccountData(store)).catch(() => {})
        return forwarded
      }
      const state = store.getState()
      if (request.method === 'eth_accounts')
        return state.status === 'connected' && state.address ? [state.address] : []
      if (request.method === 'eth_chainId' && state.activeNetwork?.startsWith('eip155:'))
        return evmChainId(state.activeNetwork)
      throw new DisconnectedError({ message: 'No wallet is connected.' })
    }),
    disconnect: proven(async () => modal.disconnect()),
    switchNetwork: proven(async (caipNetworkId) => modal.switchNetwork(caipNetworkId)),
    setOptions: ready(async (options) => applyOptions(store, options, store.getState().isMobile)),
    hostWalletEvent: proven(async (event: HostWalletEvent) => {
      const fromActiveWallet = event.walletId === store.getState().connectorId
      modal.connection.onWalletEvent(event)
      // The site sends a connected wallet's transactions straight to it, not through the frame;
      // the wallet's events are how the frame learns its account data may have moved.
      if (!fromActiveWallet || event.event === 'disconnect') return
      refreshAccountData(store)
      if (event.event === 'transactionSent') refreshAfterMined(store, event.data)
    }),
    siwxSignOut: proven(async () => modal.siwx.signOut()),
    hostWalletsChanged: proven(async (wallets: HostWalletInfo[]) => {
      store.setState({ hostWallets: wallets })
      // A wallet that announced late may be the one the visitor was connected with.
      if (store.getState().status === 'disconnected') await modal.connection.reconnect()
    }),
  }

  const methods = exposeMethods<FrameMethods>(handlers, frameMethodValidators(frameWalletIds))

  const messenger = new WindowMessenger({ remoteWindow: window.parent, allowedOrigins })
  const connection = connect<HostMethods>({ messenger, methods })
  modal.setHostCall(async (name, ...args) => {
    await untilOriginChecked()
    const remote = await connection.promise
    // biome-ignore lint/suspicious/noExplicitAny: the arguments are typed per method by HostCall.
    return unwrap((remote[name] as any)(...args))
  })

  /** Embedded mode: the host sizes the iframe to the modal's content. */
  function reportHeight() {
    if (!handshaken || !store.getState().options?.embedded) return
    const height = document.body.offsetHeight
    connection.promise.then((remote) => remote.setFrame({ visible: true, height }))
  }

  /**
   * After the handshake: who the host is and which wallets it has. Only a known project on an
   * allowed origin opens what the frame remembers for it and reconnects from it.
   */
  async function loadHostInfo() {
    host ??= await connection.promise
    const origin = hostOrigin()
    if (!origin) return
    store.setState({ host: parseHostInfo(await unwrap(host.hostInfo()), origin) })
    if (!config.project || !config.projectId) return
    store.setState({ hostWallets: parseHostWallets(await unwrap(host.listHostWallets())) })
    const remote = host
    // Its code comes now, after the handshake: nothing the first frame shows needs it.
    const { fetchFrameSecret, openFrameStorage } = await import('./stores/frameStorage')
    modal.setStorage(
      openFrameStorage(
        { projectId: config.projectId, hostOrigin: origin },
        {
          get: (key) => unwrap(remote.readStorage(key)),
          set: (key, value) => unwrap(remote.writeStorage(key, value)),
        },
        () => fetchFrameSecret(modal.api.apiFetch),
      ),
    )
    await modal.connection.reconnect()
  }

  // What the host needs of the page: the namespaces (Solana wallets) and whether the view a
  // plain open() shows is rendered. Told once rendered: after React's commit, not before it.
  let lastPage = ''
  let pageTimer: ReturnType<typeof setTimeout> | undefined
  function tellPage() {
    if (!handshaken) return
    clearTimeout(pageTimer)
    const send = () => {
      const state = store.getState()
      const page: FramePage = {
        namespaces: [...new Set(state.networks.flatMap((n) => namespaceOf(n.caipNetworkId) ?? []))],
        prerendered: modal.prerendered(),
      }
      const serialized = JSON.stringify(page)
      if (serialized === lastPage) return
      lastPage = serialized
      connection.promise.then((remote) => remote.emit({ type: 'page', ...page }))
    }
    if (!modal.prerendered()) return send()
    modal.visibility.firstRender.then(() => {
      clearTimeout(pageTimer)
      pageTimer = setTimeout(send)
    })
  }
  store.subscribe(tellPage)
  modal.navigation.onViewChange(tellPage)

  // The host mirrors our state; tell it whenever what it sees changes.
  let lastSent = ''
  store.subscribe((state) => {
    if (!handshaken) return
    const next = airlockState(state)
    // `open` is the host's to say; a change of it alone is not news to the host.
    const serialized = JSON.stringify({ ...next, open: false })
    if (serialized === lastSent) return
    lastSent = serialized
    connection.promise.then((remote) => remote.emit({ type: 'state', state: next }))
  })
  modal.onFrameVisibility((visible) => {
    connection.promise.then((remote) => remote.setFrame({ visible }))
  })
  new ResizeObserver(reportHeight).observe(document.body)
  return connection
}
