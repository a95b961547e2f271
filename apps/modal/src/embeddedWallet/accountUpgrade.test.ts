/**
 * The EIP-7702 upgrade's parts (accountUpgrade.ts) on a real anvil with Simple7702Account at its
 * canonical address: whether an EOA needs the upgrade, and the removal offered on switching back
 * to EOA — what the visitor is shown, nothing sent when declined, the code gone when approved.
 */
import { type NetworkConfig, simple7702AccountAddress } from '@airlock/protocol'
import {
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  type PrivateKeyAccount,
  type PublicClient,
  parseEther,
  type TestClient,
  type Transport,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { deployAccountAbstraction } from '../../../../devchain/accountAbstraction.mjs'
import { type Anvil, startAnvil } from '../../../api/src/services/indexer/testing/anvil'
import {
  delegatedTo,
  delegationCode,
  offerDelegationRemoval,
  upgradeNeeded,
} from './accountUpgrade'
import type { ApprovalRequest } from './evmSigner'

let anvil: Anvil
let chain: PublicClient<Transport, Chain>
let testClient: TestClient
let network: NetworkConfig

beforeAll(async () => {
  anvil = await startAnvil()
  await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl })
  const transport = http(anvil.rpcUrl, { retryCount: 0 })
  chain = createPublicClient({ chain: foundry, transport, pollingInterval: 50 })
  testClient = createTestClient({ chain: foundry, mode: 'anvil', transport })
  network = {
    caipNetworkId: 'eip155:31337',
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: anvil.rpcUrl,
  }
}, 60_000)

afterAll(async () => {
  await anvil?.stop()
})

const upgrade = { contract: 'Simple7702Account', address: simple7702AccountAddress }

/** A funded EOA, delegated to Simple7702Account by a transaction of its own when `delegated`. */
async function freshOwner({ delegated }: { delegated: boolean }) {
  const owner = privateKeyToAccount(generatePrivateKey())
  await testClient.setBalance({ address: owner.address, value: parseEther('1') })
  if (delegated) await delegate(owner)
  return owner
}

async function delegate(owner: PrivateKeyAccount) {
  const wallet = createWalletClient({
    account: owner,
    chain: foundry,
    transport: http(anvil.rpcUrl),
  })
  const authorization = await wallet.signAuthorization({
    contractAddress: simple7702AccountAddress,
    executor: 'self',
  })
  const hash = await wallet.sendTransaction({
    authorizationList: [authorization],
    to: owner.address,
  })
  await chain.waitForTransactionReceipt({ hash })
}

/** An approval that keeps what it was shown and answers `answer`. */
function asked(answer: boolean) {
  const shown: ApprovalRequest[] = []
  return {
    shown,
    approve: async (request: ApprovalRequest) => {
      shown.push(request)
      return answer
    },
  }
}

describe('upgradeNeeded', () => {
  test('behavior: a plain EOA needs the upgrade, named; one delegated to the implementation does not', async () => {
    const owner = await freshOwner({ delegated: false })
    expect(await upgradeNeeded(chain, owner.address, simple7702AccountAddress)).toEqual(upgrade)
    await delegate(owner)
    expect(await chain.getCode({ address: owner.address })).toBe(
      delegationCode(simple7702AccountAddress),
    )
    expect(await upgradeNeeded(chain, owner.address, simple7702AccountAddress)).toBeUndefined()
  })

  test('behavior: delegatedTo reads a delegation, and nothing else', () => {
    expect(delegatedTo(delegationCode(simple7702AccountAddress))).toBe(simple7702AccountAddress)
    expect(delegatedTo(undefined)).toBeUndefined()
    expect(delegatedTo('0x6080604052')).toBeUndefined()
  })
})

describe('offerDelegationRemoval', () => {
  test("behavior: approved, the visitor's own transaction to itself naming the contract removes the delegation", async () => {
    const owner = await freshOwner({ delegated: true })
    const { shown, approve } = asked(true)

    expect(await offerDelegationRemoval({ owner, network, approve })).toBe(true)

    expect(shown).toEqual([
      {
        kind: 'transaction',
        network: 'eip155:31337',
        from: owner.address,
        fromModal: true,
        to: owner.address,
        value: 0n,
        fee: { maxFee: expect.any(BigInt) },
        removal: upgrade,
      },
    ])
    expect(await chain.getCode({ address: owner.address })).toBeUndefined()
  })

  test('behavior: declined, nothing is sent and the account stays upgraded', async () => {
    const owner = await freshOwner({ delegated: true })
    const nonce = await chain.getTransactionCount({ address: owner.address })
    const { shown, approve } = asked(false)

    expect(await offerDelegationRemoval({ owner, network, approve })).toBe(false)

    expect(shown).toHaveLength(1)
    expect(await chain.getCode({ address: owner.address })).toBe(
      delegationCode(simple7702AccountAddress),
    )
    expect(await chain.getTransactionCount({ address: owner.address })).toBe(nonce)
  })

  test('behavior: a plain EOA is offered nothing', async () => {
    const owner = await freshOwner({ delegated: false })
    const { shown, approve } = asked(true)
    expect(await offerDelegationRemoval({ owner, network, approve })).toBe(false)
    expect(shown).toEqual([])
  })
})
