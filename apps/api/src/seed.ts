/**
 * The `demo` project the README, the demo site, the React example and e2e use; created at start
 * when absent, outside production mode (its origins are http on loopback, which production
 * refuses). It offers the local chains and Ethereum's id, so the bare snippet shows Connect with
 * the page's wallets.
 */

import type { CaipNetworkId, NetworkConfig } from '@airlock/protocol'
import type { Kysely } from 'kysely'
import { ProjectAlreadyExistsError } from './services/projectErrors'
import { defaultProjectSettings } from './services/projectSettings'
import { allowOrigin, configureProject, createProject, getProject } from './services/projects'
import type { Database } from './storage/storage'

export const demoProjectId = 'demo'

/** The demo site's origins, as `npm start` serves it. */
const demoSiteOrigins = ['http://127.0.0.1:5173', 'http://localhost:5173'] as const
/** The React example's (apps/example-react), which came later (issue 37). */
const exampleOrigins = ['http://127.0.0.1:5174', 'http://localhost:5174'] as const

export const demoAllowedOrigins = [...demoSiteOrigins, ...exampleOrigins] as const

/** The local EVM chain first (the one to start on), the local Solana cluster, Ethereum. */
export const demoNetworks: readonly CaipNetworkId[] = [
  'eip155:31337',
  'solana:localnet',
  'eip155:1',
]

/**
 * Creates `demo` unless it exists. An existing one is changed only when its settings were never
 * set (a database from before projects had networks): it gets the demo networks. True when it
 * was created.
 */
export async function seedDemoProject(
  db: Kysely<Database>,
  catalogue: readonly NetworkConfig[],
): Promise<boolean> {
  const networks = demoNetworks.filter((id) =>
    catalogue.some((network) => network.caipNetworkId === id),
  )
  const settings = { networks, defaultNetwork: networks[0] ?? null }
  const existing = await getProject(db, demoProjectId)
  if (existing !== undefined) {
    if (JSON.stringify(existing.settings) === JSON.stringify(defaultProjectSettings))
      await configureProject(db, demoProjectId, { settings }, catalogue)
    // A demo from before the React example, its origins as they were made (the operator changed
    // none), gets the example's: `npm start` serves it beside the demo site.
    if ([...existing.allowedOrigins].sort().join() === [...demoSiteOrigins].sort().join())
      for (const origin of exampleOrigins) await allowOrigin(db, demoProjectId, origin)
    return false
  }
  try {
    await createProject(db, demoProjectId, demoAllowedOrigins, {}, { settings, catalogue })
    return true
  } catch (error) {
    // Another replica seeded it between the read and the write.
    if (error instanceof ProjectAlreadyExistsError) return false
    throw error
  }
}
