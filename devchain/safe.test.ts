// The Safe account on the dev chain (issue 35's fallback for networks without EIP-7702), on a
// real anvil with alto: every contract's code is its published artifact's at its canonical
// address; the API's computed Safe address is the modal's (permissionless); and the replay test:
// a message the Safe signs verifies (viem's verifyMessage) for that Safe only, not for its owner's
// EOA (plain or upgraded by EIP-7702), not for the owner's other Safe, while the EIP-7702
// account's signature is not the Safe's either; before deployment it verifies by ERC-6492.
import { createRequire } from 'node:module'
import { safeAccountContracts } from '@airlock/protocol'
import {
  concat,
  createPublicClient,
  createTestClient,
  getContractAddress,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  pad,
  parseEther,
  type TestClient,
} from 'viem'
import {
  type BundlerClient,
  type SmartAccount,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  safeAccountAddress,
  safeProxyInitCodeHash,
} from '../apps/api/src/services/bundlers/safeAccount'
import { type Anvil, startAnvil } from '../apps/api/src/services/indexer/testing/anvil'
import {
  safeSmartAccount,
  smartAccountBundler,
} from '../apps/modal/src/embeddedWallet/smartAccount'
import { deployAccountAbstraction, simple7702AccountAddress } from './accountAbstraction.mjs'
import { type Bundler, startBundler } from './bundler.mjs'
import { entryPoint07Address, safeContracts, safeSingletonFactoryAddress } from './safe.mjs'

const require = createRequire(import.meta.url)

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
  bundlerClient = smartAccountBundler(publicClient, http(bundler.url, { retryCount: 0 }))
}, 60_000)

afterAll(async () => {
  await bundler?.stop()
  await anvil?.stop()
})

const freshOwner = () => privateKeyToAccount(generatePrivateKey())

async function send(account: SmartAccount, to = freshOwner().address) {
  const hash = await bundlerClient.sendUserOperation({ account, calls: [{ to, value: 1n }] })
  return bundlerClient.waitForUserOperationReceipt({ hash, timeout: 10_000 })
}

/**
 * The immutables the compiler fills in at deployment (the artifact's runtime code holds zeros
 * there): EntryPoint v0.7's SenderCreator (its first creation), MultiSend's own address,
 * Safe4337Module's EntryPoint.
 */
const immutables: Record<string, Hex[]> = {
  'EntryPoint v0.7': [getContractAddress({ from: entryPoint07Address, nonce: 1n })],
  'MultiSend 1.4.1': [safeAccountContracts['1.4.1'].multiSend],
  'Safe4337Module 0.3.0': [entryPoint07Address],
}

describe('the Safe contracts on the dev chain', () => {
  test("behavior: each is at its canonical address with its published artifact's code (immutables aside), the addresses the protocol names", async () => {
    const names = safeContracts.map(({ name }) => name)
    expect(names).toEqual([
      'EntryPoint v0.7',
      'Safe 1.4.1',
      'SafeL2 1.4.1',
      'SafeProxyFactory 1.4.1',
      'CompatibilityFallbackHandler 1.4.1',
      'MultiSend 1.4.1',
      'MultiSendCallOnly 1.4.1',
      'SafeModuleSetup 0.3.0',
      'Safe4337Module 0.3.0',
    ])
    const canonical = safeAccountContracts['1.4.1']
    expect(safeContracts.map(({ address }) => address)).toEqual([
      canonical.entryPoint,
      canonical.singleton,
      '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
      canonical.proxyFactory,
      canonical.fallbackHandler,
      canonical.multiSend,
      canonical.multiSendCallOnly,
      canonical.moduleSetup,
      canonical.safe4337Module,
    ])
    for (const { name, address, deployedBytecode } of safeContracts) {
      const code = (await publicClient.getCode({ address })) ?? '0x'
      const zeroed = (immutables[name] ?? []).reduce(
        (runtime, value) => runtime.replaceAll(value.slice(2).toLowerCase(), '0'.repeat(40)) as Hex,
        code.toLowerCase() as Hex,
      )
      expect(keccak256(zeroed), name).toBe(keccak256(deployedBytecode.toLowerCase() as Hex))
      // Only the immutables differ: with none, the code hash is the artifact's own.
      if (!(name in immutables)) expect(keccak256(code), name).toBe(keccak256(deployedBytecode))
    }
    expect(await publicClient.getCode({ address: safeSingletonFactoryAddress })).toBe(
      await publicClient.getCode({ address: '0x4e59b44847b379578588920cA78FbF26c0B4956C' }),
    )
  })

  test("behavior: the API's computed Safe address is the modal's, for the one account and another saltNonce; the proxy's init-code hash is the published SafeProxy's", async () => {
    const proxy = require('@safe-global/safe-contracts/build/artifacts/contracts/proxies/SafeProxy.sol/SafeProxy.json')
    expect(safeProxyInitCodeHash['1.4.1']).toBe(
      keccak256(concat([proxy.bytecode, pad(safeAccountContracts['1.4.1'].singleton)])),
    )
    const owner = freshOwner()
    for (const saltNonce of [0n, 1n])
      expect(safeAccountAddress({ owner: owner.address, saltNonce })).toBe(
        (await safeSmartAccount({ client: publicClient, owner, saltNonce })).address,
      )
  })
})

