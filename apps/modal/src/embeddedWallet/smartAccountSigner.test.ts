/**
 * The embedded wallet's smart-account provider (createSmartAccountSigner) against real parts: an
 * anvil with EntryPoint v0.8 and Simple7702Account, EntryPoint v0.7 with Safe 1.4.1 and the
 * Safe4337Module (devchain/accountAbstraction.mjs, safe.mjs), alto as
 * the bundler (devchain/bundler.mjs), and the EOA provider it shares the network with. What the
 * visitor is asked, what lands on chain, the EIP-1193 and EIP-5792 error of each refusal, and the
 * bundler slow or gone.
 */
import {
  entryPointOf,
  type NetworkConfig,
  type SmartAccountKind,
  simple7702AccountAddress,
} from '@airlock/protocol'
import {
  type Address,
  createPublicClient,
  createTestClient,
  custom,
  type Hex,
  http,
  type PublicClient,
  parseEther,
  type TestClient,
  type Transport,
  toHex,
} from 'viem'
import { entryPoint07Abi, entryPoint08Abi } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  deployAccountAbstraction,
  devPaymasterAddress,
  entryPointAddress,
} from '../../../../devchain/accountAbstraction.mjs'
import { type Bundler, startBundler } from '../../../../devchain/bundler.mjs'
import { type PaymasterService, startPaymasterService } from '../../../../devchain/paymaster.mjs'
import { type Anvil, freePort, startAnvil } from '../../../api/src/services/indexer/testing/anvil'
import { revertedGasFallbackPercent } from './evmFeeEstimate'
import { type ApprovalRequest, createEvmSigner } from './evmSigner'
import { safeSmartAccount } from './smartAccount'
import { createSmartAccountSigner } from './smartAccountSigner'
import { revertedOperationGas } from './userOperationFee'

let anvil: Anvil
let bundler: Bundler
/** The dev chain's ERC-7677 service (DevPaymaster pays): here a site's own paymaster service. */
let sitePaymaster: PaymasterService
let network: NetworkConfig
let chain: PublicClient
let testClient: TestClient

// Anvil, both deployments and alto's start (which deploys its simulation contracts).
beforeAll(async () => {
  anvil = await startAnvil()
  await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl })
  bundler = await startBundler({ rpcUrl: anvil.rpcUrl, port: 0, quiet: true })
  sitePaymaster = await startPaymasterService({ quiet: true })
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
  await sitePaymaster?.stop()
  await bundler?.stop()
  await anvil?.stop()
})

/** A user operation goes from send to receipt in well under a second here; this is headroom. */
const sendTimeout = 30_000

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

/** The fallback account, on a network without EIP-7702: the owner's Safe on EntryPoint v0.7. */
const safe: SmartAccountKind = { kind: 'safe', version: '1.4.1' }

type WalletOptions = {
  /** What the approval answers. */
  answer?: boolean
  /** Ether given to the smart account before the test; none leaves it unable to pay. */
  ether?: string
  timeoutMs?: number
  bundlerTransport?: () => Transport
  /** The paymaster services the project lets its sites name. */
  paymasterServices?: string[]
  /** The owner's key: another wallet's, to open it again (a reload). */
  privateKey?: Hex
  /** How the network makes smart accounts: the Safe (a network without EIP-7702) unless given. */
  kind?: SmartAccountKind
}

/**
 * A fresh wallet: its EOA provider and, on it, the smart account's, both on anvil. The approval
 * keeps what it was shown and answers `answer`; `pending` and `included` are the user operations
 * the visitor was told were pending, and how those ended.
 */
async function freshWallet({
  answer = true,
  ether = '1',
  timeoutMs,
  bundlerTransport = () => http(bundler.url, { retryCount: 0 }),
  paymasterServices = [],
  privateKey = generatePrivateKey(),
  kind = safe,
}: WalletOptions = {}) {
  const shown: ApprovalRequest[] = []
  const approve = async (request: ApprovalRequest) => {
    shown.push(request)
    return answer
  }
  const reported: unknown[] = []
  const pending: Hex[] = []
  /** The status the visitor was shown of each pending one, when it was told pending. */
  const pendingStatus: unknown[] = []
  /** The batches wallet_showCallsStatus showed, with their status then. */
  const statusShown: { id: string; status: unknown }[] = []
  const included: { hash: Hex; success: boolean; transactionHash: Hex }[] = []
  const eoa = createEvmSigner({ privateKey, networks: [network], network: 'eip155:31337', approve })
  const smart = await createSmartAccountSigner({
    owner: privateKeyToAccount(privateKey),
    eoa,
    networks: [network],
    bundlerTransport,
    accountKind: async () => kind,
    paymasterServices: () => paymasterServices,
    approve,
    onFailedAfterApproval: (error) => reported.push(error),
    onPending: ({ hash, status }) => {
      pending.push(hash)
      void status().then((answer) => pendingStatus.push(answer))
    },
    showCallsStatus: async (id, status) => {
      statusShown.push({ id, status: await status() })
    },
    onIncluded: (hash, outcome) => {
      included.push({ hash, ...outcome })
    },
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  })
  if (ether !== '0')
    await testClient.setBalance({ address: smart.address, value: parseEther(ether) })
  return {
    eoa,
    smart,
    shown,
    reported,
    pending,
    pendingStatus,
    statusShown,
    included,
    privateKey,
  }
}

