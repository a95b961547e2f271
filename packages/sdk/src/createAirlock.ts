/**
 * `createAirlock`: the host side of Airlock. It mounts the modal's iframe (served from the
 * modal's own origin), connects to it over penpal with the modal origin as the only allowed
 * origin, relays the page's browser wallets to it, mirrors the modal's state for the site, and
 * gives the site an EIP-1193 provider.
 *
 * The site's options are validated by the frame at the handshake (it trusts nothing it is
 * sent); doing it only there keeps this bundle small. A bad option rejects `open()` with an
 * InvalidParamsError naming the field, and is logged once.
 */
import {
  type AirlockState,
  type CaipNetworkId,
  exposeMethods,
  type FrameEvent,
  type FrameMethods,
  type FrameOptions,
  type Handlers,
  type HostMethods,
  InvalidAppConfigurationError,
  InvalidParamsError,
  initialState,
  type Locale,
  type OpenParams,
  ProtocolVersionError,
  type ProviderRpcError,
  protocolVersion,
  type RequestArguments,
  RequestTimeoutError,
  type SiwxHandler,
  type SiwxSiteSession,
  unwrap,
  type Validators,
  type WalletAnnouncement,
} from '@airlock/protocol'
import { connect, type RemoteProxy, WindowMessenger } from 'penpal'
import { announceProvider } from './announce'
import { type AirlockBitcoin, createBitcoin } from './bitcoin'
import { createLoadingIndicator, mountFrame } from './frame'
import { hostMethodArgs } from './hostMethodArgs'
import { discoverHostWallets } from './hostWallets'
import { type AirlockProvider, createProvider } from './provider'
import { type AirlockSolana, createSolana } from './solana'
import { sdkVersion } from './version'

declare global {
  interface Window {
    /** The page's Airlock: the loader's, or pageAirlock's. */
    airlock?: Airlock
  }
}

type RemoteFrame = RemoteProxy<FrameMethods>
/** The page inside a Telegram mini app: telegram-web-app.js sets `Telegram.WebApp`. */
type TelegramWindow = Window & { Telegram?: { WebApp?: { platform?: unknown } } }

export type AirlockOptions = Partial<Omit<FrameOptions, 'embedded'>> & {
  /** The project's id, from `npm run airlock -- projects create`. */
  projectId: string
  /** Where the API serves the modal. Default: http://localhost:8787. */
  modalUrl?: string
  /** Embedded mode: render the modal inline in this element instead of as an overlay. */
  container?: HTMLElement
  /**
   * The modal's language, a BCP 47 tag (`'ja'`, `'pt-BR'`, `'fr-CA'` → French). Default: the
   * visitor's browser languages. One Airlock doesn't speak falls back to English, no error.
   */
  locale?: Locale | (string & {})
  /**
   * When to create the iframe. `eager` (default): as the loader runs, so the modal loads beside
   * the page (in its own process) and a first click finds it ready; `idle`: once the page is
   * idle; `none`: at the first open().
   */
  preload?: 'idle' | 'eager' | 'none'
  /**
   * Sign visitors in yourself (SIWX) instead of through the Airlock API: the modal asks these
   * for the message to sign, has your backend verify the signature and keep the session, and
   * asks for a kept one. The project's SIWX mode still says whether visitors sign in.
   */
  siwxHandler?: SiwxHandler
}

export type AirlockListener = (state: AirlockState, previous: AirlockState) => void

export type Airlock = {
  /** The project this Airlock is for. */
  readonly projectId: string
  open(params?: OpenParams): Promise<void>
  close(): Promise<void>
  getState(): AirlockState
  subscribe(listener: AirlockListener): () => void
  provider: AirlockProvider
  /** Solana: connect, sign and send through whichever wallet the visitor connected. */
  solana: AirlockSolana
  /** Bitcoin, through the visitor's connected Bitcoin wallet (bitcoin.ts). */
  bitcoin: AirlockBitcoin
  /**
   * Sign in with a wallet (SIWX), when the project asks for it: the visitor's session with the
   * connected account, for the site's backend to verify (`GET /v1/siwx/session` with its token,
   * or offline from its message and signature); `signOut()` ends it, the wallet stays connected.
   * A change of session is a change of state: `subscribe` hears it.
   */
  siwx: {
    getSession(): SiwxSiteSession | null
    signOut(): Promise<void>
  }
  disconnect(): Promise<void>
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<void>
}

