/**
 * The ERC-4337 bundlers the API relays user operations to (issue 20), from the environment:
 * `AIRLOCK_BUNDLER_URLS_JSON`, a JSON object from an eip155 network id to its bundler's
 * JSON-RPC URL, e.g. `{"eip155:8453":"https://bundler.example/base?key=…"}`. The URLs stay on the
 * server (a hosted bundler's key is in them): the modal reaches a bundler only through the API
 * (`routes/bundler.ts`). A network without one has no smart accounts. Production mode takes
 * https URLs off loopback only; messages never repeat a URL.
 */
import { type CaipNetworkId, isCaipNetworkId } from '@airlock/protocol'
import type { Environment } from '../../config'
import { ConfigError } from '../../configError'

export type BundlerConfig = Partial<Record<CaipNetworkId, string>>

const name = 'AIRLOCK_BUNDLER_URLS_JSON'

/** @throws ConfigError naming the entry at fault. */
export function readBundlerConfig(
  env: Environment,
  { production }: { production: boolean },
): BundlerConfig {
  const json = env[name]
  if (json === undefined || json.trim() === '') return {}
  let raw: unknown
  try {
    raw = JSON.parse(json)
  } catch {
    throw new ConfigError(`${name} is not valid JSON.`)
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ConfigError(`${name} must be an object from a network id to a bundler URL.`)
  const config: BundlerConfig = {}
  for (const [network, url] of Object.entries(raw)) {
    if (!isCaipNetworkId(network) || !network.startsWith('eip155:'))
      throw new ConfigError(
        `${name}: ${JSON.stringify(network.slice(0, 60))} is not an eip155 network id such as eip155:8453.`,
      )
    config[network] = checkedUrl(network, url, production)
  }
  return config
}

function checkedUrl(network: string, value: unknown, production: boolean): string {
  const refuse = (why: string) => new ConfigError(`${name}: the bundler of ${network} ${why}.`)
  if (typeof value !== 'string' || !URL.canParse(value)) throw refuse('must be an http(s) URL')
  const url = new URL(value)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('must be an http(s) URL')
  if (production && url.protocol !== 'https:') throw refuse('must be https in production mode')
  if (production && /^(localhost|127\.|\[::1\])/.test(url.hostname))
    throw refuse('must not be on loopback in production mode')
  return value
}