/**
 * How many user operations of `sender` the EntryPoint executed. (Its nonce at key 0 would not
 * say: viem's smart accounts take a nonce key of their own.)
 */
const userOperationCount = async (sender: Address) =>
  (
    await Promise.all(
      [entryPointAddress, entryPointOf(safe) as Address].map((address) =>
        chain.getContractEvents({
          address,
          abi: address === entryPointAddress ? entryPoint08Abi : entryPoint07Abi,
          eventName: 'UserOperationEvent',
          args: { sender },
          fromBlock: 0n,
        }),
      ),
    )
  ).flat().length

const isDeployed = async (address: Address) => (await chain.getCode({ address })) !== undefined

/** No user operation of `sender` landed: none executed, not deployed, `receivers` got nothing. */
async function expectNothingSent(sender: Address, receivers: Address[] = []) {
  expect(await isDeployed(sender)).toBe(false)
  expect(await userOperationCount(sender)).toBe(0)
  for (const receiver of receivers) expect(await chain.getBalance({ address: receiver })).toBe(0n)
}

describe('accounts and chain', () => {
  test("behavior: the accounts are the owner's counterfactual Safe, not the EOA; the chain id is the EOA's", async () => {
    const { eoa, smart, privateKey } = await freshWallet({ ether: '0' })
    const owner = (await eoa.request({ method: 'eth_accounts' })) as Address[]
    const factoryAddress = (
      await safeSmartAccount({ client: chain, owner: privateKeyToAccount(privateKey) })
    ).address

    expect(await smart.request({ method: 'eth_accounts' })).toEqual([smart.address])
    expect(await smart.request({ method: 'eth_requestAccounts' })).toEqual([smart.address])
    expect(smart.address).toBe(factoryAddress)
    expect(owner).toEqual([eoa.address])
    expect(smart.address).not.toBe(eoa.address)
    expect(await smart.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await smart.request({ method: 'eth_chainId' })).toBe(
      await eoa.request({ method: 'eth_chainId' }),
    )
    expect(await isDeployed(smart.address)).toBe(false)
  })
})

describe('personal_sign', () => {
  test('behavior: before deployment the signature verifies (ERC-6492) and the account stays undeployed', async () => {
    const { smart, shown } = await freshWallet()
    const text = 'Sign in to Airlock'

    const signature = (await smart.request({
      method: 'personal_sign',
      params: [toHex(text), smart.address],
    })) as Hex

    expect(await chain.verifyMessage({ address: smart.address, message: text, signature })).toBe(
      true,
    )
    expect(await isDeployed(smart.address)).toBe(false)
    expect(shown).toEqual([
      {
        kind: 'message',
        network: 'eip155:31337',
        from: smart.address,
        account: 'Safe 1.4.1',
        message: text,
      },
    ])
  })

  test('error: a declined message is 4001 and nothing is signed', async () => {
    const { smart, shown } = await freshWallet({ answer: false })
    await expect(
      smart.request({ method: 'personal_sign', params: [toHex('hi'), smart.address] }),
    ).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    expect(shown).toHaveLength(1)
    await expectNothingSent(smart.address)
  })
})

