/** The hooks over `<AirlockProvider>`: the Airlock and its state, and the connected account. */
import type { Airlock, AirlockState, OpenParams } from '@airlock/sdk'
import { useContext } from 'react'
import { AirlockContext, type AirlockContextValue } from './AirlockProvider'

function useAirlockContext(hook: string): AirlockContextValue {
  const value = useContext(AirlockContext)
  if (!value) throw new Error(`${hook}() must be used inside <AirlockProvider>.`)
  return value
}

export type UseAirlockReturnType = {
  /** The page's Airlock; undefined until `<AirlockProvider>`'s effect made it. */
  airlock: Airlock | undefined
  state: AirlockState
  /** Opens the modal (once the Airlock is made; before, nothing to open). */
  open(params?: OpenParams): Promise<void>
  close(): Promise<void>
}

/** The page's Airlock, its state (kept current), and `open` / `close`. */
export function useAirlock(): UseAirlockReturnType {
  const { airlock, state } = useAirlockContext('useAirlock')
  return {
    airlock,
    state,
    open: async (params) => airlock?.open(params),
    close: async () => airlock?.close(),
  }
}

type AccountFields =
  | 'address'
  | 'caipAddress'
  | 'chainId'
  | 'namespace'
  | 'name'
  | 'avatar'
  | 'balance'

export type UseAirlockAccountReturnType = {
  [field in AccountFields]: AirlockState[field] | undefined
} & { status: AirlockState['status']; isConnected: boolean }

/** The connected account: address, network, and the name, avatar and balance the modal read. */
export function useAirlockAccount(): UseAirlockAccountReturnType {
  const { state } = useAirlockContext('useAirlockAccount')
  const { status, address, caipAddress, chainId, namespace, name, avatar, balance } = state
  return {
    status,
    isConnected: status === 'connected',
    address,
    caipAddress,
    chainId,
    namespace,
    name,
    avatar,
    balance,
  }
}
