// The local swap adapter against a real Uniswap v2 on a real anvil (seed.mjs, then uniswap.mjs),
// used as the modal uses it: a fresh funded account quotes, checks its allowance, sends the
// approval and the swap transactions the adapter builds, and its balances move as quoted. A swap
// that would revert is refused before any wallet sees it; a chain that does not answer says so.
import { readFileSync } from 'node:fs'
import { minimumReceived, swapNativeTokenAddress } from '@airlock/protocol'
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { devChainContracts, seedDevChain } from '../../../../../devchain/seed.mjs'
import { deployDevUniswap, devUniswapAddresses } from '../../../../../devchain/uniswap.mjs'
import { freePort } from '../../../test/ports'
import { type Anvil, startAnvil } from '../indexer/testing/anvil'
import { createLocalSwap, uniswapV2RouterAbi } from './localSwap'
import type { SwapAdapter } from './swapAdapter'
import { SwapProviderError } from './swapProviderError'

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const ausd = devChainContracts.usdc
const zero = devChainContracts.zeroDecimals
const native = swapNativeTokenAddress as Address

let anvil: Anvil
let client: PublicClient
let swap: SwapAdapter
let snapshot: Hex
beforeAll(async () => {
  anvil = await startAnvil()
  await seedDevChain({ rpcUrl: anvil.rpcUrl })
  await deployDevUniswap({ rpcUrl: anvil.rpcUrl })
  client = createPublicClient({
    chain: foundry,
    transport: http(anvil.rpcUrl, { retryCount: 0 }),
    pollingInterval: 20,
  })
  swap = createLocalSwap({
    chainName: 'Anvil',
    rpcUrl: anvil.rpcUrl,
    nativeCurrency: ether,
    router: devUniswapAddresses.router,
  })
}, 90_000)
beforeEach(async () => {
  snapshot = await anvil.snapshot()
})
afterEach(async () => {
  await anvil.revert(snapshot)
})
afterAll(async () => {
  await anvil?.stop()
})

/** A fresh account with `eth` ether, and a wallet that sends what the adapter built. */
async function fundedVisitor(eth = '10') {
  const account = privateKeyToAccount(generatePrivateKey())
  await anvil.request('anvil_setBalance', [account.address, `0x${parseEther(eth).toString(16)}`])
  const wallet = createWalletClient({ account, chain: foundry, transport: http(anvil.rpcUrl) })
  const send = async (tx: {
    to: string
    data: string
    value: string
    gas?: string | undefined
  }) => {
    const hash = await wallet.sendTransaction({
      to: tx.to as Address,
      data: tx.data as Hex,
      value: BigInt(tx.value),
      ...(tx.gas !== undefined ? { gas: BigInt(tx.gas) } : {}),
    })
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    return receipt
  }
  const balanceOf = (token: Address) =>
    client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [account.address],
    })
  return { address: account.address, send, balanceOf }
}

