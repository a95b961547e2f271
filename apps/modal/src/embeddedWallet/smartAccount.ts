/**
 * The embedded wallet's ERC-4337 smart account (issues 20 and 35), made as the network's bundler
 * info says (`SmartAccountKind`). On an EIP-7702 network it is the wallet's own EOA upgraded in
 * place to Simple7702Account (viem's toSimple7702SmartAccount; the upgrade is accountUpgrade.ts):
 * one address, its signatures the key's, which verify before the upgrade (ecrecover) and after
 * (ERC-1271). On a network without 7702 it is a SimpleAccount (EntryPoint v0.8, with ERC-1271)
 * owned by the wallet's EVM key, made by the network's account factory, which the operator
 * configures; the modal names none of its own. That address is counterfactual: it works, and
 * its signatures verify (ERC-6492), before the first user operation deploys it. The modal reaches
 * the network's bundler only through the API's relay (bundlerRelay.ts); the dev chain's tests use
 * these with the bundler itself.
 */

import { type SmartAccountKind, smartAccountSalt } from '@airlock/protocol'
import {
  type Address,
  type Client,
  encodeFunctionData,
  type Hex,
  type LocalAccount,
  type PrivateKeyAccount,
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
  type PaymasterClient,
  type SmartAccount,
  toSimple7702SmartAccount,
  toSmartAccount,
} from 'viem/account-abstraction'

const factoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])
const accountAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
])

/** The one account of an owner. */
const salt = smartAccountSalt

/**
 * A signature of the owner's shape for gas estimation: SimpleAccount recovers the signer (and
 * fails the operation when it is not the owner) rather than reverting, so it must recover.
 */
const stubSignature: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/**
 * The smart account of `owner` on `client`'s chain, made as `kind` says: on an EIP-7702 network
 * the owner's own address, delegating to the implementation; else the factory's account.
 */
export function smartAccountOf({
  client,
  kind,
  owner,
}: {
  client: PublicClient
  kind: SmartAccountKind
  owner: PrivateKeyAccount
}): Promise<SmartAccount> {
  if (kind.kind === 'factory')
    return ownedSmartAccount({ client, factory: kind.factory as Address, owner })
  return toSimple7702SmartAccount({
    client,
    owner,
    implementation: kind.implementation as Address,
  })
}

/**
 * The factory-made smart account of `owner` on `client`'s chain, as viem's account-abstraction
 * module uses it. Its address is the factory's answer (an `eth_call`; the factory must be on the chain).
 *
 * @example
 * const account = await ownedSmartAccount({ client, factory, owner: privateKeyToAccount(key) })
 * account.address // the factory's answer for the owner, deployed or not
 */
export async function ownedSmartAccount({
  client,
  factory,
  owner,
}: {
  client: PublicClient
  /** The network's account factory (the API's bundler info). */
  factory: Address
  /** The wallet's EVM key (a local account: it signs hashes, as the account checks them). */
  owner: LocalAccount & { sign: NonNullable<LocalAccount['sign']> }
}): Promise<SmartAccount> {
  const address = await client.readContract({
    address: factory,
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
        factory,
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

/**
 * The bundler client of a smart account's network, with the network's paymaster when it has one.
 * Fees are the bundler's own prices
 * (`pimlico_getUserOperationGasPrice`, which alto answers): viem's default doubles the node's
 * estimate, which on a quiet chain grows with every operation.
 */
export function smartAccountBundler(
  client: PublicClient,
  transport: Transport,
  {
    paymaster,
  }: {
    /** The gas sponsor: `true` asks ERC-7677's methods on `transport` too (the API's relay). */
    paymaster?: true | PaymasterClient | undefined
  } = {},
): BundlerClient {
  return createBundlerClient({
    client,
    transport,
    ...(paymaster ? { paymaster } : {}),
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
