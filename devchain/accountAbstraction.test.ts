// ERC-4337 on the dev chain, end to end: EntryPoint v0.8 with Simple7702Account, and EntryPoint
// v0.7 with Safe 1.4.1 and the Safe4337Module, deployed on a real anvil (accountAbstraction.mjs,
// safe.mjs), alto as the bundler of both (bundler.mjs), and viem's account-abstraction client
// sending user operations from EOAs upgraded by EIP-7702 and from the Safes of fresh EOA keys (the
// modal's accounts, smartAccount.ts), as a wallet would.
import { createRequire } from 'node:module'
import {
  type Address,
  concatHex,
  createPublicClient,
  createTestClient,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  type PrivateKeyAccount,
  type PublicClient,
  parseEther,
  parseEventLogs,
  type TestClient,
} from 'viem'
import {
  type BundlerClient,
  entryPoint07Abi,
  type SmartAccount,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../apps/api/src/services/indexer/testing/anvil'
import {
  safeSmartAccount,
  smartAccountBundler,
} from '../apps/modal/src/embeddedWallet/smartAccount'
import {
  deployAccountAbstraction,
  devPaymasterAddress,
  entryPoint07Address,
  entryPointAddress,
  simple7702AccountAddress,
  simple7702AccountCode,
} from './accountAbstraction.mjs'
import { type Bundler, startBundler } from './bundler.mjs'

let anvil: Anvil
let bundler: Bundler
let publicClient: PublicClient
let testClient: TestClient
let bundlerClient: BundlerClient

beforeAll(async () => {
  anvil = await startAnvil()
  await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl })
  bundler = await startBundler({ rpcUrl: anvil.rpcUrl, port: 0, quiet: true })
  const transport = http(anvil.rpcUrl, { retryCount: 0 })
  publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 20 })
  testClient = createTestClient({ chain: foundry, mode: 'anvil', transport })
  // The modal's own bundler client (smartAccount.ts): the bundler's prices, no paymaster.
  bundlerClient = smartAccountBundler(publicClient, http(bundler.url, { retryCount: 0 }))
})

afterAll(async () => {
  await bundler?.stop()
  await anvil?.stop()
})

/**
 * The modal's smart account of `owner` on a network without EIP-7702 (smartAccount.ts: its Safe,
 * saltNonce 0), counterfactual until its first user operation.
 */
const ownersSafe = (owner: PrivateKeyAccount): Promise<SmartAccount> =>
  safeSmartAccount({ client: publicClient, owner })

/** A funded Safe of a fresh owner key, not deployed yet. */
async function fundedAccount(ether = '1') {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await ownersSafe(owner)
  await testClient.setBalance({ address: account.address, value: parseEther(ether) })
  return { owner, account }
}

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

async function send(account: SmartAccount, calls: { to: Address; value?: bigint; data?: Hex }[]) {
  const hash = await bundlerClient.sendUserOperation({ account, calls })
  return bundlerClient.waitForUserOperationReceipt({ hash, timeout: 10_000 })
}

describe('dev chain EIP-7702', () => {
  test("behavior: Simple7702Account's code at its canonical address is the published artifact's", async () => {
    const artifact = createRequire(import.meta.url)(
      '@account-abstraction/contracts/artifacts/Simple7702Account.json',
    )
    expect(simple7702AccountAddress).toBe('0xe6Cae83BdE06E4c305530e199D7217f42808555B')
    const code = await publicClient.getCode({ address: simple7702AccountAddress })
    expect(code && keccak256(code)).toBe(keccak256(artifact.deployedBytecode))
    expect(simple7702AccountCode).toBe(artifact.deployedBytecode)
  })

  test('behavior: an EOA upgraded by an authorization in its first user operation sends from its own address; its code becomes the delegation; its ERC-1271 signature verifies', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    await testClient.setBalance({ address: owner.address, value: parseEther('1') })
    const account = await toSimple7702SmartAccount({ client: publicClient, owner })
    expect(account.address).toBe(owner.address)
    const recipient = freshAddress()
    const authorization = await owner.signAuthorization({
      chainId: foundry.id,
      contractAddress: simple7702AccountAddress,
      nonce: await publicClient.getTransactionCount({ address: owner.address }),
    })

    const hash = await bundlerClient.sendUserOperation({
      account,
      authorization,
      calls: [{ to: recipient, value: parseEther('0.01') }],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 10_000 })

    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(owner.address)
    expect(await publicClient.getBalance({ address: recipient })).toBe(parseEther('0.01'))
    expect(await publicClient.getCode({ address: owner.address })).toBe(
      concatHex(['0xef0100', simple7702AccountAddress.toLowerCase() as Hex]),
    )
    expect((await send(account, [{ to: recipient, value: 1n }])).success).toBe(true)
    const message = 'Sign in to Airlock'
    const signature = await account.signMessage({ message })
    expect(await publicClient.verifyMessage({ address: owner.address, message, signature })).toBe(
      true,
    )
    expect(await publicClient.verifyMessage({ address: freshAddress(), message, signature })).toBe(
      false,
    )
  })
})

