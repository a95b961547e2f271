/**
 * What production mode refuses at start: settings that are fine on a developer's machine and
 * unsafe in front of visitors (no public https URL, no word on the TLS proxy's addresses, an http
 * or loopback RPC URL or WalletConnect relay, Verify off, names without their own gateway key, a
 * network offering smart accounts with no bundler, buying crypto through the dev stand-ins),
 * and stored project origins that are not https. Each problem names the setting or project, the
 * value, and the fix; a start reports all of them, not the first.
 */

import type { ServerConfig } from './config'
import type { Environment } from './environment'
import { isLoopbackHost } from './loopback'
import type { BundlerConfig } from './services/bundlers/bundlerConfig'
import { smartAccountNetworkProblems } from './services/bundlers/projectSmartAccounts'
import { isDevNamesGatewaySigner } from './services/names/devNamesGateway'
import { rpcUrlSetting } from './services/networks'
import type { Project } from './services/projects'
import { paymasterServiceProblem } from './services/sponsorshipSettings'

/** Thrown at start in production mode with every problem found; the message lists them. */
export class ProductionConfigError extends Error {
  override readonly name = 'ProductionConfigError'
  constructor(readonly problems: readonly string[]) {
    super(
      `production mode (NODE_ENV=production or AIRLOCK_PRODUCTION=1) refuses to start:\n${problems
        .map((problem) => `  - ${problem}`)
        .join('\n')}`,
    )
  }
}

export declare namespace productionConfigProblems {
  type ReturnType = {
    /** Each one refuses the start. */
    problems: string[]
    /** Worth the operator's attention; the start goes on. */
    warnings: string[]
  }
}

/**
 * The problems and warnings of a production configuration (`readServerConfig`'s result with
 * `production: true`); `env` tells where a value came from.
 *
 * @example
 * const { problems, warnings } = productionConfigProblems(config, process.env)
 * if (problems.length > 0) throw new ProductionConfigError(problems)
 */
export function productionConfigProblems(
  config: ServerConfig,
  env: Environment,
): productionConfigProblems.ReturnType {
  const problems: string[] = []
  const warnings: string[] = []

  // Login codes are kept as HMACs under it: the public development key would give them away.
  if (!config.email.serverKeySet)
    problems.push(
      'AIRLOCK_SERVER_KEY is not set: set it to 32 random bytes, hex or base64 (openssl rand -hex 32), and keep it secret.',
    )
  if (config.email.smtpUrl === undefined)
    warnings.push('SMTP_URL is not set: email login codes cannot be sent.')

  // The modal's own origin, which requests' Origin headers are checked against: behind a TLS
  // proxy the request URL does not say it.
  if (config.publicOrigin === undefined)
    problems.push(
      'AIRLOCK_PUBLIC_URL is not set: set it to the https URL visitors load the modal from, e.g. https://airlock.example.com.',
    )
  else if (!config.publicOrigin.startsWith('https://'))
    problems.push(
      `AIRLOCK_PUBLIC_URL ${config.publicOrigin} is not https: serve the modal over https (a TLS proxy in front of the API) and set the https URL.`,
    )

  // The API speaks plain HTTP: in production a TLS proxy serves AIRLOCK_PUBLIC_URL, and every
  // request's socket is the proxy's. Counted by it, all visitors would share one rate-limit budget.
  if (env.AIRLOCK_TRUST_PROXY === undefined || env.AIRLOCK_TRUST_PROXY === '')
    problems.push(
      'AIRLOCK_TRUST_PROXY is not set: behind the TLS proxy that serves AIRLOCK_PUBLIC_URL every request comes from the proxy, so all visitors would share one rate-limit budget. Set it to the number of proxies in front of the API that append X-Forwarded-For (1 for one), or to 0 if clients reach the API with their own address (a TCP pass-through).',
    )

  // Every visitor's browser calls these; http can be rewritten on the way, and loopback is
  // whatever listens on the visitor's own machine.
  for (const network of config.networks) {
    const url = new URL(network.rpcUrl)
    if (url.protocol === 'https:' && !isLoopbackHost(url.hostname)) continue
    problems.push(
      `${network.caipNetworkId} RPC URL ${network.rpcUrl} (${rpcUrlSetting(network.caipNetworkId, env)}) is ${url.protocol === 'https:' ? 'on loopback' : 'not https'}: use an https RPC URL visitors can reach, or leave the network out.`,
    )
  }

  const walletConnect = config.walletConnect
  if (walletConnect !== null) {
    const relay = new URL(walletConnect.relayUrl)
    if (relay.protocol !== 'wss:' || isLoopbackHost(relay.hostname))
      problems.push(
        `AIRLOCK_WC_RELAY_URL ${walletConnect.relayUrl} is a development relay (ws:// or loopback): unset it for the public relay, or set a wss:// relay visitors can reach.`,
      )
    if (!walletConnect.verify)
      problems.push(
        'AIRLOCK_WC_VERIFY is off: wallets could not warn their users about a site posing as yours; unset it (Verify is on by default).',
      )
  }

  // Every ENS client believes what the names gateway signs for the parent's resolver.
  const names = config.names
  if (names !== undefined && names.gateway === undefined)
    problems.push(
      `AIRLOCK_NAMES_PARENT ${names.parent} is set without AIRLOCK_NAMES_GATEWAY_KEY and AIRLOCK_NAMES_RESOLVER: no ENS client could resolve the names registered here. Set a gateway key of your own and the offchain resolver that trusts its address, or unset AIRLOCK_NAMES_PARENT.`,
    )
  else if (names?.gateway && isDevNamesGatewaySigner(names.gateway.signer.address))
    problems.push(
      "AIRLOCK_NAMES_GATEWAY_KEY is the development stack's key, which is public (devchain/ens.mjs): anyone could sign answers for your resolver with it. Make a key of your own (e.g. cast wallet new) and make it your resolver's signer.",
    )

  // The onramp stand-ins complete any purchase for free: a visitor would believe they bought.
  if (config.onramp?.testProvidersUrl !== undefined)
    problems.push(
      `AIRLOCK_ONRAMP_TEST_PROVIDERS_URL ${config.onramp.testProvidersUrl} points buying crypto at the development stand-ins (scripts/devOnramp.mjs), which deliver nothing: unset it and set your Meld or Coinbase keys.`,
    )

  // A network offering smart accounts (their kind, or a paymaster for their gas) with no bundler:
  // the modal could make no smart account there.
  const offered = [...config.smartAccountsWithoutBundler, ...Object.keys(config.paymasters)]
  for (const network of [...new Set(offered)].sort())
    if (!(network in config.bundlers))
      problems.push(
        `${network} offers smart accounts (AIRLOCK_ACCOUNT_FACTORIES_JSON, AIRLOCK_EIP7702_IMPLEMENTATIONS_JSON or AIRLOCK_PAYMASTER_URLS_JSON) but has no bundler: add its bundler to AIRLOCK_BUNDLER_URLS_JSON, or leave the network out of those.`,
      )

  if (config.storage.dialect === 'sqlite' && !env.DATA_DIR)
    warnings.push(
      `SQLite at ${config.storage.file}, the default DATA_DIR: make sure it is on a persistent volume (set DATA_DIR to one), or set DATABASE_URL for Postgres.`,
    )

  return { problems, warnings }
}

