/**
 * EIP-5792 on the embedded wallet's EOA (eoaBatch.ts through createEvmSigner) against a real
 * anvil: a batch approved once and sent as transactions on consecutive nonces, its status from
 * every receipt (100, 200, 600) after a reload too, and each refusal's EIP-1193/EIP-5792 error.
 */
import type { NetworkConfig } from '@airlock/protocol'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../../../api/src/services/indexer/testing/anvil'
import { deployTestToken, mintTestToken } from '../test/testToken'
import { revertedGasFallbackPercent } from './evmFeeEstimate'
import { type ApprovalRequest, createEvmSigner } from './evmSigner'

let anvil: Anvil
let network: NetworkConfig
let token: Address

const chain = () =>
  createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl), pollingInterval: 50 })
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

beforeAll(async () => {
  anvil = await startAnvil()
  network = {
    caipNetworkId: 'eip155:31337',
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: anvil.rpcUrl,
  }
  token = await deployTestToken(anvil.rpcUrl)
}, 120_000)
afterAll(() => anvil?.stop())

/**
 * A wallet of its own on anvil (ether and `tokens` of the test token); its approval keeps what it
 * was shown and answers `answer`. The same `privateKey` opens it again (a reload).
 */
async function freshWallet({
  answer = true,
  tokens = 0n,
  privateKey = generatePrivateKey(),
}: {
  answer?: boolean
  tokens?: bigint
  privateKey?: Hex
} = {}) {
  const shown: ApprovalRequest[] = []
  const statusShown: { id: string; status: unknown }[] = []
  const signer = createEvmSigner({
    showCallsStatus: async (id, status) => {
      statusShown.push({ id, status: await status() })
    },
    privateKey,
    networks: [network],
    network: 'eip155:31337',
    approve: async (request) => {
      shown.push(request)
      return answer
    },
  })
  await anvil.request('anvil_setBalance', [signer.address, toHex(parseEther('1'))])
  if (tokens > 0n) await mintTestToken(anvil.rpcUrl, token, signer.address, tokens)
  return { signer, shown, statusShown, privateKey }
}

const transfer = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
const tokenBalance = (owner: Address) =>
  chain().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const nonceOf = (address: Address) => chain().getTransactionCount({ address })

type CallsStatus = {
  status: number
  atomic: boolean
  receipts?: { status: Hex; transactionHash: Hex }[]
}