describe('eth_sendTransaction', () => {
  test(
    'behavior: an approved ETH transfer lands as a user operation that deploys the account; then personal_sign is ERC-1271',
    async () => {
      const { smart, shown } = await freshWallet()
      const receiver = freshAddress()
      const value = parseEther('0.25')
      const before = await chain.getBalance({ address: smart.address })

      const hash = (await smart.request({
        method: 'eth_sendTransaction',
        params: [{ from: smart.address, to: receiver, value: toHex(value) }],
      })) as Hex

      expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
      expect((await chain.getTransactionReceipt({ hash })).status).toBe('success')
      expect(await chain.getBalance({ address: receiver })).toBe(value)
      expect(await isDeployed(smart.address)).toBe(true)
      expect(await userOperationCount(smart.address)).toBe(1)
      expect(shown).toEqual([
        {
          kind: 'transaction',
          network: 'eip155:31337',
          from: smart.address,
          account: 'Safe 1.4.1',
          to: receiver,
          value,
          fee: { maxFee: expect.any(BigInt) },
        },
      ])
      // The fee shown is the most the operation could cost the account: what it paid is within.
      const [request] = shown
      const maxFee = request?.kind === 'transaction' ? request.fee?.maxFee : undefined
      expect(maxFee).toBeGreaterThan(0n)
      const paid = before - (await chain.getBalance({ address: smart.address })) - value
      expect(paid).toBeLessThanOrEqual(maxFee as bigint)

      const text = 'Signed by a deployed account'
      const signature = (await smart.request({
        method: 'personal_sign',
        params: [toHex(text), smart.address],
      })) as Hex
      expect(signature.length).toBe(2 + 65 * 2) // the owner's signature, no ERC-6492 wrapper
      expect(await chain.verifyMessage({ address: smart.address, message: text, signature })).toBe(
        true,
      )
    },
    sendTimeout,
  )

  test(
    "error: an account that can't pay for gas is refused by the bundler's estimate, before the visitor is asked; nothing lands",
    async () => {
      const { smart, shown } = await freshWallet({ ether: '0' })
      const receiver = freshAddress()

      const sending = smart.request({
        method: 'eth_sendTransaction',
        params: [{ from: smart.address, to: receiver, value: '0x1' }],
      })

      await expect(sending).rejects.toMatchObject({
        name: 'ProviderRpcError',
        // The bundler's own code (ERC-7769's -32500: the account's validation failed).
        code: -32500,
        shortMessage: 'Smart Account does not have sufficient funds to execute the User Operation.',
        details: "UserOperation reverted during simulation with reason: AA21 didn't pay prefund",
      })
      expect(shown).toHaveLength(0)
      await expectNothingSent(smart.address, [receiver])
    },
    sendTimeout,
  )
})

describe('eth_sendTransaction: what the site sets and what reverts', () => {
  test(
    'behavior: a call that reverts (more ether than the account has) still reaches the visitor, with fallback gas limits; declined, nothing lands',
    async () => {
      const { smart, shown } = await freshWallet({ answer: false })
      const receiver = freshAddress()
      await expect(
        smart.request({
          method: 'eth_sendTransaction',
          params: [{ from: smart.address, to: receiver, value: toHex(parseEther('2')) }],
        }),
      ).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
      const { gasLimit } = await chain.getBlock({ blockTag: 'latest' })
      const gas =
        (gasLimit * revertedGasFallbackPercent) / 100n +
        revertedOperationGas.verificationGasLimit +
        revertedOperationGas.preVerificationGas
      expect(shown).toEqual([
        expect.objectContaining({ kind: 'transaction', to: receiver, value: parseEther('2') }),
      ])
      const [request] = shown
      const maxFee = request?.kind === 'transaction' ? request.fee?.maxFee : undefined
      expect(maxFee && maxFee % gas).toBe(0n)
      await expectNothingSent(smart.address, [receiver])
    },
    sendTimeout,
  )

  test(
    'behavior: approved anyway, a reverting call is included with the fallback limits and reverts: the site hears why, the modal is told, the fee is within the one shown',
    async () => {
      const { smart, shown, reported } = await freshWallet()
      const receiver = freshAddress()
      const before = await chain.getBalance({ address: smart.address })
      const sending = smart.request({
        method: 'eth_sendTransaction',
        params: [{ from: smart.address, to: receiver, value: toHex(parseEther('2')) }],
      })
      const failure = await sending.catch((error: unknown) => error)
      expect(failure).toMatchObject({
        code: -32603,
        message: expect.stringMatching(
          /^The user operation 0x[0-9a-f]{64} was included but its call reverted/,
        ),
      })
      expect(reported).toEqual([failure])
      expect(await chain.getBalance({ address: receiver })).toBe(0n)
      const [request] = shown
      const maxFee = request?.kind === 'transaction' ? request.fee?.maxFee : undefined
      const paid = before - (await chain.getBalance({ address: smart.address }))
      expect(paid).toBeGreaterThan(0n)
      expect(paid).toBeLessThanOrEqual(maxFee as bigint)
    },
    sendTimeout,
  )

  test(
    "error: a site's nonce that is not the account's next one is refused like the EOA's, never shown; its next one is shown",
    async () => {
      const { smart, shown } = await freshWallet({ answer: false })
      const receiver = freshAddress()
      await expect(
        smart.request({
          method: 'eth_sendTransaction',
          params: [{ from: smart.address, to: receiver, value: '0x1', nonce: '0x5' }],
        }),
      ).rejects.toMatchObject({
        name: 'InvalidParamsError',
        code: -32602,
        message:
          "eth_sendTransaction: nonce 5 is not the account's next one (0); leave it out and the wallet sets it.",
      })
      expect(shown).toEqual([])
      await expect(
        smart.request({
          method: 'eth_sendTransaction',
          params: [{ from: smart.address, to: receiver, value: '0x1', nonce: '0x0' }],
        }),
      ).rejects.toMatchObject({ code: 4001 })
      expect(shown).toHaveLength(1)
    },
    sendTimeout,
  )

  test(
    "security: a site's gas or fee per gas above 3× the user operation's estimate is refused like the EOA's, never shown",
    async () => {
      const { smart, shown } = await freshWallet()
      const receiver = freshAddress()
      const huge = toHex(parseEther('0.001')) // 10⁶ gwei per gas
      for (const [fields, field] of [
        [{ gasPrice: huge }, 'gasPrice'],
        [{ maxFeePerGas: huge }, 'maxFeePerGas'],
        [{ maxPriorityFeePerGas: huge }, 'maxPriorityFeePerGas'],
      ] as const)
        await expect(
          smart.request({
            method: 'eth_sendTransaction',
            params: [{ from: smart.address, to: receiver, value: '0x1', ...fields }],
          }),
        ).rejects.toMatchObject({
          name: 'InvalidParamsError',
          code: -32602,
          message: expect.stringMatching(
            new RegExp(
              `^eth_sendTransaction: ${field} 1000000 gwei is more than [\\d.]+ gwei, 3× the network's fee now \\([\\d.]+ gwei\\); leave it out and the wallet sets it\\.$`,
            ),
          ),
        })
      await expect(
        smart.request({
          method: 'eth_sendTransaction',
          params: [{ from: smart.address, to: receiver, value: '0x1', gas: toHex(50_000_000n) }],
        }),
      ).rejects.toMatchObject({
        code: -32602,
        message: /^eth_sendTransaction: gas 50000000 is more than \d+, 3× the wallet's estimate/,
      })
      expect(shown).toEqual([])
      await expectNothingSent(smart.address, [receiver])
    },
    sendTimeout,
  )
})

