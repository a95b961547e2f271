/**
 * The frame's end of the bridge. penpal talks only to the parent window and only when its
 * origin is one of the project's allowed origins; every method validates its arguments before
 * it runs, and nothing works before a handshake with the same protocol version.
 */
import {
  args,
  caipNetworkIdArg,
  DisconnectedError,
  exposeMethods,
  type FrameMethods,
  type Handlers,
  type HandshakeParams,
  type HostMethods,
  type HostWalletEvent,
  type HostWalletInfo,
  InvalidParamsError,
  InvalidProjectIdError,
  ProjectIdNotConfiguredError,
  ProtocolVersionError,
  parseFrameOptions,
  parseOpenParams,
  protocolVersion,
  type RequestArguments,
  unwrap,
} from '@airlock/protocol'
import { connect, type RemoteProxy, WindowMessenger } from 'penpal'
import type { Modal } from './modal'
import { refreshAccountData, refreshAfterMined } from './state/accountData'
import { airlockState, applyOptions } from './state/controllers'
import { walletConnectId } from './walletconnect/walletConnect'

/** A host wallet id; `walletConnect` is the frame's own session and no host may speak for it. */
function hostWalletId(value: unknown): string {
  const id = args.string(value, 'walletId')
  if (id === walletConnectId) invalid(`"${walletConnectId}" is not a host wallet.`)
  return id
}

function invalid(details: string): never {
  throw new InvalidParamsError({ message: 'Invalid bridge message.', details })
}

function parseHandshake(value: unknown): HandshakeParams {
  const params = value as Partial<HandshakeParams> | undefined
  if (typeof params?.protocolVersion !== 'number') invalid('protocolVersion must be a number.')
  if (typeof params.isMobile !== 'boolean') invalid('isMobile must be a boolean.')
  return {
    protocolVersion: params.protocolVersion,
    options: parseFrameOptions(params.options),
    isMobile: params.isMobile,
  }
}

export function parseHostWalletEvent(value: unknown): HostWalletEvent {
  const event = value as Partial<HostWalletEvent> | undefined
  const events = [
    'accountsChanged',
    'chainChanged',
    'disconnect',
    'transactionSent',
    'solanaAccountsChanged',
  ]
  if (!event || !events.includes(event.event as string)) invalid('Unknown wallet event.')
  return {
    walletId: hostWalletId(event.walletId),
    event: event.event!,
    data: event.data,
  }
}

/** Requests whose success changes the account's balances and activity. */
const accountChangingMethods = ['eth_sendTransaction', 'wallet_sendCalls']

const safeIcon = (icon: unknown) =>
  typeof icon === 'string' && icon.length < 100_000 && /^(data:image\/|https:\/\/)/.test(icon)
    ? icon
    : ''

/** The page's wallets as the host describes them; icons only as data: images or https URLs. */
export function parseHostWallets(value: unknown): HostWalletInfo[] {
  if (!Array.isArray(value) || value.length > 50) invalid('Host wallets must be a list.')
  return value.map((item) => {
    const wallet = item as Partial<HostWalletInfo> | null
    if (wallet?.type !== 'ANNOUNCED' && wallet?.type !== 'INJECTED') invalid('Unknown wallet type.')
    const rdns = typeof wallet.rdns === 'string' && wallet.rdns ? wallet.rdns.slice(0, 200) : ''
    // The host leaves `namespaces` out for EIP-1193 wallets.
    const namespaces = wallet.namespaces ?? ['eip155']
    if (
      !Array.isArray(namespaces) ||
      namespaces.length === 0 ||
      !namespaces.every((namespace) => namespace === 'eip155' || namespace === 'solana')
    )
      invalid('A wallet speaks eip155, solana or both.')
    return {
      id: hostWalletId(wallet.id),
      name: args.string(wallet.name, 'wallet.name').slice(0, 100),
      icon: safeIcon(wallet.icon),
      ...(rdns ? { rdns } : {}),
      type: wallet.type,
      namespaces: [...new Set(namespaces)],
    }
  })
}

const semver = /^\d{1,5}\.\d{1,5}\.\d{1,5}(?:-[0-9A-Za-z.-]{1,20})?$/

/**
 * What the host says of itself, checked: its origin must be one the bridge talks to (penpal
 * already pinned it) and its href on that origin, so analytics can't be told another page.
 * An SDK from before `sdkVersion` existed reports 'unknown'.
 */
export function parseHostInfo(
  value: unknown,
  allowedOrigins: readonly string[],
): { origin: string; href: string; sdkVersion: string } {
  const info = value as { origin?: unknown; href?: unknown; sdkVersion?: unknown } | undefined
  const origin = args.string(info?.origin, 'origin')
  if (!allowedOrigins.includes('*') && !allowedOrigins.includes(origin))
    invalid('The host origin is not an allowed origin.')
  const href = info?.href
  if (typeof href !== 'string' || href.length > 8192 || !URL.canParse(href))
    invalid('href must be a URL.')
  if (new URL(href).origin !== origin) invalid('The host href is not on its origin.')
  const sdkVersion = info?.sdkVersion ?? 'unknown'
  if (sdkVersion !== 'unknown' && (typeof sdkVersion !== 'string' || !semver.test(sdkVersion)))
    invalid('sdkVersion must be a version such as 1.2.3.')
  return { origin, href, sdkVersion: sdkVersion as string }
}

