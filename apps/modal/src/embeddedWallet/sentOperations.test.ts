/**
 * A pending user operation sped up or cancelled (sentOperations.ts), through the smart account's
 * provider, against real parts: anvil with EntryPoint v0.8 and Simple7702Account, and alto in
 * manual bundling mode (its debug methods on), so an operation stays in its mempool until the
 * test sends the bundle. What lands on chain, what the site gets, and what the visitor is told
 * once an operation was bundled already.
 */
import {
  type NetworkConfig,
  type SmartAccountKind,
  simple7702AccountAddress,
} from '@airlock/protocol'
import {
  type Address,
  createPublicClient,
  createTestClient,
  type Hex,
  http,
  type PublicClient,
  parseEther,
  type TestClient,
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
import { type Anvil, startAnvil } from '../../../api/src/services/indexer/testing/anvil'
import { callsStatusText } from '../messages/callsStatusText'
import { type ApprovalRequest, createEvmSigner } from './evmSigner'
import { OperationNotReplaceableError, replacementFees } from './sentOperations'
import { createSmartAccountSigner, type ReplacePending } from './smartAccountSigner'

let anvil: Anvil
let bundler: Bundler
let network: NetworkConfig
let chain: PublicClient
let testClient: TestClient

/** Alto's JSON-RPC, its debug methods too. */
async function alto(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(bundler.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

beforeAll(async () => {
  anvil = await startAnvil()
  await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl })
  bundler = await startBundler({ rpcUrl: anvil.rpcUrl, port: 0, quiet: true, debug: true })
  // Held in the mempool until the test sends the bundle.
  await alto('debug_bundler_setBundlingMode', ['manual'])
  network = {
    caipNetworkId: 'eip155:31337',
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: anvil.rpcUrl,
  }
  const transport = http(anvil.rpcUrl, { retryCount: 0 })
  chain = createPublicClient({ chain: foundry, transport, pollingInterval: 50 })
  testClient = createTestClient({ chain: foundry, mode: 'anvil', transport })
}, 120_000)

afterAll(async () => {
  await bundler?.stop()
  await anvil?.stop()
})

const sendTimeout = 30_000
const eip7702: SmartAccountKind = { kind: 'eip7702', implementation: simple7702AccountAddress }
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

/**
 * A fresh 7702 wallet with 1 ETH: its smart account's provider, what the visitor was asked, and
 * the replacement of each operation it was told was pending (eth_sendTransaction past 200 ms) or
 * shown (wallet_showCallsStatus).
 */
async function freshWallet(privateKey: Hex = generatePrivateKey(), ether = '1') {
  const shown: ApprovalRequest[] = []
  const approve = async (request: ApprovalRequest) => {
    shown.push(request)
    return true
  }
  const replaces: ReplacePending[] = []
  /** The hash each operation told pending was first sent under. */
  const pending: Hex[] = []
  /** What the visitor was told failed after approving it, and how pending ones ended. */
  const reported: unknown[] = []
  const included: { cancelled?: true; success: boolean }[] = []
  const eoa = createEvmSigner({ privateKey, networks: [network], network: 'eip155:31337', approve })
  const smart = await createSmartAccountSigner({
    owner: privateKeyToAccount(privateKey),
    eoa,
    networks: [network],
    bundlerTransport: () => http(bundler.url, { retryCount: 0 }),
    accountKind: async () => eip7702,
    approve,
    onFailedAfterApproval: (error) => reported.push(error),
    timeoutMs: 200,
    onPending: ({ hash, replace }) => {
      pending.push(hash)
      replaces.push(replace)
    },
    showCallsStatus: async (_id, _status, replace) => {
      if (replace) replaces.push(replace)
    },
    onIncluded: (_, outcome) => {
      included.push(outcome)
    },
  })
  if (ether !== '0')
    await testClient.setBalance({ address: smart.address, value: parseEther(ether) })
  return { smart, shown, replaces, pending, reported, included, privateKey }
}

/** The user operations of `sender` the EntryPoint executed, by hash. */
const landedOperations = async (sender: Address) =>
  (
    await chain.getContractEvents({
      address: entryPointAddress,
      abi: entryPoint08Abi,
      eventName: 'UserOperationEvent',
      args: { sender },
      fromBlock: 0n,
    })
  ).map(({ args }) => args.userOpHash)

/** The operations alto holds, once there are `count`. */
const heldInMempool = (count: number) =>
  expect
    .poll(
      async () => ((await alto('debug_bundler_dumpMempool', [entryPointAddress])) as []).length,
      {
        timeout: 10_000,
        interval: 50,
      },
    )
    .toBe(count)

const sendBundle = () => alto('debug_bundler_sendBundleNow')

describe('a pending user operation the bundler still holds', () => {
  test(
    'behavior: sped up, the replacement lands and not the original; the site gets its transaction hash; the visitor approved the higher fee',
    async () => {
      const { smart, shown, replaces, pending } = await freshWallet()
      const receiver = freshAddress()
      const sending = smart.request({
        method: 'eth_sendTransaction',
        params: [{ from: smart.address, to: receiver, value: '0x5' }],
      })
      await expect.poll(() => replaces.length, { timeout: 10_000, interval: 50 }).toBe(1)
      await heldInMempool(1)
      const original = shown.at(-1)
      await replaces[0]?.('speedUp')
      const replacement = shown.at(-1)
      expect(replacement).toMatchObject({
        kind: 'calls',
        replacing: 'speedUp',
        calls: [{ to: receiver, value: 5n }],
      })
      // The visitor is shown the higher fee (its gas the same, each fee per gas raised by 25 %).
      const feeOf = (request: ApprovalRequest | undefined) =>
        (request as { fee?: { maxFee: bigint } }).fee?.maxFee ?? 0n
      expect(feeOf(replacement)).toBeGreaterThanOrEqual((feeOf(original) * 125n) / 100n)
      await heldInMempool(1)

      await sendBundle()
      const transactionHash = (await sending) as Hex
      expect(await chain.getTransactionReceipt({ hash: transactionHash })).toMatchObject({
        status: 'success',
      })
      expect(await chain.getBalance({ address: receiver })).toBe(5n)
      const landed = await landedOperations(smart.address)
      expect(landed).toHaveLength(1)
      expect(landed[0]).not.toBe(pending[0])
    },
    sendTimeout,
  )

  test(
    'behavior: cancelled, the no-op lands in its place; the site gets 4001; nothing is sent to the receiver',
    async () => {
      const { smart, shown, replaces, reported, included } = await freshWallet()
      const receiver = freshAddress()
      const sending = smart.request({
        method: 'eth_sendTransaction',
        params: [{ from: smart.address, to: receiver, value: '0x7' }],
      })
      const outcome = sending.then(
        () => 'resolved',
        (error: unknown) => error,
      )
      await expect.poll(() => replaces.length, { timeout: 10_000, interval: 50 }).toBe(1)
      await heldInMempool(1)
      await replaces[0]?.('cancel')
      expect(shown.at(-1)).toMatchObject({
        kind: 'calls',
        replacing: 'cancel',
        calls: [{ to: smart.address, value: 0n }],
      })
      await sendBundle()
      expect(await outcome).toMatchObject({
        code: 4001,
        message: expect.stringMatching(
          /^The visitor cancelled the transaction: a no-op took its place \(0x[0-9a-f]{64}\)\.$/,
        ),
      })
      expect(await chain.getBalance({ address: receiver })).toBe(0n)
      expect(await landedOperations(smart.address)).toHaveLength(1)
      // Not a failure to the visitor: nothing reported, and its end known as a cancellation.
      expect(reported).toEqual([])
      expect(included).toEqual([expect.objectContaining({ cancelled: true, success: true })])
    },
    sendTimeout,
  )

  test(
    'behavior: a batch cancelled from its status view answers 400 to wallet_getCallsStatus, for the wallet opened anew too; one sped up answers 200 with the receipt of what landed',
    async () => {
      const { smart, replaces, privateKey } = await freshWallet()
      const receiver = freshAddress()
      const sendCalls = async (value: Hex) =>
        (
          (await smart.request({
            method: 'wallet_sendCalls',
            params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: receiver, value }] }],
          })) as { id: Hex }
        ).id
      const status = (wallet: typeof smart, id: Hex) =>
        wallet.request({ method: 'wallet_getCallsStatus', params: [id] }) as Promise<{
          status: number
          receipts?: { transactionHash: Hex }[]
        }>

      const cancelled = await sendCalls('0x2')
      await smart.request({ method: 'wallet_showCallsStatus', params: [cancelled] })
      expect(replaces).toHaveLength(1)
      await heldInMempool(1)
      await replaces[0]?.('cancel')
      await heldInMempool(1)
      expect((await status(smart, cancelled)).status).toBe(100)
      await sendBundle()
      await expect
        .poll(async () => (await status(smart, cancelled)).status, { timeout: 10_000 })
        .toBe(400)
      const reloaded = await freshWallet(privateKey, '0')
      expect(await status(reloaded.smart, cancelled)).toEqual({
        version: '2.0.0',
        id: cancelled,
        chainId: '0x7a69',
        atomic: true,
        status: 400,
      })

      // The nonce is under the id's tag: an id pointing at another nonce is not this wallet's.
      const otherNonce = `${cancelled.slice(0, 2 + 2 * 41 + 62)}ff${cancelled.slice(2 + 2 * 41 + 64)}`
      expect(otherNonce).toHaveLength(cancelled.length)
      await expect(status(reloaded.smart, otherNonce as Hex)).rejects.toMatchObject({ code: 5730 })

      const spedUp = await sendCalls('0x3')
      await smart.request({ method: 'wallet_showCallsStatus', params: [spedUp] })
      await heldInMempool(1)
      await replaces[1]?.('speedUp')
      await sendBundle()
      await expect
        .poll(async () => (await status(reloaded.smart, spedUp)).status, { timeout: 10_000 })
        .toBe(200)
      const [receipt] = (await status(reloaded.smart, spedUp)).receipts ?? []
      expect(
        await chain.getTransactionReceipt({ hash: receipt?.transactionHash ?? '0x' }),
      ).toMatchObject({
        status: 'success',
      })
      expect(await chain.getBalance({ address: receiver })).toBe(3n)
    },
    sendTimeout,
  )
})

