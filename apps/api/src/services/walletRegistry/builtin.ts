/**
 * The registry that ships with Airlock (`apps/api/registry/`): loaded at start into an empty
 * registry, so a fresh install lists wallets with nothing to set up. Once the registry holds any
 * wallet it is the operator's: a start never overwrites it (`wallets import` updates it).
 */

import type { Kysely } from 'kysely'
import { repoRoot } from '../../repoRoot'
import type { Database } from '../../storage/storage'
import { readRegistryFile } from './registryFile'
import { countWallets, storeWallets } from './walletRegistry'

// From the repository root, not this module: compiled, it is part of apps/api/dist/main.js.
export const builtinRegistryDir = `${repoRoot}apps/api/registry/`
export const builtinRegistryFile = `${builtinRegistryDir}wallets.json`

/**
 * Loads the built-in data set when the registry is empty; returns how many wallets it stored
 * (0 when the registry already had wallets). Replicas starting together store it once.
 */
export async function loadBuiltinWalletRegistry(db: Kysely<Database>): Promise<number> {
  if ((await countWallets(db)) > 0) return 0
  const wallets = await readRegistryFile(builtinRegistryFile)
  const { created } = await storeWallets(db, wallets, { mode: 'insertMissing' })
  return created
}