describe('the replay test', () => {
  test("security: a message the Safe signs verifies for that Safe only: not for its owner's EOA (plain or upgraded by EIP-7702), not for the owner's other Safe (saltNonce 1); the 7702 account's signature does not verify for the Safe", async () => {
    const owner = freshOwner()
    const safe = await safeSmartAccount({ client: publicClient, owner })
    const otherSafe = await safeSmartAccount({ client: publicClient, owner, saltNonce: 1n })
    const upgraded = await toSimple7702SmartAccount({ client: publicClient, owner })
    for (const address of [safe.address, otherSafe.address, owner.address])
      await testClient.setBalance({ address, value: parseEther('1') })
    const message = 'Permit: spend 100 USDC'
    const verifies = (address: Hex, signature: Hex) =>
      publicClient.verifyMessage({ address, message, signature })

    // Before deployment: ERC-6492, and already bound to this Safe.
    const counterfactual = await safe.signMessage({ message })
    expect(await verifies(safe.address, counterfactual)).toBe(true)
    expect(await publicClient.getCode({ address: safe.address })).toBeUndefined()
    expect(await verifies(otherSafe.address, counterfactual)).toBe(false)

    // Both Safes deployed, the EOA upgraded by EIP-7702 as on a network that has it.
    await send(safe)
    await send(otherSafe)
    const hash = await bundlerClient.sendUserOperation({
      account: upgraded,
      authorization: await owner.signAuthorization({
        chainId: foundry.id,
        contractAddress: simple7702AccountAddress,
        nonce: await publicClient.getTransactionCount({ address: owner.address }),
      }),
      calls: [{ to: freshOwner().address, value: 1n }],
    })
    await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 10_000 })

    const bySafe = await safe.signMessage({ message })
    expect(await verifies(safe.address, bySafe)).toBe(true)
    expect(await verifies(otherSafe.address, bySafe)).toBe(false)
    expect(await verifies(owner.address, bySafe)).toBe(false)
    // The owner's EOA, not upgraded, on a chain where it is plain: ecrecover says no too.
    const plainOwner = freshOwner()
    const plainSafe = await safeSmartAccount({ client: publicClient, owner: plainOwner })
    expect(await verifies(plainOwner.address, await plainSafe.signMessage({ message }))).toBe(false)

    // The other way: what the 7702 account (the owner's key) signs is not the Safe's.
    const byUpgraded = await upgraded.signMessage({ message })
    expect(await verifies(owner.address, byUpgraded)).toBe(true)
    expect(await verifies(safe.address, byUpgraded)).toBe(false)
    expect(await verifies(safe.address, await owner.signMessage({ message }))).toBe(false)

    // Typed data is bound the same way.
    const typedData = {
      domain: { name: 'Token', chainId: foundry.id },
      types: { Permit: [{ name: 'amount', type: 'uint256' }] },
      primaryType: 'Permit',
      message: { amount: 100n },
    } as const
    const typed = await safe.signTypedData(typedData)
    expect(
      await publicClient.verifyTypedData({ address: safe.address, signature: typed, ...typedData }),
    ).toBe(true)
    expect(
      await publicClient.verifyTypedData({
        address: otherSafe.address,
        signature: typed,
        ...typedData,
      }),
    ).toBe(false)
  })
})