describe('dev chain ERC-4337: the Safe account (networks without EIP-7702)', () => {
  test('behavior: EntryPoints v0.8 and v0.7 are at their canonical addresses and the bundler bundles for both; deploying again sends nothing', async () => {
    expect(await publicClient.getCode({ address: entryPointAddress })).toBeDefined()
    expect(await publicClient.getCode({ address: entryPoint07Address })).toBeDefined()
    expect(await bundlerClient.getSupportedEntryPoints()).toEqual([
      entryPointAddress,
      entryPoint07Address,
    ])
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

  test('behavior: a counterfactual Safe sends ether in its first user operation (EntryPoint v0.7), which deploys it', async () => {
    const { account } = await fundedAccount()
    const recipient = freshAddress()
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined()

    const receipt = await send(account, [{ to: recipient, value: parseEther('0.25') }])

    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(account.address)
    expect(receipt.entryPoint.toLowerCase()).toBe(entryPoint07Address.toLowerCase())
    expect(receipt.receipt.status).toBe('success')
    expect(await publicClient.getBalance({ address: recipient })).toBe(parseEther('0.25'))
    expect(await publicClient.getCode({ address: account.address })).toBeDefined()
  })

  test('behavior: two transfers batched in one user operation (MultiSendCallOnly) both arrive', async () => {
    const { account } = await fundedAccount()
    const [first, second] = [freshAddress(), freshAddress()]

    const receipt = await send(account, [
      { to: first, value: parseEther('0.1') },
      { to: second, value: parseEther('0.2') },
    ])

    expect(receipt.success).toBe(true)
    expect(await publicClient.getBalance({ address: first })).toBe(parseEther('0.1'))
    expect(await publicClient.getBalance({ address: second })).toBe(parseEther('0.2'))
    const operations = parseEventLogs({
      abi: entryPoint07Abi,
      eventName: 'UserOperationEvent',
      logs: receipt.receipt.logs,
    })
    expect(operations.map(({ args }) => args.sender)).toEqual([account.address])
  })

  test("behavior: the owner's signature verifies with ERC-6492 before deployment and ERC-1271 after; another owner's does not", async () => {
    const { account } = await fundedAccount()
    const stranger = await ownersSafe(privateKeyToAccount(generatePrivateKey()))
    const message = 'Sign in to Airlock'

    const verifies = (signature: Hex) =>
      publicClient.verifyMessage({ address: account.address, message, signature })

    const counterfactual = await account.signMessage({ message })
    expect(await verifies(counterfactual)).toBe(true)
    // The verifier deployed the account only inside its simulated call.
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined()
    expect(await verifies(await stranger.signMessage({ message }))).toBe(false)

    await send(account, [{ to: freshAddress(), value: 1n }])
    expect(await publicClient.getCode({ address: account.address })).toBeDefined()

    const deployed = await account.signMessage({ message })
    expect(deployed.length).toBe(2 + 65 * 2) // the owner's signature, no ERC-6492 wrapper
    expect(await verifies(deployed)).toBe(true)
    expect(await verifies(counterfactual)).toBe(true)
    const strangerOwner = privateKeyToAccount(generatePrivateKey())
    expect(await verifies(await strangerOwner.signMessage({ message }))).toBe(false)
  })

  test('behavior: a user operation whose call reverts is mined and reported with success false', async () => {
    const { account } = await fundedAccount()
    const recipient = freshAddress()
    // The account has no deposit at the EntryPoint, so withdrawing one reverts.
    const calls = [
      { to: recipient, value: parseEther('0.1') },
      {
        to: entryPoint07Address,
        data: encodeFunctionData({
          abi: entryPoint07Abi,
          functionName: 'withdrawTo',
          args: [recipient, parseEther('1')],
        }),
      },
    ]
    // The bundler's gas estimate refuses a call that reverts; with the gas given, it is sent.
    await expect(bundlerClient.estimateUserOperationGas({ account, calls })).rejects.toThrow(
      'UserOperation reverted during simulation',
    )
    const hash = await bundlerClient.sendUserOperation({
      account,
      calls,
      callGasLimit: 200_000n,
      verificationGasLimit: 500_000n,
      preVerificationGas: 100_000n,
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 10_000 })

    expect(receipt.success).toBe(false)
    expect(receipt.receipt.status).toBe('success') // the bundle's transaction itself went through
    // The batch is undone as a whole, but the account was deployed and paid for the gas.
    expect(await publicClient.getBalance({ address: recipient })).toBe(0n)
    expect(await publicClient.getCode({ address: account.address })).toBeDefined()
    expect(await publicClient.getBalance({ address: account.address })).toBeLessThan(
      parseEther('1'),
    )
  })

  test('behavior: with the bundler stopped, sending fails naming the bundler it could not reach', async () => {
    const { account } = await fundedAccount()
    await bundler.stop()
    expect(
      await fetch(`${bundler.url}/health`).then(
        () => 'up',
        () => 'down',
      ),
    ).toBe('down')

    const sending = bundlerClient.sendUserOperation({
      account,
      calls: [{ to: freshAddress(), value: 1n }],
    })

    await expect(sending).rejects.toThrow('HTTP request failed')
    await expect(sending).rejects.toThrow(bundler.url)
  })
})

describe('startBundler', () => {
  test('behavior: on a chain without the EntryPoints it refuses to start, saying what to deploy', async () => {
    const bare = await startAnvil()
    try {
      await expect(startBundler({ rpcUrl: bare.rpcUrl, quiet: true })).rejects.toThrow(
        `no EntryPoint v0.8 at ${entryPointAddress} on ${bare.rpcUrl}; deploy it first`,
      )
    } finally {
      await bare.stop()
    }
  })
})
