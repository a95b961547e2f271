/**
 * The ERC-4337 bundlers the API relays user operations to (issue 20), and the paymasters that
 * sponsor their gas, from the environment: `AIRLOCK_BUNDLER_URLS_JSON` and
 * `AIRLOCK_PAYMASTER_URLS_JSON`, each a JSON object from an eip155 network id to a JSON-RPC URL,
 * e.g. `{"eip155:8453":"https://bundler.example/base?key=…"}` (a paymaster speaks ERC-7677).
 * The URLs stay on the server (a hosted service's key is in them): the modal reaches them only
 * through the API (`routes/bundler.ts`). A network without a bundler has no smart accounts; one
 * without a paymaster has its smart accounts pay their own gas. Production mode takes https URLs
 * off loopback only; messages never repeat a URL.
 *
 * How each bundler network's smart accounts are made (`SmartAccountKind`): by default the
 * visitor's own EOA upgraded with EIP-7702 to Simple7702Account at its canonical address, or to
 * the implementation `AIRLOCK_EIP7702_IMPLEMENTATIONS_JSON` names for the network (a network id
 * to an address); a network without EIP-7702 names in `AIRLOCK_ACCOUNT_FACTORIES_JSON` the
 * published, audited account Airlock makes there (a counterfactual account, a second address):
 * only `"safe-1.4.1"` (Safe 1.4.1 with the Safe4337Module 0.3.0 on EntryPoint v0.7, at its
 * canonical addresses; its SafeProxyFactory's canonical address is taken for the same). Any
 * other factory is refused: an arbitrary factory's accounts could sign for one another.
 */
import {
  type CaipNetworkId,
  isCaipNetworkId,
  namespaceOf,
  type SmartAccountKind,
  safeAccountContracts,
  simple7702AccountAddress,
} from '@airlock/protocol'
import { type Address, getAddress, isAddress } from 'viem'
import { ConfigError } from '../../configError'
import type { Environment } from '../../environment'

/** Each network's service URL. */
export type NetworkUrls = Partial<Record<CaipNetworkId, string>>
export type BundlerConfig = NetworkUrls
export type PaymasterConfig = NetworkUrls
/** How each bundler network's smart accounts are made. */
export type SmartAccountConfig = Partial<Record<CaipNetworkId, SmartAccountKind>>

/** @throws ConfigError naming the entry at fault. */
export function readBundlerConfig(env: Environment, mode: { production: boolean }): BundlerConfig {
  return readNetworkUrls(env, 'AIRLOCK_BUNDLER_URLS_JSON', 'bundler', mode)
}

/** @throws ConfigError naming the entry at fault. */
export function readPaymasterConfig(
  env: Environment,
  mode: { production: boolean },
): PaymasterConfig {
  return readNetworkUrls(env, 'AIRLOCK_PAYMASTER_URLS_JSON', 'paymaster', mode)
}

const factoriesName = 'AIRLOCK_ACCOUNT_FACTORIES_JSON'
const implementationsName = 'AIRLOCK_EIP7702_IMPLEMENTATIONS_JSON'

/** The accounts `AIRLOCK_ACCOUNT_FACTORIES_JSON` may name, by the name an operator writes. */
const supportedAccounts: Record<string, SmartAccountKind> = {
  'safe-1.4.1': { kind: 'safe', version: '1.4.1' },
}

/**
 * How each network in `bundlers` makes its smart accounts: a Safe where
 * `AIRLOCK_ACCOUNT_FACTORIES_JSON` names one, otherwise EIP-7702 to the implementation
 * `AIRLOCK_EIP7702_IMPLEMENTATIONS_JSON` names or Simple7702Account. `withoutBundler`: the
 * networks either names that have no bundler (production refuses them: no smart account works
 * there).
 * @throws ConfigError naming the entry at fault: not an address, an account Airlock does not
 *   make, or a network named in both.
 */
export function readSmartAccountConfig(
  env: Environment,
  bundlers: BundlerConfig,
): { accounts: SmartAccountConfig; withoutBundler: string[] } {
  const factories = readAccounts(env)
  const implementations = readAddresses(
    env,
    implementationsName,
    'an EIP-7702 implementation address',
  )
  const accounts: SmartAccountConfig = {}
  for (const network of Object.keys(bundlers) as CaipNetworkId[]) {
    const factory = factories[network]
    const implementation = implementations[network]
    if (factory !== undefined && implementation !== undefined)
      throw new ConfigError(
        `${network} is in both ${factoriesName} and ${implementationsName}: its smart accounts are made one way, by a factory (no EIP-7702) or by EIP-7702.`,
      )
    accounts[network] = factory ?? {
      kind: 'eip7702',
      implementation: implementation ?? simple7702AccountAddress,
    }
  }
  const withoutBundler = [...new Set([...Object.keys(factories), ...Object.keys(implementations)])]
    .filter((network) => !(network in bundlers))
    .sort()
  return { accounts, withoutBundler }
}

