/**
 * What the frame may send the host, checked before any handler runs: each host method's
 * arguments (the bridge's `Validators`), and the frame's events. The frame is trusted no more
 * than any other window: a malformed message is refused as an invalid bridge message.
 */
import {
  type AirlockState,
  args,
  type ChainNamespace,
  type FrameEvent,
  type HostMethods,
  invalidBridgeMessage,
  type Validators,
} from '@airlock/protocol'

/** The arguments of every host method but the site's own sign-in (siteSiwx.ts adds its own). */
export const hostMethodArgs = {
  hostInfo: args.none,
  listHostWallets: args.none,
  hostWalletRequest: (list) => [args.string(list[0], 'walletId'), args.request(list[1])],
  setFrame: (list) => {
    const { visible, height } = (list[0] ?? {}) as { visible?: unknown; height?: unknown }
    const badHeight =
      height !== undefined && !(typeof height === 'number' && height >= 0 && height < 1e4)
    if (typeof visible !== 'boolean' || badHeight) invalidBridgeMessage('setFrame')
    return [{ visible, height } as { visible: boolean; height?: number }]
  },
  emit: (list) => [parseFrameEvent(list[0])],
  readStorage: (list) => [args.storageKey(list[0])],
  writeStorage: (list) => [args.storageKey(list[0]), args.storageValue(list[1])],
} satisfies Omit<Validators<HostMethods>, 'siwx'>

function parseFrameEvent(value: unknown): FrameEvent {
  const event = value as FrameEvent | undefined
  // Only ever read as "includes 'solana'" and "is true": anything else reads as neither.
  if (event?.type === 'page')
    return {
      type: 'page',
      namespaces: String(event.namespaces).split(',') as ChainNamespace[],
      prerendered: event.prerendered === true,
      // What the frame made of the project's (the API checked it): announced as strings only.
      ...(typeof event.announce?.uuid === 'string' && {
        announce: {
          uuid: event.announce.uuid,
          name: String(event.announce.name),
          icon: String(event.announce.icon),
          rdns: String(event.announce.rdns),
        },
      }),
    }
  const status = event?.type === 'state' ? event.state?.status : undefined
  if (status === 'disconnected' || status === 'connecting' || status === 'connected')
    return { type: 'state', state: (event as { state: AirlockState }).state }
  invalidBridgeMessage('Unknown frame event.')
}
