/**
 * The bundler relay (issue 20): the modal reaches a network's ERC-4337 bundler only through the
 * API, `POST /v1/projects/:projectId/bundler?hostOrigin=&chainId=`, one JSON-RPC request a call,
 * and only with the methods a smart account's user operations need. The bundler's URL (and any
 * key in it) stays on the server; the answer is the bundler's JSON-RPC answer as it gave it.
 */
import * as z from 'zod/mini'

/** The salt (Safe's `saltNonce`) of an owner's one smart account on `safe` networks. */
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

/** The Safe account versions Airlock makes for networks without EIP-7702. */
export const safeAccountVersions = ['1.4.1'] as const
export type SafeAccountVersion = (typeof safeAccountVersions)[number]

/**
 * The fallback account for networks without EIP-7702: Safe 1.4.1 with the Safe4337Module 0.3.0
 * on EntryPoint v0.7, at the canonical addresses Safe deployed them at on every chain (the
 * defaults of permissionless's toSafeSmartAccount). A visitor's Safe has one owner, the
 * embedded wallet's EVM key, threshold 1, the module as module and fallback handler, and
 * `saltNonce` `smartAccountSalt`.
 */
export const safeAccountContracts = {
  '1.4.1': {
    entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
    singleton: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
    proxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
    fallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
    multiSend: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
    multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
    moduleSetup: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47',
    safe4337Module: '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226',
  },
} as const satisfies Record<SafeAccountVersion, Record<string, `0x${string}`>>

/**
 * How a network's smart accounts are made. `eip7702`: the visitor's own EOA, upgraded in place
 * by an EIP-7702 authorization delegating to `implementation` (one address, no second identity);
 * the default for a network with a bundler. `safe`: for networks without EIP-7702, a
 * counterfactual Safe of `version` owned by the visitor's EOA (`safeAccountContracts`), a second
 * address; no other account factory is accepted.
 */
export const smartAccountKindSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('eip7702'), implementation: addressSchema }),
  z.object({ kind: z.literal('safe'), version: z.enum(safeAccountVersions) }),
])
export type SmartAccountKind = z.infer<typeof smartAccountKindSchema>

/**
 * A project's own smart-account services on one eip155 network (issue 35 point 2), as its
 * settings keep them: each field given overrides the deployment's (`AIRLOCK_BUNDLER_URLS_JSON`,
 * `AIRLOCK_PAYMASTER_URLS_JSON`, `AIRLOCK_ACCOUNT_FACTORIES_JSON` /
 * `AIRLOCK_EIP7702_IMPLEMENTATIONS_JSON`) for that project; left out, the deployment's holds, and
 * the account defaults to EIP-7702 with Simple7702Account. The EntryPoint follows the account
 * (`entryPointOf`). The URLs hold providers' keys: they stay on the API.
 */
export const smartAccountNetworkSchema = z.object({
  bundlerUrl: z.optional(z.string()),
  paymasterUrl: z.optional(z.string()),
  account: z.optional(smartAccountKindSchema),
})
export type SmartAccountNetwork = z.infer<typeof smartAccountNetworkSchema>

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

/** EntryPoint v0.8 at its canonical address (viem's `entryPoint08Address`): the 7702 account's. */
export const entryPoint08Address = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'

/** The EntryPoint a network's smart accounts use: v0.8 for EIP-7702, v0.7 for a Safe. */
export const entryPointOf = (kind: SmartAccountKind): `0x${string}` =>
  kind.kind === 'safe' ? safeAccountContracts[kind.version].entryPoint : entryPoint08Address
