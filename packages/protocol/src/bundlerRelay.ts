/**
 * The bundler relay (issue 20): the modal reaches a network's ERC-4337 bundler only through the
 * API, `POST /v1/projects/:projectId/bundler?hostOrigin=&chainId=`, one JSON-RPC request a call,
 * and only with the methods a smart account's user operations need. The bundler's URL (and any
 * key in it) stays on the server; the answer is the bundler's JSON-RPC answer as it gave it.
 */
import * as z from 'zod/mini'

/** The salt of an owner's one smart account at the factory. */
export const smartAccountSalt = 0n

/** ERC-7677's paymaster methods: the relay passes them on to the network's paymaster, if any. */
export const paymasterMethods = ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const

/**
 * What the relay passes on: ERC-4337's user-operation methods and the gas price alto gives, to
 * the bundler; ERC-7677's, to the paymaster.
 */
export const bundlerMethods = [
  'eth_chainId',
  'eth_supportedEntryPoints',
  'eth_estimateUserOperationGas',
  'eth_sendUserOperation',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'pimlico_getUserOperationGasPrice',
  ...paymasterMethods,
] as const
export type BundlerMethod = (typeof bundlerMethods)[number]

/**
 * What a smart account's network offers, as `POST /v1/projects/:id/bundler/info` answers it:
 * the EntryPoint its bundler serves, the account factory the operator configured for the network
 * (`AIRLOCK_ACCOUNT_FACTORIES_JSON`: where the modal makes its account, and what the API asks
 * whose account a sender is), and whether a paymaster sponsors the gas.
 */
export const bundlerInfoSchema = z.object({
  entryPoint: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  accountFactory: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  paymaster: z.boolean(),
})
export type BundlerInfo = z.infer<typeof bundlerInfoSchema>

/**
 * A request to the relay: JSON-RPC 2.0, one at a time, with a numeric id (viem's http transport
 * sends these; alto refuses other ids).
 */
export const bundlerRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.number().check(z.int(), z.nonnegative()),
  method: z.string().check(z.maxLength(64)),
  params: z.optional(z.array(z.unknown())),
})
export type BundlerRequest = z.infer<typeof bundlerRequestSchema>
