/**
 * The API's network catalogue: every CAIP-2 network the modal may be configured for, with the
 * RPC endpoint the browser talks to. The modal's CSP `connect-src` is derived from it too.
 * `AIRLOCK_NETWORKS_JSON` (a JSON array of entries) adds networks or replaces entries by id.
 * In production mode the local chains are served only when configured; whether each RPC URL is
 * fit for production is productionChecks.ts's question.
 */

import {
  bitcoinCaipNetworkIds,
  caipNetworkIdSchema,
  cosmosCaipNetworkIds,
  type NetworkConfig,
  polkadotCaipNetworkIds,
} from '@airlock/protocol'
import { z } from 'zod'

export type NetworkEnvironment = {
  ANVIL_RPC_URL?: string | undefined
  SOLANA_RPC_URL?: string | undefined
  BITCOIN_ESPLORA_URL?: string | undefined
  COSMOS_REST_URL?: string | undefined
  POLKADOT_RPC_URL?: string | undefined
  AIRLOCK_NETWORKS_JSON?: string | undefined
}

/** Thrown at start when the network settings in the environment are unusable. */
export class NetworkConfigError extends Error {
  override readonly name = 'NetworkConfigError'
}

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })

/**
 * An operator's network entry: the protocol's `NetworkConfig` (what the modal reads), held to
 * tighter limits. The id must have a namespace the modal knows, or the modal could not use it.
 */
