/**
 * The Esplora adapter against the dev Esplora stand-in on loopback (scripts/devEsplora.mjs: a
 * real ledger behind Esplora's REST API), with spends built and signed by @scure/btc-signer.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { NetworkConfig } from '@airlock/protocol'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { pubECDSA, randomPrivateKeyBytes } from '@scure/btc-signer/utils.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DevEsplora, startDevEsplora } from '../../../../../scripts/devEsplora.mjs'
import { AccountDataUnavailableError, type BitcoinAddress } from './adapter'
import { createEsploraAdapter } from './esplora'

const params = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

function wallet() {
  const key = randomPrivateKeyBytes()
  const payment = p2wpkh(pubECDSA(key), params)
  return { key, address: payment.address as BitcoinAddress, script: payment.script }
}

const networkOf = (esplora: { url: string }): NetworkConfig => ({
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  name: 'Bitcoin Regtest',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrl: esplora.url,
})

/** Pays `amount` from `from`'s one coin to `to`, change back, 1,000 sats of fee; the txid. */
async function pay(
  esplora: DevEsplora,
  from: ReturnType<typeof wallet>,
  to: string,
  amount: number,
): Promise<string> {
  const [coin] = (await (await fetch(`${esplora.url}/address/${from.address}/utxo`)).json()) as {
    txid: string
    vout: number
    value: number
  }[]
  const tx = new Transaction()
  tx.addInput({
    txid: coin!.txid,
    index: coin!.vout,
    witnessUtxo: { script: from.script, amount: BigInt(coin!.value) },
  })
  tx.addOutputAddress(to, BigInt(amount), params)
  tx.addOutputAddress(from.address, BigInt(coin!.value - amount - 1_000), params)
  tx.sign(from.key)
  tx.finalize()
  const response = await fetch(`${esplora.url}/tx`, { method: 'POST', body: tx.hex })
  expect(response.status, await response.clone().text()).toBe(200)
  return response.text()
}

/** A loopback service that answers every path with JSON that is not Esplora's. */
async function startElsewhere() {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ '1': 25.3, '6': 9.6 }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('createEsploraAdapter', () => {
  let esplora: DevEsplora
  let held: DevEsplora
  beforeAll(async () => {
    esplora = await startDevEsplora({ port: 0, quiet: true })
    held = await startDevEsplora({ port: 0, quiet: true, automine: false })
  })
  afterAll(async () => {
    await Promise.all([esplora?.close(), held?.close()])
  })
  const adapter = createEsploraAdapter()

  test('behavior: the balance is the address’s BTC, mempool included; an empty address holds nothing', async () => {
    const network = networkOf(esplora)
    const funded = wallet()
    esplora.fund(funded.address, 150_000)
    expect(await adapter.balances({ address: funded.address, network })).toEqual([
      { name: 'Bitcoin', symbol: 'BTC', decimals: 8, balance: 150_000n },
    ])
    expect(await adapter.balances({ address: wallet().address, network })).toEqual([])
  })

  test('behavior: activity is the address’s transactions, newest first: a send shows what went to the other side, a receive what came in', async () => {
    const network = networkOf(esplora)
    const sender = wallet()
    const recipient = wallet()
    const funding = esplora.fund(sender.address, 100_000)
    const sent = await pay(esplora, sender, recipient.address, 25_000)
    const page = await adapter.transactions({ address: sender.address, network, limit: 20 })
    expect(page.next).toBeNull()
    expect(page.data.map(({ id, metadata, transfers }) => [id, metadata, transfers])).toEqual([
      [
        sent,
        expect.objectContaining({
          operationType: 'send',
          status: 'confirmed',
          chain: network.caipNetworkId,
          sentFrom: sender.address,
          sentTo: recipient.address,
        }),
        [{ direction: 'out', fungible_info: { symbol: 'BTC', quantity: { numeric: '0.00025' } } }],
      ],
      [
        funding,
        expect.objectContaining({ operationType: 'receive', sentTo: sender.address }),
        [{ direction: 'in', fungible_info: { symbol: 'BTC', quantity: { numeric: '0.001' } } }],
      ],
    ])
    const [received] = (
      await adapter.transactions({ address: recipient.address, network, limit: 20 })
    ).data
    expect(received?.metadata).toMatchObject({
      operationType: 'receive',
      sentFrom: sender.address,
      sentTo: recipient.address,
    })
    expect(received?.transfers[0]?.fungible_info?.quantity.numeric).toBe('0.00025')
    expect(received?.transfers[0]?.direction).toBe('in')
    // When its block was mined (the stand-in's block times run with the clock).
    expect(Math.abs(Date.parse(received!.metadata.minedAt) - Date.now())).toBeLessThan(3_600_000)
  })

  test('behavior: an unconfirmed transfer is pending and first, until a block confirms it', async () => {
    const network = networkOf(held)
    const sender = wallet()
    held.fund(sender.address, 60_000)
    const sent = await pay(held, sender, wallet().address, 10_000)
    const before = await adapter.transactions({ address: sender.address, network, limit: 20 })
    expect(before.data.map(({ id, metadata }) => [id, metadata.status])).toEqual([
      [sent, 'pending'],
      [expect.any(String), 'confirmed'],
    ])
    // Balance counts the mempool: the coin is spent, the change is there.
    expect((await adapter.balances({ address: sender.address, network }))[0]?.balance).toBe(49_000n)
    held.mine()
    const after = await adapter.transactions({ address: sender.address, network, limit: 20 })
    expect(after.data[0]).toMatchObject({ id: sent, metadata: { status: 'confirmed' } })
  })

  test('behavior: more than a page of confirmed transactions pages by the last txid', async () => {
    const network = networkOf(esplora)
    const busy = wallet()
    const funded = Array.from({ length: 27 }, (_, index) =>
      esplora.fund(busy.address, 1_000 + index),
    )
    const first = await adapter.transactions({ address: busy.address, network, limit: 20 })
    expect(first.data).toHaveLength(25)
    expect(first.next).toBe(first.data.at(-1)?.id)
    const second = await adapter.transactions({
      address: busy.address,
      network,
      limit: 20,
      cursor: first.next!,
    })
    expect(second.next).toBeNull()
    expect([...first.data, ...second.data].map(({ id }) => id).sort()).toEqual(funded.sort())
  })

  test('error: an Esplora API that is down, or answers what Esplora does not, is unavailable', async () => {
    const down = { ...networkOf(esplora), rpcUrl: 'http://127.0.0.1:9' }
    await expect(adapter.balances({ address: wallet().address, network: down })).rejects.toThrow(
      new AccountDataUnavailableError('Esplora unreachable'),
    )
    // Another service on the URL: JSON, but not an address's totals (the stand-in's fee estimates).
    const elsewhere = await startElsewhere()
    try {
      await expect(
        createEsploraAdapter({ url: elsewhere.url }).balances({
          address: wallet().address,
          network: networkOf(esplora),
        }),
      ).rejects.toThrow('Esplora answered an unexpected shape')
    } finally {
      await elsewhere.close()
    }
    await expect(
      adapter.nfts({ address: wallet().address, network: networkOf(esplora), limit: 20 }),
    ).rejects.toThrow('NFTs are not available for bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
  })
})
