// Types for accountAbstraction.mjs, so the TypeScript tests and scripts can import it.
import type { Address, Hex } from 'viem'

/** The CREATE2 deployer anvil has at genesis (salt ++ creation code → CREATE2). */
export declare const create2DeployerAddress: Address

/** EntryPoint v0.8's canonical address (viem's `entryPoint08Address`). */
export declare const entryPointAddress: Address

/** EntryPoint v0.7's canonical address (viem's `entryPoint07Address`): the Safe account's. */
export declare const entryPoint07Address: Address

/**
 * Simple7702Account's canonical address (viem's toSimple7702SmartAccount default): its published
 * code is placed there with anvil_setCode (CREATE2 of the artifact does not give this address).
 */
export declare const simple7702AccountAddress: Address

/** Simple7702Account's runtime code, @account-abstraction/contracts 0.8.0's artifact. */
export declare const simple7702AccountCode: Hex

/** The dev key that pays for the deployments (funded with anvil_setBalance). Public: dev only. */
export declare const accountAbstractionDeployerKey: Hex

/**
 * DevPaymaster's address on every dev chain (CREATE2, salt 0, EntryPoint v0.8, owned by the
 * deployer key). It sponsors every user operation: anyone can spend its deposit. Dev only.
 */
export declare const devPaymasterAddress: Address

/**
 * Deploys EntryPoint v0.8 at its canonical address, DevPaymaster, and EntryPoint v0.7 with Safe
 * 1.4.1 and the Safe4337Module 0.3.0 at their canonical addresses (safe.mjs), each unless it is
 * there already, and tops DevPaymaster's EntryPoint deposit up to 100 ETH when it has less; safe
 * to run on every start.
 */
export declare function deployAccountAbstraction(options: { rpcUrl: string }): Promise<{
  entryPoint: Address
  simple7702Account: Address
  entryPoint07: Address
  paymaster: Address
  /** True when all were there already with the paymaster's deposit, and nothing was sent. */
  alreadyDeployed: boolean
}>