const networkSchema = z.strictObject({
  caipNetworkId: caipNetworkIdSchema,
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
const btc = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const
const atom = { name: 'Cosmos', symbol: 'ATOM', decimals: 6 } as const
const dot = { name: 'Polkadot', symbol: 'DOT', decimals: 10 } as const

/**
 * The built-in catalogue, with the local chains first: Anvil, Solana Localnet (the litesvm
 * chain of `devchain/solanaRpc.mjs`, `solana:localnet` as Wallet Standard names it), then
 * Bitcoin Regtest (the Esplora stand-in of `scripts/devEsplora.mjs`), Cosmos Local (the chain
 * stand-in of `scripts/devCosmos.mjs`) and Polkadot Local (the node stand-in of
 * `scripts/devPolkadot.mjs`). A Bitcoin network's `rpcUrl` is an Esplora API
 * (the REST API mempool.space and Blockstream serve), where the modal reads balances, activity
 * and fee rates and broadcasts; a Cosmos network's is its REST API (the Cosmos SDK's gRPC
 * gateway, "LCD"), where the modal reads accounts, simulates and broadcasts; a Polkadot
 * network's is its node's JSON-RPC over HTTP.
 */
export function defaultNetworks(
  anvilRpcUrl = 'http://127.0.0.1:8545',
  solanaRpcUrl = 'http://127.0.0.1:8899',
  bitcoinEsploraUrl = 'http://127.0.0.1:8796',
  cosmosRestUrl = 'http://127.0.0.1:8797',
  polkadotRpcUrl = 'http://127.0.0.1:8798',
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
      caipNetworkId: bitcoinCaipNetworkIds.regtest,
      name: 'Bitcoin Regtest',
      nativeCurrency: btc,
      rpcUrl: bitcoinEsploraUrl,
    },
    {
      caipNetworkId: cosmosCaipNetworkIds.local,
      name: 'Cosmos Local',
      nativeCurrency: atom,
      rpcUrl: cosmosRestUrl,
    },
    {
      caipNetworkId: polkadotCaipNetworkIds.local,
      name: 'Polkadot Local',
      nativeCurrency: dot,
      rpcUrl: polkadotRpcUrl,
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
    {
      caipNetworkId: bitcoinCaipNetworkIds.mainnet,
      name: 'Bitcoin',
      nativeCurrency: btc,
      rpcUrl: 'https://mempool.space/api',
      blockExplorerUrl: 'https://mempool.space',
    },
    {
      caipNetworkId: bitcoinCaipNetworkIds.testnet,
      name: 'Bitcoin Testnet',
      nativeCurrency: btc,
      rpcUrl: 'https://mempool.space/testnet/api',
      blockExplorerUrl: 'https://mempool.space/testnet',
    },
    {
      caipNetworkId: bitcoinCaipNetworkIds.signet,
      name: 'Bitcoin Signet',
      nativeCurrency: btc,
      rpcUrl: 'https://mempool.space/signet/api',
      blockExplorerUrl: 'https://mempool.space/signet',
    },
    {
      caipNetworkId: cosmosCaipNetworkIds.cosmoshub,
      name: 'Cosmos Hub',
      nativeCurrency: atom,
      rpcUrl: 'https://cosmos-rest.publicnode.com',
      blockExplorerUrl: 'https://www.mintscan.io/cosmos',
    },
    {
      caipNetworkId: cosmosCaipNetworkIds.osmosis,
      name: 'Osmosis',
      nativeCurrency: { name: 'Osmosis', symbol: 'OSMO', decimals: 6 },
      rpcUrl: 'https://osmosis-rest.publicnode.com',
      blockExplorerUrl: 'https://www.mintscan.io/osmosis',
    },
    {
      caipNetworkId: polkadotCaipNetworkIds.polkadot,
      name: 'Polkadot',
      nativeCurrency: dot,
      rpcUrl: 'https://rpc.polkadot.io',
      blockExplorerUrl: 'https://polkadot.subscan.io',
    },
    {
      caipNetworkId: polkadotCaipNetworkIds.kusama,
      name: 'Kusama',
      nativeCurrency: { name: 'Kusama', symbol: 'KSM', decimals: 12 },
      rpcUrl: 'https://kusama-rpc.polkadot.io',
      blockExplorerUrl: 'https://kusama.subscan.io',
    },
  ]
}

/**
 * The local chains of the built-in catalogue, each with the variable that points it at a node.
 * Production mode leaves them out unless the operator configures them (`loadNetworks`).
 */
export const devNetworkVariables: Readonly<Record<string, keyof NetworkEnvironment>> = {
  'eip155:31337': 'ANVIL_RPC_URL',
  'solana:localnet': 'SOLANA_RPC_URL',
  [bitcoinCaipNetworkIds.regtest]: 'BITCOIN_ESPLORA_URL',
  [cosmosCaipNetworkIds.local]: 'COSMOS_REST_URL',
  [polkadotCaipNetworkIds.local]: 'POLKADOT_RPC_URL',
}

export declare namespace loadNetworks {
  type Options = {
    /**
     * Production mode: the local chains are left out unless their variable or an
     * `AIRLOCK_NETWORKS_JSON` entry configures them; a default of theirs is a developer's node
     * on loopback.
     */
    production?: boolean | undefined
  }
}

/**
 * The catalogue for this process: the defaults, the local chains' RPC URLs from `ANVIL_RPC_URL`,
 * `SOLANA_RPC_URL`, `BITCOIN_ESPLORA_URL`, `COSMOS_REST_URL` and `POLKADOT_RPC_URL`, and the entries of `AIRLOCK_NETWORKS_JSON` replacing or adding by
 * `caipNetworkId`.
 *
 * @throws NetworkConfigError when any of these variables is malformed.
 */
export function loadNetworks(
  env: NetworkEnvironment,
  { production = false }: loadNetworks.Options = {},
): NetworkConfig[] {
  const anvil = localRpcUrl('ANVIL_RPC_URL', env.ANVIL_RPC_URL)
  const solana = localRpcUrl('SOLANA_RPC_URL', env.SOLANA_RPC_URL)
  const bitcoin = localRpcUrl('BITCOIN_ESPLORA_URL', env.BITCOIN_ESPLORA_URL)
  const cosmos = localRpcUrl('COSMOS_REST_URL', env.COSMOS_REST_URL)
  const polkadot = localRpcUrl('POLKADOT_RPC_URL', env.POLKADOT_RPC_URL)
  const networks = defaultNetworks(anvil, solana, bitcoin, cosmos, polkadot)
  const entries = readNetworksJson(env.AIRLOCK_NETWORKS_JSON)
  for (const network of entries) {
    const index = networks.findIndex((known) => known.caipNetworkId === network.caipNetworkId)
    if (index === -1) networks.push(network)
    else networks[index] = network
  }
  if (!production) return networks
  return networks.filter(({ caipNetworkId }) => {
    const variable = devNetworkVariables[caipNetworkId]
    return (
      variable === undefined ||
      env[variable] !== undefined ||
      entries.some((entry) => entry.caipNetworkId === caipNetworkId)
    )
  })
}

/**
 * Where a network's RPC URL was set, as start-up messages name it: `AIRLOCK_NETWORKS_JSON`, a
 * local chain's variable, or the built-in catalogue.
 */
export function rpcUrlSetting(caipNetworkId: string, env: NetworkEnvironment): string {
  if (readNetworksJson(env.AIRLOCK_NETWORKS_JSON).some((e) => e.caipNetworkId === caipNetworkId))
    return 'AIRLOCK_NETWORKS_JSON'
  return devNetworkVariables[caipNetworkId] ?? 'the built-in catalogue'
}

/** The entries of `AIRLOCK_NETWORKS_JSON`; none when it is unset or blank. */
function readNetworksJson(json: string | undefined): NetworkConfig[] {
  if (json === undefined || json.trim() === '') return []
  let raw: unknown
  try {
    raw = JSON.parse(json)
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
  return parsed.data.map((entry) => ({
    caipNetworkId: entry.caipNetworkId,
    name: entry.name,
    nativeCurrency: entry.nativeCurrency,
    rpcUrl: entry.rpcUrl,
    ...(entry.blockExplorerUrl === undefined ? {} : { blockExplorerUrl: entry.blockExplorerUrl }),
  }))
}

function localRpcUrl(name: string, value: string | undefined): string | undefined {
  if (value !== undefined && !httpUrl.safeParse(value).success)
    throw new NetworkConfigError(`${name} must be an http(s) URL, got ${JSON.stringify(value)}.`)
  return value
}
