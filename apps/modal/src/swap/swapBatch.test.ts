/**
 * Swap's approve-and-swap batch (swapBatch.ts) on real parts: an anvil with the dev chain's
 * tokens, its Uniswap v2 pools and ERC-4337 (EntryPoint v0.8, Simple7702Account), alto as the
 * bundler, the embedded wallet's smart account (EIP-7702: the visitor's own address), and the
 * API's local swap adapter building the transactions. One approval, one user operation, all or
 * nothing.
 */
import {
  type NetworkConfig,
  type RequestArguments,
  simple7702AccountAddress,
  swapNativeTokenAddress,
} from '@airlock/protocol'
import {
  type Address,
  createPublicClient,
  erc20Abi,
  type Hex,
  http,
  numberToHex,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  deployAccountAbstraction,
  entryPointAddress,
} from '../../../../devchain/accountAbstraction.mjs'
import { type Bundler, startBundler } from '../../../../devchain/bundler.mjs'
import { devChainContracts, seedDevChain } from '../../../../devchain/seed.mjs'
import { deployDevUniswap, devUniswapAddresses } from '../../../../devchain/uniswap.mjs'
import { type Anvil, startAnvil } from '../../../api/src/services/indexer/testing/anvil'
import { createLocalSwap } from '../../../api/src/services/swap/localSwap'
import type { ApprovalRequest } from '../embeddedWallet/evmSigner'
import { createEvmSigner } from '../embeddedWallet/evmSigner'
import { createSmartAccountSigner } from '../embeddedWallet/smartAccountSigner'
import { sendSwapBatch } from './swapBatch'
import { SwapError } from './swapError'

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const aUsd = devChainContracts.usdc as Address
const native = swapNativeTokenAddress as Address

let anvil: Anvil
let bundler: Bundler
let chain: PublicClient
let network: NetworkConfig
let swaps: ReturnType<typeof createLocalSwap>

beforeAll(async () => {
  anvil = await startAnvil()
  await seedDevChain({ rpcUrl: anvil.rpcUrl })
  await deployDevUniswap({ rpcUrl: anvil.rpcUrl })
  await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl })
  bundler = await startBundler({ rpcUrl: anvil.rpcUrl, port: 0, quiet: true })
  network = {
    caipNetworkId: 'eip155:31337',
    name: 'Anvil',
    nativeCurrency: ether,
    rpcUrl: anvil.rpcUrl,
  }
  chain = createPublicClient({
    chain: foundry,
    transport: http(anvil.rpcUrl, { retryCount: 0 }),
    pollingInterval: 50,
  })
  swaps = createLocalSwap({
    chainName: 'Anvil',
    rpcUrl: anvil.rpcUrl,
    nativeCurrency: ether,
    router: devUniswapAddresses.router as Address,
  })
}, 180_000)

afterAll(async () => {
  await bundler?.stop()
  await anvil?.stop()
})

/**
 * The smart account of a fresh embedded wallet (EIP-7702), with 1 ETH and aUSD bought through
 * its first user operation; its approvals answer `answer` and are kept.
 */
async function smartWallet({ answer = true }: { answer?: boolean } = {}) {
  const shown: ApprovalRequest[] = []
  let answering = true
  const approve = async (request: ApprovalRequest) => {
    shown.push(request)
    return answering
  }
  const privateKey = generatePrivateKey()
  const eoa = createEvmSigner({ privateKey, networks: [network], network: 'eip155:31337', approve })
  const smart = await createSmartAccountSigner({
    owner: privateKeyToAccount(privateKey),
    eoa,
    networks: [network],
    bundlerTransport: () => http(bundler.url, { retryCount: 0 }),
    accountKind: async () => ({ kind: 'eip7702', implementation: simple7702AccountAddress }),
    approve,
    onPending: () => {},
    onIncluded: () => {},
  })
  await anvil.request('anvil_setBalance', [smart.address, numberToHex(parseEther('1'))])
  const buy = await swaps.swapTransaction({
    minimumReceived: 1n,
    fromToken: native,
    toToken: aUsd,
    amount: parseEther('0.1'),
    from: smart.address,
  })
  await smart.request({
    method: 'eth_sendTransaction',
    params: [
      { from: smart.address, to: buy.to, data: buy.data, value: numberToHex(1n * 10n ** 17n) },
    ],
  })
  answering = answer
  shown.length = 0
  const request = (args: RequestArguments) => smart.request(args)
  return { address: smart.address as Address, request, shown }
}

