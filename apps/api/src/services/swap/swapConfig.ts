/**
 * Which swap providers this API has (issue 22), from the environment: `AIRLOCK_SWAP_1INCH_API_KEY`
 * turns 1inch on for the spec's supported networks, and `AIRLOCK_SWAP_LOCAL_ROUTERS_JSON` (a JSON
 * object from an eip155 chain id to a Uniswap v2 Router02 address, `{"31337":"0x…"}`) swaps on
 * chains we run, each of which must be in the network catalogue (its RPC is read). Without either,
 * swaps are off. Messages never repeat the key.
 */
import type { NetworkConfig } from '@airlock/protocol'
import type { Address } from 'viem'
import { ConfigError } from '../../configError'
import type { Environment } from '../../environment'

export type SwapConfig = {
  /** `AIRLOCK_SWAP_1INCH_API_KEY`; undefined: 1inch is off. */
  oneInchApiKey: string | undefined
  /** `AIRLOCK_SWAP_LOCAL_ROUTERS_JSON`: each local chain's Uniswap v2 Router02. */
  localRouters: Readonly<Record<number, Address>>
}

const routersVariable = 'AIRLOCK_SWAP_LOCAL_ROUTERS_JSON'

/**
 * @throws ConfigError naming the variable, and the entry at fault.
 * @example
 * readSwapConfig({ AIRLOCK_SWAP_LOCAL_ROUTERS_JSON: '{"31337":"0x…"}' }, networks)
 */
export function readSwapConfig(env: Environment, networks: readonly NetworkConfig[]): SwapConfig {
  return { oneInchApiKey: readOneInchApiKey(env), localRouters: readLocalRouters(env, networks) }
}

function readOneInchApiKey(env: Environment): string | undefined {
  const key = env.AIRLOCK_SWAP_1INCH_API_KEY
  if (key === undefined || key === '') return undefined
  if (!/^[\x21-\x7e]{16,256}$/.test(key))
    throw new ConfigError(
      `AIRLOCK_SWAP_1INCH_API_KEY must be a 1inch API key (portal.1inch.dev): 16 to 256 printable characters without spaces (it has ${key.length} characters).`,
    )
  return key
}

function readLocalRouters(
  env: Environment,
  networks: readonly NetworkConfig[],
): Record<number, Address> {
  const json = env[routersVariable]
  if (json === undefined || json.trim() === '') return {}
  let raw: unknown
  try {
    raw = JSON.parse(json)
  } catch {
    throw new ConfigError(`${routersVariable} is not valid JSON.`)
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ConfigError(
      `${routersVariable} must be an object from a chain id to a Uniswap v2 router address, such as {"31337":"0x…"}.`,
    )
  const routers: Record<number, Address> = {}
  for (const [chain, router] of Object.entries(raw)) {
    const chainId = Number(chain)
    if (!/^[1-9]\d{0,15}$/.test(chain) || !Number.isSafeInteger(chainId))
      throw new ConfigError(
        `${routersVariable}: ${JSON.stringify(chain.slice(0, 40))} is not a chain id such as 31337.`,
      )
    if (typeof router !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(router))
      throw new ConfigError(
        `${routersVariable}: the router of chain ${chainId} must be an address: 0x and 40 hex characters.`,
      )
    if (!networks.some((network) => network.caipNetworkId === `eip155:${chainId}`))
      throw new ConfigError(
        `${routersVariable}: chain ${chainId} is not in the network catalogue (eip155:${chainId}), so its RPC is unknown.`,
      )
    routers[chainId] = router as Address
  }
  return routers
}
