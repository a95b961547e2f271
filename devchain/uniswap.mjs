// A real Uniswap v2 on the dev chain, so swaps work with no network: WETH9, UniswapV2Factory and
// UniswapV2Router02 from the published @uniswap/v2-core and v2-periphery build artifacts (pinned
// exactly in the root package.json: their bytecode is what we deploy), created with CREATE2 through
// the deployer anvil has at genesis so their addresses are the same on every chain, and two pools
// with liquidity on the seed's tokens (seed.mjs): aUSD/WETH at 3,000 aUSD per ETH and aUSD/ZERO at
// 10 aUSD per ZERO. Nothing here moves a nonce the seed or the tests count: a key of our own pays
// and provides the liquidity, its ether set with anvil_setBalance and its tokens written into the
// token's storage (only the seed's deployer may mint). Running it again sends nothing.
import { createRequire } from 'node:module'
import {
  concat,
  encodeAbiParameters,
  encodePacked,
  getContractAddress,
  isAddressEqual,
  keccak256,
  maxUint256,
  numberToHex,
  parseAbi,
  parseEther,
  parseUnits,
  stringToHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { create2Address, devKeySender } from './devKeySender.mjs'
import { devChainContracts } from './seed.mjs'

const require = createRequire(import.meta.url)

/**
 * Pays for the deployments, is the factory's `feeToSetter` and holds the pools' liquidity tokens.
 * Derived from a public phrase: a dev key, never send real funds to it.
 */
export const devUniswapDeployerKey = keccak256(stringToHex('airlock dev chain: Uniswap deployer'))

const deployerAddress = privateKeyToAccount(devUniswapDeployerKey).address

/**
 * A build artifact's creation code, with the `0x` the Waffle artifacts leave out.
 * @param {string} path
 * @returns {`0x${string}`}
 */
function creationCode(path) {
  /** @type {{ bytecode: string }} */
  const { bytecode } = require(path)
  return /** @type {`0x${string}`} */ (bytecode.startsWith('0x') ? bytecode : `0x${bytecode}`)
}

const wethCode = creationCode('@uniswap/v2-periphery/build/WETH9.json')
const factoryCode = creationCode('@uniswap/v2-core/build/UniswapV2Factory.json')
const pairCode = creationCode('@uniswap/v2-core/build/UniswapV2Pair.json')
const routerCode = creationCode('@uniswap/v2-periphery/build/UniswapV2Router02.json')

/** The hash every pair address is derived from (CREATE2 in the factory, salt token0 ++ token1). */
const pairInitCodeHash = keccak256(pairCode)

// The router does not ask the factory where a pair is: UniswapV2Library.pairFor derives it from a
// hash compiled into the router. If it is not the hash of the pair the factory creates, every swap
// through the router calls an empty address.
if (!routerCode.includes(`7f${pairInitCodeHash.slice(2)}`))
  throw new Error(
    `uniswap.mjs: UniswapV2Router02's pair init code hash is not ${pairInitCodeHash}, the hash of ` +
      "v2-core's UniswapV2Pair; are @uniswap/v2-core and v2-periphery the pinned versions?",
  )
if (!factoryCode.includes(pairCode.slice(2)))
  throw new Error("uniswap.mjs: UniswapV2Factory does not create v2-core's UniswapV2Pair")

const wethAddress = create2Address(wethCode)
const factoryInitCode = concat([
  factoryCode,
  encodeAbiParameters([{ type: 'address' }], [deployerAddress]),
])
const factoryAddress = create2Address(factoryInitCode)
const routerInitCode = concat([
  routerCode,
  encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [factoryAddress, wethAddress]),
])

/** The dev Uniswap v2 contracts' addresses on every dev chain (CREATE2, salt 0). */
export const devUniswapAddresses = {
  weth: wethAddress,
  factory: factoryAddress,
  router: create2Address(routerInitCode),
}

const factoryAbi = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
])
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])
const routerAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
])
/** The part of DevToken (contracts/DevToken.sol) used here. */
const tokenAbi = parseAbi([
  'function symbol() view returns (string)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 value) returns (bool)',
])

/**
 * DevToken's storage slots (contracts/DevToken.sol): name 0, symbol 1, totalSupply 2, balanceOf 3;
 * decimals and minter are immutables.
 */
const totalSupplySlot = 2n
const balanceOfSlot = 3n

/** The pools and their first liquidity, which sets their price. ZERO has no decimals. */
const pools = {
  usdcWeth: {
    tokens: [devChainContracts.usdc, wethAddress],
    amounts: [parseUnits('300000', 6), parseEther('100')],
  },
  usdcZero: {
    tokens: [devChainContracts.usdc, devChainContracts.zeroDecimals],
    amounts: [parseUnits('100000', 6), 10_000n],
  },
}

/**
 * The pair's address for two tokens, as the factory creates it and the router finds it.
 * @param {`0x${string}`} tokenA @param {`0x${string}`} tokenB
 */
function pairAddress(tokenA, tokenB) {
  const [token0, token1] = BigInt(tokenA) < BigInt(tokenB) ? [tokenA, tokenB] : [tokenB, tokenA]
  return getContractAddress({
    opcode: 'CREATE2',
    from: factoryAddress,
    salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
    bytecodeHash: pairInitCodeHash,
  })
}

/**
 * Deploys WETH9, UniswapV2Factory and UniswapV2Router02 on the anvil chain at `rpcUrl` (each unless
 * it is there) and gives the aUSD/WETH and aUSD/ZERO pools their liquidity unless they have some.
 * The seed's tokens must be there: run `seedDevChain` first. Safe to call on every start.
 *
 * @param {{ rpcUrl: string }} options
 */
