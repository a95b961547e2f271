// Sponsored user operations on the dev chain, end to end: DevPaymaster deployed on a real anvil
// (accountAbstraction.mjs), alto as the bundler (bundler.mjs), the ERC-7677 paymaster service
// (paymaster.mjs), and viem's bundler client with a paymaster client, as a wallet would use them.
import {
  type Address,
  concatHex,
  createPublicClient,
  type Hex,
  http,
  type PublicClient,
  parseEther,
} from 'viem'
import {
  type BundlerClient,
  createPaymasterClient,
  entryPoint07Address,
  entryPoint08Abi,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../apps/api/src/services/indexer/testing/anvil'
import { smartAccountBundler } from '../apps/modal/src/embeddedWallet/smartAccount'
import {
  deployAccountAbstraction,
  devPaymasterAddress,
  entryPointAddress,
  simple7702AccountAddress,
} from './accountAbstraction.mjs'
import { type Bundler, startBundler } from './bundler.mjs'
import { type PaymasterService, startPaymasterService } from './paymaster.mjs'

let anvil: Anvil
let bundler: Bundler
let paymaster: PaymasterService
let publicClient: PublicClient
let bundlerClient: BundlerClient

beforeAll(async () => {
  anvil = await startAnvil()
  await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl })
  bundler = await startBundler({ rpcUrl: anvil.rpcUrl, port: 0, quiet: true })
  paymaster = await startPaymasterService({ port: 0, quiet: true })
  publicClient = createPublicClient({
    chain: foundry,
    transport: http(anvil.rpcUrl, { retryCount: 0 }),
    pollingInterval: 20,
  })
  // The modal's own bundler client (smartAccount.ts), with the service as its paymaster.
  bundlerClient = smartAccountBundler(publicClient, http(bundler.url, { retryCount: 0 }), {
    paymaster: createPaymasterClient({ transport: http(paymaster.url, { retryCount: 0 }) }),
  })
}, 60_000)

afterAll(async () => {
  await paymaster?.stop()
  await bundler?.stop()
  await anvil?.stop()
})

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

function paymasterDeposit() {
  return publicClient.readContract({
    address: entryPointAddress,
    abi: entryPoint08Abi,
    functionName: 'balanceOf',
    args: [devPaymasterAddress],
  })
}

describe('DevPaymaster on the dev chain', () => {
  test('behavior: deploying again sends nothing once the paymaster is there with its 100 ETH deposit', async () => {
    expect(await publicClient.getCode({ address: devPaymasterAddress })).toBeDefined()
    expect(await paymasterDeposit()).toBe(parseEther('100'))
    const blockBefore = await publicClient.getBlockNumber()

    expect(await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl })).toEqual({
      entryPoint: entryPointAddress,
      simple7702Account: simple7702AccountAddress,
      entryPoint07: entryPoint07Address,
      paymaster: devPaymasterAddress,
      alreadyDeployed: true,
    })
    expect(await publicClient.getBlockNumber()).toBe(blockBefore)
  })

  test('behavior: an unfunded EOA upgraded by EIP-7702 in its first user operation sends with the gas sponsored; it is delegated and still holds 0 ETH', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toSimple7702SmartAccount({ client: publicClient, owner })
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n)
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined()
    const depositBefore = await paymasterDeposit()

    const hash = await bundlerClient.sendUserOperation({
      account,
      authorization: await owner.signAuthorization({
        chainId: foundry.id,
        contractAddress: simple7702AccountAddress,
        nonce: 0,
      }),
      calls: [{ to: freshAddress(), value: 0n }],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 10_000 })

    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(owner.address)
    expect(receipt.paymaster?.toLowerCase()).toBe(devPaymasterAddress.toLowerCase())
    expect(await publicClient.getCode({ address: account.address })).toBe(
      concatHex(['0xef0100', simple7702AccountAddress.toLowerCase() as Hex]),
    )
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n)
    expect(receipt.actualGasCost).toBeGreaterThan(0n)
    expect(await paymasterDeposit()).toBe(depositBefore - receipt.actualGasCost)
  })

  test('behavior: a deposit spent below 100 ETH is topped up to 100 ETH by the next deployment', async () => {
    expect(await paymasterDeposit()).toBeLessThan(parseEther('100'))

    const deployed = await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl })

    expect(deployed.alreadyDeployed).toBe(false)
    expect(await paymasterDeposit()).toBe(parseEther('100'))
  })
})

type RpcAnswer = {
  jsonrpc: '2.0'
  id: number | string | null
  result?: unknown
  error?: { code: number; message: string }
}

async function post(body: string): Promise<{ status: number; answer: RpcAnswer }> {
  const response = await fetch(paymaster.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  return { status: response.status, answer: (await response.json()) as RpcAnswer }
}

const userOperation = {
  sender: '0x8b223915Dd50a76fFb5B8dF3e07f9CE4874b61E4',
  nonce: '0x0',
  callData: '0x',
  callGasLimit: '0x0',
  verificationGasLimit: '0x0',
  preVerificationGas: '0x0',
  maxFeePerGas: '0x3b9aca00',
  maxPriorityFeePerGas: '0x3b9aca00',
}

function request(method: string, params: unknown[]) {
  return post(JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }))
}

