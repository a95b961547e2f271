// Types for smartWallets.mjs, so the API's TypeScript tests can import it.
import type { Abi, Account, Address, Hex } from 'viem'

type Artifact = { abi: Abi; bytecode: Hex }

export declare const smartWalletArtifacts: {
  readonly wallet: Artifact
  readonly factory: Artifact
}

/** An account anvil has unlocked (by address, as seed.mjs sends) or a viem local account. */
export type Sender = Account | Address

/** Deploys a DevSmartWalletFactory; resolves to its address. */
export declare function deploySmartWalletFactory(options: {
  rpcUrl: string
  deployer: Sender
}): Promise<Address>

/** The CREATE2 address of the wallet of `owner` and `salt` (bytes32), as `factory` computes it. */
export declare function smartWalletAddress(options: {
  rpcUrl: string
  factory: Address
  owner: Address
  salt: Hex
}): Promise<Address>

/** Deploys the wallet of `owner` and `salt` through `factory` (idempotent); its address. */
export declare function deploySmartWallet(options: {
  rpcUrl: string
  factory: Address
  owner: Address
  salt: Hex
  sender: Sender
}): Promise<Address>

/** The owner's signature wrapped per ERC-6492 with `factory.deploy(owner, salt)`. */
export declare function counterfactualSignature(options: {
  factory: Address
  owner: Address
  salt: Hex
  signature: Hex
}): Hex