describe('wallet_sendCalls', () => {
  test(
    'behavior: two transfers are one approval and one user operation, which wallet_getCallsStatus follows to 200, after a reload too',
    async () => {
      const { smart, shown, privateKey } = await freshWallet()
      const [first, second] = [freshAddress(), freshAddress()]

      const sent = (await smart.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            from: smart.address,
            atomicRequired: true,
            calls: [
              { to: first, value: toHex(parseEther('0.1')) },
              { to: second, value: toHex(parseEther('0.2')) },
            ],
          },
        ],
      })) as { id: Hex }

      expect(Object.keys(sent)).toEqual(['id'])
      // Its kind, chain, user operation hash, nonce, block and tag (batchId.ts).
      expect(sent.id).toMatch(/^0x030{12}7a69[0-9a-f]{64}[0-9a-f]{64}[0-9a-f]{16}[0-9a-f]{32}$/)
      expect(shown).toEqual([
        {
          kind: 'calls',
          network: 'eip155:31337',
          from: smart.address,
          account: 'Safe 1.4.1',
          calls: [
            { to: first, value: parseEther('0.1') },
            { to: second, value: parseEther('0.2') },
          ],
          fee: { maxFee: expect.any(BigInt) },
        },
      ])
      const status = () =>
        smart.request({ method: 'wallet_getCallsStatus', params: [sent.id] }) as Promise<{
          status: number
        }>
      await expect
        .poll(async () => (await status()).status, { timeout: 10_000, interval: 100 })
        .toBe(200)
      // toMatchObject holds arrays to their length: one receipt, the batch's one transaction.
      expect(await status()).toMatchObject({
        version: '2.0.0',
        id: sent.id,
        chainId: '0x7a69',
        atomic: true,
        status: 200,
        receipts: [{ status: '0x1', transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) }],
      })
      expect(await userOperationCount(smart.address)).toBe(1)
      expect(await chain.getBalance({ address: first })).toBe(parseEther('0.1'))
      expect(await chain.getBalance({ address: second })).toBe(parseEther('0.2'))

      // A reload: the wallet opened anew, nothing kept, and the id still answers.
      const reloaded = await freshWallet({ privateKey, ether: '0' })
      expect(reloaded.smart.address).toBe(smart.address)
      expect(
        await reloaded.smart.request({ method: 'wallet_getCallsStatus', params: [sent.id] }),
      ).toEqual(await status())
    },
    sendTimeout,
  )

  test(
    "error: the status of a batch this wallet never sent is 5730: made up, another account's, a user operation hash alone, a forged tag",
    async () => {
      const { smart } = await freshWallet()
      const other = await freshWallet({ ether: '0' })
      const { id } = (await smart.request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: freshAddress() }] }],
      })) as { id: Hex }
      const hash = `0x${id.slice(20, 84)}` as Hex
      const forged = `${id.slice(0, -2)}${id.endsWith('00') ? '01' : '00'}`
      for (const [asker, asked] of [
        [smart, '0xdead'],
        [smart, 42],
        [smart, hash],
        [smart, forged],
        [other.smart, id],
      ] as const)
        await expect(
          asker.request({ method: 'wallet_getCallsStatus', params: [asked] }),
        ).rejects.toMatchObject({
          name: 'ProviderRpcError',
          code: 5730,
          message: expect.stringMatching(
            /^Unknown bundle id .*: this wallet sent no such batch\.$/,
          ),
        })
    },
    sendTimeout,
  )

  test(
    'behavior: wallet_showCallsStatus shows the batch with its status; an id this account did not send is 5730 and nothing is shown',
    async () => {
      const { smart, statusShown } = await freshWallet()
      const { id } = (await smart.request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: freshAddress() }] }],
      })) as { id: Hex }
      expect(await smart.request({ method: 'wallet_showCallsStatus', params: [id] })).toBeNull()
      expect(statusShown).toMatchObject([{ id, status: { id, chainId: '0x7a69' } }])

      await expect(
        smart.request({ method: 'wallet_showCallsStatus', params: [`0x${'ab'.repeat(57)}`] }),
      ).rejects.toMatchObject({ name: 'ProviderRpcError', code: 5730 })
      expect(statusShown).toHaveLength(1)
    },
    sendTimeout,
  )

  test(
    'behavior: an optional capability the wallet lacks is ignored and the batch is sent',
    async () => {
      const { smart, shown } = await freshWallet()
      const receiver = freshAddress()
      const { id } = (await smart.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            capabilities: { x: { optional: true } },
            calls: [{ to: receiver, value: '0x5' }],
          },
        ],
      })) as { id: Hex }
      await expect
        .poll(() => chain.getBalance({ address: receiver }), { timeout: 10_000, interval: 100 })
        .toBe(5n)
      expect(id).toMatch(/^0x03[0-9a-f]{192}$/)
      expect(shown).toHaveLength(1)
    },
    sendTimeout,
  )

  // Anvil's account #1: a call's receiver, and the `from` of another account.
  const otherAccount: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const call = { to: otherAccount, value: '0x1' }
  /** A valid one-call batch with `change` made to it. */
  const batch = (change: Record<string, unknown>) => ({
    version: '2.0.0',
    chainId: '0x7a69',
    calls: [call],
    ...change,
  })

  test.each([
    {
      case: 'a chainId of another chain is 4902',
      params: batch({ chainId: '0x1' }),
      error: { name: 'ProviderRpcError', code: 4902, message: /chainId 1 is not the active/ },
    },
    {
      case: 'from another account is 4100',
      params: batch({ from: otherAccount }),
      error: { name: 'UnauthorizedError', code: 4100, message: /is not this wallet's account/ },
    },
    {
      case: 'no calls is invalid params',
      params: batch({ calls: [] }),
      error: { name: 'InvalidParamsError', code: -32602, message: /calls must be a non-empty/ },
    },
    {
      case: '17 calls is invalid params',
      params: batch({ calls: Array.from({ length: 17 }, () => call) }),
      error: { name: 'InvalidParamsError', code: -32602, message: /at most 16 calls, not 17/ },
    },
    {
      case: 'a call to something not an address is invalid params',
      params: batch({ calls: [{ ...call, to: '0x1234' }] }),
      error: {
        name: 'InvalidParamsError',
        code: -32602,
        message: /calls\[0\]\.to "0x1234" is not an address/,
      },
    },
    {
      case: 'a value that is not hex is invalid params',
      params: batch({ calls: [{ ...call, value: '100' }] }),
      error: {
        name: 'InvalidParamsError',
        code: -32602,
        message: /calls\[0\]\.value must be a hex quantity/,
      },
    },
    {
      case: 'data of odd-length hex is invalid params',
      params: batch({ calls: [{ ...call, data: '0xabc' }] }),
      error: {
        name: 'InvalidParamsError',
        code: -32602,
        message: /calls\[0\]\.data must be 0x-prefixed hex bytes/,
      },
    },
    {
      case: 'a required capability the wallet lacks is 5700',
      params: batch({ capabilities: { auxiliaryFunds: { supported: true } } }),
      error: {
        name: 'ProviderRpcError',
        code: 5700,
        message: /does not support the capabilities auxiliaryFunds/,
      },
    },
    {
      case: 'a paymaster service the project does not allow is 5700 (ERC-7677), named',
      params: batch({
        capabilities: { paymasterService: { url: 'https://pm.elsewhere.example' } },
      }),
      error: {
        name: 'ProviderRpcError',
        code: 5700,
        message:
          'wallet_sendCalls: the paymaster service "https://pm.elsewhere.example" is not one this site\'s project allows.',
      },
    },
    {
      case: 'a paymaster service without its url is invalid params',
      params: batch({ capabilities: { paymasterService: true } }),
      error: { name: 'InvalidParamsError', code: -32602 },
    },
    {
      case: "a required capability on one call is 5700 too (EIP-5792: a call's own count)",
      params: batch({ calls: [{ ...call, capabilities: { paymasterService: { url: 'x' } } }] }),
      error: {
        name: 'ProviderRpcError',
        code: 5700,
        message: /calls\[0\]: the wallet does not support the capabilities paymasterService/,
      },
    },
    {
      case: 'a capability that is not an object is required, so 5700',
      params: batch({ capabilities: { auxiliaryFunds: true } }),
      error: { name: 'ProviderRpcError', code: 5700 },
    },
  ])('security: $case, never shown and nothing sent', async ({ params, error }) => {
    const { smart, shown } = await freshWallet()
    const before = await chain.getBalance({ address: otherAccount })

    await expect(
      smart.request({ method: 'wallet_sendCalls', params: [params] }),
    ).rejects.toMatchObject(error)

    expect(shown).toEqual([])
    await expectNothingSent(smart.address)
    expect(await chain.getBalance({ address: otherAccount })).toBe(before)
  })
})

