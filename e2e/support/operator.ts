// What the e2e stack's operator set up: the token the API is started with, for
// `GET /v1/projects/:id/stats`, the projects the analytics, one-line, sign-in and smart-account
// tests use, and the CLI.
import { isProduction, readStorageConfig } from '../../apps/api/src/config'
import { runCli } from '../../apps/api/src/runCli'
import { loadNetworks } from '../../apps/api/src/services/networks'
import { openStorage } from '../../apps/api/src/storage/storage'

export const operatorToken = 'e2e-operator-token-0123456789abcdef'

export const analyticsProjects = [
  'analytics-funnel',
  'analytics-quiet',
  'analytics-off',
  'analytics-errors',
] as const

/**
 * A project whose origin a test revokes while a connected frame of it is loaded: its modal
 * rechecks the origin before signing or sending once its last check is over a second old.
 */
export const revocableSigningProject = 'revocable-signing'

/** A project whose settings the one-line tests change while pages of it are loaded. */
export const oneLineProject = 'oneline'

/** Projects that ask visitors to sign in with their wallet (SIWX), in each mode. */
export const siwxProjects = { required: 'siwx-required', optional: 'siwx-optional' } as const

/** A project with Bitcoin regtest beside anvil, for the Bitcoin tests. */
export const bitcoinProject = 'bitcoin'

/** A project on Bitcoin regtest that requires visitors to sign in with their wallet. */
export const bitcoinSiwxProject = 'siwx-bitcoin'

/** A project on Cosmos Local, for the Cosmos tests. */
export const cosmosProject = 'cosmos'

/** Cosmos Local and Osmosis (on the same stand-in): switching writes the address anew. */
export const cosmosNetworksProject = 'cosmos-networks'

/** A project on Cosmos Local that requires visitors to sign in with their wallet (ADR-036). */
export const cosmosSiwxProject = 'siwx-cosmos'

/** A project on Polkadot Local, for the Polkadot tests. */
export const polkadotProject = 'polkadot'

/** Polkadot Local and Kusama (on the same stand-in): switching writes the address anew. */
export const polkadotNetworksProject = 'polkadot-networks'

/** A project on Polkadot Local that requires visitors to sign in with their wallet (signRaw). */
export const polkadotSiwxProject = 'siwx-polkadot'

/** A project with smart accounts on (off by default), for the smart-account tests. */
export const smartAccountProject = 'smart-accounts'

/** A project with smart accounts on and their gas paid by the stack's dev paymaster. */
export const sponsoredAccountProject = 'sponsored-accounts'

/**
 * A project with smart accounts on whose site signs its visitors in itself (`siwxHandler`,
 * sign-in optional): switching to the smart account warns that the site might not support it.
 */
export const siteSignInSmartProject = 'smart-site-siwx'

/**
 * Runs the operator's CLI (`npm run airlock -- …`) against the e2e stack's database, as an
 * operator would while the API serves pages: the CLI's own `runCli` on the database, mode and
 * networks `cli.ts` would read from the environment, in this process (a `tsx` process per command
 * spent seconds compiling the API first). Resolves to its output; rejects on a non-zero exit code
 * with what it printed to stderr.
 */
export async function airlockCli(...args: string[]): Promise<string> {
  const env = { ...process.env, DATA_DIR: process.env.AIRLOCK_E2E_DATA_DIR }
  const production = isProduction(env)
  const storage = openStorage(readStorageConfig(env))
  let stdout = ''
  let stderr = ''
  try {
    const code = await runCli(args, {
      db: storage.db,
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      production,
      networks: loadNetworks(process.env, { production }),
    })
    if (code !== 0) throw new Error(`airlock ${args.join(' ')} exited with ${code}: ${stderr}`)
    return stdout
  } finally {
    await storage.close()
  }
}
