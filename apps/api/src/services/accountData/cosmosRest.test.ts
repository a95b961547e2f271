/**
 * The Cosmos REST adapter against the dev Cosmos chain on loopback (scripts/devCosmos.mjs: a real
 * ledger behind a node's CometBFT RPC and REST API), with sends signed and broadcast by
 * @cosmjs/stargate as a wallet does: the balance, then the sends and receipts as activity.
 */
import type { NetworkConfig } from '@airlock/protocol'
import { Random } from '@cosmjs/crypto'
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { calculateFee, GasPrice, SigningStargateClient } from '@cosmjs/stargate'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DevCosmos, startDevCosmos } from '../../../../../scripts/devCosmos.mjs'
import { AccountDataUnavailableError, type CosmosAddress, InvalidCursorError } from './adapter'
import { createCosmosRestAdapter } from './cosmosRest'

const networkOf = (restUrl: string): NetworkConfig => ({
  caipNetworkId: 'cosmos:airlock-local-1',
  name: 'Cosmos Local',
  nativeCurrency: { name: 'Cosmos', symbol: 'ATOM', decimals: 6 },
  rpcUrl: restUrl,
})
const fee = calculateFee(100_000, GasPrice.fromString('0.0025uatom'))

describe('Cosmos account data from the REST API', () => {
  let chain: DevCosmos
  let network: NetworkConfig
  const adapter = createCosmosRestAdapter()
  const clients: SigningStargateClient[] = []

  beforeAll(async () => {
    chain = await startDevCosmos({ port: 0, quiet: true })
    network = networkOf(chain.restUrl)
  })
  afterAll(async () => {
    for (const client of clients) client.disconnect()
    await chain?.close()
  })

  async function wallet() {
    const signer = await DirectSecp256k1Wallet.fromKey(Random.getBytes(32), 'cosmos')
    const [account] = await signer.getAccounts()
    const client = await SigningStargateClient.connectWithSigner(chain.rpcUrl, signer, {
      broadcastPollIntervalMs: 25,
    })
    clients.push(client)
    return { address: account!.address as CosmosAddress, client }
  }

  test('behavior: an address never funded has no balance and no activity', async () => {
    const { address } = await wallet()
    expect(await adapter.balances({ address, network })).toEqual([])
    expect(await adapter.transactions({ address, network, limit: 25 })).toEqual({
      data: [],
      next: null,
    })
  })

  test('behavior: the balance is the ATOM the chain holds, and a send is activity on both sides', async () => {
    const sender = await wallet()
    const recipient = await wallet()
    await chain.fund(sender.address, 5_000_000)
    const sent = await sender.client.sendTokens(
      sender.address,
      recipient.address,
      [{ denom: 'uatom', amount: '1250000' }],
      fee,
    )
    expect(sent.code).toBe(0)
    expect(await adapter.balances({ address: recipient.address, network })).toEqual([
      { name: 'Cosmos', symbol: 'ATOM', decimals: 6, balance: 1_250_000n },
    ])
    // 5 ATOM less 1.25 sent and 250 uatom of fee.
    expect(await adapter.balances({ address: sender.address, network })).toEqual([
      { name: 'Cosmos', symbol: 'ATOM', decimals: 6, balance: 3_749_750n },
    ])

    const senderPage = await adapter.transactions({ address: sender.address, network, limit: 25 })
    expect(senderPage.next).toBeNull()
    // Newest first: the send, then the faucet's funding.
    expect(senderPage.data.map((tx) => [tx.id, tx.metadata.operationType])).toEqual([
      [sent.transactionHash, 'send'],
      [expect.stringMatching(/^[0-9A-F]{64}$/), 'receive'],
    ])
    expect(senderPage.data[0]?.metadata).toMatchObject({
      chain: 'cosmos:airlock-local-1',
      status: 'confirmed',
      sentFrom: sender.address,
      sentTo: recipient.address,
    })
    expect(senderPage.data[0]?.transfers).toEqual([
      { direction: 'out', fungible_info: { symbol: 'ATOM', quantity: { numeric: '1.25' } } },
    ])
    const recipientPage = await adapter.transactions({
      address: recipient.address,
      network,
      limit: 25,
    })
    expect(
      recipientPage.data.map((tx) => [
        tx.id,
        tx.metadata.operationType,
        tx.transfers[0]?.direction,
      ]),
    ).toEqual([[sent.transactionHash, 'receive', 'in']])
  })

  test('behavior: more than a page of sends pages on by number', async () => {
    const sender = await wallet()
    const recipient = await wallet()
    await chain.fund(sender.address, 50_000_000)
    for (let index = 0; index < 26; index += 1)
      await sender.client.sendTokens(
        sender.address,
        recipient.address,
        [{ denom: 'uatom', amount: String(1000 + index) }],
        fee,
      )
    const first = await adapter.transactions({ address: recipient.address, network, limit: 25 })
    expect(first.data).toHaveLength(25)
    expect(first.data[0]?.transfers[0]?.fungible_info?.quantity.numeric).toBe('0.001025')
    expect(first.next).toBe('2')
    const second = await adapter.transactions({
      address: recipient.address,
      network,
      limit: 25,
      cursor: first.next ?? undefined,
    })
    expect(second.data.map((tx) => tx.transfers[0]?.fungible_info?.quantity.numeric)).toEqual([
      '0.001',
    ])
    expect(second.next).toBeNull()
  })

  test('error: a cursor it did not issue is refused', async () => {
    const { address } = await wallet()
    await expect(
      adapter.transactions({ address, network, limit: 25, cursor: 'page-two' }),
    ).rejects.toThrow(InvalidCursorError)
  })

  test('error: a REST API that is down is the account data being unavailable', async () => {
    const { address } = await wallet()
    const down = createCosmosRestAdapter({ url: 'http://127.0.0.1:9', timeoutMs: 2_000 })
    await expect(down.balances({ address, network })).rejects.toThrow(AccountDataUnavailableError)
  })
})