describe('a pending user operation already bundled', () => {
  test(
    'error: it can no longer be cancelled (the visitor is told why, nothing is asked); the site gets its transaction hash once it lands',
    async () => {
      const { smart, shown, replaces } = await freshWallet()
      const receiver = freshAddress()
      const sending = smart.request({
        method: 'eth_sendTransaction',
        params: [{ from: smart.address, to: receiver, value: '0x9' }],
      })
      await expect.poll(() => replaces.length, { timeout: 10_000, interval: 50 }).toBe(1)
      await heldInMempool(1)
      const asked = shown.length
      // Its bundle transaction sent, and not mined yet.
      await testClient.setAutomine(false)
      try {
        await sendBundle()
        await heldInMempool(0)
        const refusal = await replaces[0]?.('cancel').then(
          () => undefined,
          (error: unknown) => error,
        )
        expect(refusal).toBeInstanceOf(OperationNotReplaceableError)
        expect((refusal as Error).message).toBe(callsStatusText.notReplaceable)
        expect(shown).toHaveLength(asked)
      } finally {
        await testClient.setAutomine(true)
        await testClient.mine({ blocks: 1 })
      }
      expect(await sending).toMatch(/^0x[0-9a-f]{64}$/)
      expect(await chain.getBalance({ address: receiver })).toBe(9n)
    },
    sendTimeout,
  )
})

describe('replacementFees', () => {
  test('behavior: each fee per gas at least 25 % over the replaced one (alto wants 10 %), and no less than the bundler asks now', () => {
    expect(
      replacementFees(
        { maxFeePerGas: 100n, maxPriorityFeePerGas: 10n },
        { maxFeePerGas: 90n, maxPriorityFeePerGas: 50n },
      ),
    ).toEqual({ maxFeePerGas: 125n, maxPriorityFeePerGas: 50n })
    // Rounded up: never under the bundler's 110 %.
    expect(
      replacementFees(
        { maxFeePerGas: 3n, maxPriorityFeePerGas: 1n },
        { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n },
      ),
    ).toEqual({ maxFeePerGas: 4n, maxPriorityFeePerGas: 2n })
  })
})
