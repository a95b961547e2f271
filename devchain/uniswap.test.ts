// Uniswap v2 on the dev chain, used the way a wallet swaps: a fresh account quotes with the router's
// getAmountsOut and swaps through UniswapV2Router02 on a real anvil, seeded (seed.mjs) and with the
// dev pools deployed (uniswap.mjs). That the swaps go through proves the router's hard-coded pair
// init code hash matches the pairs the factory creates.
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  encodePacked,
  getContractAddress,
  type Hash,
  http,
  keccak256,
  type PrivateKeyAccount,
  type PublicClient,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../apps/api/src/services/indexer/testing/anvil'
import { devChainContracts, seedDevChain } from './seed.mjs'
import { deployDevUniswap, devUniswapAddresses, devUniswapDeployerKey } from './uniswap.mjs'

const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])
const erc20Abi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function approve(address spender, uint256 value) returns (bool)',
])

/** Uniswap v2's pair init code hash on mainnet, which Router02's UniswapV2Library.pairFor holds. */
const mainnetPairInitCodeHash = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

const { router, weth, factory } = devUniswapAddresses
const usdc = devChainContracts.usdc
const zero = devChainContracts.zeroDecimals

let anvil: Anvil
let client: PublicClient
let deployed: Awaited<ReturnType<typeof deployDevUniswap>>
let snapshot: Hash

beforeAll(async () => {
  anvil = await startAnvil()
  await seedDevChain({ rpcUrl: anvil.rpcUrl })
  deployed = await deployDevUniswap({ rpcUrl: anvil.rpcUrl })
  client = createPublicClient({
    chain: foundry,
    transport: http(anvil.rpcUrl, { retryCount: 0 }),
    pollingInterval: 20,
  })
})

// Each test starts from the freshly deployed pools.
beforeEach(async () => {
  snapshot = await anvil.snapshot()
})
afterEach(async () => {
  await anvil.revert(snapshot)
})

afterAll(async () => {
  await anvil?.stop()
})

describe('dev Uniswap deployment', () => {
  test('behavior: the contracts and pools are at the addresses every dev chain has', async () => {
    expect(devUniswapAddresses).toMatchInlineSnapshot(`
      {
        "factory": "0x2cf8b5D5b71e544C62d33A7F76c7A227944e745E",
        "router": "0xd4573Be119B6Dd4E5652eD1feCfD6254272c02FB",
        "weth": "0x29F9484Dd5B678b8d44BA88ea6BDD86895a1586f",
      }
    `)
    expect(deployed).toEqual({
      ...devUniswapAddresses,
      pairs: {
        usdcWeth: '0xF0321de380a6202e8e94FbdfEb2c6748396A5e17',
        usdcZero: '0x9B4E7F0a371C5c12669bbe1C861E6805C2E6a791',
      },
      alreadyDeployed: false,
    })
    for (const address of [weth, factory, router, ...Object.values(deployed.pairs)])
      expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]{2,}$/)
  })

  test("behavior: the pairs are where the router's hard-coded init code hash puts them", async () => {
    for (const [tokenA, tokenB, pair] of [
      [usdc, weth, deployed.pairs.usdcWeth],
      [usdc, zero, deployed.pairs.usdcZero],
    ] as const) {
      const [token0, token1] = BigInt(tokenA) < BigInt(tokenB) ? [tokenA, tokenB] : [tokenB, tokenA]
      const derived = getContractAddress({
        opcode: 'CREATE2',
        from: factory,
        salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
        bytecodeHash: mainnetPairInitCodeHash,
      })
      expect(derived).toBe(pair)
      expect(
        await client.readContract({
          address: factory,
          abi: factoryAbi,
          functionName: 'getPair',
          args: [tokenA, tokenB],
        }),
      ).toBe(pair)
    }
  })

  test('behavior: the pools hold their first liquidity', async () => {
    const balance = (token: Address, owner: Address) =>
      client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
      })
    expect(await balance(usdc, deployed.pairs.usdcWeth)).toBe(parseUnits('300000', 6))
    expect(await balance(weth, deployed.pairs.usdcWeth)).toBe(parseEther('100'))
    expect(await balance(usdc, deployed.pairs.usdcZero)).toBe(parseUnits('100000', 6))
    expect(await balance(zero, deployed.pairs.usdcZero)).toBe(10_000n)
  })

  test('behavior: deploying again sends nothing', async () => {
    const deployer = privateKeyToAccount(devUniswapDeployerKey).address
    const [nonce, block, ether] = await Promise.all([
      client.getTransactionCount({ address: deployer }),
      client.getBlockNumber({ cacheTime: 0 }),
      client.getBalance({ address: deployer }),
    ])
    const again = await deployDevUniswap({ rpcUrl: anvil.rpcUrl })
    expect(again).toEqual({ ...deployed, alreadyDeployed: true })
    expect(await client.getTransactionCount({ address: deployer })).toBe(nonce)
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(block)
    expect(await client.getBalance({ address: deployer })).toBe(ether)
  })

  test("behavior: on a chain without the seed's tokens it refuses and says to seed first", async () => {
    const bare = await startAnvil()
    try {
      await expect(deployDevUniswap({ rpcUrl: bare.rpcUrl })).rejects.toThrow(
        `deployDevUniswap: the seed's aUSD token is not at ${usdc} on ${bare.rpcUrl}. ` +
          'Run seedDevChain first.',
      )
      expect(await bare.request('eth_blockNumber')).toBe('0x0')
    } finally {
      await bare.stop()
    }
  })
})

