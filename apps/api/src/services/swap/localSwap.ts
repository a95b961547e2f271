/**
 * Swaps on a chain we run (the dev chain), with no network: a swap adapter over a Uniswap v2
 * Router02 (`AIRLOCK_SWAP_LOCAL_ROUTERS_JSON`), read and priced on the chain's own RPC. The
 * router names its factory and WETH; the tokens are the native currency and every token of the
 * factory's pairs but WETH (the native currency stands for it). A quote is the router's
 * `getAmountsOut` along a direct pair, or through WETH when there is none; its price impact is
 * from the pairs' reserves, its route the path's symbols. A token is read from its contract (an
 * address with no contract, or one that does not answer as an ERC-20, is refused as `notAContract`
 * before it is quoted, read, allowed or approved); swaps
 * are `swapExactETHForTokens`, `swapExactTokensForETH` or `swapExactTokensForTokens`, their
 * minimum the one the visitor confirmed (none built when the pools now give less) and their
 * deadline 10 minutes on, each estimated for its
 * sender first (one that would revert is refused, never handed to the wallet; one sent in a batch
 * after its approval, after that approval: localSwapBatch.ts). The gas price is `eth_gasPrice`.
 */
import {
  type SwapApproveTransaction,
  type SwapToken,
  type SwapTransaction,
  swapNativeTokenAddress,
} from '@airlock/protocol'
import {
  AbiDecodingDataSizeTooSmallError,
  AbiDecodingZeroDataError,
  type Address,
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  isAddressEqual,
  maxUint256,
  parseAbi,
  zeroAddress,
} from 'viem'
import { afterApproval } from './localSwapBatch'
import { isShowableToken } from './showableToken'
import type { SwapAdapter, SwapPrice } from './swapAdapter'
import { SwapProviderError } from './swapProviderError'

export const uniswapV2RouterAbi = parseAbi([
  'function WETH() view returns (address)',
  'function factory() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const factoryAbi = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
  'function allPairsLength() view returns (uint256)',
  'function allPairs(uint256) view returns (address pair)',
])
const pairAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])

/** How long a swap transaction stays good: the wallet may take a while to ask the visitor. */
export const localSwapDeadlineSeconds = 600
/** The most pairs listed for tokens: a chain we run has a handful. */
const maxPairsListed = 100

export declare namespace createLocalSwap {
  type Options = {
    /** The chain's name, for messages ('Anvil'). */
    chainName: string
    /** The chain's JSON-RPC URL (its network's `rpcUrl`). */
    rpcUrl: string
    nativeCurrency: { name: string; symbol: string; decimals: number }
    /** The chain's UniswapV2Router02. */
    router: Address
    /** The clock, ms since the epoch (swap deadlines). Default `Date.now`. */
    now?: (() => number) | undefined
  }
}

/**
 * @example
 * const swap = createLocalSwap({ chainName: 'Anvil', rpcUrl, nativeCurrency: ether, router })
 * const { toAmount, priceImpact } = await swap.quote({ fromToken: swapNativeTokenAddress, toToken: ausd, amount: 10n ** 18n })
 */
/** What writing a pair's two price accumulators can cost a swap: two slots set from zero. */
const accumulatorGasPerPool = 50_000n

/**
 * The gas a Uniswap v2 swap takes, for the quote's network fee: the router's call and the token
 * transfers (about 60k), and about 60k more for each pool on the path (measured on the dev chain's
 * pools: 110k to 125k for one pool; an ERC-20 in or out adds its transfer).
 */
const swapGasBase = 65_000n
const swapGasPerPool = 60_000n