describe('local swap on the dev Uniswap', () => {
  test("behavior: the tokens are the native currency and the pools' tokens, WETH left out", async () => {
    const tokens = await swap.tokens()
    expect(tokens[0]).toEqual({ address: swapNativeTokenAddress, ...ether })
    expect(tokens.slice(1).map(({ address, decimals }) => [address, decimals])).toEqual(
      expect.arrayContaining([
        [ausd.toLowerCase(), 6],
        [zero.toLowerCase(), 0],
      ]),
    )
    expect(tokens.map(({ address }) => address.toLowerCase())).not.toContain(
      devUniswapAddresses.weth.toLowerCase(),
    )
  })

  test("behavior: 1 ETH quotes about 3,000 aUSD less the fee, with the pool's price impact", async () => {
    const quote = await swap.quote({ fromToken: native, toToken: ausd, amount: parseEther('1') })
    // 300,000 aUSD and 100 ETH: 1 ETH moves the price about 1 %, and the pool keeps 0.3 %.
    expect(quote.toAmount).toBeGreaterThan(parseUnits('2950', 6))
    expect(quote.toAmount).toBeLessThan(parseUnits('3000', 6))
    expect(quote.priceImpact).toBeGreaterThan(0.9)
    expect(quote.priceImpact).toBeLessThan(1.1)
  })

  test('behavior: ETH for aUSD: the swap transaction sent gives at least the 1 % minimum', async () => {
    const visitor = await fundedVisitor()
    const amount = parseEther('1')
    const { toAmount, estimatedGas } = await swap.quote({
      fromToken: native,
      toToken: ausd,
      amount,
    })
    const allowance = await swap.allowance({ token: native, owner: visitor.address })
    expect(allowance.allowance).toBe(2n ** 256n - 1n)
    const tx = await swap.swapTransaction({
      minimumReceived: 1n,
      fromToken: native,
      toToken: ausd,
      amount,
      from: visitor.address,
    })
    expect(tx).toMatchObject({ to: devUniswapAddresses.router, value: String(amount) })
    const { gasUsed } = await visitor.send(tx)
    // The quote's fee estimate is the swap's own gas, give or take a fifth.
    expect(Number(estimatedGas)).toBeGreaterThan(Number(gasUsed) * 0.8)
    expect(Number(estimatedGas)).toBeLessThan(Number(gasUsed) * 1.2)
    const received = await visitor.balanceOf(ausd)
    expect(received).toBe(toAmount)
    expect(received).toBeGreaterThanOrEqual((toAmount * 99n) / 100n)
    expect(await client.getBalance({ address: visitor.address })).toBeLessThan(parseEther('9'))
  })

  test('behavior: a swap built in one second and mined in a later one still has gas enough', async () => {
    const visitor = await fundedVisitor()
    const build = () =>
      swap.swapTransaction({
        minimumReceived: 1n,
        fromToken: native,
        toToken: ausd,
        amount: parseEther('0.1'),
        from: visitor.address,
      })
    // No time between blocks at first: the swap built right after another is estimated in the same
    // second, when the pool's price accumulators need no update; mined 30 s on, it writes them.
    await anvil.request('anvil_setBlockTimestampInterval', [0])
    try {
      await visitor.send(await build())
      const later = await build()
      await anvil.request('anvil_setBlockTimestampInterval', [30])
      await anvil.request('anvil_mine', ['0x1'])
      const { status } = await visitor.send(later)
      expect(status).toBe('success')
    } finally {
      await anvil.request('anvil_removeBlockTimestampInterval', [])
    }
  })

  test('behavior: aUSD for ETH: allowance 0, the swap refused until the approval is sent, then balances move', async () => {
    const visitor = await fundedVisitor()
    await visitor.send(
      await swap.swapTransaction({
        minimumReceived: 1n,
        fromToken: native,
        toToken: ausd,
        amount: parseEther('1'),
        from: visitor.address,
      }),
    )
    const amount = parseUnits('1000', 6)
    const before = await client.getBalance({ address: visitor.address })

    expect(await swap.allowance({ token: ausd, owner: visitor.address })).toEqual({
      spender: devUniswapAddresses.router,
      allowance: 0n,
    })
    const unapproved = swap.swapTransaction({
      minimumReceived: 1n,
      fromToken: ausd,
      toToken: native,
      amount,
      from: visitor.address,
    })
    await expect(unapproved).rejects.toBeInstanceOf(SwapProviderError)
    await expect(unapproved).rejects.toMatchObject({
      reason: 'refused',
      message: expect.stringMatching(/^The swap would fail on Anvil: /),
    })

    await visitor.send(await swap.approveTransaction({ token: ausd, amount }))
    expect((await swap.allowance({ token: ausd, owner: visitor.address })).allowance).toBe(amount)

    const ausdBefore = await visitor.balanceOf(ausd)
    const { toAmount } = await swap.quote({ fromToken: ausd, toToken: native, amount })
    await visitor.send(
      await swap.swapTransaction({
        minimumReceived: 1n,
        fromToken: ausd,
        toToken: native,
        amount,
        from: visitor.address,
      }),
    )
    expect(await visitor.balanceOf(ausd)).toBe(ausdBefore - amount)
    const gained = (await client.getBalance({ address: visitor.address })) - before
    // The ether the swap gave, less the gas of the first swap and the approval and this one.
    expect(gained).toBeGreaterThan(toAmount - parseEther('0.01'))
    expect(gained).toBeLessThanOrEqual(toAmount)
  })

  test('behavior: aUSD for ETH with its approval in the batch: built with no allowance yet, checked after the approval, and the pair sent in order moves balances', async () => {
    const visitor = await fundedVisitor()
    await visitor.send(
      await swap.swapTransaction({
        minimumReceived: 1n,
        fromToken: native,
        toToken: ausd,
        amount: parseEther('1'),
        from: visitor.address,
      }),
    )
    const amount = parseUnits('1000', 6)
    expect((await swap.allowance({ token: ausd, owner: visitor.address })).allowance).toBe(0n)

    const built = await swap.swapTransaction({
      minimumReceived: 1n,
      fromToken: ausd,
      toToken: native,
      amount,
      from: visitor.address,
      approvalInBatch: true,
    })
    // Its gas is the swap's after the approval, with the adapter's margin.
    expect(BigInt(built.gas ?? 0)).toBeGreaterThan(90_000n)
    expect(BigInt(built.gas ?? 0)).toBeLessThan(400_000n)

    const ausdBefore = await visitor.balanceOf(ausd)
    const etherBefore = await client.getBalance({ address: visitor.address })
    await visitor.send(await swap.approveTransaction({ token: ausd, amount }))
    await visitor.send(built)
    expect(await visitor.balanceOf(ausd)).toBe(ausdBefore - amount)
    expect(await client.getBalance({ address: visitor.address })).toBeGreaterThan(etherBefore)
  })

  test('error: a batch whose swap reverts even after its approval is refused, naming the order', async () => {
    // No aUSD at all: the approval goes through, the swap can't take what is not there.
    const visitor = await fundedVisitor()
    const refused = swap.swapTransaction({
      minimumReceived: 1n,
      fromToken: ausd,
      toToken: native,
      amount: parseUnits('1000', 6),
      from: visitor.address,
      approvalInBatch: true,
    })
    await expect(refused).rejects.toBeInstanceOf(SwapProviderError)
    await expect(refused).rejects.toMatchObject({
      reason: 'refused',
      message: expect.stringMatching(
        /^The swap would fail on Anvil: it reverts after its approval/,
      ),
    })
  })

  test('behavior: aUSD for the zero-decimals token goes token to token', async () => {
    const visitor = await fundedVisitor()
    await visitor.send(
      await swap.swapTransaction({
        minimumReceived: 1n,
        fromToken: native,
        toToken: ausd,
        amount: parseEther('1'),
        from: visitor.address,
      }),
    )
    const amount = parseUnits('100', 6)
    const { toAmount } = await swap.quote({ fromToken: ausd, toToken: zero, amount })
    expect(toAmount).toBe(9n) // 10 aUSD per ZERO, less the fee and the impact, rounded down
    await visitor.send(await swap.approveTransaction({ token: ausd, amount }))
    await visitor.send(
      await swap.swapTransaction({
        fromToken: ausd,
        toToken: zero,
        amount,
        from: visitor.address,
        minimumReceived: 1n,
      }),
    )
    expect(await visitor.balanceOf(zero)).toBe(9n)
  })

  test('behavior: the swap insists on exactly the minimum received the visitor confirmed', async () => {
    const visitor = await fundedVisitor()
    const amount = parseEther('1')
    const { toAmount } = await swap.quote({ fromToken: native, toToken: ausd, amount })
    const confirmed = minimumReceived(toAmount, 0.5)
    const tx = await swap.swapTransaction({
      fromToken: native,
      toToken: ausd,
      amount,
      from: visitor.address,
      minimumReceived: confirmed,
    })
    const { functionName, args } = decodeFunctionData({
      abi: uniswapV2RouterAbi,
      data: tx.data as Hex,
    })
    expect(functionName).toBe('swapExactETHForTokens')
    expect(args[0]).toBe(confirmed)
    await visitor.send(tx)
    expect(await visitor.balanceOf(ausd)).toBeGreaterThanOrEqual(confirmed)
  })

  test('behavior: a market that moved past the confirmed minimum builds nothing: priceMoved', async () => {
    const [visitor, whale] = await Promise.all([fundedVisitor(), fundedVisitor('100')])
    const amount = parseEther('1')
    const { toAmount } = await swap.quote({ fromToken: native, toToken: ausd, amount })
    // Someone buys aUSD with 20 ETH first: the pool's aUSD is dearer than 1 % allows.
    await whale.send(
      await swap.swapTransaction({
        fromToken: native,
        toToken: ausd,
        amount: parseEther('20'),
        from: whale.address,
        minimumReceived: 1n,
      }),
    )
    const moved = swap.swapTransaction({
      fromToken: native,
      toToken: ausd,
      amount,
      from: visitor.address,
      minimumReceived: minimumReceived(toAmount, 1),
    })
    await expect(moved).rejects.toBeInstanceOf(SwapProviderError)
    await expect(moved).rejects.toMatchObject({
      reason: 'priceMoved',
      message:
        'The price on Anvil moved beyond your slippage tolerance: the swap would give less than the minimum you confirmed. Get a new quote.',
    })
    // At 50 % the same quote still stands: the minimum is the visitor's choice.
    await expect(
      swap.swapTransaction({
        fromToken: native,
        toToken: ausd,
        amount,
        from: visitor.address,
        minimumReceived: minimumReceived(toAmount, 50),
      }),
    ).resolves.toMatchObject({ to: devUniswapAddresses.router })
  })

  test("behavior: a quote's route is the path's symbols, the native currency's at its end", async () => {
    const symbolOf = (token: Address) =>
      client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' })
    const [ausdSymbol, zeroSymbol] = await Promise.all([symbolOf(ausd), symbolOf(zero)])
    const toAusd = await swap.quote({ fromToken: native, toToken: ausd, amount: parseEther('1') })
    expect(toAusd.route).toEqual(['ETH', ausdSymbol])
    const toZero = await swap.quote({ fromToken: ausd, toToken: zero, amount: 100_000_000n })
    expect(toZero.route).toEqual([ausdSymbol, zeroSymbol])
  })

  test('behavior: a token to import is read from its contract; a contract that is no ERC-20 or an empty address is refused in words', async () => {
    const token = await swap.token(zero)
    expect(token).toMatchObject({ address: zero, decimals: 0 })
    expect(token.symbol).not.toBe('')
    await expect(swap.token(devUniswapAddresses.router)).rejects.toMatchObject({
      reason: 'notAContract',
      message: `${devUniswapAddresses.router} is not a token on Anvil: its contract does not answer as an ERC-20 (symbol, name and decimals).`,
    })
    const empty = privateKeyToAccount(generatePrivateKey()).address
    await expect(swap.token(empty)).rejects.toMatchObject({
      reason: 'notAContract',
      message: `${empty} is not a token on Anvil: there is no contract at that address.`,
    })
    // A quote naming one is refused the same way, not as "no pool".
    await expect(
      swap.quote({ fromToken: native, toToken: devUniswapAddresses.router, amount: 1n }),
    ).rejects.toMatchObject({ reason: 'notAContract' })
  })

  test('security: a token whose symbol hides what it is (a direction override) or fills the screen is not imported', async () => {
    const devToken = JSON.parse(
      readFileSync(new URL('../../../../../devchain/artifacts.json', import.meta.url), 'utf8'),
    ).contracts.DevToken as { abi: Abi; bytecode: Hex }
    const deployer = createWalletClient({
      account: privateKeyToAccount(generatePrivateKey()),
      chain: foundry,
      transport: http(anvil.rpcUrl),
    })
    await anvil.request('anvil_setBalance', [deployer.account.address, '0xde0b6b3a7640000'])
    const deploy = async (name: string, symbol: string) => {
      const hash = await deployer.deployContract({
        abi: devToken.abi,
        bytecode: devToken.bytecode,
        args: [name, symbol, 6],
      })
      return (await client.waitForTransactionReceipt({ hash })).contractAddress as Address
    }
    const spoof = await deploy('USD Coin', 'CDSU\u202e')
    const long = await deploy('x'.repeat(101), 'LONG')
    for (const token of [spoof, long])
      await expect(swap.token(token)).rejects.toMatchObject({
        reason: 'notAContract',
        message: `${token} is not a token to import on Anvil: its symbol or name is too long or has characters that change how text shows.`,
      })
    expect((await swap.token(await deploy('Plain', 'PLAIN'))).symbol).toBe('PLAIN')
  })

  test('behavior: tokens without a pool between them are refused in words', async () => {
    await expect(
      swap.quote({ fromToken: native, toToken: zero, amount: parseEther('1') }),
    ).rejects.toMatchObject({ reason: 'refused', message: 'No pool on Anvil swaps these tokens.' })
  })

  test("behavior: the gas price is the chain's eth_gasPrice, in wei", async () => {
    const { gasPrice } = await swap.gasPrice()
    expect(BigInt(gasPrice)).toBe(await client.getGasPrice())
  })

  test('behavior: a chain that does not answer is unavailable, said with its name', async () => {
    const down = createLocalSwap({
      chainName: 'Anvil',
      rpcUrl: `http://127.0.0.1:${await freePort()}`,
      nativeCurrency: ether,
      router: devUniswapAddresses.router,
    })
    await expect(down.gasPrice()).rejects.toMatchObject({
      reason: 'unavailable',
      message: expect.stringMatching(/^Anvil's RPC did not answer/),
    })
  })
})