describe('swapping through the dev router', () => {
  test('behavior: getAmountsOut quotes about 3,000 aUSD for 1 ETH', async () => {
    const [amountIn, amountOut] = await client.readContract({
      address: router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [parseEther('1'), [weth, usdc]],
    })
    expect(amountIn).toBe(parseEther('1'))
    // 3,000 less the 0.3% fee and the 1% a 1-ETH trade moves a 100-ETH pool.
    expect(amountOut).toBeGreaterThan(parseUnits('2950', 6))
    expect(amountOut).toBeLessThan(parseUnits('3000', 6))
  })

  test('behavior: swapExactETHForTokens gives at least the quote less 1% slippage', async () => {
    const { account, write } = await fundedAccount()
    const ethIn = parseEther('2')
    const quoted = await quote(ethIn, [weth, usdc])
    const before = await balanceOf(usdc, account.address)
    await mined(
      await write({
        address: router,
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [(quoted * 99n) / 100n, [weth, usdc], account.address, await deadline()],
        value: ethIn,
      }),
    )
    expect(before).toBe(0n)
    expect((await balanceOf(usdc, account.address)) - before).toBeGreaterThanOrEqual(
      (quoted * 99n) / 100n,
    )
  })

  test('behavior: swapping aUSD for ETH reverts without an approval and goes through with one', async () => {
    const { account, wallet, write } = await fundedAccount()
    await buyUsdc(write, account, parseEther('1'))
    const usdcIn = parseUnits('1000', 6)
    const quoted = await quote(usdcIn, [usdc, weth])
    const minimum = (quoted * 99n) / 100n
    const swap = async () =>
      client.simulateContract({
        account,
        address: router,
        abi: routerAbi,
        functionName: 'swapExactTokensForETH',
        args: [usdcIn, minimum, [usdc, weth], account.address, await deadline()],
      })

    await expect(swap()).rejects.toThrow('TransferHelper: TRANSFER_FROM_FAILED')

    const [usdcBefore, ethBefore] = await Promise.all([
      balanceOf(usdc, account.address),
      client.getBalance({ address: account.address }),
    ])
    const approval = await mined(
      await wallet.writeContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'approve',
        args: [router, usdcIn],
      }),
    )
    const swapped = await mined(await write((await swap()).request))
    const fees = [approval, swapped].reduce(
      (sum, receipt) => sum + receipt.gasUsed * receipt.effectiveGasPrice,
      0n,
    )
    expect(usdcBefore - (await balanceOf(usdc, account.address))).toBe(usdcIn)
    expect(
      (await client.getBalance({ address: account.address })) - ethBefore + fees,
    ).toBeGreaterThanOrEqual(minimum)
  })

  test('behavior: the aUSD/ZERO pool swaps the zero-decimals token both ways', async () => {
    const { account, wallet, write } = await fundedAccount()
    await buyUsdc(write, account, parseEther('1'))
    await mined(
      await wallet.writeContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'approve',
        args: [router, parseUnits('1000', 6)],
      }),
    )
    // 100 aUSD buys a little under 10 ZERO: 9, as ZERO has no fractions.
    const zeroQuoted = await quote(parseUnits('100', 6), [usdc, zero])
    expect(zeroQuoted).toBe(9n)
    await mined(
      await write({
        address: router,
        abi: routerAbi,
        functionName: 'swapExactTokensForTokens',
        args: [parseUnits('100', 6), zeroQuoted, [usdc, zero], account.address, await deadline()],
      }),
    )
    expect(await balanceOf(zero, account.address)).toBe(9n)

    await mined(
      await wallet.writeContract({
        address: zero,
        abi: erc20Abi,
        functionName: 'approve',
        args: [router, 9n],
      }),
    )
    const usdcQuoted = await quote(9n, [zero, usdc])
    const usdcBefore = await balanceOf(usdc, account.address)
    await mined(
      await write({
        address: router,
        abi: routerAbi,
        functionName: 'swapExactTokensForTokens',
        args: [9n, (usdcQuoted * 99n) / 100n, [zero, usdc], account.address, await deadline()],
      }),
    )
    expect(await balanceOf(zero, account.address)).toBe(0n)
    expect((await balanceOf(usdc, account.address)) - usdcBefore).toBeGreaterThanOrEqual(
      (usdcQuoted * 99n) / 100n,
    )
    expect(usdcQuoted).toBeGreaterThan(parseUnits('80', 6))
  })
})