describe('wallet_sendCalls with a paymaster service (ERC-7677)', () => {
  test(
    'behavior: a paymaster service the project allows pays: an account with no ether sends, shown no fee, and keeps none',
    async () => {
      // The dev paymaster is EntryPoint v0.8's: the EIP-7702 account's.
      const { smart, shown } = await freshWallet({
        ether: '0',
        paymasterServices: [new URL(sitePaymaster.url).href],
        kind: { kind: 'eip7702', implementation: simple7702AccountAddress },
      })
      const receiver = freshAddress()
      const { id } = (await smart.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            atomicRequired: true,
            calls: [{ to: receiver, value: '0x0' }],
            capabilities: { paymasterService: { url: sitePaymaster.url } },
          },
        ],
      })) as { id: Hex }
      expect(shown).toEqual([
        {
          kind: 'calls',
          network: 'eip155:31337',
          from: smart.address,
          calls: [{ to: receiver, value: 0n }],
          fee: { maxFee: 0n, sponsored: true },
          upgrade: { contract: 'Simple7702Account', address: simple7702AccountAddress },
        },
      ])
      await expect
        .poll(
          async () =>
            (
              (await smart.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
                status: number
              }
            ).status,
          { timeout: sendTimeout },
        )
        .toBe(200)
      const [event] = await chain.getContractEvents({
        address: entryPointAddress,
        abi: entryPoint08Abi,
        eventName: 'UserOperationEvent',
        args: { sender: smart.address },
        fromBlock: 0n,
      })
      expect(event?.args).toMatchObject({ paymaster: devPaymasterAddress, success: true })
      expect(await chain.getBalance({ address: smart.address })).toBe(0n)
    },
    sendTimeout,
  )
})

