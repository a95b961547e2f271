/**
 * The embedded wallet's ERC-4337 smart account (issues 20 and 35), made as the network's bundler
 * info says (`SmartAccountKind`). On an EIP-7702 network it is the wallet's own EOA upgraded in
 * place to Simple7702Account (viem's toSimple7702SmartAccount; the upgrade is accountUpgrade.ts):
 * one address, its signatures the key's, which verify before the upgrade (ecrecover) and after
 * (ERC-1271). On a network without 7702 it is a Safe 1.4.1 with the Safe4337Module 0.3.0 on
 * EntryPoint v0.7 (permissionless's toSafeSmartAccount, at the canonical addresses the protocol
 * names), owned by the wallet's EVM key alone: a counterfactual second address, which works and
 * whose signatures verify (ERC-6492) before the first user operation deploys it. Its ERC-1271 is
 * replay-safe: the owner signs the EIP-712 `SafeMessage` of the Safe's own address and chain, so
 * a signature given as this account is valid for no other. The modal reaches the network's
 * bundler only through the API's relay (bundlerRelay.ts); the dev chain's tests use these with
 * the bundler itself.
 */

import { type SmartAccountKind, safeAccountContracts, smartAccountSalt } from '@airlock/protocol'
import { toSafeSmartAccount } from 'permissionless/accounts'
import type { Address, Client, Hex, PrivateKeyAccount, PublicClient, Transport } from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  type PaymasterClient,
  type SmartAccount,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'

/**
 * The smart account of `owner` on `client`'s chain, made as `kind` says: on an EIP-7702 network
 * the owner's own address, delegating to the implementation; else the owner's Safe.
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
  if (kind.kind === 'safe') return safeSmartAccount({ client, owner, version: kind.version })
  return toSimple7702SmartAccount({
    client,
    owner,
    implementation: kind.implementation as Address,
  })
}

/**
 * The Safe of `owner` on `client`'s chain (one owner, threshold 1, EntryPoint v0.7), as viem's
 * account-abstraction module uses it. Its address is computed (the proxy factory's creation code
 * is read once from the chain); `saltNonce` other than the one account's is for tests.
 *
 * @example
 * const account = await safeSmartAccount({ client, owner: privateKeyToAccount(key) })
 * account.address // the owner's Safe, deployed or not
 */
export async function safeSmartAccount({
  client,
  owner,
  version = '1.4.1',
  saltNonce = smartAccountSalt,
}: {
  client: PublicClient
  /** The wallet's EVM key. */
  owner: PrivateKeyAccount
  version?: keyof typeof safeAccountContracts
  saltNonce?: bigint
}): Promise<SmartAccount> {
  const contracts = safeAccountContracts[version]
  // Every address named, not left to the library's defaults: the ones the API checks and the
  // dev chain deploys.
  return (await toSafeSmartAccount({
    client,
    owners: [owner],
    version,
    entryPoint: { address: contracts.entryPoint, version: '0.7' },
    safe4337ModuleAddress: contracts.safe4337Module,
    safeModuleSetupAddress: contracts.moduleSetup,
    safeProxyFactoryAddress: contracts.proxyFactory,
    safeSingletonAddress: contracts.singleton,
    multiSendAddress: contracts.multiSend,
    multiSendCallOnlyAddress: contracts.multiSendCallOnly,
    saltNonce,
  })) as unknown as SmartAccount
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
      estimateFeesPerGas: ({ bundlerClient }) => bundlerGasPrice(bundlerClient),
    },
  })
}

/** The bundler's fees per gas now: alto's `fast` (`pimlico_getUserOperationGasPrice`). */
export async function bundlerGasPrice(bundler: Client) {
  const { fast } = await bundler.request<{
    Method: 'pimlico_getUserOperationGasPrice'
    Parameters: []
    ReturnType: { fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex } }
  }>({ method: 'pimlico_getUserOperationGasPrice', params: [] })
  return {
    maxFeePerGas: BigInt(fast.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(fast.maxPriorityFeePerGas),
  }
}
