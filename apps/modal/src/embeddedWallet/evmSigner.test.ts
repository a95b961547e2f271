/**
 * The embedded wallet's EVM signer against a real anvil: signatures that viem verifies,
 * transactions that land (ETH and an ERC-20 of devchain's DevToken), what the approval is shown,
 * that a "no" signs and sends nothing, and the EIP-1193 error of each refusal.
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
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../../../api/src/services/indexer/testing/anvil'
import { deployTestToken, mintTestToken } from '../test/testToken'
import { revertedGasFallbackPercent } from './evmFeeEstimate'
import { type ApprovalRequest, createEvmSigner } from './evmSigner'
import { deriveWalletAccounts } from './walletAccounts'
import { createWalletSecret } from './walletSecret'

// Anvil's accounts #1 and #2.
const recipient: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const stranger: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const { evm: wallet } = deriveWalletAccounts(createWalletSecret())

let anvil: Anvil
let networks: NetworkConfig[]
let token: Address

const chain = () => createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })

// Anvil's start and a token deployment: within the API tests' set-up allowance.
beforeAll(async () => {
  anvil = await startAnvil()
  networks = [
    {
      caipNetworkId: 'eip155:31337',
      name: 'Anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: anvil.rpcUrl,
    },
    {
      // A network the wallet may switch to whose RPC nothing answers (port 1 refuses).
      caipNetworkId: 'eip155:10',
      name: 'OP Mainnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'http://127.0.0.1:1',
    },
    {
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      name: 'Solana',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrl: 'http://127.0.0.1:1',
    },
  ]
  await anvil.request('anvil_setBalance', [wallet.address, toHex(parseEther('10'))])

  token = await deployTestToken(anvil.rpcUrl)
  await mintTestToken(anvil.rpcUrl, token, wallet.address, 1_000n)
}, 120_000)
afterAll(() => anvil?.stop())

/** A signer on anvil whose approval answers `answer` and keeps what it was shown. */
function signerAnswering(answer: boolean) {
  const shown: ApprovalRequest[] = []
  const signer = createEvmSigner({
    privateKey: wallet.privateKey,
    networks,
    network: 'eip155:31337',
    approve: async (request) => {
      shown.push(request)
      return answer
    },
  })
  return { signer, shown }
}

const tokenBalance = (owner: Address) =>
  chain().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const nonce = () => chain().getTransactionCount({ address: wallet.address, blockTag: 'pending' })

/** EIP-712's own example (Mail), on anvil's chain. */
const mail = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 31337,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
} as const

describe('accounts, chain and reads', () => {
  test("behavior: the wallet's account, and the network's chain id", async () => {
    const { signer } = signerAnswering(true)
    expect(signer.address).toBe(wallet.address)
    expect(await signer.request({ method: 'eth_accounts' })).toEqual([wallet.address])
    expect(await signer.request({ method: 'eth_requestAccounts' })).toEqual([wallet.address])
    expect(await signer.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(signer.network()).toBe('eip155:31337')
  })

  test("behavior: reads are answered by the network's RPC", async () => {
    const { signer } = signerAnswering(true)
    const balance = await signer.request({
      method: 'eth_getBalance',
      params: [wallet.address, 'latest'],
    })
    expect(BigInt(balance as Hex)).toBe(await chain().getBalance({ address: wallet.address }))
    expect(await signer.request({ method: 'eth_blockNumber' })).toBe(
      toHex(await chain().getBlockNumber({ cacheTime: 0 })),
    )
    const balanceOf = await signer.request({
      method: 'eth_call',
      params: [
        {
          to: token,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [wallet.address],
          }),
        },
        'latest',
      ],
    })
    expect(BigInt(balanceOf as Hex)).toBe(await tokenBalance(wallet.address))
  })

  test('behavior: EIP-5792 capabilities: batches not atomic (eoaBatch.ts), on each EVM network (or those asked)', async () => {
    const { signer } = signerAnswering(true)
    const notAtomic = { atomic: { status: 'unsupported' } }
    expect(
      await signer.request({ method: 'wallet_getCapabilities', params: [wallet.address] }),
    ).toEqual({ '0x7a69': notAtomic, '0xa': notAtomic })
    expect(
      await signer.request({
        method: 'wallet_getCapabilities',
        params: [wallet.address, ['0x7a69', '0x1']],
      }),
    ).toEqual({ '0x7a69': notAtomic })
  })

  test('error: a method the wallet does not have is 4200, by name', async () => {
    const { signer, shown } = signerAnswering(true)
    for (const method of ['eth_sign', 'eth_signTransaction', 'wallet_addEthereumChain'])
      await expect(
        signer.request({ method, params: [wallet.address, '0x00'] }),
      ).rejects.toMatchObject({
        name: 'UnsupportedMethodError',
        code: 4200,
        message: expect.stringContaining(method),
      })
    expect(shown).toEqual([])
  })

  test('error: a read with params that are not a list is invalid params', async () => {
    const { signer } = signerAnswering(true)
    await expect(
      signer.request({ method: 'eth_getBalance', params: { address: wallet.address } }),
    ).rejects.toMatchObject({ name: 'InvalidParamsError', code: -32602 })
  })
})