describe('wallet_getCapabilities', () => {
  test('behavior: atomic batches on the active network only', async () => {
    const { smart } = await freshWallet({ ether: '0' })
    expect(
      await smart.request({
        method: 'wallet_getCapabilities',
        params: [smart.address, ['0x7a69']],
      }),
    ).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
    expect(
      await smart.request({ method: 'wallet_getCapabilities', params: [smart.address, ['0x1']] }),
    ).toEqual({})
  })

  test('behavior: paymasterService is supported where the project lets its sites name one', async () => {
    const { smart } = await freshWallet({ ether: '0', paymasterServices: ['https://pm.example/'] })
    expect(
      await smart.request({ method: 'wallet_getCapabilities', params: [smart.address] }),
    ).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
  })

  test("error: another account's capabilities are 4100", async () => {
    const { eoa, smart } = await freshWallet({ ether: '0' })
    await expect(
      smart.request({ method: 'wallet_getCapabilities', params: [eoa.address, ['0x7a69']] }),
    ).rejects.toMatchObject({ name: 'UnauthorizedError', code: 4100 })
  })
})

describe('the bundler unreachable', () => {
  test.each([
    // Port 9 is on fetch's list of bad ports: undici refuses it without connecting.
    { case: 'a port fetch refuses', url: async () => 'http://127.0.0.1:9' },
    { case: 'a port nothing listens on', url: async () => `http://127.0.0.1:${await freePort()}` },
  ])(
    'error: at $case, a transaction is 4901 naming the network before the visitor is asked (its fee needs the bundler), and nothing is sent',
    async ({ url }) => {
      const bundlerUrl = await url()
      const { smart, shown } = await freshWallet({
        bundlerTransport: () => http(bundlerUrl, { retryCount: 0 }),
      })
      const receiver = freshAddress()

      const sending = smart.request({
        method: 'eth_sendTransaction',
        params: [{ from: smart.address, to: receiver, value: '0x1' }],
      })

      await expect(sending).rejects.toMatchObject({
        name: 'ChainDisconnectedError',
        code: 4901,
        message: "The bundler of Anvil can't be reached: try again later.",
      })
      expect(shown).toHaveLength(0)
      await expectNothingSent(smart.address, [receiver])
    },
    sendTimeout,
  )
})

