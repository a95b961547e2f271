/**
 * `airlock.provider`: an EIP-1193 provider for the site. While a browser wallet on this page is
 * the active connection, requests go straight to it; otherwise they cross the bridge to the
 * modal. `eth_requestAccounts` while disconnected opens the modal and waits for the visitor.
 * State changes from the modal become the standard provider events.
 */
import {
  type AirlockState,
  args,
  type OpenParams,
  type RequestArguments,
  tryEvmChainId,
  UserRejectedRequestError,
} from '@airlock/protocol'
import type { Eip1193Provider } from './hostWallets'

type ProviderEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect'
type ProviderListener = (payload: never) => void

export type AirlockProvider = {
  request(request: RequestArguments): Promise<unknown>
  on(event: ProviderEvent, listener: ProviderListener): AirlockProvider
  removeListener(event: ProviderEvent, listener: ProviderListener): AirlockProvider
  /** @internal Called by createAirlock when the modal's state changes. */
  update(next: AirlockState, previous: AirlockState): void
}

type ProviderContext = {
  direct(): Eip1193Provider | undefined
  send(request: RequestArguments): Promise<unknown>
  getState(): AirlockState
  subscribe(listener: (state: AirlockState) => void): () => void
  open(params?: OpenParams): Promise<void>
  /** A transaction went straight to the wallet: the modal's account data is stale. */
  sent(hash: unknown): void
}

const evm = (state: AirlockState) => state.namespace === 'eip155' && state.status === 'connected'
const accountsOf = (state: AirlockState) => (evm(state) && state.address ? [state.address] : [])

type Connecting = Pick<ProviderContext, 'subscribe' | 'open' | 'getState'>

/**
 * Opens the modal (asking for `namespace`) and resolves with the state once the visitor is
 * connected on that namespace; rejects with 4001 'Modal closed' if they close it first, or with
 * why the modal could not open (an origin the project doesn't allow, no answer).
 */
export function connectOn(context: Connecting, namespace: string): Promise<AirlockState> {
  return new Promise((resolve, reject) => {
    // A modal that failed to open closes too: its failure, not a visitor's refusal, is the answer.
    let opened = false
    const settle = (state: AirlockState) => {
      if (state.status === 'connected' && state.namespace === namespace) resolve(state)
      else if (opened && !state.open)
        reject(new UserRejectedRequestError({ message: 'Modal closed' }))
      else return
      unsubscribe()
    }
    const unsubscribe = context.subscribe(settle)
    context.open({ namespace } as OpenParams).then(
      () => {
        opened = true
        settle(context.getState())
      },
      (error) => {
        unsubscribe()
        reject(error)
      },
    )
  })
}

/** The account on `namespace`: the connected one, else the one the visitor connects in the modal. */
export async function addressOn(context: Connecting, namespace: string) {
  const state = context.getState()
  const connected = state.status === 'connected' && state.namespace === namespace
  return { address: (connected ? state : await connectOn(context, namespace)).address! }
}

export function createProvider(context: ProviderContext): AirlockProvider {
  const listeners = new Map<ProviderEvent, Set<ProviderListener>>()
  const emit = (event: ProviderEvent, payload: unknown) => {
    for (const listener of listeners.get(event) ?? [])
      (listener as (value: unknown) => void)(payload)
  }

  const provider: AirlockProvider = {
    async request(request) {
      const valid = args.request(request)
      const wallet = context.direct()
      if (wallet) {
        const result = await wallet.request(valid)
        if (valid.method === 'eth_sendTransaction') context.sent(result)
        return result
      }
      if (valid.method === 'eth_requestAccounts' && !evm(context.getState()))
        return connectOn(context, 'eip155').then(accountsOf)
      return context.send(valid)
    },
    on(event, listener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    update(next, previous) {
      const accounts = accountsOf(next)
      if (accounts.join() !== accountsOf(previous).join()) emit('accountsChanged', accounts)
      const chainId = tryEvmChainId(next.chainId)
      if (evm(next) && !evm(previous) && chainId) emit('connect', { chainId })
      else if (evm(next) && chainId && chainId !== tryEvmChainId(previous.chainId))
        emit('chainChanged', chainId)
      if (!evm(next) && evm(previous)) emit('disconnect', { code: 4900, message: 'Disconnected' })
    },
  }
  return provider
}