describe('personal_sign', () => {
  test('behavior: the visitor is shown the text; the signature verifies', async () => {
    const { signer, shown } = signerAnswering(true)
    const text = 'Sign in to Airlock\nNonce: 42 ✓'
    const signature = (await signer.request({
      method: 'personal_sign',
      params: [toHex(text), wallet.address],
    })) as Hex
    expect(await verifyMessage({ address: wallet.address, message: text, signature })).toBe(true)
    expect(shown).toEqual([
      { kind: 'message', network: 'eip155:31337', from: wallet.address, message: text },
    ])
  })

  test('behavior: bytes that are not readable text are shown as hex', async () => {
    const { signer, shown } = signerAnswering(true)
    // Not UTF-8 (0xff), and text with a right-to-left override that would hide its order.
    const bytes = ['0xdeadbeefff', toHex('pay \u202e0001 ETH')] as const
    for (const raw of bytes) {
      const signature = (await signer.request({
        method: 'personal_sign',
        params: [raw, wallet.address.toLowerCase()],
      })) as Hex
      expect(await verifyMessage({ address: wallet.address, message: { raw }, signature })).toBe(
        true,
      )
    }
    expect(shown.map((request) => request.kind === 'message' && request.message)).toEqual(bytes)
  })

  test('error: a declined message is 4001', async () => {
    const { signer, shown } = signerAnswering(false)
    await expect(
      signer.request({ method: 'personal_sign', params: [toHex('hi'), wallet.address] }),
    ).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    expect(shown).toHaveLength(1)
  })

  test("error: another account's message is 4100, never shown", async () => {
    const { signer, shown } = signerAnswering(true)
    await expect(
      signer.request({ method: 'personal_sign', params: [toHex('hi'), stranger] }),
    ).rejects.toMatchObject({
      name: 'UnauthorizedError',
      code: 4100,
      message: expect.stringContaining(stranger),
    })
    expect(shown).toEqual([])
  })

  test('error: malformed params are invalid params, never shown', async () => {
    const { signer, shown } = signerAnswering(true)
    const cases: [unknown, RegExp][] = [
      [undefined, /takes the parameters \[message, address\]/],
      [[toHex('hi')], /takes the parameters \[message, address\]/],
      [['hello', wallet.address], /must be 0x-prefixed hex bytes/],
      [['0xabc', wallet.address], /must be 0x-prefixed hex bytes/],
      [[toHex('hi'), 'me'], /"me" is not an address/],
    ]
    for (const [params, message] of cases)
      await expect(
        signer.request({ method: 'personal_sign', params: params as unknown[] }),
      ).rejects.toMatchObject({ name: 'InvalidParamsError', code: -32602, message })
    expect(shown).toEqual([])
  })
})

