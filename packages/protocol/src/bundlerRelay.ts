/**
 * The bundler relay (issue 20): the modal reaches a network's ERC-4337 bundler only through the
 * API, `POST /v1/projects/:projectId/bundler?hostOrigin=&chainId=`, one JSON-RPC request a call,
 * and only with the methods a smart account's user operations need. The bundler's URL (and any
 * key in it) stays on the server; the answer is the bundler's JSON-RPC answer as it gave it.
 */
import * as z from 'zod/mini'

/** The salt of an owner's one smart account at a factory (`factory` networks). */
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
  // Whether a sent operation is still in the bundler's mempool (replaceable) or already bundled.
  'pimlico_getUserOperationStatus',
  ...paymasterMethods,
] as const
export type BundlerMethod = (typeof bundlerMethods)[number]

const addressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))

/**
 * eth-infinitism's Simple7702Account (published with EntryPoint v0.8) at its canonical address:
 * the implementation an embedded wallet's EOA delegates to with EIP-7702 unless the operator
 * names another for the network.
 */
export const simple7702AccountAddress = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'

/**
 * How a network's smart accounts are made. `eip7702`: the visitor's own EOA, upgraded in place
 * by an EIP-7702 authorization delegating to `implementation` (one address, no second identity);
 * the default for a network with a bundler. `factory`: a counterfactual account from `factory`
 * (`getAddress(owner, 0)`), a second address, for networks without EIP-7702.
 */
export const smartAccountKindSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('eip7702'), implementation: addressSchema }),
  z.object({ kind: z.literal('factory'), factory: addressSchema }),
])
export type SmartAccountKind = z.infer<typeof smartAccountKindSchema>

/**
 * What a smart account's network offers, as `POST /v1/projects/:id/bundler/info` answers it:
 * the EntryPoint its bundler serves, how its smart accounts are made (the operator's
 * configuration: where the modal makes its account, and what the API checks a sponsored sender
 * against), and whether a paymaster sponsors the gas.
 */
export const bundlerInfoSchema = z.object({
  entryPoint: addressSchema,
  account: smartAccountKindSchema,
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
