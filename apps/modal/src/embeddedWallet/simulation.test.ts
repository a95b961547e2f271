/**
 * Simulation against a real anvil (which answers eth_simulateV1): the account's ETH and ERC-20
 * changes, NFTs in and out, approvals granted, a revert and its reason; the eth_call fallback on
 * a node without eth_simulateV1 (a proxy that refuses the method, as such nodes answer); and a
 * node that never answers, which times out.
 */
import { createServer, type Server } from 'node:http'
import type { NetworkConfig } from '@airlock/protocol'
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  maxUint256,
  parseEther,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import artifacts from '../../../../devchain/artifacts.json'
import { type Anvil, freePort, startAnvil } from '../../../api/src/services/indexer/testing/anvil'
import { SimulationTimeoutError, simulate } from './simulation'

// Anvil's account #0: a public dev key, funded on any fresh anvil; it deploys and mints.
const funder = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
// The visitor's account (anvil's #1) and someone else (#2).
const visitor: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const receiver: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

let anvil: Anvil
let network: NetworkConfig
let token: Address
let collectible: Address
const servers: Server[] = []

const tokenAbi = artifacts.contracts.DevToken.abi as Abi
const collectibleAbi = artifacts.contracts.DevCollectible.abi as Abi

async function deploy(name: 'DevToken' | 'DevCollectible', args: unknown[]) {
  const { abi, bytecode } = artifacts.contracts[name]
  const deployer = createWalletClient({
    account: funder,
    chain: foundry,
    transport: http(anvil.rpcUrl),
  })
  const chain = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
  const hash = await deployer.deployContract({ abi: abi as Abi, bytecode: bytecode as Hex, args })
  const receipt = await chain.waitForTransactionReceipt({ hash })
  const address = getAddress(receipt.contractAddress as Address)
  return {
    address,
    async write(functionName: string, writeArgs: unknown[]) {
      const sent = await deployer.writeContract({
        address,
        abi: abi as Abi,
        functionName,
        args: writeArgs,
      })
      await chain.waitForTransactionReceipt({ hash: sent })
    },
  }
}

/** A JSON-RPC proxy to anvil that answers `refused` methods as a node without them does. */
async function proxyRefusing(refused: string[]): Promise<string> {
  const port = await freePort()
  const server = createServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    const call = JSON.parse(body) as { id: number; method: string }
    response.setHeader('content-type', 'application/json')
    if (refused.includes(call.method)) {
      response.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: call.id,
          error: {
            code: -32601,
            message: `the method ${call.method} does not exist/is not available`,
          },
        }),
      )
      return
    }
    const answered = await fetch(anvil.rpcUrl, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    })
    response.end(await answered.text())
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return `http://127.0.0.1:${port}`
}

/** An RPC that takes requests and never answers them. */
async function silentRpc(): Promise<string> {
  const port = await freePort()
  const server = createServer(() => undefined)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return `http://127.0.0.1:${port}`
}

const networkOn = (rpcUrl: string): NetworkConfig => ({ ...network, rpcUrl })

beforeAll(async () => {
  anvil = await startAnvil()
  network = {
    caipNetworkId: 'eip155:31337',
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: anvil.rpcUrl,
  }
  await anvil.request('anvil_setBalance', [visitor, toHex(parseEther('10'))])
  const devToken = await deploy('DevToken', ['Airlock USD', 'aUSD', 6])
  token = devToken.address
  await devToken.write('mint', [visitor, 5_000_000_000n])
  const devCollectible = await deploy('DevCollectible', [
    'Dev Collectible',
    'DEVC',
    'A test collectible',
    '#336699',
  ])
  collectible = devCollectible.address
  await devCollectible.write('mint', [visitor])
}, 120_000)

afterAll(async () => {
  for (const server of servers) server.close()
  await anvil?.stop()
})

