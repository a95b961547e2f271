/**
 * The bridge between the host page (SDK) and the modal frame: the method tables of both
 * directions, the versioned handshake, the reply envelope that carries typed errors, and the
 * validators every incoming payload goes through before anything runs.
 */

import { type CaipNetworkId, type ChainNamespace, isCaipNetworkId } from './caip'
import {
  deserializeError,
  InvalidParamsError,
  type SerializedError,
  serializeError,
} from './errors'
import type { FrameOptions, OpenParams } from './options'
import { projectIdPattern } from './projectId'
import type { SiwxHandlerCall } from './siwx'
import type { AirlockState } from './views'
import type { WalletAnnouncement } from './walletAnnouncement'

/** Bumped on any incompatible change to the method tables below. */
export const protocolVersion = 1

/**
 * A wallet found on the host page: an EIP-6963 announcement, a legacy window.ethereum, or a
 * Wallet Standard (Solana) wallet; one that speaks both has both namespaces.
 */
export type HostWalletInfo = {
  /** Stable within a page load: the EIP-6963 uuid, or 'injected' for window.ethereum. */
  id: string
  name: string
  /** A data: URI or https URL, as the wallet announced it. */
  icon: string
  rdns?: string
  type: 'ANNOUNCED' | 'INJECTED'
  /**
   * What the wallet can connect on: EIP-1193 (eip155), Wallet Standard (solana, bip122),
   * `window.unisat` (bip122), `window.injectedWeb3` (polkadot), `window.keplr`/`leap` (cosmos),
   * or several.
   * Absent: eip155 only (the host leaves it out for EIP-1193 wallets to save bytes).
   */
  namespaces?: HostWalletNamespace[]
}
export type HostWalletNamespace = 'eip155' | 'solana' | 'bip122' | 'polkadot' | 'cosmos'

/** An EIP-1193 request. */
export type RequestArguments = { method: string; params?: readonly unknown[] | object }

/**
 * The events a host wallet emits that the host forwards to the frame.
 * `transactionSent`: the site sent a transaction straight to the wallet (account data moved).
 * `solanaAccountsChanged`: a Wallet Standard `change` with accounts (their addresses).
 * `bitcoinAccountsChanged`: a Bitcoin wallet's accounts changed (their addresses).
 * `polkadotAccountsChanged`: the accounts a Polkadot extension shares changed (their addresses).
 * `cosmosAccountsChanged`: a Keplr-style wallet's key changed (its addresses on the chains the
 *   site enabled).
 */
export const hostWalletEvents = [
  'accountsChanged',
  'chainChanged',
  'disconnect',
  'transactionSent',
  'solanaAccountsChanged',
  'bitcoinAccountsChanged',
  'polkadotAccountsChanged',
  'cosmosAccountsChanged',
] as const

/** An event a host wallet emitted, forwarded to the frame. */
export type HostWalletEvent = {
  walletId: string
  event: (typeof hostWalletEvents)[number]
  data: unknown
}

/** The frame's view of the site, sent at handshake. */
export type HandshakeParams = {
  protocolVersion: number
  options: FrameOptions
  isMobile: boolean
  /**
   * The site has already asked for a plain `open()` (a click before the frame was ready): the
   * frame opens as part of the handshake, a round trip sooner than a separate `open`.
   */
  open: boolean
}
export type HandshakeResult = {
  protocolVersion: number
  state: AirlockState
  /** The frame opened, as the handshake's `open` asked. */
  opened: boolean
}

/**
 * What the page runs with, as the host needs it: the namespaces of its networks (the host looks
 * for Solana wallets only when one is Solana's), and whether the frame has the view a plain
 * `open()` shows rendered while hidden, so the host may show the frame on the click itself.
 */
export type FramePage = {
  namespaces: ChainNamespace[]
  prerendered: boolean
  /**
   * What the host announces Airlock by over EIP-6963, its uuid made once per page; absent: the
   * project turned it off.
   */
  announce?: WalletAnnouncement
}

/** Events the frame emits to the host. */
export type FrameEvent = { type: 'state'; state: AirlockState } | ({ type: 'page' } & FramePage)

/** Every bridge call resolves to this envelope, so errors keep their class and code. */
export type Envelope<value> = { ok: true; value: value } | { ok: false; error: SerializedError }

/** Methods the frame exposes; the host calls them. */
export type FrameMethods = {
  handshake(params: HandshakeParams): Promise<Envelope<HandshakeResult>>
  /**
   * `shown`: the host already shows the frame (it was told the view is prerendered), so the
   * frame's work of opening may wait a frame; otherwise the host waits for this answer to show it.
   */
  open(params: OpenParams, shown: boolean): Promise<Envelope<void>>
  close(): Promise<Envelope<void>>
  getState(): Promise<Envelope<AirlockState>>
  request(args: RequestArguments): Promise<Envelope<unknown>>
  disconnect(): Promise<Envelope<void>>
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<Envelope<void>>
  setOptions(options: FrameOptions): Promise<Envelope<void>>
  hostWalletEvent(event: HostWalletEvent): Promise<Envelope<void>>
  /** The page's wallets changed (a late EIP-6963 announcement). */
  hostWalletsChanged(wallets: HostWalletInfo[]): Promise<Envelope<void>>
  /** Ends the visitor's sign-in (SIWX) with the connected account; the wallet stays connected. */
  siwxSignOut(): Promise<Envelope<void>>
}

/**
 * Where the host page is, and which SDK it runs (analytics' `st`/`sv`). The host tells its href
 * and version; the origin is the one the bridge observed (the host is not asked). Inside a
 * Telegram mini app, the host also tells Telegram's platform (`Telegram.WebApp.platform`: 'ios',
 * 'android', 'macos', 'tdesktop', …) as `telegram`, for the social list (spec §5,
 * `telegramPlatformOf`).
 */
