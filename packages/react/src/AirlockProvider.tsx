/**
 * `<AirlockProvider>`: the page's one Airlock for a React tree. It is made (or found:
 * `pageAirlock`) in an effect, so nothing touches `window` on import or while a server renders,
 * and StrictMode's second effect finds the same one; its state is mirrored into React with
 * `subscribe`.
 */
import { type Airlock, type AirlockOptions, type AirlockState, pageAirlock } from '@airlock/sdk'
import { createContext, type ReactNode, useEffect, useState } from 'react'

export type AirlockContextValue = { airlock: Airlock | undefined; state: AirlockState }

/** Undefined outside `<AirlockProvider>`: the hooks say so in words. */
export const AirlockContext = createContext<AirlockContextValue | undefined>(undefined)

const disconnected: AirlockState = { open: false, status: 'disconnected' }

export type AirlockProviderProps = AirlockOptions & { children?: ReactNode }

/**
 * Gives its children the page's Airlock (`useAirlock`, `useAirlockAccount`, `<ConnectButton>`).
 * Props: the options of `createAirlock`; they are read once, when the Airlock is made.
 * @example
 * <AirlockProvider projectId="demo" modalUrl="https://airlock.example.com"><App /></AirlockProvider>
 */
export function AirlockProvider({ children, ...options }: AirlockProviderProps) {
  const [value, setValue] = useState<AirlockContextValue>({
    airlock: undefined,
    state: disconnected,
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options are read once, as documented.
  useEffect(() => {
    const airlock = pageAirlock(options)
    setValue({ airlock, state: airlock.getState() })
    return airlock.subscribe((state) => setValue({ airlock, state }))
  }, [])
  return <AirlockContext.Provider value={value}>{children}</AirlockContext.Provider>
}