export function createLocalSwap({
  chainName,
  rpcUrl,
  nativeCurrency,
  router,
  now = Date.now,
}: createLocalSwap.Options): SwapAdapter {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }) })
  const isNative = (token: Address) => isAddressEqual(token, swapNativeTokenAddress)
  /** The ERC-20 call that lets the router take `amount`. */
  const approveData = (amount: bigint) =>
    encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, amount] })

  /** Runs chain reads, turning an RPC that fails into a SwapProviderError. */
  async function onChain<result>(work: () => Promise<result>): Promise<result> {
    try {
      return await work()
    } catch (error) {
      if (error instanceof SwapProviderError) throw error
      if (error instanceof ContractFunctionExecutionError && error.shortMessage.includes('revert'))
        throw new SwapProviderError(
          'refused',
          `${chainName}'s swap router refused: ${error.shortMessage}`,
          { cause: error },
        )
      const why = error instanceof BaseError ? error.shortMessage : 'it failed'
      throw new SwapProviderError('unavailable', `${chainName}'s RPC did not answer: ${why}`, {
        cause: error,
      })
    }
  }

  /** The router's factory and WETH, asked each time: a redeployed chain has new ones. */
  const routerParts = () =>
    Promise.all([
      client.readContract({ address: router, abi: uniswapV2RouterAbi, functionName: 'factory' }),
      client.readContract({ address: router, abi: uniswapV2RouterAbi, functionName: 'WETH' }),
    ]).then(([factory, weth]) => ({ factory, weth }))

  const pairOf = (factory: Address, a: Address, b: Address) =>
    client.readContract({
      address: factory,
      abi: factoryAbi,
      functionName: 'getPair',
      args: [a, b],
    })

  /** The route from one token to the other: direct, or through WETH; native is WETH. */
  async function routeOf(fromToken: Address, toToken: Address) {
    const { factory, weth } = await routerParts()
    const onRouter = (token: Address) => (isNative(token) ? weth : token)
    const from = onRouter(fromToken)
    const to = onRouter(toToken)
    if (isAddressEqual(from, to))
      throw new SwapProviderError('refused', 'Choose two different tokens to swap.')
    const direct = await pairOf(factory, from, to)
    if (!isAddressEqual(direct, zeroAddress)) return { path: [from, to], pairs: [direct], weth }
    if (!isAddressEqual(from, weth) && !isAddressEqual(to, weth)) {
      const [first, second] = await Promise.all([
        pairOf(factory, from, weth),
        pairOf(factory, weth, to),
      ])
      if (!isAddressEqual(first, zeroAddress) && !isAddressEqual(second, zeroAddress))
        return { path: [from, weth, to], pairs: [first, second], weth }
    }
    throw new SwapProviderError('refused', `No pool on ${chainName} swaps these tokens.`)
  }

  /** `amount` through the pairs at their current prices with the 0.3 % fee: no impact at all. */
  async function unimpactedOut(path: Address[], pairs: Address[], amount: bigint) {
    let out = amount
    for (const [index, pair] of pairs.entries()) {
      const [token0, [reserve0, reserve1]] = await Promise.all([
        client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
        client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
      ])
      const inIsToken0 = isAddressEqual(token0, path[index]!)
      const [reserveIn, reserveOut] = inIsToken0 ? [reserve0, reserve1] : [reserve1, reserve0]
      if (reserveIn === 0n) return undefined
      out = (out * reserveOut * 997n) / (reserveIn * 1000n)
    }
    return out
  }

  async function tokenInfo(token: Address): Promise<SwapToken> {
    const read = <name extends 'symbol' | 'name' | 'decimals'>(functionName: name) =>
      client.readContract({ address: token, abi: erc20Abi, functionName })
    const [symbol, name, decimals] = await Promise.all([
      read('symbol'),
      read('name'),
      read('decimals'),
    ])
    return { address: token, symbol, name, decimals }
  }

  /**
   * A token read from its contract for a visitor to import: a contract that does not answer
   * symbol, name and decimals as an ERC-20 does (a pool, a wallet) is no token.
   */
  async function importedToken(token: Address): Promise<SwapToken> {
    await assertTokenContract(token)
    const notAToken = (cause?: unknown) =>
      new SwapProviderError(
        'notAContract',
        `${token} is not a token on ${chainName}: its contract does not answer as an ERC-20 (symbol, name and decimals).`,
        { cause },
      )
    const info = await tokenInfo(token).catch((error: unknown) => {
      // A call the contract reverts or answers nothing (or nonsense) to; an RPC failing stays one.
      const answered =
        error instanceof ContractFunctionExecutionError &&
        (error.cause instanceof ContractFunctionRevertedError ||
          error.cause instanceof ContractFunctionZeroDataError ||
          error.cause instanceof AbiDecodingDataSizeTooSmallError ||
          error.cause instanceof AbiDecodingZeroDataError)
      throw answered ? notAToken(error) : error
    })
    if (info.symbol.trim() === '' || info.decimals > 77) throw notAToken()
    // A symbol or name that could pass for another on screen, or fill it (showableToken.ts).
    if (!isShowableToken(info))
      throw new SwapProviderError(
        'notAContract',
        `${token} is not a token to import on ${chainName}: its symbol or name is too long or has characters that change how text shows.`,
      )
    return info
  }

  /** The route's symbols: the native currency's at an end that is it, the tokens' own between. */
  const routeSymbols = (path: Address[], fromToken: Address, toToken: Address) =>
    Promise.all(
      path.map((token, index) =>
        (index === 0 && isNative(fromToken)) || (index === path.length - 1 && isNative(toToken))
          ? nativeCurrency.symbol
          : client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }),
      ),
    )

  const deadline = () => BigInt(Math.floor(now() / 1000) + localSwapDeadlineSeconds)

  /**
   * Refuses a token with no code on the chain before anything is read from it or approved on it:
   * an ERC-20 call to an empty address answers nothing, which would read as the RPC failing.
   */
  async function assertTokenContract(token: Address) {
    const code = await client.getCode({ address: token })
    if (code === undefined || code === '0x')
      throw new SwapProviderError(
        'notAContract',
        `${token} is not a token on ${chainName}: there is no contract at that address.`,
      )
  }

  return {
    provider: chainName,

    tokens: () =>
      onChain(async () => {
        const { factory, weth } = await routerParts()
        const count = await client.readContract({
          address: factory,
          abi: factoryAbi,
          functionName: 'allPairsLength',
        })
        const pairs = await Promise.all(
          Array.from({ length: Number(count < maxPairsListed ? count : maxPairsListed) }, (_, i) =>
            client.readContract({
              address: factory,
              abi: factoryAbi,
              functionName: 'allPairs',
              args: [BigInt(i)],
            }),
          ),
        )
        const pairTokens = await Promise.all(
          pairs.flatMap((pair) =>
            (['token0', 'token1'] as const).map((functionName) =>
              client.readContract({ address: pair, abi: pairAbi, functionName }),
            ),
          ),
        )
        const tokens = [...new Set(pairTokens.map((token) => token.toLowerCase() as Address))]
          .filter((token) => !isAddressEqual(token, weth))
          .sort()
        return [
          { address: swapNativeTokenAddress, ...nativeCurrency },
          ...(await Promise.all(tokens.map(tokenInfo))),
        ]
      }),

    token: (address) => onChain(() => importedToken(address)),

    quote: ({ fromToken, toToken, amount }) =>
      onChain(async (): Promise<SwapPrice> => {
        // An address that is no token is said so, not as "no pool".
        await Promise.all(
          [fromToken, toToken].filter((token) => !isNative(token)).map(importedToken),
        )
        const { path, pairs } = await routeOf(fromToken, toToken)
        const [amounts, unimpacted, route] = await Promise.all([
          client.readContract({
            address: router,
            abi: uniswapV2RouterAbi,
            functionName: 'getAmountsOut',
            args: [amount, path],
          }),
          unimpactedOut(path, pairs, amount),
          routeSymbols(path, fromToken, toToken),
        ])
        const toAmount = amounts[amounts.length - 1] ?? 0n
        if (toAmount === 0n)
          throw new SwapProviderError('refused', `The amount is too small to swap on ${chainName}.`)
        // How much less than at the pools' current prices, in percent, to two decimals.
        const priceImpact =
          unimpacted === undefined || unimpacted === 0n
            ? undefined
            : Number(((unimpacted - toAmount) * 10_000n) / unimpacted) / 100
        return {
          toAmount,
          ...(priceImpact !== undefined ? { priceImpact } : {}),
          route,
          // A quote names no sender to estimate for: what a swap through these pools costs.
          estimatedGas: swapGasBase + swapGasPerPool * BigInt(path.length - 1),
        }
      }),

    allowance: ({ token, owner }) =>
      onChain(async () => {
        if (isNative(token)) return { spender: router, allowance: maxUint256 }
        await assertTokenContract(token)
        const allowance = await client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [owner, router],
        })
        return { spender: router, allowance }
      }),

    approveTransaction: ({ token, amount }) =>
      onChain(async (): Promise<SwapApproveTransaction> => {
        if (isNative(token))
          throw new SwapProviderError('refused', `${nativeCurrency.symbol} needs no approval.`)
        await assertTokenContract(token)
        return {
          to: token,
          data: approveData(amount),
          value: '0',
        }
      }),

    swapTransaction: ({
      fromToken,
      toToken,
      amount,
      minimumReceived: least,
      from,
      approvalInBatch,
    }) =>
      onChain(async (): Promise<SwapTransaction> => {
        const { path } = await routeOf(fromToken, toToken)
        const amounts = await client.readContract({
          address: router,
          abi: uniswapV2RouterAbi,
          functionName: 'getAmountsOut',
          args: [amount, path],
        })
        // The confirmed quote's minimum is the one the router insists on; when the pools now give
        // less, the swap would revert: nothing is built, and the visitor gets a new quote.
        if ((amounts[amounts.length - 1] ?? 0n) < least)
          throw new SwapProviderError(
            'priceMoved',
            `The price on ${chainName} moved beyond your slippage tolerance: the swap would give less than the minimum you confirmed. Get a new quote.`,
          )
        const data = isNative(fromToken)
          ? encodeFunctionData({
              abi: uniswapV2RouterAbi,
              functionName: 'swapExactETHForTokens',
              args: [least, path, from, deadline()],
            })
          : encodeFunctionData({
              abi: uniswapV2RouterAbi,
              functionName: isNative(toToken)
                ? 'swapExactTokensForETH'
                : 'swapExactTokensForTokens',
              args: [amount, least, path, from, deadline()],
            })
        const value = isNative(fromToken) ? amount : 0n
        const refused = (why: string, cause?: unknown) =>
          new SwapProviderError('refused', `The swap would fail on ${chainName}: ${why}`, { cause })
        const swapCall = { to: router, data, value }
        // A swap that would fail (no balance, no allowance, a price moved past the minimum) is
        // refused here, so the wallet never sends it; one whose approval is in its batch, after
        // that approval (localSwapBatch.ts).
        const gas =
          approvalInBatch && !isNative(fromToken)
            ? await afterApproval(client, {
                from,
                approval: { to: fromToken, data: approveData(amount) },
                swap: swapCall,
                refused,
              })
            : await client.estimateGas({ account: from, ...swapCall }).catch((error: unknown) => {
                throw refused(error instanceof BaseError ? error.shortMessage : 'it reverts', error)
              })
        // The node can't run the two in sequence: the wallet's estimate of its batch sets the gas.
        if (gas === undefined) return { to: router, data, value: String(value) }
        // More than the estimate: the first swap in a block's second also writes each pair's
        // price accumulators (two storage slots, up to 44k gas), which an estimate made in the
        // second before leaves out; and a tenth for whatever else moved meanwhile.
        const margin = accumulatorGasPerPool * BigInt(path.length - 1) + gas / 10n
        return { to: router, data, value: String(value), gas: String(gas + margin) }
      }),

    gasPrice: () => onChain(async () => ({ gasPrice: String(await client.getGasPrice()) })),
  }
}