describe('EIP-7702: the smart account is the EOA, upgraded on its first user operation', () => {
  const eip7702: SmartAccountKind = { kind: 'eip7702', implementation: simple7702AccountAddress }
  const upgrade = { contract: 'Simple7702Account', address: simple7702AccountAddress }
  const delegation = `0xef0100${simple7702AccountAddress.slice(2).toLowerCase()}`

  test(
    "behavior: the account is the EOA's address; the first send shows the upgrade and carries the authorization, the code becomes the delegation; the second shows none; signatures verify before and after",
    async () => {
      const { eoa, smart, shown } = await freshWallet({ kind: eip7702 })
      expect(smart.address).toBe(eoa.address)
      expect(await smart.request({ method: 'eth_accounts' })).toEqual([eoa.address])
      const text = 'Sign in to Airlock'
      const sign = async () =>
        (await smart.request({
          method: 'personal_sign',
          params: [toHex(text), smart.address],
        })) as Hex
      const plain = await sign()
      expect(
        await chain.verifyMessage({ address: eoa.address, message: text, signature: plain }),
      ).toBe(true)
      const receiver = freshAddress()

      await smart.request({
        method: 'eth_sendTransaction',
        params: [{ from: smart.address, to: receiver, value: toHex(parseEther('0.01')) }],
      })

      expect(shown.at(-1)).toMatchObject({ kind: 'transaction', from: eoa.address, upgrade })
      expect(await chain.getCode({ address: eoa.address })).toBe(delegation)
      expect(await chain.getBalance({ address: receiver })).toBe(parseEther('0.01'))
      expect(await userOperationCount(eoa.address)).toBe(1)

      const id = await smart.request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: receiver, value: '0x1' }] }],
      })
      expect(id).toMatchObject({ id: expect.stringMatching(/^0x030{12}7a69[0-9a-f]{176}$/) })
      expect(shown.at(-1)).toMatchObject({ kind: 'calls', from: eoa.address })
      expect(shown.at(-1)).not.toHaveProperty('upgrade')
      await expect
        .poll(() => chain.getBalance({ address: receiver }), { timeout: 10_000, interval: 100 })
        .toBe(parseEther('0.01') + 1n)
      // ERC-1271 now: the delegated account checks the key's signature.
      const delegated = await sign()
      expect(
        await chain.verifyMessage({ address: eoa.address, message: text, signature: delegated }),
      ).toBe(true)
      expect(
        await chain.verifyMessage({ address: freshAddress(), message: text, signature: delegated }),
      ).toBe(false)
    },
    sendTimeout,
  )

  test(
    'error: a declined upgrade is 4001: nothing is signed or sent, the EOA keeps no code and its nonce',
    async () => {
      const { eoa, smart, shown } = await freshWallet({ kind: eip7702, answer: false })
      const receiver = freshAddress()
      const sending = smart.request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: receiver, value: '0x1' }] }],
      })
      await expect(sending).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
      expect(shown).toEqual([expect.objectContaining({ kind: 'calls', upgrade })])
      expect(await chain.getCode({ address: eoa.address })).toBeUndefined()
      expect(await chain.getTransactionCount({ address: eoa.address })).toBe(0)
      expect(await userOperationCount(eoa.address)).toBe(0)
    },
    sendTimeout,
  )

  test('behavior: on a Safe network (no EIP-7702) no upgrade is asked', async () => {
    const { smart, shown } = await freshWallet({ answer: false })
    await expect(
      smart.request({
        method: 'eth_sendTransaction',
        params: [{ from: smart.address, to: freshAddress(), value: '0x1' }],
      }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(shown).toEqual([expect.not.objectContaining({ upgrade: expect.anything() })])
  })
})