describe('a failure after approval', () => {
  test('behavior: what fails after the yes is reported for the modal, and still rejects to the site', async () => {
    const reported: unknown[] = []
    const signer = createEvmSigner({
      privateKey: wallet.privateKey,
      networks,
      network: 'eip155:31337',
      // The balance goes while the visitor looks: the fee they approved is now above it.
      approve: async () => {
        await anvil.request('anvil_setBalance', [wallet.address, '0x0'])
        return true
      },
      onFailedAfterApproval: (error) => reported.push(error),
    })
    try {
      const sending = signer.request({
        method: 'eth_sendTransaction',
        params: [{ from: wallet.address, to: recipient, value: '0x1' }],
      })
      await expect(sending).rejects.toMatchObject({ code: -32003 })
      expect(reported).toEqual([await sending.catch((error: unknown) => error)])
    } finally {
      await anvil.request('anvil_setBalance', [wallet.address, toHex(parseEther('10'))])
    }
  })

  test('behavior: a refused request is not reported as a failure after approval', async () => {
    const reported: unknown[] = []
    const signer = createEvmSigner({
      privateKey: wallet.privateKey,
      networks,
      network: 'eip155:31337',
      approve: async () => false,
      onFailedAfterApproval: (error) => reported.push(error),
    })
    await expect(
      signer.request({ method: 'personal_sign', params: ['0x6869', wallet.address] }),
    ).rejects.toMatchObject({ code: 4001 })
    await expect(
      signer.request({
        method: 'eth_sendTransaction',
        params: [{ from: wallet.address, to: recipient, value: '0x1' }],
      }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(reported).toEqual([])
  })
})

describe('eth_signTypedData_v4', () => {
  test('behavior: the visitor is shown the domain and fields; the signature verifies', async () => {
    const { signer, shown } = signerAnswering(true)
    for (const typedData of [JSON.stringify(mail), mail]) {
      const signature = (await signer.request({
        method: 'eth_signTypedData_v4',
        params: [wallet.address, typedData],
      })) as Hex
      expect(
        await verifyTypedData({
          ...mail,
          domain: { ...mail.domain, chainId: 31337n },
          address: wallet.address,
          signature,
        }),
      ).toBe(true)
    }
    const request = {
      kind: 'typedData',
      network: 'eip155:31337',
      from: wallet.address,
      domain: mail.domain,
      primaryType: 'Mail',
      message: mail.message,
    }
    expect(shown).toEqual([request, request])
  })

  test('error: a declined signature is 4001', async () => {
    const { signer } = signerAnswering(false)
    await expect(
      signer.request({ method: 'eth_signTypedData_v4', params: [wallet.address, mail] }),
    ).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
  })

  test('behavior: typed data for another chain is shown (the screen warns of it), not refused', async () => {
    const { signer, shown } = signerAnswering(true)
    const otherChain = { ...mail, domain: { ...mail.domain, chainId: 1 } }
    const signature = (await signer.request({
      method: 'eth_signTypedData_v4',
      params: [wallet.address, otherChain],
    })) as Hex
    expect(
      await verifyTypedData({
        ...otherChain,
        domain: { ...otherChain.domain, chainId: 1n },
        address: wallet.address,
        signature,
      }),
    ).toBe(true)
    expect(shown).toEqual([
      expect.objectContaining({
        kind: 'typedData',
        network: 'eip155:31337',
        domain: expect.objectContaining({ chainId: 1 }),
      }),
    ])
  })

  test('error: typed data that is malformed is refused, never shown', async () => {
    const { signer, shown } = signerAnswering(true)
    const cases: [unknown, RegExp][] = [
      ['{"types": ', /the typed data is not valid JSON/],
      ['[]', /must be an object with types, primaryType, domain and message/],
      [{ ...mail, primaryType: 'Letter' }, /primaryType "Letter" is not one of the types/],
      [{ ...mail, types: { Mail: 'from' } }, /types must map each type name/],
      [{ ...mail, domain: { ...mail.domain, chainId: 'one' } }, /chainId "one" is not a chain id/],
      [{ ...mail, domain: { ...mail.domain, chainId: 1.5 } }, /chainId 1.5 is not a chain id/],
      [
        { ...mail, message: { ...mail.message, contents: undefined } },
        /message.contents is missing \(string\)/,
      ],
      [
        { ...mail, message: { ...mail.message, to: { name: 7, wallet: recipient } } },
        /message.to.name must be a string, not 7/,
      ],
      [
        { ...mail, message: { ...mail.message, to: { name: 'Bob', wallet: '0x1234' } } },
        /does not match its types/,
      ],
    ]
    for (const [typedData, message] of cases)
      await expect(
        signer.request({ method: 'eth_signTypedData_v4', params: [wallet.address, typedData] }),
      ).rejects.toMatchObject({ name: 'InvalidParamsError', code: -32602, message })
    await expect(
      signer.request({ method: 'eth_signTypedData_v4', params: [stranger, mail] }),
    ).rejects.toMatchObject({ name: 'UnauthorizedError', code: 4100 })
    expect(shown).toEqual([])
  })
})

describe('eth_sendTransaction', () => {
  test('behavior: an approved ETH transfer lands; balances move by the value and fee', async () => {
    const { signer, shown } = signerAnswering(true)
    const value = parseEther('0.25')
    const [sentBefore, receivedBefore] = await Promise.all([
      chain().getBalance({ address: wallet.address }),
      chain().getBalance({ address: recipient }),
    ])
    const hash = (await signer.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to: recipient, value: toHex(value) }],
    })) as Hex
    const receipt = await chain().waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(receipt.from).toBe(wallet.address.toLowerCase())
    expect(await chain().getBalance({ address: recipient })).toBe(receivedBefore + value)
    expect(await chain().getBalance({ address: wallet.address })).toBe(
      sentBefore - value - receipt.gasUsed * receipt.effectiveGasPrice,
    )
    expect(shown).toEqual([
      {
        kind: 'transaction',
        network: 'eip155:31337',
        from: wallet.address,
        to: recipient,
        value,
        fee: { maxFee: expect.any(BigInt) },
      },
    ])
    // The fee shown is the most it can be: what was paid is within it.
    const [request] = shown
    const maxFee = request?.kind === 'transaction' ? request.fee?.maxFee : undefined
    expect(maxFee).toBeGreaterThan(0n)
    expect(receipt.gasUsed * receipt.effectiveGasPrice).toBeLessThanOrEqual(maxFee as bigint)
  })

  test('behavior: an ERC-20 transfer is shown with its data, then lands', async () => {
    const { signer, shown } = signerAnswering(true)
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, 250n],
    })
    const before = await tokenBalance(wallet.address)
    const hash = (await signer.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to: token.toLowerCase(), data }],
    })) as Hex
    expect((await chain().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe(
      'success',
    )
    expect(await tokenBalance(wallet.address)).toBe(before - 250n)
    expect(await tokenBalance(recipient)).toBe(250n)
    expect(shown).toEqual([
      {
        kind: 'transaction',
        network: 'eip155:31337',
        from: wallet.address,
        to: token,
        value: 0n,
        data,
        fee: { maxFee: expect.any(BigInt) },
      },
    ])
  })

  test('error: a declined transaction is 4001; nothing is sent', async () => {
    const { signer, shown } = signerAnswering(false)
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [stranger, 2n ** 256n - 1n],
    })
    const [nonceBefore, balanceBefore] = [
      await nonce(),
      await chain().getBalance({ address: wallet.address }),
    ]
    await expect(
      signer.request({
        method: 'eth_sendTransaction',
        params: [{ from: wallet.address, to: recipient, value: '0x1' }],
      }),
    ).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    await expect(
      signer.request({
        method: 'eth_sendTransaction',
        params: [{ from: wallet.address, to: token, data }],
      }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(shown.map((request) => request.kind === 'transaction' && request.data)).toEqual([
      undefined,
      data,
    ])
    expect(await nonce()).toBe(nonceBefore)
    expect(await chain().getBalance({ address: wallet.address })).toBe(balanceBefore)
    expect(
      await chain().readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [wallet.address, stranger],
      }),
    ).toBe(0n)
  })

  test('behavior: a transaction whose gas estimate reverts still reaches the visitor, its gas the fallback share of the block', async () => {
    const { signer, shown } = signerAnswering(false)
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, 10n ** 30n],
    })
    const nonceBefore = await nonce()
    const { gasLimit } = await chain().getBlock({ blockTag: 'latest' })
    await expect(
      signer.request({
        method: 'eth_sendTransaction',
        params: [{ from: wallet.address, to: token, data, gasPrice: toHex(2n * 10n ** 9n) }],
      }),
    ).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    // The site's own gas, when it gave one, is the gas the revert is shown with.
    await expect(
      signer.request({
        method: 'eth_sendTransaction',
        params: [{ from: wallet.address, to: token, data, gas: toHex(90_000n) }],
      }),
    ).rejects.toMatchObject({ code: 4001 })
    const [fallback, sites] = shown
    expect(fallback).toMatchObject({
      kind: 'transaction',
      to: token,
      data,
      fee: { maxFee: ((gasLimit * revertedGasFallbackPercent) / 100n) * 2n * 10n ** 9n },
    })
    const maxFee = sites?.kind === 'transaction' ? sites.fee?.maxFee : undefined
    expect(maxFee && maxFee % 90_000n).toBe(0n)
    expect(await nonce()).toBe(nonceBefore)
  })

  test('behavior: approved, a reverting transaction is sent with the gas shown and reverts on chain, its fee at most the one shown', async () => {
    const { signer, shown } = signerAnswering(true)
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, 10n ** 30n],
    })
    const hash = (await signer.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to: token, data }],
    })) as Hex
    const receipt = await chain().waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('reverted')
    const [request] = shown
    const maxFee = request?.kind === 'transaction' ? request.fee?.maxFee : undefined
    expect(receipt.gasUsed * receipt.effectiveGasPrice).toBeLessThanOrEqual(maxFee as bigint)
  })

  test('error: an estimate that fails for another reason than a revert (the RPC down) fails before the visitor is asked', async () => {
    const { signer, shown } = signerAnswering(true)
    // OP's RPC in these networks refuses connections.
    await signer.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] })
    await expect(
      signer.request({
        method: 'eth_sendTransaction',
        params: [{ from: wallet.address, to: recipient, value: '0x1' }],
      }),
    ).rejects.toMatchObject({ name: 'ChainDisconnectedError', code: 4901 })
    expect(shown).toEqual([])
  })

  test('error: the fee-burning request (to self, value 0, gasPrice balance / 21000) is refused, never shown', async () => {
    const { signer, shown } = signerAnswering(true)
    const balanceBefore = await chain().getBalance({ address: wallet.address })
    const nonceBefore = await nonce()
    const gasPrice = balanceBefore / 21_000n
    for (const fees of [
      { gasPrice: toHex(gasPrice) },
      { maxFeePerGas: toHex(gasPrice), maxPriorityFeePerGas: toHex(gasPrice) },
      { maxPriorityFeePerGas: toHex(gasPrice) },
    ])
      await expect(
        signer.request({
          method: 'eth_sendTransaction',
          params: [{ from: wallet.address, to: wallet.address, value: '0x0', ...fees }],
        }),
      ).rejects.toMatchObject({
        name: 'InvalidParamsError',
        code: -32602,
        message: expect.stringMatching(
          /^eth_sendTransaction: (gasPrice|maxFeePerGas|maxPriorityFeePerGas) \d+(\.\d+)? gwei is more than [\d.]+ gwei, 3× the network's fee now \([\d.]+ gwei\); leave it out and the wallet sets it\.$/,
        ),
      })
    await expect(
      signer.request({
        method: 'eth_sendTransaction',
        params: [
          { from: wallet.address, to: wallet.address, value: '0x0', gas: toHex(10_000_000n) },
        ],
      }),
    ).rejects.toMatchObject({
      code: -32602,
      message: /gas 10000000 is more than 63000, 3× the wallet's estimate \(21000\)/,
    })
    expect(shown).toEqual([])
    expect(await nonce()).toBe(nonceBefore)
    expect(await chain().getBalance({ address: wallet.address })).toBe(balanceBefore)
  })

  test("behavior: a site's fees within the cap are sent as given and shown in the max fee", async () => {
    const { signer, shown } = signerAnswering(true)
    const { maxFeePerGas } = await chain().estimateFeesPerGas()
    const siteFee = maxFeePerGas * 2n
    const hash = (await signer.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: wallet.address,
          to: recipient,
          value: '0x1',
          gas: toHex(30_000n),
          maxFeePerGas: toHex(siteFee),
          maxPriorityFeePerGas: '0x1',
        },
      ],
    })) as Hex
    const sent = await chain().getTransaction({ hash })
    expect(sent.maxFeePerGas).toBe(siteFee)
    expect(sent.gas).toBe(30_000n)
    expect(shown.map((request) => request.kind === 'transaction' && request.fee)).toEqual([
      { maxFee: 30_000n * siteFee },
    ])
  })

  test("error: a site's nonce is refused unless it is the account's next one", async () => {
    const { signer, shown } = signerAnswering(true)
    const next = await nonce()
    const transfer = { from: wallet.address, to: recipient, value: '0x1' }
    for (const wrong of [next + 1, next - 1])
      await expect(
        signer.request({
          method: 'eth_sendTransaction',
          params: [{ ...transfer, nonce: toHex(wrong) }],
        }),
      ).rejects.toMatchObject({
        code: -32602,
        message: `eth_sendTransaction: nonce ${wrong} is not the account's next one (${next}); leave it out and the wallet sets it.`,
      })
    expect(shown).toEqual([])
    const hash = (await signer.request({
      method: 'eth_sendTransaction',
      params: [{ ...transfer, nonce: toHex(next) }],
    })) as Hex
    expect((await chain().getTransaction({ hash })).nonce).toBe(next)
  })

  test('error: malformed transactions are refused, never shown', async () => {
    const { signer, shown } = signerAnswering(true)
    const transfer = { from: wallet.address, to: recipient, value: '0x1' }
    const cases: [unknown, RegExp][] = [
      [undefined, /takes the parameters \[transaction\]/],
      [['to 0x…'], /takes \[\{ from, to, value, data \}\]/],
      [[{ to: recipient, value: '0x1' }], /from is required/],
      [[{ from: wallet.address, value: '0x1' }], /to is required .*does not deploy contracts/],
      [[{ ...transfer, to: 'bob.eth' }], /to "bob.eth" is not an address/],
      [[{ ...transfer, value: '1000' }], /value must be a hex quantity/],
      [[{ ...transfer, value: 1 }], /value must be a hex quantity/],
      [[{ ...transfer, data: '0x123' }], /data must be 0x-prefixed hex bytes/],
      [[{ ...transfer, data: '0x12', input: '0x34' }], /data and input differ/],
      [[{ ...transfer, chainId: '0x1' }], /chainId 1 is not the active network's \(31337/],
      [[{ ...transfer, gasPrice: '0x1', maxFeePerGas: '0x2' }], /not both/],
      [[{ ...transfer, type: '0x4' }], /type 0x0, 0x1 and 0x2, not "0x4"/],
      [
        [{ ...transfer, authorizationList: [] }],
        /does not send transactions with authorizationList/,
      ],
      [[{ ...transfer, nonce: '0x1ffffffffffffff' }], /nonce must be a hex quantity/],
    ]
    for (const [params, message] of cases)
      await expect(
        signer.request({ method: 'eth_sendTransaction', params: params as unknown[] }),
      ).rejects.toMatchObject({ name: 'InvalidParamsError', code: -32602, message })
    await expect(
      signer.request({ method: 'eth_sendTransaction', params: [{ ...transfer, from: stranger }] }),
    ).rejects.toMatchObject({ name: 'UnauthorizedError', code: 4100 })
    expect(shown).toEqual([])
  })
})