describe('simulate on a node with eth_simulateV1', () => {
  test('behavior: sending ETH shows the account’s ETH going down by the value', async () => {
    const simulation = await simulate({
      network,
      from: visitor,
      calls: [{ to: receiver, value: parseEther('0.5') }],
    })
    expect(simulation).toMatchObject({ outcome: 'succeeds', traced: true })
    if (simulation.outcome !== 'succeeds' || !simulation.traced) throw new Error('untraced')
    expect(simulation.changes).toEqual([{ kind: 'native', diff: -parseEther('0.5') }])
  })

  test('behavior: an ERC-20 transfer shows the token going out', async () => {
    const simulation = await simulate({
      network,
      from: visitor,
      calls: [
        {
          to: token,
          value: 0n,
          data: encodeFunctionData({
            abi: tokenAbi,
            functionName: 'transfer',
            args: [receiver, 1_000_000_000n],
          }),
        },
      ],
    })
    if (simulation.outcome !== 'succeeds' || !simulation.traced)
      throw new Error(JSON.stringify(simulation))
    expect(simulation.changes).toEqual([{ kind: 'token', token, diff: -1_000_000_000n }])
  })

  test('behavior: an unlimited approve and an approval for all are approvals granted; an NFT sent is an NFT out', async () => {
    const simulation = await simulate({
      network,
      from: visitor,
      calls: [
        {
          to: token,
          value: 0n,
          data: encodeFunctionData({
            abi: tokenAbi,
            functionName: 'approve',
            args: [receiver, maxUint256],
          }),
        },
        {
          to: collectible,
          value: 0n,
          data: encodeFunctionData({
            abi: collectibleAbi,
            functionName: 'setApprovalForAll',
            args: [receiver, true],
          }),
        },
        {
          to: collectible,
          value: 0n,
          data: encodeFunctionData({
            abi: collectibleAbi,
            functionName: 'transferFrom',
            args: [visitor, receiver, 1n],
          }),
        },
      ],
    })
    if (simulation.outcome !== 'succeeds' || !simulation.traced)
      throw new Error(JSON.stringify(simulation))
    expect(simulation.approvals).toEqual([
      { kind: 'token', token, spender: receiver, amount: maxUint256 },
      { kind: 'all', token: collectible, operator: receiver, approved: true },
    ])
    expect(simulation.nfts).toEqual([
      { direction: 'out', token: collectible, tokenId: 1n, amount: 1n },
    ])
    expect(simulation.changes).toEqual([])
  })

  test('behavior: a transfer above the balance reverts, with the contract’s reason', async () => {
    const simulation = await simulate({
      network,
      from: visitor,
      calls: [
        { to: receiver, value: 1n },
        {
          to: token,
          value: 0n,
          data: encodeFunctionData({
            abi: tokenAbi,
            functionName: 'transfer',
            args: [receiver, 9_000_000_000n],
          }),
        },
      ],
    })
    expect(simulation).toEqual({
      outcome: 'reverts',
      call: 1,
      reason: 'InsufficientBalance(5000000000, 9000000000)',
    })
  })
})

describe('simulate on a node without eth_simulateV1: eth_call', () => {
  test('behavior: a call that goes through succeeds untraced (no balance changes known)', async () => {
    const simulation = await simulate({
      network: networkOn(await proxyRefusing(['eth_simulateV1'])),
      from: visitor,
      calls: [{ to: receiver, value: parseEther('0.5') }],
    })
    expect(simulation).toEqual({ outcome: 'succeeds', traced: false })
  })

  test('behavior: a call that reverts is still a revert, with its reason', async () => {
    const simulation = await simulate({
      network: networkOn(await proxyRefusing(['eth_simulateV1'])),
      from: visitor,
      calls: [
        {
          to: token,
          value: 0n,
          data: encodeFunctionData({
            abi: tokenAbi,
            functionName: 'transfer',
            args: [receiver, 9_000_000_000n],
          }),
        },
      ],
    })
    expect(simulation).toEqual({
      outcome: 'reverts',
      reason: 'InsufficientBalance(5000000000, 9000000000)',
    })
  })
})

test('behavior: a node that never answers times out', async () => {
  const simulation = simulate({
    network: networkOn(await silentRpc()),
    from: visitor,
    calls: [{ to: receiver, value: 1n }],
    timeoutMs: 300,
  })
  await expect(simulation).rejects.toBeInstanceOf(SimulationTimeoutError)
})
