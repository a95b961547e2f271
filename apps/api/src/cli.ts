/**
 * Entry for `npm run airlock -- projects ...` and `npm run airlock -- wallets ...`: opens the
 * same database as the server (from DATABASE_URL or DATA_DIR) in the same mode (production takes
 * https origins only), with the same networks (AIRLOCK_NETWORKS_JSON…), runs the command, and
 * exits with its code.
 */

import type { NetworkConfig } from '@airlock/protocol'
import { isProduction, readStorageConfig } from './config'
import { ConfigError } from './configError'
import { runCli } from './runCli'
import { loadNetworks, NetworkConfigError } from './services/networks'
import { openStorage } from './storage/storage'

/** Runs the command line's command; resolves to the exit code. */
async function main(): Promise<number> {
  let storageConfig: ReturnType<typeof readStorageConfig>
  let production: boolean
  let networks: NetworkConfig[]
  try {
    storageConfig = readStorageConfig(process.env)
    production = isProduction(process.env)
    networks = loadNetworks(process.env, { production })
  } catch (error) {
    if (!(error instanceof ConfigError) && !(error instanceof NetworkConfigError)) throw error
    console.error(`error: ${error.message}`)
    return 1
  }

  const storage = openStorage(storageConfig)
  try {
    return await runCli(process.argv.slice(2), {
      db: storage.db,
      stdout: process.stdout,
      stderr: process.stderr,
      cwd: process.env.INIT_CWD,
      production,
      networks,
    })
  } catch (error) {
    console.error('error: unexpected failure', error)
    return 1
  } finally {
    await storage.close()
  }
}

process.exit(await main())
