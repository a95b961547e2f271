/**
 * The embedded wallet's ERC-4337 smart account (issue 20): a SimpleAccount (EntryPoint v0.8, from
 * `@account-abstraction/contracts`, with ERC-1271) owned by the wallet's EVM key, made by the
 * account factory the dev stack deploys with the deterministic CREATE2 deployer, so its address
 * is the same on every chain that has the factory. The address is counterfactual: it works, and
 * its signatures verify (ERC-6492), before the first user operation deploys it. User operations
 * reach the network's bundler only through the API's relay (`bundlerRelay.ts` in the protocol).
 */

import { bundlerInfoSchema } from '@airlock/protocol'
import {
  type Address,
  type Client,
  custom,
  encodeFunctionData,
  type Hex,
  type LocalAccount,
  type PublicClient,
  parseAbi,
  type Transport,
} from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  entryPoint08Abi,
  entryPoint08Address,
  getUserOperationHash,
  type SmartAccount,
  toSmartAccount,
} from 'viem/account-abstraction'
import { type ApiFetch, HttpError, RequestTimeoutError } from '../api'

/** The account factory (`devchain/contracts/aa/DevAccount.sol`), at its CREATE2 address. */
export const smartAccountFactoryAddress: Address = '0x8fcd528E63B3Fa717a48AdBb52e94C80116F8c1F'

const factoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])
const accountAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
])

/** The one account of an owner: salt 0. */
const salt = 0n

/**
 * A signature of the owner's shape for gas estimation: SimpleAccount recovers the signer (and
 * fails the operation when it is not the owner) rather than reverting, so it must recover.
 */
const stubSignature: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/**
 * The smart account of `owner` on `client`'s chain, as viem's account-abstraction module uses it.
 * Its address is the factory's answer (an `eth_call`; the factory must be on the chain).
 *
 * @example
 * const account = await ownedSmartAccount({ client, owner: privateKeyToAccount(key) })
 * account.address // the same on every chain with the factory, deployed or not
 */
export async function ownedSmartAccount({
  client,
  owner,
}: {
  client: PublicClient
  /** The wallet's EVM key (a local account: it signs hashes, as the account checks them). */
  owner: LocalAccount & { sign: NonNullable<LocalAccount['sign']> }
}): Promise<SmartAccount> {
  const address = await client.readContract({
    address: smartAccountFactoryAddress,
    abi: factoryAbi,
    functionName: 'getAddress',
    args: [owner.address, salt],
  })
  const chainId = client.chain?.id
  return toSmartAccount({
    client,
    entryPoint: { abi: entryPoint08Abi, address: entryPoint08Address, version: '0.8' },
    getAddress: async () => address,
    async getFactoryArgs() {
      return {
        factory: smartAccountFactoryAddress,
        factoryData: encodeFunctionData({
          abi: factoryAbi,
          functionName: 'createAccount',
          args: [owner.address, salt],
        }),
      }
    },
    async encodeCalls(calls) {
      const [call] = calls
      if (calls.length === 1 && call)
        return encodeFunctionData({
          abi: accountAbi,
          functionName: 'execute',
          args: [call.to, call.value ?? 0n, call.data ?? '0x'],
        })
      return encodeFunctionData({
        abi: accountAbi,
        functionName: 'executeBatch',
        args: [calls.map((c) => ({ target: c.to, value: c.value ?? 0n, data: c.data ?? '0x' }))],
      })
    },
    getStubSignature: async () => stubSignature,
    // toSmartAccount wraps these in ERC-6492 while the account is not deployed; once it is, the
    // account's ERC-1271 checks the owner's signature of the hash.
    signMessage: ({ message }) => owner.signMessage({ message }),
    signTypedData: (typedData) => owner.signTypedData(typedData),
    async signUserOperation({ chainId: operationChainId, ...userOperation }) {
      // v0.8's user operation hash is an EIP-712 digest, which the account recovers as it is.
      const hash = getUserOperationHash({
        chainId: operationChainId ?? chainId ?? 0,
        entryPointAddress: entryPoint08Address,
        entryPointVersion: '0.8',
        userOperation: { ...userOperation, sender: userOperation.sender ?? address },
      })
      return owner.sign({ hash })
    },
  })
}

/** Whose relay: the project, the site's origin (as the bridge observed it) and the network. */
export type BundlerRelayTarget = { projectId: string; hostOrigin: string; chainId: string }

