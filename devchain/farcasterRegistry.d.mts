// Types for farcasterRegistry.mjs, so the TypeScript tests and scripts can import it.
import type { Abi, Address } from 'viem'

/** Farcaster's IdRegistry on Optimism, where the dev chain has DevFarcasterIdRegistry. */
export declare const farcasterIdRegistryAddress: Address

/** Farcaster's KeyRegistry on Optimism, where the dev chain has DevFarcasterKeyRegistry. */
export declare const farcasterKeyRegistryAddress: Address

/** The stand-ins' ABIs: `idOf(owner)`, `custodyOf(fid)`; `keyDataOf(fid, key)`. */
export declare const farcasterRegistryAbis: {
  readonly idRegistry: Abi
  readonly keyRegistry: Abi
}

/** A custody address that owns a fid. */
export type FarcasterRegistration = { custody: Address; fid: number | bigint }

/**
 * Puts the registries' code at the Optimism addresses (`anvil_setCode`) and registers each
 * account's custody → fid (`anvil_setStorageAt`); sends no transaction, safe to run again.
 */
export declare function installDevFarcasterRegistry(options: {
  rpcUrl: string
  accounts: readonly FarcasterRegistration[]
}): Promise<{
  idRegistry: Address
  keyRegistry: Address
  registered: { custody: Address; fid: bigint }[]
}>
