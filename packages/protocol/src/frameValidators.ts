/**
 * Validators for what the host sends the frame: the handshake, host wallet events and the page's
 * wallet list. The modal's bridge and the SDK's stand-in frame (its browser tests) run the same
 * ones, so the tests exercise the checks the real frame makes. Each returns the payload checked
 * or throws InvalidParamsError ('Invalid bridge message.') naming what is wrong.
 */
import {
  args,
  caipNetworkIdArg,
  type FrameMethods,
  type HandshakeParams,
  type HostWalletEvent,
  type HostWalletInfo,
  type HostWalletNamespace,
  hostWalletEvents,
  invalidBridgeMessage,
  type Validators,
} from './bridge'
import { parseFrameOptions, parseOpenParams } from './options'

/** Wallet ids the frame keeps for itself (its WalletConnect session): no host may use them. */
export type ReservedWalletIds = readonly string[]

function hostWalletId(value: unknown, reserved: ReservedWalletIds): string {
  const id = args.string(value, 'walletId')
  if (reserved.includes(id)) invalidBridgeMessage(`"${id}" is not a host wallet.`)
  return id
}

/**
 * The handshake's parameters. The protocol version is only checked to be a number here: the
 * frame answers a mismatch with ProtocolVersionError, which says both versions.
 *
 * @example
 * parseHandshake({ protocolVersion: 1, isMobile: false, open: false, options: { networks: ['eip155:1'] } })
 */
export function parseHandshake(value: unknown): HandshakeParams {
  const params = value as Partial<HandshakeParams> | undefined
  if (typeof params?.protocolVersion !== 'number')
    invalidBridgeMessage('protocolVersion must be a number.')
  if (typeof params.isMobile !== 'boolean') invalidBridgeMessage('isMobile must be a boolean.')
  if (typeof params.open !== 'boolean') invalidBridgeMessage('open must be a boolean.')
  return {
    protocolVersion: params.protocolVersion,
    options: parseFrameOptions(params.options),
    isMobile: params.isMobile,
    open: params.open,
  }
}

/**
 * An event a host wallet emitted. `data` is the wallet's own and is checked where it is used.
 *
 * @example
 * parseHostWalletEvent({ walletId: 'uuid-1', event: 'accountsChanged', data: ['0x…'] }, ['walletConnect'])
 */
export function parseHostWalletEvent(
  value: unknown,
  reserved: ReservedWalletIds = [],
): HostWalletEvent {
  const event = value as Partial<HostWalletEvent> | undefined
  if (!event || !(hostWalletEvents as readonly unknown[]).includes(event.event))
    invalidBridgeMessage('Unknown wallet event.')
  return {
    walletId: hostWalletId(event.walletId, reserved),
    event: event.event!,
    data: event.data,
  }
}

const safeIcon = (icon: unknown) =>
  typeof icon === 'string' && icon.length < 100_000 && /^(data:image\/|https:\/\/)/.test(icon)
    ? icon
    : ''

const hostWalletNamespaces: readonly unknown[] = [
  'eip155',
  'solana',
  'bip122',
  'polkadot',
  'cosmos',
] satisfies HostWalletNamespace[]
const isNamespace = (value: unknown): value is HostWalletNamespace =>
  hostWalletNamespaces.includes(value)

/**
 * The page's wallets as the host describes them: at most 50; names cut to 100 characters; icons
 * only as data: images or https URLs (anything else becomes ''); namespaces default to eip155
 * and are listed once each.
 *
 * @example
 * parseHostWallets([{ id: 'uuid-1', name: 'Wallet', icon: 'data:image/png;base64,…', type: 'ANNOUNCED' }])
 */
export function parseHostWallets(
  value: unknown,
  reserved: ReservedWalletIds = [],
): HostWalletInfo[] {
  if (!Array.isArray(value) || value.length > 50)
    invalidBridgeMessage('Host wallets must be a list.')
  return value.map((item) => {
    const wallet = item as Partial<HostWalletInfo> | null
    if (wallet?.type !== 'ANNOUNCED' && wallet?.type !== 'INJECTED')
      invalidBridgeMessage('Unknown wallet type.')
    const rdns = typeof wallet.rdns === 'string' && wallet.rdns ? wallet.rdns.slice(0, 200) : ''
    // The host leaves `namespaces` out for EIP-1193 wallets.
    const namespaces: unknown = wallet.namespaces ?? ['eip155']
    if (!Array.isArray(namespaces) || namespaces.length === 0 || !namespaces.every(isNamespace))
      invalidBridgeMessage(
        'A wallet speaks eip155, solana, bip122, polkadot, cosmos or several of them.',
      )
    return {
      id: hostWalletId(wallet.id, reserved),
      name: args.string(wallet.name, 'wallet.name').slice(0, 100),
      icon: safeIcon(wallet.icon),
      ...(rdns ? { rdns } : {}),
      type: wallet.type,
      namespaces: [...new Set(namespaces)],
    }
  })
}

/**
 * The argument checks of every method the frame exposes, for `exposeMethods`: the modal's
 * bridge and the SDK's stand-in frame run this one table.
 *
 * @example
 * exposeMethods<FrameMethods>(handlers, frameMethodValidators(['walletConnect']))
 */
export function frameMethodValidators(reserved: ReservedWalletIds = []): Validators<FrameMethods> {
  return {
    handshake: (list) => [parseHandshake(list[0])],
    open: (list) => {
      const params = parseOpenParams(list[0])
      if (typeof list[1] !== 'boolean') invalidBridgeMessage('shown must be a boolean.')
      return [params, list[1]]
    },
    close: args.none,
    getState: args.none,
    request: (list) => [args.request(list[0])],
    disconnect: args.none,
    switchNetwork: (list) => [caipNetworkIdArg(list[0])],
    setOptions: (list) => [parseFrameOptions(list[0])],
    hostWalletEvent: (list) => [parseHostWalletEvent(list[0], reserved)],
    hostWalletsChanged: (list) => [parseHostWallets(list[0], reserved)],
    siwxSignOut: args.none,
  }
}