export async function deployDevUniswap({ rpcUrl }) {
  const { publicClient, send, assertCreate2Deployer, deployMissing, sent } = devKeySender({
    rpcUrl,
    key: devUniswapDeployerKey,
    label: 'deployDevUniswap',
  })
  await assertCreate2Deployer()
  for (const [address, symbol] of /** @type {const} */ ([
    [devChainContracts.usdc, 'aUSD'],
    [devChainContracts.zeroDecimals, 'ZERO'],
  ])) {
    const found =
      (await publicClient.getCode({ address })) === undefined
        ? undefined
        : await publicClient
            .readContract({ address, abi: tokenAbi, functionName: 'symbol' })
            .catch(() => undefined)
    if (found !== symbol)
      throw new Error(
        `deployDevUniswap: the seed's ${symbol} token is not at ${address} on ${rpcUrl}. ` +
          'Run seedDevChain first.',
      )
  }

  await deployMissing([
    { name: 'WETH9', address: devUniswapAddresses.weth, initCode: wethCode },
    { name: 'UniswapV2Factory', address: devUniswapAddresses.factory, initCode: factoryInitCode },
    { name: 'UniswapV2Router02', address: devUniswapAddresses.router, initCode: routerInitCode },
  ])

  /**
   * Makes the deployer key hold `amount` of a seed token and the router allowed to spend it. The
   * seed's deployer alone may mint and its nonce is the seed's, so the balance is written into the
   * token's storage (no transaction, no Transfer event), with totalSupply kept equal to the sum.
   * @param {`0x${string}`} token @param {bigint} amount
   */
  const provide = async (token, amount) => {
    const balance = await publicClient.readContract({
      address: token,
      abi: tokenAbi,
      functionName: 'balanceOf',
      args: [deployerAddress],
    })
    if (balance < amount) {
      const totalSupply = await publicClient.readContract({
        address: token,
        abi: tokenAbi,
        functionName: 'totalSupply',
      })
      const balanceKey = keccak256(
        encodeAbiParameters(
          [{ type: 'address' }, { type: 'uint256' }],
          [deployerAddress, balanceOfSlot],
        ),
      )
      for (const [slot, word] of /** @type {const} */ ([
        [balanceKey, amount],
        [numberToHex(totalSupplySlot, { size: 32 }), totalSupply + amount - balance],
      ]))
        await publicClient.request({
          method: /** @type {any} */ ('anvil_setStorageAt'),
          params: /** @type {any} */ ([token, slot, numberToHex(word, { size: 32 })]),
        })
      const after = await publicClient.readContract({
        address: token,
        abi: tokenAbi,
        functionName: 'balanceOf',
        args: [deployerAddress],
      })
      if (after !== amount)
        throw new Error(
          `deployDevUniswap: writing balanceOf (slot ${balanceOfSlot}) of ${token} did not work; ` +
            'did DevToken.sol change its storage layout?',
        )
    }
    const allowance = await publicClient.readContract({
      address: token,
      abi: tokenAbi,
      functionName: 'allowance',
      args: [deployerAddress, devUniswapAddresses.router],
    })
    if (allowance < amount)
      await send(
        {
          to: token,
          abi: tokenAbi,
          functionName: 'approve',
          args: [devUniswapAddresses.router, maxUint256],
        },
        `approving the router for ${token}`,
      )
  }

  /** @type {Record<keyof typeof pools, `0x${string}`>} */
  const pairs = /** @type {any} */ ({})
  for (const [name, { tokens, amounts }] of Object.entries(pools)) {
    const [tokenA, tokenB] = /** @type {[`0x${string}`, `0x${string}`]} */ (tokens)
    const [amountA, amountB] = /** @type {[bigint, bigint]} */ (amounts)
    const pair = pairAddress(tokenA, tokenB)
    pairs[/** @type {keyof typeof pools} */ (name)] = pair
    if ((await publicClient.getCode({ address: pair })) !== undefined) {
      const [reserve0, reserve1] = await publicClient.readContract({
        address: pair,
        abi: pairAbi,
        functionName: 'getReserves',
      })
      if (reserve0 > 0n && reserve1 > 0n) continue
    }
    // The router creates the pair on the first liquidity; with none in it, the amounts set the price.
    await provide(tokenA, amountA)
    if (isAddressEqual(tokenB, wethAddress))
      await send(
        {
          to: devUniswapAddresses.router,
          abi: routerAbi,
          functionName: 'addLiquidityETH',
          args: [tokenA, amountA, amountA, amountB, deployerAddress, maxUint256],
          value: amountB,
        },
        `adding liquidity to ${name}`,
      )
    else {
      await provide(tokenB, amountB)
      await send(
        {
          to: devUniswapAddresses.router,
          abi: routerAbi,
          functionName: 'addLiquidity',
          args: [tokenA, tokenB, amountA, amountB, amountA, amountB, deployerAddress, maxUint256],
        },
        `adding liquidity to ${name}`,
      )
    }
    const created = await publicClient.readContract({
      address: devUniswapAddresses.factory,
      abi: factoryAbi,
      functionName: 'getPair',
      args: [tokenA, tokenB],
    })
    if (!isAddressEqual(created, pair))
      throw new Error(
        `deployDevUniswap: the factory's ${name} pair is at ${created}, not at ${pair} where the ` +
          'router looks for it',
      )
  }

  return { ...devUniswapAddresses, pairs, alreadyDeployed: sent() === 0 }
}
