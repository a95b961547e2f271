// Starts the real stack for the suite (anvil with its ERC-4337 bundler, the Solana RPC, the
// WalletConnect relay, the dev mail server, the dev OpenID provider of every social login, the API
// on a fresh SQLite file, the demo site and the fixture servers), allows the fixture origin through
// the project CLI, and stops it all after. The onramp providers are the stack's stand-ins of Meld
// and Coinbase (scripts/devOnramp.mjs), as `npm start` runs them.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// @ts-expect-error: plain ESM helper shared with `npm start` and the bench.
import { startStack } from '../scripts/stack.mjs'
import { startFixtureServers } from './fixtures/server'
import { aUsd } from './support/faucet'
import {
  airlockCli,
  analyticsProjects,
  bitcoinProject,
  bitcoinSiwxProject,
  cosmosNetworksProject,
  cosmosProject,
  cosmosSiwxProject,
  oneLineProject,
  operatorToken,
  polkadotNetworksProject,
  polkadotProject,
  polkadotSiwxProject,
  revocableSigningProject,
  siteSignInSmartProject,
  siwxProjects,
  smartAccountProject,
  sponsoredAccountProject,
} from './support/operator'
import { origins, ports } from './support/ports'

export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'airlock-e2e-'))
  // Where the specs' workers (and airlockCli) find the stack's database.
  process.env.AIRLOCK_E2E_DATA_DIR = dataDir
  const env = {
    DATA_DIR: dataDir,
    AIRLOCK_OPERATOR_TOKEN: operatorToken,
    // Osmosis and Kusama on the stack's stand-ins, so a switch to them reaches nothing beyond
    // loopback: the tests switching within Cosmos and Polkadot look at addresses, not balances.
    AIRLOCK_NETWORKS_JSON: JSON.stringify([
      {
        caipNetworkId: 'cosmos:osmosis-1',
        name: 'Osmosis',
        nativeCurrency: { name: 'Osmosis', symbol: 'OSMO', decimals: 6 },
        rpcUrl: `http://127.0.0.1:${ports.cosmos}`,
      },
      {
        caipNetworkId: 'polkadot:b0a8d493285c2df73290dfb7e61f870f',
        name: 'Kusama',
        nativeCurrency: { name: 'Kusama', symbol: 'KSM', decimals: 12 },
        rpcUrl: `http://127.0.0.1:${ports.polkadot}`,
      },
    ]),
    // Every test's browser is a visitor on the one loopback address: the per-client budgets
    // (120 reads and 6 uncached a minute, meant for one visitor) would be the whole suite's, and
    // a refresh after a send could be refused depending on which specs share its minute. The
    // limits themselves are tested in apps/api (routes/accountData.test.ts).
    AIRLOCK_ACCOUNT_DATA_PER_CLIENT_PER_MINUTE: '1000000',
    AIRLOCK_ACCOUNT_DATA_UNCACHED_PER_CLIENT_PER_MINUTE: '1000000',
    AIRLOCK_ACCOUNT_DATA_PER_PROJECT_PER_MINUTE: '1000000',
    // Likewise for email codes and sign-ins (30 a minute per client); the per-address budget (5)
    // stays, each test signing in its own address. The limits are tested in apps/api.
    AIRLOCK_EMAIL_LOGIN_PER_CLIENT_PER_MINUTE: '1000000',
  }
  const stack = await startStack({
    apiPort: ports.api,
    demoPort: ports.demo,
    examplePort: ports.example,
    anvilPort: ports.anvil,
    relayPort: ports.relay,
    solanaPort: ports.solana,
    smtpPort: ports.smtp,
    devMailPort: ports.devMail,
    oidcPort: ports.oidc,
    farcasterPort: ports.farcaster,
    bundlerPort: ports.bundler,
    paymasterPort: ports.paymaster,
    onrampPort: ports.onramp,
    esploraPort: ports.esplora,
    cosmosPort: ports.cosmos,
    polkadotPort: ports.polkadot,
    // The pending-batch journey holds user operations in alto's mempool (e2e/pendingBatch.spec.ts).
    bundlerDebug: true,
    env,
    quiet: !process.env.E2E_VERBOSE,
  })
  // One command at a time: each opens the database on its own, as an operator's CLI would.
  const airlock = airlockCli
  // The demo project as an operator would set it up for these origins.
  await airlock('projects', 'allow-origin', 'demo', origins.demo)
  await airlock('projects', 'allow-origin', 'demo', origins.fixtures)
  await airlock('projects', 'allow-origin', 'demo', origins.example)
  // A project the allowlist test revokes, so other tests keep theirs.
  await airlock('projects', 'create', 'revocable', '--origin', origins.fixtures)
  // Another, connected when it is revoked: an admission cache of a second, not a minute.
  await airlock(
    'projects',
    'create',
    revocableSigningProject,
    '--origin',
    origins.fixtures,
    '--admission-cache',
    '1',
  )
  // A second project on the fixtures' site: it must not see what demo remembers there.
  await airlock('projects', 'create', 'neighbour', '--origin', origins.fixtures)
  // multiWallet is off by default and a site can't switch on what its project has off.
  await airlock(
    'projects',
    'create',
    'multiwallet',
    '--origin',
    origins.fixtures,
    '--feature',
    'multiWallet=on',
  )
  // The one-line tests' project: its own networks, which its operator changes under loaded pages.
  await airlock(
    'projects',
    'create',
    oneLineProject,
    '--origin',
    origins.fixtures,
    '--networks',
    'eip155:31337,eip155:1',
    '--default-network',
    'eip155:31337',
  )
  // Sign-in with a wallet, required and optional, on the fixtures' site and the demo's.
  for (const [mode, project] of Object.entries(siwxProjects))
    await airlock(
      'projects',
      'create',
      project,
      '--origin',
      origins.fixtures,
      '--origin',
      origins.demo,
      '--networks',
      'eip155:31337,solana:localnet',
      '--siwx',
      mode,
    )
  // Sign-in required on Bitcoin regtest alone.
  await airlock(
    'projects',
    'create',
    bitcoinSiwxProject,
    '--origin',
    origins.fixtures,
    '--networks',
    'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
    '--siwx',
    'required',
  )
  // Bitcoin regtest (the stack's Esplora stand-in) with anvil: its pages load Bitcoin discovery.
  await airlock(
    'projects',
    'create',
    bitcoinProject,
    '--origin',
    origins.fixtures,
    '--networks',
    'bip122:0f9188f13cb7b2c71f2a335e3a4fc328,eip155:31337',
    '--default-network',
    'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  )
  // Cosmos Local (the stack's chain stand-in) alone: its pages load Cosmos discovery, and a
  // Keplr-style wallet connects, sees its ATOM and sends; another project requires sign-in.
  await airlock(
    'projects',
    'create',
    cosmosProject,
    '--origin',
    origins.fixtures,
    '--networks',
    'cosmos:airlock-local-1',
  )
  await airlock(
    'projects',
    'create',
    cosmosSiwxProject,
    '--origin',
    origins.fixtures,
    '--networks',
    'cosmos:airlock-local-1',
    '--siwx',
    'required',
  )
  // Two networks of each: a switch between them writes the wallet's address for the new one.
  await airlock(
    'projects',
    'create',
    cosmosNetworksProject,
    '--origin',
    origins.fixtures,
    '--networks',
    'cosmos:airlock-local-1,cosmos:osmosis-1',
  )
  await airlock(
    'projects',
    'create',
    polkadotNetworksProject,
    '--origin',
    origins.fixtures,
    '--networks',
    'polkadot:fcbb43a94fb5ca7574f5f76c75f9510c,polkadot:b0a8d493285c2df73290dfb7e61f870f',
  )
  // Polkadot Local (the stack's node stand-in) alone: a polkadot{.js}-style extension connects,
  // sees its DOT and sends; another project requires sign-in.
  await airlock(
    'projects',
    'create',
    polkadotProject,
    '--origin',
    origins.fixtures,
    '--networks',
    'polkadot:fcbb43a94fb5ca7574f5f76c75f9510c',
  )
  await airlock(
    'projects',
    'create',
    polkadotSiwxProject,
    '--origin',
    origins.fixtures,
    '--networks',
    'polkadot:fcbb43a94fb5ca7574f5f76c75f9510c',
    '--siwx',
    'required',
  )
  // Smart accounts are off by default, and the bundler relay refuses a project without them.
  await airlock(
    'projects',
    'create',
    smartAccountProject,
    '--origin',
    origins.fixtures,
    '--feature',
    'smartAccounts=on',
  )
  await airlock(
    'projects',
    'create',
    sponsoredAccountProject,
    '--origin',
    origins.fixtures,
    '--feature',
    'smartAccounts=on',
    '--feature',
    'gasSponsorship=on',
    // What its gas sponsorship pays for: aUSD's transfer (0xa9059cbb), nothing else.
    '--sponsored-calls',
    `eip155:31337:${aUsd}@0xa9059cbb`,
  )
  await airlock(
    'projects',
    'create',
    siteSignInSmartProject,
    '--origin',
    origins.fixtures,
    '--feature',
    'smartAccounts=on',
    '--siwx',
    'optional',
  )
  // Projects of their own for the analytics tests, whose events are counted per project.
  for (const project of analyticsProjects)
    await airlock('projects', 'create', project, '--origin', origins.fixtures)
  const stopFixtures = await startFixtureServers()
  return async () => {
    await stopFixtures()
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