export type HostInfo = {
  origin: string
  href: string
  sdkVersion: string
  /** Telegram's platform, inside a Telegram mini app only. */
  telegram?: string | undefined
}

/** Methods the host exposes; the frame calls them. */
export type HostMethods = {
  hostInfo(): Promise<Envelope<Omit<HostInfo, 'origin'>>>
  listHostWallets(): Promise<Envelope<HostWalletInfo[]>>
  hostWalletRequest(walletId: string, args: RequestArguments): Promise<Envelope<unknown>>
  /**
   * The frame closed itself (`visible: false`), or opened itself (`visible: true`: a sign-in the
   * project requires, after a reconnect or a switch of account), or its content height changed
   * (embedded mode).
   */
  setFrame(frame: { visible: boolean; height?: number }): Promise<Envelope<void>>
  emit(event: FrameEvent): Promise<Envelope<void>>
  /**
   * Storage for when the browser denies the frame its own: only `airlock:v1:<projectId>:<name>`
   * keys, and the frame writes only sealed values there (the host can't read them).
   */
  readStorage(key: string): Promise<Envelope<string | null>>
  writeStorage(key: string, value: string): Promise<Envelope<void>>
  /**
   * Calls the site's own sign-in (`createAirlock({ siwxHandler })`). Only a host whose site gave
   * one has this method: on any other (the loader's, an older SDK's) penpal answers
   * METHOD_NOT_FOUND, and the API keeps the sign-ins. The frame checks every answer.
   */
  siwx(call: SiwxHandlerCall, input: unknown): Promise<Envelope<unknown>>
}

// biome-ignore lint/suspicious/noExplicitAny: method tables are checked per method below.
type WireMethods = Record<string, (...args: any[]) => Promise<Envelope<unknown>>>

/** The local implementation of a method table: plain values in, plain values (or throws) out. */
export type Handlers<methods extends WireMethods> = {
  [name in keyof methods]: (
    ...args: Parameters<methods[name]>
  ) => Promise<Awaited<ReturnType<methods[name]>> extends Envelope<infer value> ? value : never>
}

/** Argument validators: each takes the raw argument list and returns it checked, or throws. */
export type Validators<methods extends WireMethods> = {
  [name in keyof methods]: (args: unknown[]) => Parameters<methods[name]>
}

/**
 * Wraps local handlers for exposure over penpal: each call's arguments go through its
 * validator first, and whatever happens is answered as an envelope. Only own, listed methods
 * are exposed.
 */
export function exposeMethods<methods extends WireMethods>(
  handlers: Handlers<methods>,
  validators: Validators<methods>,
): methods {
  const exposed: Record<string, (...args: unknown[]) => Promise<Envelope<unknown>>> = {}
  for (const name of Object.keys(handlers)) {
    exposed[name] = async (...args) => {
      try {
        const valid = validators[name]!(args)
        return { ok: true, value: await handlers[name]!(...valid) }
      } catch (error) {
        return { ok: false, error: serializeError(error) }
      }
    }
  }
  return exposed as methods
}

/** Opens a reply envelope: the value, or the rebuilt error thrown. */
export async function unwrap<value>(reply: Promise<Envelope<value>>): Promise<value> {
  const envelope = await reply
  if (!envelope || typeof envelope !== 'object' || typeof envelope.ok !== 'boolean')
    throw new InvalidParamsError({ message: 'Malformed bridge reply.' })
  if (envelope.ok) return envelope.value
  throw deserializeError(envelope.error)
}

/** Refuses a bridge message: InvalidParamsError ('Invalid bridge message.') saying what is wrong. */
export function invalidBridgeMessage(details: string): never {
  throw new InvalidParamsError({ message: 'Invalid bridge message.', details })
}

/** Validators for argument lists: each returns the checked arguments or throws. */
export const args = {
  none: (list: unknown[]): [] => {
    if (list.length > 0) invalidBridgeMessage('This method takes no arguments.')
    return []
  },
  string: (value: unknown, name: string): string => {
    if (typeof value !== 'string' || !value || value.length > 200)
      invalidBridgeMessage(`${name} must be a non-empty string.`)
    return value
  },
  request: (value: unknown): RequestArguments => {
    if (typeof value !== 'object' || value === null)
      invalidBridgeMessage('A request must be an object.')
    const { method, params } = value as Record<string, unknown>
    if (typeof method !== 'string' || !/^[A-Za-z0-9_]{1,100}$/.test(method))
      invalidBridgeMessage('request.method must be an RPC method name.')
    if (params !== undefined && (typeof params !== 'object' || params === null))
      invalidBridgeMessage('request.params must be an array or an object.')
    return params === undefined ? { method } : { method, params }
  },
  storageKey: (value: unknown): string => {
    // `airlock:v1:<projectId>:<name>`, the project id by the API's own rule.
    const projectId = /^airlock:v1:(.+):[A-Za-z]{1,40}$/.exec(value as string)?.[1]
    if (typeof value !== 'string' || !projectIdPattern.test(projectId ?? ''))
      invalidBridgeMessage('Storage keys are airlock:v1:<projectId>:<name>.')
    return value
  },
  storageValue: (value: unknown): string => {
    if (typeof value !== 'string' || value.length > 262144)
      invalidBridgeMessage('Stored values are strings of at most 256 KiB.')
    return value
  },
}

/**
 * Validates a CAIP-2 argument. Kept out of `args` so the host bundle, which never checks one,
 * doesn't carry the CAIP parser.
 */
export function caipNetworkIdArg(value: unknown): CaipNetworkId {
  if (!isCaipNetworkId(value))
    invalidBridgeMessage(`${JSON.stringify(value)} is not a CAIP-2 network id.`)
  return value
}
