import type { NetworkConfig } from '@airlock/protocol'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createMemoryCache } from '../../storage/cache/memoryCache'
import { migrateToLatest } from '../../storage/migrations'
import { openStorage, type Storage } from '../../storage/storage'
import { defaultNetworks } from '../networks'
import { createAccountData, unavailableAdapter } from './accountData'
import { AccountDataUnavailableError } from './adapter'
import { loadAccountDataConfig } from './config'

let storage: Storage
beforeEach(async () => {
  storage = openStorage({ dialect: 'sqlite', file: ':memory:' })
  await migrateToLatest(storage.db)
})
afterEach(() => storage.close())

const networks = defaultNetworks('http://127.0.0.1:9545')

describe('createAccountData', () => {
  test('behavior: each configured network gets its indexer and price source; others get none', () => {
    const built: { network: NetworkConfig; confirmationDepth: number | undefined }[] = []
    const accountData = createAccountData({
      db: storage.db,
      networks,
      config: loadAccountDataConfig(
        {
          AIRLOCK_ACCOUNT_DATA_JSON: JSON.stringify({
            'eip155:31337': {
              indexer: { kind: 'builtin', confirmationDepth: 0 },
              prices: { kind: 'static', native: 2500 },
            },
            'eip155:8453': {
              indexer: { kind: 'alchemy', apiKey: 'k' },
              prices: { kind: 'coingecko', platformId: 'base', nativeCoinId: 'ethereum' },
              spamContracts: ['0xABCDEF0000000000000000000000000000000001'],
            },
            'solana:localnet': {
              indexer: { kind: 'solanaRpc' },
              prices: { kind: 'static', native: 150 },
              spamContracts: ['7P4c9qPUnQpXSLtdTB9X2aqbF6xBZ8VEy9xZESrxDnA3'],
            },
          }),
        },
        networks,
      ),
      cache: createMemoryCache(),
      builtin: (network, { db, confirmationDepth }) => {
        expect(db).toBe(storage.db)
        built.push({ network, confirmationDepth })
        return unavailableAdapter('builtin', 'test')
      },
    })

    expect(built.map((entry) => [entry.network.caipNetworkId, entry.confirmationDepth])).toEqual([
      ['eip155:31337', 0],
    ])
    expect(
      accountData.networks.map(({ network, adapter, prices }) => [
        network.caipNetworkId,
        adapter.kind,
        prices.kind,
      ]),
    ).toEqual([
      ['eip155:31337', 'builtin', 'static'],
      ['solana:localnet', 'solanaRpc', 'static'],
      ['bip122:0f9188f13cb7b2c71f2a335e3a4fc328', 'esplora', 'static'],
      ['cosmos:airlock-local-1', 'cosmosRest', 'static'],
      ['polkadot:fcbb43a94fb5ca7574f5f76c75f9510c', 'substrate', 'static'],
      ['eip155:8453', 'alchemy', 'coingecko'],
    ])
    expect(accountData.forNetwork('eip155:8453')?.spamContracts).toEqual(
      new Set(['0xabcdef0000000000000000000000000000000001']),
    )
    // Base58 is case-sensitive: a Solana mint is kept as written.
    expect(accountData.forNetwork('solana:localnet')?.spamContracts).toEqual(
      new Set(['7P4c9qPUnQpXSLtdTB9X2aqbF6xBZ8VEy9xZESrxDnA3']),
    )
    expect(accountData.forNetwork('eip155:8453')?.network.name).toBe('Base')
    expect(accountData.forNetwork('eip155:1')).toBeUndefined()
    expect(accountData.forNetwork('eip155:999')).toBeUndefined()
  })
})

describe('unavailableAdapter', () => {
  test('behavior: every call fails with AccountDataUnavailableError and the reason', async () => {
    const adapter = unavailableAdapter('builtin', 'The indexer is not running.')
    const query = {
      address: '0x0000000000000000000000000000000000000001',
      network: networks[0]!,
    } as const
    for (const call of [
      adapter.balances(query),
      adapter.nfts({ ...query, limit: 1 }),
      adapter.transactions({ ...query, limit: 1 }),
    ])
      await expect(call).rejects.toThrow(
        new AccountDataUnavailableError('The indexer is not running.'),
      )
  })
})