/**
 * The stored origins production mode refuses: every http one; and every paymaster service URL a
 * project lets its sites name (`wallet_sendCalls`' ERC-7677 capability) that is not https or is
 * on loopback: the visitor's browser asks it. The start stops rather than
 * skipping them, so the database stays the one truth for `frame-ancestors` and the bridge, and
 * the operator learns of it at deploy time rather than from a site whose modal stopped loading.
 */
export function storedOriginProblems(projects: readonly Project[]): string[] {
  const paymasterServices = projects.flatMap((project) =>
    project.settings.paymasterServices.flatMap((url) => {
      const problem = paymasterServiceProblem(url)
      return problem
        ? [
            `project ${JSON.stringify(project.id)} lets its sites name the paymaster service ${url}, which ${problem}: change the list with the CLI (projects set ${project.id} --paymaster-services <https urls|none>).`,
          ]
        : []
    }),
  )
  const origins = projects.flatMap((project) =>
    project.allowedOrigins
      .filter((origin) => !origin.startsWith('https://'))
      .map(
        (origin) =>
          `project ${JSON.stringify(project.id)} allows ${origin}, which is not https: revoke it with the CLI (projects revoke-origin ${project.id} ${origin}) and allow its https origin.`,
      ),
  )
  return [...origins, ...paymasterServices]
}

/**
 * What production mode refuses of the projects' own smart-account networks
 * (`projects set --smart-account-networks`): a bundler or paymaster URL not https or on loopback,
 * and a network that names a paymaster or an account with no bundler, the project's or the
 * deployment's (`deployment.bundlers`, AIRLOCK_BUNDLER_URLS_JSON).
 */
export function storedSmartAccountProblems(
  projects: readonly Project[],
  deployment: { bundlers: BundlerConfig },
): string[] {
  return projects.flatMap((project) =>
    smartAccountNetworkProblems(project.settings.smartAccountNetworks, deployment).map(
      (problem) =>
        `project ${JSON.stringify(project.id)}: ${problem}: change it with the CLI (projects set ${project.id} --smart-account-networks <json|none>).`,
    ),
  )
}
