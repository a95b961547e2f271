// Types for safe.mjs, so the TypeScript tests and scripts can import it.
import type { Address, Hex } from 'viem'

/** Safe's singleton factory (the CREATE2 deployer's code, placed with anvil_setCode). */
export declare const safeSingletonFactoryAddress: Address

/** EntryPoint v0.7's canonical address (viem's `entryPoint07Address`). */
export declare const entryPoint07Address: Address

/**
 * EntryPoint v0.7, Safe 1.4.1's contracts and the Safe4337Module 0.3.0, in deployment order:
 * canonical address, the deployer they are created through, init code and salt, and the runtime
 * code the published artifact holds (with immutables left zero, as the compiler writes it).
 */
export declare const safeContracts: readonly {
  name: string
  address: Address
  deployer: Address
  initCode: Hex
  salt: Hex
  deployedBytecode: Hex
}[]

/**
 * Deploys every one of `safeContracts` unless it is there already, paid by `key` (funded with
 * anvil_setBalance); resolves how many transactions it sent.
 */
export declare function deploySafeContracts(options: { rpcUrl: string; key: Hex }): Promise<number>
