/**
 * A project's own smart-account services per network (issue 35 point 2): its bundler, its
 * paymaster and how its smart accounts are made, overriding the deployment's (env) for that
 * project. Read here from what an operator gives (`projects set --smart-account-networks`, a JSON
 * object), checked against the API's network catalogue, and resolved against the deployment's.
 * The URLs hold providers' keys: `redactedUrl` is all that is ever printed of them.
 */
import {
  type CaipNetworkId,
  isCaipNetworkId,
  type NetworkConfig,
  namespaceOf,
  type SmartAccountKind,
  type SmartAccountNetwork,
  simple7702AccountAddress,
} from '@airlock/protocol'
import { getAddress, isAddress } from 'viem'
import {
  type BundlerConfig,
  type PaymasterConfig,
  type SmartAccountConfig,
  safeAccountOfName,
  serviceUrlProblem,
} from './bundlerConfig'

/** A project's own services, by network. */
export type SmartAccountNetworks = Partial<Record<CaipNetworkId, SmartAccountNetwork>>

/** A setting refused: its name, the value and why (projectSettings' InvalidProjectSettingError). */
type SettingRefusal = (setting: string, value: unknown, reason: string) => Error

const setting = 'smart account networks'
const fields = ['bundler', 'paymaster', 'account'] as const

/** The accounts an operator may name, as the CLI writes them. */
export const accountNames = 'eip7702, eip7702:<implementation address> or safe-1.4.1'

/**
 * Reads a project's smart-account networks as given: a JSON object (or its text) from an eip155
 * network of the API's catalogue to `{ bundler?, paymaster?, account? }`, the URLs http(s)
 * without credentials, `account` one of `accountNames`; `none` or `{}` for none.
 * @throws what `refuse` makes, naming the network and the field.
 *
 * @example
 * smartAccountNetworksOf('{"eip155:8453":{"bundler":"https://…","account":"eip7702"}}', catalogue, refuse)
 */
export function smartAccountNetworksOf(
  given: string | Readonly<Record<string, unknown>>,
  catalogue: readonly NetworkConfig[],
  refuse: SettingRefusal,
  production = false,
): SmartAccountNetworks {
  if (given === 'none') return {}
  let raw: unknown = given
  if (typeof given === 'string')
    try {
      raw = JSON.parse(given)
    } catch {
      throw refuse(setting, given, 'use a JSON object from a network id to its services, or none')
    }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw refuse(setting, given, 'use a JSON object from a network id to its services, or none')
  const networks: SmartAccountNetworks = {}
  for (const [network, value] of Object.entries(raw)) {
    if (!isCaipNetworkId(network) || namespaceOf(network) !== 'eip155')
      throw refuse(setting, network, 'use an eip155 network id such as eip155:8453')
    if (!catalogue.some(({ caipNetworkId }) => caipNetworkId === network))
      throw refuse(
        setting,
        network,
        `the API knows ${catalogue.map((known) => known.caipNetworkId).join(', ')}`,
      )
    networks[network] = networkServices(network, value, refuse, production)
  }
  return networks
}

function networkServices(
  network: CaipNetworkId,
  value: unknown,
  refuse: SettingRefusal,
  production: boolean,
): SmartAccountNetwork {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw refuse(setting, network, 'give it an object with bundler, paymaster or account')
  const entry = value as Record<string, unknown>
  const unknown = Object.keys(entry).filter((key) => !(fields as readonly string[]).includes(key))
  if (unknown.length > 0)
    throw refuse(`${setting} of ${network}`, unknown[0], 'use bundler, paymaster and account only')
  const services: SmartAccountNetwork = {}
  for (const service of ['bundler', 'paymaster'] as const) {
    const url = entry[service]
    if (url === undefined) continue
    const problem =
      serviceUrlProblem(url, production) ??
      (new URL(url as string).username || new URL(url as string).password
        ? 'must not carry credentials (a key goes in its path or query)'
        : undefined)
    if (problem !== undefined)
      throw refuse(`${service} of ${network}`, redactedUrl(String(url)), problem)
    services[`${service}Url`] = url as string
  }
  if (entry.account !== undefined) {
    const account = typeof entry.account === 'string' ? accountOfName(entry.account) : undefined
    if (account === undefined)
      throw refuse(`account of ${network}`, entry.account, `use ${accountNames}`)
    services.account = account
  }
  return services
}

/** The account an operator names (`accountNames`); undefined for another. */
function accountOfName(named: string): SmartAccountKind | undefined {
  const [kind, implementation, ...rest] = named.split(':')
  if (rest.length > 0) return undefined
  if (kind === 'eip7702' && implementation === undefined)
    return { kind: 'eip7702', implementation: simple7702AccountAddress }
  if (kind === 'eip7702' && implementation !== undefined)
    return isAddress(implementation, { strict: false })
      ? { kind: 'eip7702', implementation: getAddress(implementation) }
      : undefined
  return safeAccountOfName(named)
}

/** What is printed of a service's URL: its origin only (its path and query may hold a key). */
export function redactedUrl(url: string): string {
  return URL.canParse(url) ? `${new URL(url).origin}/…` : '(not a URL)'
}

/** The deployment's services (env), which a project's own override network by network. */
export type DeploymentServices = {
  bundlers: BundlerConfig
  paymasters: PaymasterConfig
  smartAccounts: SmartAccountConfig
}

/** A network's services for one project: the project's own where it has them, else the deployment's. */
export type ResolvedServices = {
  bundlerUrl: string
  paymasterUrl: string | undefined
  account: SmartAccountKind
}

/**
 * The services of `network` for a project with `own` networks, field by field; undefined when
 * neither the project nor the deployment has a bundler there (no smart accounts).
 */
export function resolveServices(
  deployment: DeploymentServices,
  own: SmartAccountNetworks,
  network: CaipNetworkId,
): ResolvedServices | undefined {
  const mine = own[network]
  const bundlerUrl = mine?.bundlerUrl ?? deployment.bundlers[network]
  if (bundlerUrl === undefined) return undefined
  return {
    bundlerUrl,
    paymasterUrl: mine?.paymasterUrl ?? deployment.paymasters[network],
    account: mine?.account ??
      deployment.smartAccounts[network] ?? {
        kind: 'eip7702',
        implementation: simple7702AccountAddress,
      },
  }
}

/**
 * Why production mode refuses a project's smart-account networks: a URL not https or on
 * loopback, or a network that names a paymaster or an account with no bundler from either the
 * project or the deployment (no smart account could be made there).
 */
export function smartAccountNetworkProblems(
  own: SmartAccountNetworks,
  deployment: Pick<DeploymentServices, 'bundlers'>,
): string[] {
  const problems: string[] = []
  for (const [network, services] of Object.entries(own) as [CaipNetworkId, SmartAccountNetwork][]) {
    for (const service of ['bundler', 'paymaster'] as const) {
      const url = services[`${service}Url`]
      const problem = url === undefined ? undefined : serviceUrlProblem(url, true)
      if (problem) problems.push(`the ${service} of ${network} (${redactedUrl(url!)}) ${problem}`)
    }
    if (services.bundlerUrl === undefined && deployment.bundlers[network] === undefined)
      problems.push(
        `${network} names ${services.account ? 'an account' : 'a paymaster'} but has no bundler, the project's or the deployment's`,
      )
  }
  return problems
}
