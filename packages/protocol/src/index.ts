/**
 * @airlock/protocol: what the SDK, the modal and the API share. Bridge types and validators,
 * the API's request and response schemas (zod/mini; the host SDK imports none of them), error
 * classes and codes, CAIP helpers, the spec's validation and display rules and constants.
 * No UI, no network.
 */
export * from './accountData'
export * from './analytics'
export * from './analyticsEvents'
export * from './apiError'
export * from './apiQueries'
export * from './bridge'
export * from './caip'
export * from './constants'
export * from './display'
export * from './emailLogin'
export * from './embeddedWallet'
export * from './errors'
export * from './farcasterLogin'
export * from './features'
export * from './frameValidators'
export * from './messages'
export * from './options'
export * from './pageOptions'
export * from './project'
export * from './projectConfigCheck'
export * from './projectId'
export * from './siwx'
export * from './siwxError'
export * from './socialLogin'
export * from './theme'
export * from './validation'
export * from './views'
export * from './wallets'
