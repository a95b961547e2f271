// Types for uniswap.mjs, so the TypeScript tests and scripts can import it.
import type { Address, Hex } from 'viem'

/**
 * The dev key that deploys Uniswap v2, is the factory's `feeToSetter` and holds the pools'
 * liquidity tokens (funded with anvil_setBalance). Public: dev only.
 */
export declare const devUniswapDeployerKey: Hex

/**
 * WETH9's, UniswapV2Factory's and UniswapV2Router02's addresses on every dev chain (CREATE2 through
 * anvil's genesis deployer, salt 0). The router's constructor takes the factory and WETH.
 */
export declare const devUniswapAddresses: {
  readonly weth: Address
  readonly factory: Address
  readonly router: Address
}

/**
 * Deploys WETH9, UniswapV2Factory and UniswapV2Router02 (each unless it is there) and gives two
 * pools their first liquidity unless they have some: aUSD/WETH (300,000 aUSD and 100 ETH, 3,000
 * aUSD per ETH) and aUSD/ZERO (100,000 aUSD and 10,000 ZERO, 10 aUSD per ZERO). Needs the seed's
 * tokens (`seedDevChain` first) and throws without them. Sends only what is not already so.
 */
export declare function deployDevUniswap(options: { rpcUrl: string }): Promise<{
  weth: Address
  factory: Address
  router: Address
  /** The pools' UniswapV2Pair addresses, the same on every dev chain. */
  pairs: { usdcWeth: Address; usdcZero: Address }
  /** True when everything was already so and nothing was sent. */
  alreadyDeployed: boolean
}>
