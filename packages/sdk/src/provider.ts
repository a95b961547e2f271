/**
 * `airlock.provider`: an EIP-1193 provider for the site. Requests go to the modal over the
 * bridge; state changes from the modal become the standard provider events.
 */
import { type AirlockState, args, type RequestArguments } from '@airlock/protocol'

type ProviderEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect'
type ProviderListener = (payload: never) => void

export type AirlockProvider = {
  request(request: RequestArguments): Promise<unknown>
  on(event: ProviderEvent, listener: ProviderListener): AirlockProvider
  removeListener(event: ProviderEvent, listener: ProviderListener): AirlockProvider
  /** @internal Called by createAirlock when the modal's state changes. */
  update(next: AirlockState, previous: AirlockState): void
}

/** The EIP-155 chain id of a CAIP-2 id, as the hex string EIP-1193 events carry. */
function hexChainId(caipNetworkId: string | undefined): string | undefined {
  const [namespace, reference] = caipNetworkId?.split(':') ?? []
  return namespace === 'eip155' && reference ? `0x${Number(reference).toString(16)}` : undefined
}

export function createProvider(
  send: (request: RequestArguments) => Promise<unknown>,
): AirlockProvider {
  const listeners = new Map<ProviderEvent, Set<ProviderListener>>()
  const emit = (event: ProviderEvent, payload: unknown) => {
    for (const listener of listeners.get(event) ?? [])
      (listener as (value: unknown) => void)(payload)
  }
  const provider: AirlockProvider = {
    request: async (request) => send(args.request(request)),
    on(event, listener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    update(next, previous) {
      const evm = (state: AirlockState) =>
        state.namespace === 'eip155' && state.status === 'connected'
      const accounts = evm(next) && next.address ? [next.address] : []
      const before = evm(previous) && previous.address ? [previous.address] : []
      if (accounts.join() !== before.join()) emit('accountsChanged', accounts)
      const chainId = hexChainId(next.chainId)
      if (evm(next) && !evm(previous) && chainId) emit('connect', { chainId })
      else if (evm(next) && chainId && chainId !== hexChainId(previous.chainId))
        emit('chainChanged', chainId)
      if (!evm(next) && evm(previous))
        emit('disconnect', { code: 4900, message: 'The provider is disconnected.' })
    },
  }
  return provider
}
