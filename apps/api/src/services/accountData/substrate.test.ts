/**
 * The Polkadot adapter against the dev Polkadot node on loopback (scripts/devPolkadot.mjs: a real
 * ledger behind a node's JSON-RPC, with Subscan's transfer list beside it), with a transfer signed
 * and submitted by @polkadot/api as a wallet does: the free balance from System.Account, then the
 * transfer as activity on both sides.
 */
import '@polkadot/api-augment/polkadot'
import type { NetworkConfig } from '@airlock/protocol'
import { ApiPromise, WsProvider } from '@polkadot/api'
import type { ApiOptions } from '@polkadot/api/types'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady, mnemonicGenerate } from '@polkadot/util-crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DevPolkadot, startDevPolkadot } from '../../../../../scripts/devPolkadot.mjs'
import { AccountDataUnavailableError, InvalidCursorError, type PolkadotAddress } from './adapter'
import { createSubstrateAdapter } from './substrate'

const dot = 10_000_000_000n

describe('Polkadot account data from the node and Subscan', () => {
  let node: DevPolkadot
  let api: ApiPromise
  let network: NetworkConfig
  const adapter = createSubstrateAdapter()
  const keyring = new Keyring({ type: 'sr25519', ss58Format: 42 })
  const account = () => keyring.addFromMnemonic(mnemonicGenerate())

  beforeAll(async () => {
    await cryptoWaitReady()
    node = await startDevPolkadot({ port: 0, quiet: true })
    // @polkadot/api's own types disagree under exactOptionalPropertyTypes (ttl).
    const provider = new WsProvider(node.wsUrl) as NonNullable<ApiOptions['provider']>
    api = await ApiPromise.create({ provider, noInitWarn: true })
    network = {
      caipNetworkId: 'polkadot:fcbb43a94fb5ca7574f5f76c75f9510c',
      name: 'Polkadot Local',
      nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
      rpcUrl: node.httpUrl,
    }
  })
  afterAll(async () => {
    await api?.disconnect()
    await node?.close()
  })

  test('behavior: an account never funded has no balance and no activity', async () => {
    const address = account().address as PolkadotAddress
    expect(await adapter.balances({ address, network })).toEqual([])
    expect(await adapter.transactions({ address, network, limit: 25 })).toEqual({
      data: [],
      next: null,
    })
  })

  test('behavior: the free balance is the DOT the chain holds, and a transfer is activity on both sides', async () => {
    const alice = account()
    const bob = account()
    node.fund(alice.address, 5n * dot)
    expect(await adapter.balances({ address: alice.address as PolkadotAddress, network })).toEqual([
      { name: 'Polkadot', symbol: 'DOT', decimals: 10, balance: 5n * dot },
    ])
    const hash = await new Promise<string>((resolve, reject) => {
      api.tx.balances
        .transferKeepAlive(bob.address, (3n * dot) / 2n)
        .signAndSend(alice, (result) => {
          if (result.status.isInBlock) resolve(result.txHash.toHex())
        })
        .catch(reject)
    })
    expect(await adapter.balances({ address: bob.address as PolkadotAddress, network })).toEqual([
      { name: 'Polkadot', symbol: 'DOT', decimals: 10, balance: (3n * dot) / 2n },
    ])
    const sent = await adapter.transactions({
      address: alice.address as PolkadotAddress,
      network,
      limit: 25,
    })
    expect(sent.data).toEqual([
      expect.objectContaining({
        id: hash,
        metadata: expect.objectContaining({
          operationType: 'send',
          status: 'confirmed',
          sentFrom: alice.address,
          sentTo: bob.address,
          chain: network.caipNetworkId,
        }),
        transfers: [
          { direction: 'out', fungible_info: { symbol: 'DOT', quantity: { numeric: '1.5' } } },
        ],
      }),
    ])
    const received = await adapter.transactions({
      address: bob.address as PolkadotAddress,
      network,
      limit: 25,
    })
    expect(
      received.data.map((tx) => [tx.id, tx.metadata.operationType, tx.transfers[0]?.direction]),
    ).toEqual([[hash, 'receive', 'in']])
  })

  test('error: a cursor it did not issue is refused', async () => {
    const address = account().address as PolkadotAddress
    await expect(
      adapter.transactions({ address, network, limit: 25, cursor: 'next' }),
    ).rejects.toThrow(InvalidCursorError)
  })

  test('error: a node that is down is the account data being unavailable', async () => {
    const address = account().address as PolkadotAddress
    const down = { ...network, rpcUrl: 'http://127.0.0.1:9' }
    await expect(adapter.balances({ address, network: down })).rejects.toThrow(
      AccountDataUnavailableError,
    )
  })
})