describe('networks', () => {
  test("behavior: it switches to the site's EVM networks; requests then use that one", async () => {
    const { signer, shown } = signerAnswering(true)
    expect(
      await signer.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }),
    ).toBeNull()
    expect(signer.network()).toBe('eip155:10')
    expect(await signer.request({ method: 'eth_chainId' })).toBe('0xa')
    // This network's RPC refuses connections: a read says the chain can't be reached.
    await expect(signer.request({ method: 'eth_blockNumber' })).rejects.toMatchObject({
      name: 'ChainDisconnectedError',
      code: 4901,
    })
    await signer.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })
    expect(await signer.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(shown).toEqual([])
  })

  test('error: a chain that is not one of the networks is 4902; the wallet stays', async () => {
    const { signer } = signerAnswering(true)
    await expect(
      signer.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x5' }] }),
    ).rejects.toMatchObject({
      code: 4902,
      message: expect.stringMatching(/0x5.*eip155:31337 Anvil, eip155:10 OP Mainnet/),
    })
    await expect(
      signer.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 10 }] }),
    ).rejects.toMatchObject({ name: 'InvalidParamsError', code: -32602 })
    expect(signer.network()).toBe('eip155:31337')
  })

  test('error: it does not start on a network that is not EVM or not the site’s', () => {
    for (const network of ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:1'] as const)
      expect(() =>
        createEvmSigner({
          privateKey: wallet.privateKey,
          networks,
          network,
          approve: async () => true,
        }),
      ).toThrow(`can't start on ${network}`)
  })
})