/** How long a frame whose document has loaded has to connect (penpal's SYN/ACK). */
const frameAnswerMs = 15_000

function invalidOption(details: string): never {
  throw new InvalidParamsError({ message: 'Invalid Airlock options.', details })
}

/**
 * The bridge method of a site's own sign-in (siteSiwx.ts), which only `createAirlock` of the
 * package adds: the loader's page can't pass functions, so its bundle goes without.
 */
export type HostSiwxMethod = {
  handlers: Pick<Handlers<HostMethods>, 'siwx'>
  validators: Pick<Validators<HostMethods>, 'siwx'>
}

/**
 * Creates the Airlock modal for this page (`createAirlock`, index.ts; the loader calls it
 * directly). `siwx`: the site's own sign-in, when it has one.
 */
export function createAirlockHost(
  options: Omit<AirlockOptions, 'siwxHandler'>,
  siwx?: HostSiwxMethod,
): Airlock {
  const {
    projectId,
    modalUrl = 'http://localhost:8787',
    container,
    preload = 'eager',
    locale,
    ...rest
  } = options ?? ({} as AirlockOptions)
  let modalOrigin = ''
  try {
    modalOrigin = new URL(modalUrl).origin
  } catch {}
  if (!/^https?:/.test(modalOrigin))
    invalidOption(`modalUrl must be an absolute http(s) URL, got ${JSON.stringify(modalUrl)}.`)
  if (typeof projectId !== 'string') invalidOption('projectId must be a string.')
  if (container !== undefined && !(container instanceof HTMLElement))
    invalidOption('container must be an HTMLElement.')
  if (!['idle', 'eager', 'none'].includes(preload))
    invalidOption('preload must be "idle", "eager" or "none".')
  if (locale !== undefined && typeof locale !== 'string') invalidOption('locale must be a string.')
  const frameOptions = { ...rest, embedded: !!container } as FrameOptions

  // Declared before wallet discovery: extensions announce synchronously, inside our request.
  let connection: Promise<RemoteFrame> | undefined
  let frame: ReturnType<typeof mountFrame> | undefined
  let connected = false
  const showLoading = createLoadingIndicator()
  // Tells a frame still connecting that the site now wants it (see connectFrame).
  let ask: (() => void) | undefined
  const logged = new Set<string>()
  let state: AirlockState = { ...initialState, open: !!container }
  const listeners = new Set<AirlockListener>()
  const setState = (next: AirlockState) => {
    const previous = state
    if (JSON.stringify(next) === JSON.stringify(previous)) return
    state = next
    provider.update(next, previous)
    for (const listener of listeners) listener(next, previous)
  }

  // Before the handshake there is nobody to tell: the frame lists the wallets once connected.
  const tell = (send: (remote: RemoteFrame) => unknown) =>
    connected && connection?.then(send).catch(() => {})
  // What Airlock is announced by over EIP-6963 (announce.ts; the frame says, uuid included),
  // which its own discovery skips: the modal never lists Airlock inside Airlock.
  let announced: WalletAnnouncement | undefined
  const hostWallets = discoverHostWallets(
    () => tell((remote) => remote.hostWalletsChanged(hostWallets.describe())),
    (walletId, event, data) => tell((remote) => remote.hostWalletEvent({ walletId, event, data })),
    (uuid) => uuid === announced?.uuid,
  )

  // The frame has the view a plain open() shows rendered while hidden: show it on the click.
  let prerendered = false
  // A plain open() before the handshake is carried by it (`open`): 1 (waiting) until it is sent;
  // 2 once the frame has opened, so the open() that asked need not ask again; else 0.
  let handshakeOpen = 0

  const hostMethods = exposeMethods<HostMethods>(
    // Without the site's sign-in there is no `siwx` method (see HostMethods).
    {
      hostInfo: async () => ({
        href: location.href,
        sdkVersion,
        // A Telegram mini app's platform, for the social list (spec §5).
        telegram: (window as TelegramWindow).Telegram?.WebApp?.platform,
      }),
      listHostWallets: async () => hostWallets.describe(),
      hostWalletRequest: async (walletId, request) => hostWallets.request(walletId, request),
      setFrame: async ({ visible, height }) => {
        if (!visible) hide()
        else if (!state.open) {
          frame?.show(document.activeElement)
          setState({ ...state, open: true })
        }
        if (height !== undefined) frame?.setHeight(height)
      },
      emit: async (event: FrameEvent) => {
        if (event.type === 'state') return setState({ ...event.state, open: state.open })
        prerendered = event.prerendered
        hostWallets.load(event.namespaces, modalOrigin)
        if (event.announce && !announced) {
          announced = event.announce
          announceProvider(announced, provider)
        }
      },
      readStorage: async (key) => localStorage.getItem(key),
      writeStorage: async (key, value) => localStorage.setItem(key, value),
      ...siwx?.handlers,
    } as Handlers<HostMethods>,
    { ...hostMethodArgs, ...siwx?.validators } as Validators<HostMethods>,
  )

  /**
   * Mounts the frame and connects to it. A failure (refused origin, unknown project, API down,
   * frame too slow) removes the frame, so the next call starts again: nothing sticks.
   */
  function connectFrame(asked = true): Promise<RemoteFrame> {
    if (asked) ask?.()
    if (connection) return connection
    // The locale is the frame's from its first script: it reads it from its URL (frameLocale.ts).
    const src = `${modalOrigin}/modal?projectId=${encodeURIComponent(projectId)}${locale ? `&locale=${encodeURIComponent(locale)}` : ''}`
    const mounted = mountFrame(src, container)
    const { iframe } = mounted
    frame = mounted
    const messenger = new WindowMessenger({
      remoteWindow: iframe.contentWindow as Window,
      allowedOrigins: [modalOrigin],
    })
    // No timeout of penpal's: counted from the mount it would give up on a frame still arriving
    // (a slow network, a busy device) and the page would never hear of a visitor still connected.
    const penpal = connect<FrameMethods>({ messenger, methods: hostMethods })
    // The modal's document speaks first (penpal's SYN). One the browser refused to frame (CSP
    // frame-ancestors) or could not load (API down) loads silent: then, once the site asks for
    // the modal (never before: a preload costs no request of ours), the API says why, and only
    // its word refuses — a slow frame is waited for, never guessed refused.
    let heard = false
    let silent = false
    let wanted = asked || !!container
    const listen = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow || event.origin !== modalOrigin) return
      heard = true
      // A plain open() clicked before the frame was ready shows the frame as soon as the frame
      // speaks: its script runs and draws the dialog next, over the spinner, a handshake before
      // it answers the open.
      if (handshakeOpen === 1) mounted.show(document.activeElement)
    }
    addEventListener('message', listen)
    connection = new Promise<RemoteFrame>((resolve, reject) => {
      const check = () => {
        if (silent && wanted && !heard && projectId)
          explainSilence().then((refusal) => refusal && reject(refusal))
      }
      ask = () => {
        if (wanted) return
        wanted = true
        check()
      }
      // Once the frame's document and its scripts have loaded, it has a while to answer; one
      // that loaded and stays silent is asked about (explainSilence), else it did not answer.
      let answerDeadline: ReturnType<typeof setTimeout> | undefined
      iframe.addEventListener('load', () => {
        silent = true
        check()
        answerDeadline ??= setTimeout(
          () => reject(new Error(`The frame did not connect ${frameAnswerMs} ms after it loaded.`)),
          frameAnswerMs,
        )
      })
      penpal.promise
        .then(async (remote) => {
          // It spoke: the handshake's own answer may wait on the visitor (an open it carries).
          clearTimeout(answerDeadline)
          const open = handshakeOpen === 1
          const result = await unwrap(
            remote.handshake({
              protocolVersion,
              options: frameOptions,
              isMobile: isMobile(),
              open,
            }),
          )
          if (result.protocolVersion !== protocolVersion)
            throw new ProtocolVersionError({
              details: `Host speaks ${protocolVersion}, modal speaks ${result.protocolVersion}.`,
            })
          setState({ ...result.state, open: state.open })
          // One asked for while this handshake was under way is asked for on its own.
          handshakeOpen = open && result.opened ? 2 : 0
          connected = true
          ask = undefined
          resolve(remote)
        })
        .catch(reject)
    })
      .catch(async (error) => {
        penpal.destroy()
        iframe.remove()
        const failure: ProviderRpcError =
          error instanceof Error && 'code' in error && error.name !== 'PenpalError'
            ? (error as ProviderRpcError)
            : ((await explainSilence()) ?? noAnswer(error))
        // Calls until now share this failure; the next one starts again.
        if (frame === mounted) frame = undefined
        connection = ask = undefined
        handshakeOpen = 0
        // Logged once per kind: a page that retries doesn't flood its console.
        if (!logged.has(failure.message)) console.error(failure)
        logged.add(failure.message)
        throw failure
      })
      .finally(() => removeEventListener('message', listen))
    return connection
  }

  /**
   * Why a frame said nothing, as the API tells: an origin the project does not allow, or no
   * answer at all (down). Undefined when the frame may yet answer.
   */
  async function explainSilence(): Promise<ProviderRpcError | undefined> {
    const origin = location.origin
    try {
      const response = await fetch(
        `${modalOrigin}/v1/projects/${encodeURIComponent(projectId)}/config`,
      )
      // An unknown project's frame loads anywhere (it shows its alert): wait for it.
      if (!response.ok) return undefined
      const config = (await response.json()) as { allowedOrigins?: string[] }
      if (!config.allowedOrigins?.includes(origin))
        return new InvalidAppConfigurationError({
          details: `The origin ${origin} is not allowed for project "${projectId}".`,
        })
      return undefined
    } catch (error) {
      return noAnswer(error)
    }
  }
  const noAnswer = (cause: unknown) =>
    new RequestTimeoutError({ details: `The modal at ${modalOrigin} did not answer.`, cause })

  function hide() {
    frame?.hide()
    if (state.open && !container) setState({ ...state, open: false })
  }

  async function call<name extends keyof FrameMethods>(
    name: name,
    ...params: Parameters<FrameMethods[name]>
  ): Promise<
    Awaited<ReturnType<FrameMethods[name]>> extends { ok: true; value: infer v } ? v : never
  > {
    const remote = await connectFrame()
    // biome-ignore lint/suspicious/noExplicitAny: penpal's proxy is typed per method above.
    return unwrap((remote[name] as any)(...params)) as never
  }

  async function open(params?: OpenParams) {
    // Taken before the frame can move focus, so it goes back where the visitor was.
    const opener = document.activeElement
    const plain = !params?.view && !params?.namespace
    // The frame has what this open shows rendered: visible in this very task, told after.
    const shown = prerendered && connected && plain
    // Not connected yet (the iframe's first load takes a few hundred ms): a loading state at once.
    const booting = !connected && !container
    if (shown) {
      prerendered = false
      frame?.show(opener)
    }
    if ((shown || booting) && !state.open) setState({ ...state, open: true })
    if (booting) {
      showLoading(true)
      if (plain) handshakeOpen = 1
      // Let the loading state paint before the iframe's creation takes the main thread.
      if (!frame) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
    }
    try {
      // The frame validates the parameters; keeping that out of here keeps the host bundle small.
      await connectFrame()
      // The handshake carried this open, and the frame opened: nothing more to ask.
      if (handshakeOpen === 2) handshakeOpen = 0
      else await call('open', params ?? {}, shown)
    } catch (error) {
      if (booting || shown) hide()
      throw error
    } finally {
      showLoading(false)
    }
    frame?.show(opener)
    if (!state.open) setState({ ...state, open: true })
  }

  const subscribe = (listener: AirlockListener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  const context = {
    // While a host wallet is the active connection, requests go straight to it: no bridge hop.
    direct: () =>
      state.status === 'connected' && state.namespace === 'eip155'
        ? hostWallets.get(state.connectorId ?? '')?.provider
        : undefined,
    send: (request: RequestArguments) => call('request', request),
    sent: (hash: unknown) =>
      connection?.then((remote) =>
        remote.hostWalletEvent({
          walletId: state.connectorId ?? '',
          event: 'transactionSent',
          data: hash,
        }),
      ),
    getState: () => state,
    subscribe,
    open,
  }
  const provider = createProvider(context)

  // A preload's failure is logged (connectFrame); the next call tries again.
  const start = () => connectFrame(false).catch(() => {})
  if (preload === 'eager' || container) start()
  else if (preload === 'idle') {
    const idle = (globalThis as { requestIdleCallback?: (callback: () => void) => void })
      .requestIdleCallback
    idle ? idle(start) : setTimeout(start, 1)
  }

  return {
    projectId,
    open,
    async close() {
      hide()
      await call('close')
    },
    getState: () => ({ ...state }),
    subscribe,
    provider,
    solana: createSolana(context),
    bitcoin: createBitcoin(context),
    siwx: {
      getSession: () => state.siwxSession ?? null,
      signOut: () => call('siwxSignOut'),
    },
    disconnect: () => call('disconnect'),
    switchNetwork: (caipNetworkId) => call('switchNetwork', caipNetworkId),
  }
}

function isMobile(): boolean {
  return matchMedia('(pointer: coarse)').matches && innerWidth < 768
}
