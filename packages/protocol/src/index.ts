/**
 * @airlock/protocol: what the SDK, the modal and the API share. Bridge types and validators,
 * error classes and codes, CAIP helpers, the spec's validation and display rules and constants.
 * No UI, no network.
 */
export * from './accountData'
export * from './analytics'
export * from './bridge'
export * from './caip'
export * from './constants'
export * from './display'
export * from './errors'
export * from './features'
export * from './messages'
export * from './options'
export * from './project'
export * from './theme'
export * from './validation'
export * from './views'
export * from './wallets'
