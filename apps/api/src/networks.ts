/**
 * The API's network catalogue: every CAIP-2 network the modal may be configured for, with the
 * RPC endpoint the browser talks to. The modal's CSP `connect-src` is derived from it too.
 * `AIRLOCK_NETWORKS_JSON` (a JSON array of entries) adds networks or replaces entries by id.
 */

import { z } from 'zod'

export type NativeCurrency = { name: string; symbol: string; decimals: number }

export type NetworkConfig = {
  /** CAIP-2 id, e.g. `eip155:1`. */
  caipNetworkId: string
  name: string
  nativeCurrency: NativeCurrency
  rpcUrl: string
  blockExplorerUrl?: string
}

export type NetworkEnvironment = {
  ANVIL_RPC_URL?: string | undefined
  SOLANA_RPC_URL?: string | undefined
  AIRLOCK_NETWORKS_JSON?: string | undefined
}

/** Thrown at start when the network settings in the environment are unusable. */
export class NetworkConfigError extends Error {
  override readonly name = 'NetworkConfigError'
}

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

const caipNetworkIdPattern = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })

const networkSchema = z.strictObject({
  caipNetworkId: z.string().regex(caipNetworkIdPattern, 'must be a CAIP-2 id such as eip155:1'),
  name: z.string().min(1).max(64),
  nativeCurrency: z.strictObject({
    name: z.string().min(1).max(64),
    symbol: z.string().min(1).max(16),
    decimals: z.int().min(0).max(36),
  }),
  rpcUrl: httpUrl,
  blockExplorerUrl: httpUrl.optional(),
})

const sol = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

/**
 * The built-in catalogue, with the local chains first: Anvil, then Solana Localnet (the litesvm
 * chain of `devchain/solanaRpc.mjs`, `solana:localnet` as Wallet Standard names it).
 */
export function defaultNetworks(
  anvilRpcUrl = 'http://127.0.0.1:8545',
  solanaRpcUrl = 'http://127.0.0.1:8899',
): NetworkConfig[] {
  return [
    { caipNetworkId: 'eip155:31337', name: 'Anvil', nativeCurrency: ether, rpcUrl: anvilRpcUrl },
    {
      caipNetworkId: 'solana:localnet',
      name: 'Solana Localnet',
      nativeCurrency: sol,
      rpcUrl: solanaRpcUrl,
    },
    {
      caipNetworkId: 'eip155:1',
      name: 'Ethereum',
      nativeCurrency: ether,
      rpcUrl: 'https://eth.merkle.io',
      blockExplorerUrl: 'https://etherscan.io',
    },
    {
      caipNetworkId: 'eip155:8453',
      name: 'Base',
      nativeCurrency: ether,
      rpcUrl: 'https://mainnet.base.org',
      blockExplorerUrl: 'https://basescan.org',
    },
    {
      caipNetworkId: 'eip155:137',
      name: 'Polygon',
      nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
      rpcUrl: 'https://polygon-rpc.com',
      blockExplorerUrl: 'https://polygonscan.com',
    },
    {
      caipNetworkId: 'eip155:42161',
      name: 'Arbitrum One',
      nativeCurrency: ether,
      rpcUrl: 'https://arb1.arbitrum.io/rpc',
      blockExplorerUrl: 'https://arbiscan.io',
    },
    {
      caipNetworkId: 'eip155:10',
      name: 'OP Mainnet',
      nativeCurrency: ether,
      rpcUrl: 'https://mainnet.optimism.io',
      blockExplorerUrl: 'https://optimistic.etherscan.io',
    },
    {
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      name: 'Solana',
      nativeCurrency: sol,
      rpcUrl: 'https://api.mainnet-beta.solana.com',
      blockExplorerUrl: 'https://explorer.solana.com',
    },
  ]
}

/**
 * The catalogue for this process: the defaults, the local chains' RPC URLs from `ANVIL_RPC_URL`
 * and `SOLANA_RPC_URL`, and the entries of `AIRLOCK_NETWORKS_JSON` replacing or adding by
 * `caipNetworkId`.
 *
 * @throws NetworkConfigError when any of these variables is malformed.
 */
export function loadNetworks(env: NetworkEnvironment): NetworkConfig[] {
  const anvil = localRpcUrl('ANVIL_RPC_URL', env.ANVIL_RPC_URL)
  const solana = localRpcUrl('SOLANA_RPC_URL', env.SOLANA_RPC_URL)
  const networks = defaultNetworks(anvil, solana)
  if (env.AIRLOCK_NETWORKS_JSON === undefined || env.AIRLOCK_NETWORKS_JSON.trim() === '')
    return networks

  let raw: unknown
  try {
    raw = JSON.parse(env.AIRLOCK_NETWORKS_JSON)
  } catch (error) {
    throw new NetworkConfigError(
      `AIRLOCK_NETWORKS_JSON is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const parsed = z.array(networkSchema).safeParse(raw)
  if (!parsed.success)
    throw new NetworkConfigError(
      `AIRLOCK_NETWORKS_JSON must be an array of networks:\n${z.prettifyError(parsed.error)}`,
    )

  for (const entry of parsed.data) {
    const network: NetworkConfig = {
      caipNetworkId: entry.caipNetworkId,
      name: entry.name,
      nativeCurrency: entry.nativeCurrency,
      rpcUrl: entry.rpcUrl,
      ...(entry.blockExplorerUrl === undefined ? {} : { blockExplorerUrl: entry.blockExplorerUrl }),
    }
    const index = networks.findIndex((known) => known.caipNetworkId === network.caipNetworkId)
    if (index === -1) networks.push(network)
    else networks[index] = network
  }
  return networks
}

function localRpcUrl(name: string, value: string | undefined): string | undefined {
  if (value !== undefined && !httpUrl.safeParse(value).success)
    throw new NetworkConfigError(`${name} must be an http(s) URL, got ${JSON.stringify(value)}.`)
  return value
}
