/**
 * Which swap provider serves a chain (issue 22): a chain with a local Uniswap v2 router
 * (`AIRLOCK_SWAP_LOCAL_ROUTERS_JSON`) swaps on it; the spec's supported networks (§9 "Swap
 * supported network ids") swap through 1inch, the default provider, when the API has a 1inch key;
 * any other chain has no swaps, and `unsupportedSwapNetworkMessage` says where they work.
 */
import { type NetworkConfig, swapSupportedChainIds } from '@airlock/protocol'
import { createLocalSwap } from './localSwap'
import { createOneInchSwap } from './oneInch'
import type { SwapAdapter } from './swapAdapter'
import type { SwapConfig } from './swapConfig'

/** The spec's networks by name, for the words of a refusal (the catalogue's names come first). */
const supportedChainNames: Record<(typeof swapSupportedChainIds)[number], string> = {
  1: 'Ethereum',
  42161: 'Arbitrum One',
  10: 'OP Mainnet',
  324: 'zkSync Era',
  8453: 'Base',
  56: 'BNB Smart Chain',
  137: 'Polygon',
  100: 'Gnosis',
  43114: 'Avalanche',
  250: 'Fantom',
  8217: 'Kaia',
  1313161554: 'Aurora',
}

export type SwapNetworks = {
  /** The adapter of the chain, or undefined: no swaps there. */
  adapterFor(chainId: number): SwapAdapter | undefined
  /** The chains with swaps, by name, local ones first. */
  readonly served: readonly { chainId: number; name: string }[]
  /** A chain's name: the catalogue's, else the spec's for its swap networks; else undefined. */
  nameOf(chainId: number): string | undefined
}

export declare namespace createSwapNetworks {
  type Options = {
    config: SwapConfig
    /** The network catalogue: a local chain's RPC and name. */
    networks: readonly NetworkConfig[]
    /** 1inch's timeout; default 10 s (oneInch.ts). */
    oneInchTimeoutMs?: number | undefined
    now?: (() => number) | undefined
  }
}

/**
 * @example
 * const swaps = createSwapNetworks({ config: readSwapConfig(process.env, networks), networks })
 * swaps.adapterFor(31337)?.quote({ fromToken, toToken, amount })
 */
export function createSwapNetworks({
  config,
  networks,
  oneInchTimeoutMs,
  now,
}: createSwapNetworks.Options): SwapNetworks {
  const nameOf = (chainId: number) =>
    networks.find((entry) => entry.caipNetworkId === `eip155:${chainId}`)?.name ??
    (supportedChainNames as Record<number, string | undefined>)[chainId]
  const adapters = new Map<number, { adapter: SwapAdapter; name: string }>()
  for (const [chain, router] of Object.entries(config.localRouters)) {
    const chainId = Number(chain)
    // readSwapConfig let no router through without its network.
    const network = networks.find((entry) => entry.caipNetworkId === `eip155:${chainId}`)
    if (network === undefined) continue
    const adapter = createLocalSwap({
      chainName: network.name,
      rpcUrl: network.rpcUrl,
      nativeCurrency: network.nativeCurrency,
      router,
      now,
    })
    adapters.set(chainId, { adapter, name: network.name })
  }
  const apiKey = config.oneInchApiKey
  if (apiKey !== undefined)
    for (const chainId of swapSupportedChainIds) {
      if (adapters.has(chainId)) continue
      const name = nameOf(chainId) ?? supportedChainNames[chainId]
      const adapter = createOneInchSwap({ apiKey, chainId, timeoutMs: oneInchTimeoutMs })
      adapters.set(chainId, { adapter, name })
    }
  const served = [...adapters].map(([chainId, { name }]) => ({ chainId, name }))
  return { adapterFor: (chainId) => adapters.get(chainId)?.adapter, served, nameOf }
}

/**
 * Why `chainId` has no swaps, naming it when its name is known, and saying where they work.
 *
 * @example
 * unsupportedSwapNetworkMessage(999, swaps)
 * // 'Swaps do not work on chain 999. They work on Anvil (31337) and Base (8453).'
 * unsupportedSwapNetworkMessage(1, swaps)
 * // 'Swaps do not work on Ethereum (1). They work on Anvil (31337) and Base (8453).'
 */
export function unsupportedSwapNetworkMessage(
  chainId: number,
  { served, nameOf }: Pick<SwapNetworks, 'served' | 'nameOf'>,
): string {
  const name = nameOf(chainId)
  const chain = name === undefined ? `chain ${chainId}` : `${name} (${chainId})`
  if (served.length === 0)
    return `Swaps do not work on ${chain}: this API has no swap provider configured.`
  const names = served.map(({ chainId, name }) => `${name} (${chainId})`)
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
  return `Swaps do not work on ${chain}. They work on ${list}.`
}
