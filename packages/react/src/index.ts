'use client'
/**
 * @airlock/react: React bindings for Airlock. The directive marks them for React Server Components
 * (Next.js's app router): a server component may render them; they run on the client.
 */
export {
  AirlockProvider,
  type AirlockProviderProps,
} from './AirlockProvider'
export { ConnectButton, type ConnectButtonProps } from './ConnectButton'
export {
  type UseAirlockAccountReturnType,
  type UseAirlockReturnType,
  useAirlock,
  useAirlockAccount,
} from './hooks'