/**
 * `AIRLOCK_ACCOUNT_FACTORIES_JSON`: a JSON object from a network id to the name of an account
 * Airlock makes (or its canonical factory's address). @throws ConfigError naming those it makes.
 */
function readAccounts(env: Environment): Record<string, SmartAccountKind> {
  const raw = readJsonObject(env, factoriesName, 'the account Airlock makes there')
  const accounts: Record<string, SmartAccountKind> = {}
  for (const [network, named] of Object.entries(raw)) {
    const account = typeof named === 'string' ? safeAccountOfName(named) : undefined
    if (account === undefined)
      throw new ConfigError(
        `${factoriesName}: ${network.slice(0, 60)} names ${typeof named === 'string' ? JSON.stringify(named.slice(0, 66)) : 'no account'}, which Airlock does not make. The accounts Airlock supports on a network without EIP-7702: "safe-1.4.1" (Safe 1.4.1 with the Safe4337Module 0.3.0 on EntryPoint v0.7, SafeProxyFactory ${safeAccountContracts['1.4.1'].proxyFactory}).`,
      )
    accounts[network] = account
  }
  return accounts
}

/** The account of a network without EIP-7702 an operator names: `safe-1.4.1`, or its factory. */
export const safeAccountOfName = (named: string): SmartAccountKind | undefined =>
  supportedAccounts[named.toLowerCase()] ?? accountOfFactory(named)

/** The Safe whose canonical SafeProxyFactory `address` is, if it is one. */
function accountOfFactory(address: string): SmartAccountKind | undefined {
  if (!isAddress(address, { strict: false })) return undefined
  const version = (Object.keys(safeAccountContracts) as (keyof typeof safeAccountContracts)[]).find(
    (known) => safeAccountContracts[known].proxyFactory.toLowerCase() === address.toLowerCase(),
  )
  return version === undefined ? undefined : { kind: 'safe', version }
}

/** A JSON object from a network id to an address, checksummed. @throws ConfigError */
function readAddresses(env: Environment, name: string, what: string): Record<string, Address> {
  const raw = readJsonObject(env, name, what)
  const addresses: Record<string, Address> = {}
  for (const [network, address] of Object.entries(raw)) {
    if (typeof address !== 'string' || !isAddress(address, { strict: false }))
      throw new ConfigError(`${name}: ${network.slice(0, 60)} needs ${what}.`)
    addresses[network] = getAddress(address)
  }
  return addresses
}

/** A JSON object from the environment; {} when unset. @throws ConfigError */
function readJsonObject(env: Environment, name: string, what: string): Record<string, unknown> {
  const json = env[name]
  if (json === undefined || json.trim() === '') return {}
  let raw: unknown
  try {
    raw = JSON.parse(json)
  } catch {
    throw new ConfigError(`${name} is not valid JSON.`)
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ConfigError(`${name} must be an object from a network id to ${what}.`)
  return raw as Record<string, unknown>
}

function readNetworkUrls(
  env: Environment,
  name: string,
  service: string,
  { production }: { production: boolean },
): NetworkUrls {
  const raw = readJsonObject(env, name, `a ${service} URL`)
  const config: NetworkUrls = {}
  for (const [network, url] of Object.entries(raw)) {
    if (!isCaipNetworkId(network) || namespaceOf(network) !== 'eip155')
      throw new ConfigError(
        `${name}: ${JSON.stringify(network.slice(0, 60))} is not an eip155 network id such as eip155:8453.`,
      )
    config[network] = checkedUrl(
      url,
      production,
      (why) => new ConfigError(`${name}: the ${service} of ${network} ${why}.`),
    )
  }
  return config
}

function checkedUrl(
  value: unknown,
  production: boolean,
  refuse: (why: string) => ConfigError,
): string {
  const problem = serviceUrlProblem(value, production)
  if (problem !== undefined) throw refuse(problem)
  return value as string
}

/**
 * Why a bundler's or paymaster's URL is refused (`must be an http(s) URL`; in production mode
 * https off loopback), or undefined: the deployment's (env) and a project's own alike.
 */
export function serviceUrlProblem(value: unknown, production: boolean): string | undefined {
  if (typeof value !== 'string' || !URL.canParse(value)) return 'must be an http(s) URL'
  const url = new URL(value)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL'
  if (production && url.protocol !== 'https:') return 'must be https in production mode'
  if (production && /^(localhost|127\.|\[::1\])/.test(url.hostname))
    return 'must not be on loopback in production mode'
  return undefined
}
