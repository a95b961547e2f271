// Types for seed.mjs, so the API's TypeScript tests can import it.
type Address = `0x${string}`

export declare const devAccounts: {
  readonly alice: Address
  readonly bob: Address
  readonly carol: Address
  readonly deployer: Address
}

export declare const multicall3Address: Address

export type DevChainContracts = {
  usdc: Address
  zeroDecimals: Address
  collectibles: Address
  spam: Address
  /** DevSmartWalletFactory (CREATE2), see smartWallets.mjs. */
  smartWalletFactory: Address
  /** The factory's DevSmartWallet for dev account #1 (`bob`), salt 0: ERC-1271, deployed. */
  smartWallet: Address
}

export declare const devChainContracts: DevChainContracts

export declare function seedDevChain(options: { rpcUrl: string }): Promise<{
  contracts: DevChainContracts
  multicall3: Address
  /** True when the chain had everything already and nothing was sent. */
  alreadySeeded: boolean
}>