// Last: they stop anvil's mining (the bundler's bundle waits in the node's pool until a test mines
// it). Each account is its own, and mining is back on before each ends, so nothing after them
// meets a chain that does not mine.
describe('a user operation not included in time', () => {
  /** Mines again: the held bundle lands, and what follows is mined as it comes. */
  const mineAgain = async () => {
    await testClient.setAutomine(true)
    await testClient.mine({ blocks: 1 })
  }

  test(
    'behavior: past timeoutMs the visitor is told it is pending, not failed; the site waits on and gets the transaction hash once it lands',
    async () => {
      const { smart, pending, pendingStatus, included } = await freshWallet({ timeoutMs: 500 })
      const receiver = freshAddress()
      await testClient.setAutomine(false)
      let settled = false
      try {
        const sending = smart.request({
          method: 'eth_sendTransaction',
          params: [{ from: smart.address, to: receiver, value: '0x1' }],
        })
        sending.then(
          () => {
            settled = true
          },
          () => {
            settled = true
          },
        )
        await expect.poll(() => pending.length, { timeout: 10_000, interval: 50 }).toBe(1)
        expect(pending[0]).toMatch(/^0x[0-9a-f]{64}$/)
        // Told pending, and the site is not told anything yet; its status (CallsStatus) is 100.
        expect(settled).toBe(false)
        expect(included).toEqual([])
        await expect.poll(() => pendingStatus).toMatchObject([{ status: 100, atomic: true }])

        await mineAgain()
        const transactionHash = (await sending) as Hex
        expect(transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
        expect(await chain.getTransactionReceipt({ hash: transactionHash })).toMatchObject({
          status: 'success',
        })
        expect(included).toEqual([{ hash: pending[0], success: true, transactionHash }])
      } finally {
        await mineAgain()
      }
      expect(await chain.getBalance({ address: receiver })).toBe(1n)
      expect(await userOperationCount(smart.address)).toBe(1)
      expect(pending).toHaveLength(1)
    },
    sendTimeout,
  )

  test(
    'behavior: the bundler out of reach while a pending operation is followed is asked again; the site gets the transaction hash, never a failure',
    async () => {
      // The bundler's receipts fail while `down`; the rest goes through to alto.
      let down = false
      let refused = 0
      const toAlto = http(bundler.url, { retryCount: 0 })
      const flaky = () =>
        custom({
          async request({ method, params }) {
            if (down && method === 'eth_getUserOperationReceipt') {
              refused++
              throw new TypeError('fetch failed')
            }
            return toAlto({ chain: foundry, retryCount: 0 }).request({ method, params } as never)
          },
        })
      const { smart, pending } = await freshWallet({ timeoutMs: 300, bundlerTransport: flaky })
      const receiver = freshAddress()
      await testClient.setAutomine(false)
      try {
        const sending = smart.request({
          method: 'eth_sendTransaction',
          params: [{ from: smart.address, to: receiver, value: '0x3' }],
        })
        await expect.poll(() => pending.length, { timeout: 10_000, interval: 50 }).toBe(1)
        down = true
        await expect.poll(() => refused, { timeout: 10_000, interval: 50 }).toBeGreaterThan(1)
        down = false
        await mineAgain()
        expect(await sending).toMatch(/^0x[0-9a-f]{64}$/)
      } finally {
        down = false
        await mineAgain()
      }
      expect(await chain.getBalance({ address: receiver })).toBe(3n)
    },
    sendTimeout,
  )

  test(
    'behavior: a batch pending across a reload is 100, then 200 once mined, for the wallet opened anew',
    async () => {
      const { smart, privateKey } = await freshWallet()
      const receiver = freshAddress()
      await testClient.setAutomine(false)
      try {
        const { id } = (await smart.request({
          method: 'wallet_sendCalls',
          params: [
            { version: '2.0.0', chainId: '0x7a69', calls: [{ to: receiver, value: '0x2' }] },
          ],
        })) as { id: Hex }
        const reloaded = await freshWallet({ privateKey, ether: '0' })
        const status = () =>
          reloaded.smart.request({ method: 'wallet_getCallsStatus', params: [id] }) as Promise<{
            status: number
          }>
        expect(await status()).toEqual({
          version: '2.0.0',
          id,
          chainId: '0x7a69',
          atomic: true,
          status: 100,
        })
        await mineAgain()
        await expect
          .poll(async () => (await status()).status, { timeout: 10_000, interval: 100 })
          .toBe(200)
      } finally {
        await mineAgain()
      }
      expect(await chain.getBalance({ address: receiver })).toBe(2n)
    },
    sendTimeout,
  )
})