const aUsdOf = (owner: Address) =>
  chain.readContract({ address: aUsd, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const allowanceOf = (owner: Address) =>
  chain.readContract({
    address: aUsd,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, devUniswapAddresses.router as Address],
  })
const operationsOf = async (sender: Address) =>
  (
    await chain.getContractEvents({
      address: entryPointAddress,
      abi: entryPoint08Abi,
      eventName: 'UserOperationEvent',
      args: { sender },
      fromBlock: 0n,
    })
  ).map(({ args }) => args.success)

/** The approve and the swap the API builds for the batch. */
async function approveAndSwap(from: Address, amount: bigint) {
  return Promise.all([
    swaps.approveTransaction({ token: aUsd, amount }),
    swaps.swapTransaction({
      minimumReceived: 1n,
      fromToken: aUsd,
      toToken: native,
      amount,
      from,
      approvalInBatch: true,
    }),
  ])
}

describe('approve and swap as one batch of the smart account', () => {
  test('behavior: aUSD for ETH is approved once, sent as one user operation, and the balances move; no allowance is left', async () => {
    const { address, request, shown } = await smartWallet()
    const amount = parseUnits('50', 6)
    const [held, ethBefore, before] = await Promise.all([
      aUsdOf(address),
      chain.getBalance({ address }),
      operationsOf(address),
    ])
    expect(held).toBeGreaterThan(amount)
    expect(await allowanceOf(address)).toBe(0n)

    const outcome = await sendSwapBatch(request, {
      network,
      from: address,
      calls: await approveAndSwap(address, amount),
    })

    expect(shown).toHaveLength(1)
    expect(shown[0]).toMatchObject({ kind: 'calls', from: address })
    expect((shown[0] as { calls: unknown[] }).calls).toHaveLength(2)
    expect(await operationsOf(address)).toEqual([...before, true])
    expect(await aUsdOf(address)).toBe(held - amount)
    expect(await allowanceOf(address)).toBe(0n)
    expect(await chain.getBalance({ address })).toBeGreaterThan(ethBefore)
    expect(outcome.logs.length).toBeGreaterThan(0)
  }, 60_000)

  test('error: a declined batch is 4001 and nothing is sent, no allowance given', async () => {
    const { address, request, shown } = await smartWallet({ answer: false })
    const before = await operationsOf(address)
    const failure = await sendSwapBatch(request, {
      network,
      from: address,
      calls: await approveAndSwap(address, parseUnits('10', 6)),
    }).catch((error: unknown) => error)
    expect(failure).toMatchObject({ code: 4001 })
    expect(shown).toHaveLength(1)
    expect(await operationsOf(address)).toEqual(before)
    expect(await allowanceOf(address)).toBe(0n)
  }, 60_000)

  test('error: a batch whose swap reverts on chain is reverted whole: the approval does not stand either', async () => {
    const { address, request } = await smartWallet()
    const amount = parseUnits('10', 6)
    const calls = await approveAndSwap(address, amount)
    const held = await aUsdOf(address)
    const [approval, swap] = calls
    const failure = await sendSwapBatch(request, {
      network,
      from: address,
      // The approval for less than the swap takes: its transferFrom reverts inside the batch.
      calls: [{ ...approval, data: approvalFor(1n) }, swap],
    }).catch((error: unknown) => error)
    // Shown anyway (the bundler's estimate fails on it, fallback limits), sent, reverted whole.
    expect(failure).toBeInstanceOf(SwapError)
    expect(failure).toMatchObject({
      code: 'reverted',
      message: 'The transaction failed on chain (reverted)',
    })
    expect((await operationsOf(address)).at(-1)).toBe(false)
    expect(await aUsdOf(address)).toBe(held)
    expect(await allowanceOf(address)).toBe(0n)
  }, 60_000)
})

/** The calldata of aUSD's approve of the router for `amount`. */
function approvalFor(amount: bigint): Hex {
  return `0x095ea7b3${(devUniswapAddresses.router as string).slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`
}