describe('wallet_sendCalls on the EOA', () => {
  test('behavior: wallet_getCapabilities says atomic batches are unsupported', async () => {
    const { signer } = await freshWallet()
    expect(
      await signer.request({ method: 'wallet_getCapabilities', params: [signer.address] }),
    ).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
  })

  test('behavior: a batch is approved once, sent as transactions on consecutive nonces, and its status is 200 with every receipt, after a reload too', async () => {
    const { signer, shown, privateKey } = await freshWallet({ tokens: 10n })
    const [first, second] = [freshAddress(), freshAddress()]
    const before = await nonceOf(signer.address)

    const { id } = (await signer.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          from: signer.address,
          atomicRequired: false,
          calls: [
            { to: first, value: toHex(parseEther('0.1')) },
            { to: token, data: transfer(second, 7n) },
          ],
        },
      ],
    })) as { id: Hex }

    // Its kind (transactions), chain, both hashes and tag (batchId.ts).
    expect(id).toMatch(/^0x020{12}7a69[0-9a-f]{128}[0-9a-f]{32}$/)
    expect(shown).toEqual([
      {
        kind: 'calls',
        network: 'eip155:31337',
        from: signer.address,
        calls: [
          { to: first, value: parseEther('0.1') },
          {
            to: token,
            value: 0n,
            data: transfer(second, 7n),
          },
        ],
        fee: { maxFee: expect.any(BigInt) },
      },
    ])
    const status = async (asker = signer) =>
      (await asker.request({ method: 'wallet_getCallsStatus', params: [id] })) as CallsStatus
    await expect.poll(async () => (await status()).status, { timeout: 10_000 }).toBe(200)
    const answer = await status()
    expect(answer).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', atomic: false })
    expect(answer.receipts?.map(({ status }) => status)).toEqual(['0x1', '0x1'])
    const nonces = await Promise.all(
      (answer.receipts ?? []).map(
        async ({ transactionHash }) =>
          (await chain().getTransaction({ hash: transactionHash })).nonce,
      ),
    )
    expect(nonces).toEqual([before, before + 1])
    expect(await chain().getBalance({ address: first })).toBe(parseEther('0.1'))
    expect(await tokenBalance(second)).toBe(7n)

    // A reload: the signer made anew from the same key, nothing kept.
    const reloaded = await freshWallet({ privateKey })
    expect(await status(reloaded.signer)).toEqual(answer)
  })

  test('behavior: a call that reverts on chain after the one before it landed is 600 (partial)', async () => {
    // Both estimated against the chain before either is sent; the first then moves every token,
    // so the second reverts when it runs.
    const { signer } = await freshWallet({ tokens: 5n })
    const { id } = (await signer.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          calls: [
            { to: token, data: transfer(freshAddress(), 5n) },
            { to: token, data: transfer(freshAddress(), 1n) },
          ],
        },
      ],
    })) as { id: Hex }
    const status = async () =>
      (await signer.request({ method: 'wallet_getCallsStatus', params: [id] })) as CallsStatus
    await expect.poll(async () => (await status()).status, { timeout: 10_000 }).toBe(600)
    expect((await status()).receipts?.map(({ status }) => status)).toEqual(['0x1', '0x0'])
  })

  test('behavior: while a transaction is in the pool the status is 100; mined, 200', async () => {
    const { signer } = await freshWallet()
    const receiver = freshAddress()
    await anvil.request('evm_setAutomine', [false])
    try {
      const { id } = (await signer.request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: receiver, value: '0x1' }] }],
      })) as { id: Hex }
      const status = async () =>
        (await signer.request({ method: 'wallet_getCallsStatus', params: [id] })) as CallsStatus
      expect(await status()).toEqual({
        version: '2.0.0',
        id,
        chainId: '0x7a69',
        atomic: false,
        status: 100,
      })
      await anvil.request('evm_mine', [])
      expect((await status()).status).toBe(200)
    } finally {
      await anvil.request('evm_setAutomine', [true])
    }
    expect(await chain().getBalance({ address: receiver })).toBe(1n)
  })

  test('error: atomicRequired is 5760 (atomicity not supported), never shown, nothing sent', async () => {
    const { signer, shown } = await freshWallet()
    const receiver = freshAddress()
    await expect(
      signer.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            atomicRequired: true,
            calls: [{ to: receiver, value: '0x1' }],
          },
        ],
      }),
    ).rejects.toMatchObject({
      name: 'ProviderRpcError',
      code: 5760,
      message: expect.stringMatching(/can't make calls atomically/),
    })
    expect(shown).toEqual([])
    expect(await nonceOf(signer.address)).toBe(0)
  })

  test('error: a no is 4001 and nothing is sent', async () => {
    const { signer, shown } = await freshWallet({ answer: false })
    const receiver = freshAddress()
    await expect(
      signer.request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: receiver, value: '0x1' }] }],
      }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(shown).toHaveLength(1)
    expect(await nonceOf(signer.address)).toBe(0)
    expect(await chain().getBalance({ address: receiver })).toBe(0n)
  })

  test('behavior: a call whose gas estimate reverts is still shown (its gas the fallback), and a Reject sends nothing', async () => {
    const { signer, shown } = await freshWallet({ answer: false })
    await expect(
      signer.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            calls: [
              { to: freshAddress(), value: '0x1' },
              { to: token, data: transfer(freshAddress(), 1n) },
            ],
          },
        ],
      }),
    ).rejects.toMatchObject({ code: 4001 })
    // The screen's simulation says it will likely fail; the visitor decides.
    expect(shown).toMatchObject([{ kind: 'calls', fee: { maxFee: expect.any(BigInt) } }])
    expect(await nonceOf(signer.address)).toBe(0)
  })

  test('behavior: approve, then transferFrom that needs it: gas set in sequence, approved once, both land (200)', async () => {
    const { signer, shown } = await freshWallet({ tokens: 10n })
    const receiver = freshAddress()
    // The account approves itself, then spends that allowance: alone, transferFrom reverts.
    const approve = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [signer.address, 3n],
    })
    const transferFrom = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transferFrom',
      args: [signer.address, receiver, 3n],
    })
    await expect(
      chain().estimateGas({ account: signer.address, to: token, data: transferFrom }),
    ).rejects.toThrow()

    const { id } = (await signer.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          atomicRequired: false,
          calls: [
            { to: token, data: approve },
            { to: token, data: transferFrom },
          ],
        },
      ],
    })) as { id: Hex }
    expect(shown).toHaveLength(1)
    // Its fee is what the two take in sequence, far below the fallback of a call that reverts.
    const { gasLimit } = await chain().getBlock()
    const fallback = (gasLimit * revertedGasFallbackPercent) / 100n
    const { maxFee } = (shown[0] as { fee: { maxFee: bigint } }).fee
    const perGas = (await chain().estimateFeesPerGas()).maxFeePerGas
    expect(maxFee).toBeLessThan(fallback * perGas)
    const status = async () =>
      (await signer.request({ method: 'wallet_getCallsStatus', params: [id] })) as CallsStatus
    await expect.poll(async () => (await status()).status, { timeout: 10_000 }).toBe(200)
    expect(await tokenBalance(receiver)).toBe(3n)
    expect(await tokenBalance(signer.address)).toBe(7n)
  })

  test('behavior: a later call that fails even after the earlier ones is still shown with the fallback gas; a Reject sends nothing', async () => {
    // The approval is for 1, the transferFrom for 2: it reverts in sequence too.
    const { signer, shown } = await freshWallet({ tokens: 10n, answer: false })
    await expect(
      signer.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            calls: [
              {
                to: token,
                data: encodeFunctionData({
                  abi: erc20Abi,
                  functionName: 'approve',
                  args: [signer.address, 1n],
                }),
              },
              {
                to: token,
                data: encodeFunctionData({
                  abi: erc20Abi,
                  functionName: 'transferFrom',
                  args: [signer.address, freshAddress(), 2n],
                }),
              },
            ],
          },
        ],
      }),
    ).rejects.toMatchObject({ code: 4001 })
    const { gasLimit } = await chain().getBlock()
    const fallback = (gasLimit * revertedGasFallbackPercent) / 100n
    const { maxFee } = (shown[0] as { fee: { maxFee: bigint } }).fee
    // The screen's simulation (in sequence too) says it will likely fail; the fee keeps the fallback.
    expect(maxFee).toBeGreaterThan(fallback)
    expect(await nonceOf(signer.address)).toBe(0)
  })

  test('behavior: wallet_showCallsStatus shows the batch with its status; an unknown id is 5730, nothing shown', async () => {
    const { signer, statusShown } = await freshWallet()
    const { id } = (await signer.request({
      method: 'wallet_sendCalls',
      params: [
        { version: '2.0.0', chainId: '0x7a69', calls: [{ to: freshAddress(), value: '0x1' }] },
      ],
    })) as { id: Hex }
    expect(await signer.request({ method: 'wallet_showCallsStatus', params: [id] })).toBeNull()
    expect(statusShown).toMatchObject([{ id, status: { id, atomic: false, chainId: '0x7a69' } }])
    await expect(
      signer.request({ method: 'wallet_showCallsStatus', params: ['0xdead'] }),
    ).rejects.toMatchObject({ code: 5730 })
    expect(statusShown).toHaveLength(1)
  })

  test("error: the status of an id this account did not send is 5730: made up, another account's, a forged tag", async () => {
    const { signer } = await freshWallet()
    const other = await freshWallet()
    const { id } = (await signer.request({
      method: 'wallet_sendCalls',
      params: [
        { version: '2.0.0', chainId: '0x7a69', calls: [{ to: freshAddress(), value: '0x1' }] },
      ],
    })) as { id: Hex }
    const forged = `${id.slice(0, -2)}${id.endsWith('00') ? '01' : '00'}`
    for (const [asker, asked] of [
      [signer, '0xdead'],
      [signer, forged],
      [other.signer, id],
    ] as const)
      await expect(
        asker.request({ method: 'wallet_getCallsStatus', params: [asked] }),
      ).rejects.toMatchObject({ name: 'ProviderRpcError', code: 5730 })
  })
})