export function startBridge(modal: Modal) {
  const { store } = modal
  const { config } = store.getState()
  if (window.parent === window) return undefined
  // A project we don't know can only show its alert; there is nothing to protect, so any host
  // may talk to it. A known project talks to its allowed origins and nobody else.
  const allowedOrigins = config.project ? config.project.allowedOrigins : ['*']
  if (allowedOrigins.length === 0) return undefined
  let handshaken = false
  let host: RemoteProxy<HostMethods> | undefined

  const refuseWithoutProject = () => {
    if (config.error === 'projectIdNotConfigured') throw new ProjectIdNotConfiguredError()
    if (config.error === 'invalidProjectId')
      throw new InvalidProjectIdError({ details: `Project "${config.projectId}" does not exist.` })
  }
  const ready =
    <args extends unknown[], result>(handler: (...a: args) => result) =>
    (...a: args): result => {
      if (!handshaken) invalid('The handshake must come first.')
      return handler(...a)
    }

  const handlers: Handlers<FrameMethods> = {
    handshake: async (params: HandshakeParams) => {
      if (params.protocolVersion !== protocolVersion)
        throw new ProtocolVersionError({
          details: `Modal speaks ${protocolVersion}, host speaks ${params.protocolVersion}.`,
        })
      applyOptions(store, params.options, params.isMobile)
      handshaken = true
      await modal.navigation.reset(modal.restingView())
      reportHeight()
      loadHostInfo()
      return { protocolVersion, state: airlockState(store.getState()) }
    },
    open: ready(async (params) => modal.openModal(params)),
    close: ready(async () => modal.closeModal({ fromFrame: false })),
    getState: ready(async () => airlockState(store.getState())),
    request: ready(async (request: RequestArguments) => {
      refuseWithoutProject()
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
      if (request.method === 'eth_chainId') {
        const [namespace, reference] = state.activeNetwork?.split(':') ?? []
        if (namespace === 'eip155' && reference) return `0x${Number(reference).toString(16)}`
      }
      throw new DisconnectedError({ message: 'No wallet is connected.' })
    }),
    disconnect: ready(async () => modal.disconnect()),
    switchNetwork: ready(async (caipNetworkId) => {
      refuseWithoutProject()
      await modal.switchNetwork(caipNetworkId)
    }),
    setOptions: ready(async (options) => applyOptions(store, options, store.getState().isMobile)),
    hostWalletEvent: ready(async (event: HostWalletEvent) => {
      const fromActiveWallet = event.walletId === store.getState().connectorId
      modal.connection.onWalletEvent(event)
      // The site sends a connected wallet's transactions straight to it, not through the frame;
      // the wallet's events are how the frame learns its account data may have moved.
      if (!fromActiveWallet || event.event === 'disconnect') return
      refreshAccountData(store)
      if (event.event === 'transactionSent') refreshAfterMined(store, event.data)
    }),
    hostWalletsChanged: ready(async (wallets: HostWalletInfo[]) => {
      store.setState({ hostWallets: wallets })
      // A wallet that announced late may be the one the visitor was connected with.
      if (store.getState().status === 'disconnected') await modal.connection.reconnect()
    }),
  }

  const methods = exposeMethods<FrameMethods>(handlers, {
    handshake: (list) => [parseHandshake(list[0])],
    open: (list) => [parseOpenParams(list[0])],
    close: args.none,
    getState: args.none,
    request: (list) => [args.request(list[0])],
    disconnect: args.none,
    switchNetwork: (list) => [caipNetworkIdArg(list[0])],
    setOptions: (list) => [parseFrameOptions(list[0])],
    hostWalletEvent: (list) => [parseHostWalletEvent(list[0])],
    hostWalletsChanged: (list) => [parseHostWallets(list[0])],
  })

  const messenger = new WindowMessenger({ remoteWindow: window.parent, allowedOrigins })
  const connection = connect<HostMethods>({ messenger, methods })
  modal.setFallbackStorage({
    get: async (key) => unwrap((await connection.promise).readStorage(key)),
    set: async (key, value) => unwrap((await connection.promise).writeStorage(key, value)),
  })
  modal.setWalletRequest(async (walletId, request) => {
    const remote = await connection.promise
    return unwrap(remote.hostWalletRequest(walletId, request))
  })

  /** Embedded mode: the host sizes the iframe to the modal's content. */
  function reportHeight() {
    if (!handshaken || !store.getState().options?.embedded) return
    const height = document.body.offsetHeight
    connection.promise.then((remote) => remote.setFrame({ visible: true, height }))
  }

  async function loadHostInfo() {
    host ??= await connection.promise
    store.setState({ host: parseHostInfo(await unwrap(host.hostInfo()), allowedOrigins) })
    store.setState({ hostWallets: parseHostWallets(await unwrap(host.listHostWallets())) })
    if (config.project) await modal.connection.reconnect()
  }

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
  modal.onFrameClose(() => {
    connection.promise.then((remote) => remote.setFrame({ visible: false }))
  })
  new ResizeObserver(reportHeight).observe(document.body)
  return connection
}
