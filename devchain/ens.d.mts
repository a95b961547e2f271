// Types for ens.mjs, so the TypeScript tests and scripts can import it.
import type { Abi, Address, Hex } from 'viem'

/** The dev key that deploys the dev ENS and owns its names and gateway settings. Public: dev only. */
export declare const ensDeployerKey: Hex
export declare const devNamesGatewayKey: Hex

/** DevEnsRegistry's, DevOffchainResolver's and DevUniversalResolver's ABIs. */
export declare const devEnsAbis: {
  readonly registry: Abi
  readonly offchainResolver: Abi
  readonly universalResolver: Abi
}

/**
 * The dev ENS contracts' addresses on every dev chain (CREATE2, salt 0). `universalResolver` is
 * what viem needs: the chain's `contracts.ensUniversalResolver.address`.
 */
export declare const devEnsAddresses: {
  readonly registry: Address
  readonly offchainResolver: Address
  readonly universalResolver: Address
}

/** `addr.reverse`: the reverse names (coin type 60) the offchain resolver also answers. */
export declare const reverseParentName: 'addr.reverse'

/**
 * Deploys the dev ENS (each contract unless it is there), gives the deployer key every label of
 * `parentName` (default `airlock.eth`) and `addr.reverse`, points both at the offchain resolver and
 * sets its gateway to `gatewayUrl` (an EIP-3668 URL template) trusting `signer` alone. Sends only
 * what is not already so.
 */
export declare function deployDevEns(options: {
  rpcUrl: string
  parentName?: string
  gatewayUrl: string
  signer: Address
}): Promise<{
  registry: Address
  offchainResolver: Address
  universalResolver: Address
  parentName: string
  /** True when everything was already so and nothing was sent. */
  alreadyDeployed: boolean
}>
