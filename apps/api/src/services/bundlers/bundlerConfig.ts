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
 * Each network with a bundler names its smart accounts' factory in `AIRLOCK_ACCOUNT_FACTORIES_JSON`
 * (a network id to the factory's address). The API names no factory of its own: the dev stack
 * sets its DevAccountFactory (devchain/), and production sets a published, audited one.
 */
import { type CaipNetworkId, isCaipNetworkId, namespaceOf } from '@airlock/protocol'
import { type Address, getAddress, isAddress } from 'viem'
import { ConfigError } from '../../configError'
import type { Environment } from '../../environment'

/** Each network's service URL. */
export type NetworkUrls = Partial<Record<CaipNetworkId, string>>
export type BundlerConfig = NetworkUrls
export type PaymasterConfig = NetworkUrls
/** Each bundler network's smart-account factory. */
export type AccountFactoryConfig = Partial<Record<CaipNetworkId, Address>>

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

/**
 * The factory of each network in `bundlers`, from `AIRLOCK_ACCOUNT_FACTORIES_JSON`.
 * @throws ConfigError naming the entry at fault: a bundler network without one, or not an address.
 */
export function readAccountFactoryConfig(
  env: Environment,
  bundlers: BundlerConfig,
): AccountFactoryConfig {
  const name = 'AIRLOCK_ACCOUNT_FACTORIES_JSON'
  const raw = readJsonObject(env, name, 'an account factory address')
  const config: AccountFactoryConfig = {}
  for (const network of Object.keys(bundlers) as CaipNetworkId[]) {
    const address = raw[network]
    if (typeof address !== 'string' || !isAddress(address, { strict: false }))
      throw new ConfigError(
        `${name}: ${network} has a bundler, so it needs its smart accounts' factory address.`,
      )
    config[network] = getAddress(address)
  }
  return config
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
  if (typeof value !== 'string' || !URL.canParse(value)) throw refuse('must be an http(s) URL')
  const url = new URL(value)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('must be an http(s) URL')
  if (production && url.protocol !== 'https:') throw refuse('must be https in production mode')
  if (production && /^(localhost|127\.|\[::1\])/.test(url.hostname))
    throw refuse('must not be on loopback in production mode')
  return value
}