const sponsorship = {
  paymaster: devPaymasterAddress,
  paymasterData: '0x',
  paymasterVerificationGasLimit: '0x10000',
  paymasterPostOpGasLimit: '0x0',
}

describe('startPaymasterService', () => {
  test('behavior: it answers both ERC-7677 methods with DevPaymaster, on loopback, healthy', async () => {
    expect(paymaster.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await fetch(`${paymaster.url}/health`)).status).toBe(200)
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData'])
      expect(
        await request(method, [userOperation, entryPointAddress.toLowerCase(), '0x7a69', null]),
      ).toEqual({ status: 200, answer: { jsonrpc: '2.0', id: 7, result: sponsorship } })
  })

  test('behavior: a wallet in a browser may call it from any origin (CORS), as a hosted service', async () => {
    const preflight = await fetch(paymaster.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type')
    const answer = await fetch(paymaster.url, { method: 'POST', body: '{' })
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
  })

  test('behavior: another EntryPoint is refused with -32602', async () => {
    const { answer } = await request('pm_getPaymasterStubData', [
      userOperation,
      entryPoint07Address,
      '0x7a69',
      {},
    ])
    expect(answer).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32602,
        message: `Invalid params: EntryPoint ${entryPoint07Address} is not supported; this paymaster sponsors for EntryPoint v0.8 (${entryPointAddress}) only`,
      },
    })
  })

  test('behavior: another chain is refused with -32602', async () => {
    const { answer } = await request('pm_getPaymasterData', [
      userOperation,
      entryPointAddress,
      '0x1',
      null,
    ])
    expect(answer.error).toEqual({
      code: -32602,
      message:
        'Invalid params: chain 0x1 is not supported; this paymaster sponsors on the dev chain (0x7a69, 31337) only',
    })
  })

  test('behavior: malformed params are refused with -32602 naming what is wrong', async () => {
    const refusal = async (params: unknown[]) =>
      (await request('pm_getPaymasterStubData', params)).answer.error
    const rest = [entryPointAddress, '0x7a69', null]
    const { sender: _, ...noSender } = userOperation

    expect(await refusal([noSender, ...rest])).toEqual({
      code: -32602,
      message: 'Invalid params: userOperation.sender is missing',
    })
    expect(await refusal([{ ...userOperation, nonce: 7 }, ...rest])).toEqual({
      code: -32602,
      message: 'Invalid params: userOperation.nonce must be a hex quantity below 2^256',
    })
    expect(await refusal([{ ...userOperation, callData: '0xabc' }, ...rest])).toEqual({
      code: -32602,
      message: 'Invalid params: userOperation.callData must be hex bytes',
    })
    expect(await refusal([{ ...userOperation, initCode: '0x' }, ...rest])).toMatchObject({
      code: -32602,
      message: expect.stringContaining('userOperation has initCode, an EntryPoint v0.6 field'),
    })
    expect(await refusal(['0x', ...rest])).toEqual({
      code: -32602,
      message: 'Invalid params: userOperation must be an object',
    })
    expect(await refusal([userOperation, 'not an address', '0x7a69'])).toEqual({
      code: -32602,
      message: 'Invalid params: entryPoint must be an address',
    })
    expect(await refusal([userOperation, entryPointAddress, 31337, null])).toEqual({
      code: -32602,
      message: 'Invalid params: chainId must be a hex quantity, such as "0x7a69"',
    })
    expect(await refusal([userOperation, entryPointAddress, '0x7a69', 'context'])).toEqual({
      code: -32602,
      message: 'Invalid params: context must be an object or null',
    })
    expect(await refusal([userOperation])).toEqual({
      code: -32602,
      message: 'Invalid params: expected [userOperation, entryPoint, chainId, context]',
    })
  })

  test('behavior: another method is refused with -32601', async () => {
    const { answer } = await request('eth_sendUserOperation', [userOperation, entryPointAddress])
    expect(answer).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32601,
        message:
          'Method not found: eth_sendUserOperation. This paymaster service answers pm_getPaymasterStubData and pm_getPaymasterData.',
      },
    })
  })

  test('behavior: a body that is not JSON gets -32700 and one that is not a JSON-RPC request -32600', async () => {
    expect(await post('{"jsonrpc": "2.0",')).toEqual({
      status: 200,
      answer: {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'Parse error: not JSON' },
      },
    })
    expect((await post('"pm_getPaymasterData"')).answer.error?.code).toBe(-32600)
    expect((await post('[]')).answer.error?.code).toBe(-32600)
    expect(
      (await post(JSON.stringify({ id: 1, method: 'pm_getPaymasterData', params: [] }))).answer,
    ).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32600, message: 'Invalid Request: jsonrpc must be "2.0"' },
    })
  })

  test('behavior: a refusal reaches viem as an RPC error with its code and message', async () => {
    const paymasterClient = createPaymasterClient({
      transport: http(paymaster.url, { retryCount: 0 }),
    })
    const refused = paymasterClient.getPaymasterStubData({
      chainId: 1,
      entryPointAddress,
      sender: freshAddress() as Address,
      nonce: 0n,
      callData: '0x',
    })
    await expect(refused).rejects.toMatchObject({ code: -32602 })
    await expect(refused).rejects.toThrow('this paymaster sponsors on the dev chain')
  })
})
