/**
 * The ERC-4337 bundlers the API relays user operations to (issue 20), and the paymasters that
 * sponsor their gas, from the environment: `AIRLOCK_BUNDLER_URLS_JSON` and
 * `AIRLOCK_PAYMASTER_URLS_JSON`, each a JSON object from an eip155 network id to a JSON-RPC URL,
 * e.g. `{"eip155:8453":"https://bundler.example/base?key=…"}` (a paymaster speaks ERC-7677).
 * The URLs stay on the server (a hosted service's key is in them): the modal reaches them only
 * through the API (`routes/bundler.ts`). A network without a bundler has no smart accounts; one
 * without a paymaster has its smart accounts pay their own gas. Production mode takes https URLs
 * off loopback only; messages never repeat a URL.
 */
import { type CaipNetworkId, isCaipNetworkId, namespaceOf } from '@airlock/protocol'
import { ConfigError } from '../../configError'
import type { Environment } from '../../environment'

/** Each network's service URL. */
export type NetworkUrls = Partial<Record<CaipNetworkId, string>>
export type BundlerConfig = NetworkUrls
export type PaymasterConfig = NetworkUrls

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

function readNetworkUrls(
  env: Environment,
  name: string,
  service: string,
  { production }: { production: boolean },
): NetworkUrls {
  const json = env[name]
  if (json === undefined || json.trim() === '') return {}
  let raw: unknown
  try {
    raw = JSON.parse(json)
  } catch {
    throw new ConfigError(`${name} is not valid JSON.`)
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ConfigError(`${name} must be an object from a network id to a ${service} URL.`)
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