/**
 * A viem transport to the network's bundler through the API's relay: one JSON-RPC request a
 * call; the bundler's error (an AA code, a refusal) reaches viem as a JSON-RPC error, which it
 * turns into its user-operation errors.
 */
export function bundlerRelayTransport(apiFetch: ApiFetch, target: BundlerRelayTarget): Transport {
  let id = 0
  const path = `/v1/projects/${encodeURIComponent(target.projectId)}/bundler`
  return custom(
    {
      async request({ method, params }) {
        const answer = await apiFetch<{ result?: unknown; error?: RelayedRpcError }>('POST', path, {
          query: { hostOrigin: target.hostOrigin, chainId: target.chainId },
          body: { jsonrpc: '2.0', id: id++, method, params: params ?? [] },
          quiet: true,
        })
        if (answer?.error) throw relayedError(answer.error)
        return answer?.result
      },
    },
    // A refused or failed call is answered at once: a user operation is not sent twice.
    { retryCount: 0 },
  )
}

/**
 * What the API offers a smart account on a network (`POST …/bundler/info`): the EntryPoint, and
 * whether a paymaster sponsors the gas.
 * @throws HttpError `bundlerNotConfigured` or `smartAccountsDisabled` where there is none.
 */
export async function bundlerInfo(apiFetch: ApiFetch, target: BundlerRelayTarget) {
  const answer = await apiFetch(
    'POST',
    `/v1/projects/${encodeURIComponent(target.projectId)}/bundler/info`,
    {
      query: { hostOrigin: target.hostOrigin, chainId: target.chainId },
      quiet: true,
    },
  )
  const info = bundlerInfoSchema.parse(answer)
  if (info.entryPoint.toLowerCase() !== entryPoint08Address.toLowerCase())
    throw new Error(
      `The bundler of ${target.chainId} serves another EntryPoint (${info.entryPoint}).`,
    )
  return info
}

/**
 * Why a relayed call failed on the way, wherever viem wrapped it: the API's refusal (its
 * `HttpError`: no bundler there, the bundler down), or no answer at all (`unreachable`: offline,
 * timed out). Undefined when the bundler itself answered with an error.
 */
export function relayFailureOf(error: unknown): HttpError | 'unreachable' | undefined {
  const causes: unknown[] = []
  for (let cause = error; cause instanceof Error && causes.length < 8; cause = cause.cause)
    causes.push(cause)
  const refusal = causes.find((cause) => cause instanceof HttpError)
  if (refusal) return refusal as HttpError
  if (causes.some((cause) => cause instanceof TypeError || cause instanceof RequestTimeoutError))
    return 'unreachable'
  return undefined
}

type RelayedRpcError = { code?: unknown; message?: unknown; data?: unknown }

/** A bundler's JSON-RPC error as viem reads errors of a transport: code, message, data. */
function relayedError(error: RelayedRpcError) {
  const message = typeof error.message === 'string' ? error.message : 'The bundler refused.'
  return Object.assign(new Error(message), {
    code: typeof error.code === 'number' ? error.code : -32603,
    data: error.data,
  })
}

/**
 * The bundler client of a smart account's network, with the network's paymaster when it has one.
 * Fees are the bundler's own prices
 * (`pimlico_getUserOperationGasPrice`, which alto answers): viem's default doubles the node's
 * estimate, which on a quiet chain grows with every operation.
 */
export function smartAccountBundler(
  client: PublicClient,
  transport: Transport,
  { sponsored }: { sponsored: boolean },
): BundlerClient {
  return createBundlerClient({
    client,
    transport,
    // Sponsored: ERC-7677's paymaster methods go through the same relay, to the paymaster.
    ...(sponsored ? { paymaster: true } : {}),
    pollingInterval: 250,
    userOperation: {
      async estimateFeesPerGas({ bundlerClient }) {
        const { fast } = await (bundlerClient as Client).request<{
          Method: 'pimlico_getUserOperationGasPrice'
          Parameters: []
          ReturnType: { fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex } }
        }>({ method: 'pimlico_getUserOperationGasPrice', params: [] })
        return {
          maxFeePerGas: BigInt(fast.maxFeePerGas),
          maxPriorityFeePerGas: BigInt(fast.maxPriorityFeePerGas),
        }
      },
    },
  })
}