/** A fresh account with 10 ETH (anvil_setBalance, no transaction) and a wallet client for it. */
async function fundedAccount() {
  const account = privateKeyToAccount(generatePrivateKey())
  await anvil.request('anvil_setBalance', [account.address, `0x${parseEther('10').toString(16)}`])
  const wallet = createWalletClient({
    account,
    chain: foundry,
    transport: http(anvil.rpcUrl, { retryCount: 0 }),
  })
  /**
   * A router call with its gas estimate and a margin, as wallets send one: the first swap in a
   * block's second also writes the pair's price accumulators (up to 44k gas), which an estimate
   * made in the second before leaves out (the swap then runs out of gas).
   */
  const write = async (request: {
    address: Address
    abi: Abi
    functionName: string
    args?: readonly unknown[] | undefined
    value?: bigint | undefined
  }) =>
    wallet.writeContract({
      ...request,
      gas: (await client.estimateContractGas({ ...request, account } as never)) + 100_000n,
    } as never)
  return { account, wallet, write }
}

/** Swaps `ethIn` for aUSD, to give a fresh account some: only the seed's deployer may mint. */
async function buyUsdc(
  write: Awaited<ReturnType<typeof fundedAccount>>['write'],
  account: PrivateKeyAccount,
  ethIn: bigint,
) {
  await mined(
    await write({
      address: router,
      abi: routerAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [weth, usdc], account.address, await deadline()],
      value: ethIn,
    }),
  )
}

async function quote(amountIn: bigint, path: readonly Address[]) {
  const amounts = await client.readContract({
    address: router,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [amountIn, path],
  })
  const out = amounts.at(-1)
  if (out === undefined) throw new Error('getAmountsOut returned no amounts')
  return out
}

function balanceOf(token: Address, owner: Address) {
  return client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
}

/** Ten minutes after the latest block, as a wallet would set a swap's deadline. */
async function deadline() {
  const { timestamp } = await client.getBlock({ blockTag: 'latest' })
  return timestamp + 600n
}

async function mined(hash: Hash) {
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} ${receipt.status}`)
  return receipt
}
