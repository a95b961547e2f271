import { describe, expect, test } from 'vitest'
import { defaultNetworks, loadNetworks, NetworkConfigError, rpcUrlSetting } from './networks'

describe('loadNetworks', () => {
  test('behavior: without settings, the catalogue is the built-in one with Anvil on 8545, Solana Localnet on 8899, Bitcoin Regtest on 8796, Cosmos Local on 8797 and Polkadot Local on 8798', () => {
    const networks = loadNetworks({})
    expect(networks.map((n) => n.caipNetworkId)).toEqual([
      'eip155:31337',
      'solana:localnet',
      'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      'cosmos:airlock-local-1',
      'polkadot:fcbb43a94fb5ca7574f5f76c75f9510c',
      'eip155:1',
      'eip155:8453',
      'eip155:137',
      'eip155:42161',
      'eip155:10',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'bip122:000000000019d6689c085ae165831e93',
      'bip122:000000000933ea01ad0ee984209779ba',
      'bip122:00000008819873e925422c1ff0f99f7c',
      'cosmos:cosmoshub-4',
      'cosmos:osmosis-1',
      'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      'polkadot:b0a8d493285c2df73290dfb7e61f870f',
    ])
    expect(networks[0]).toEqual({
      caipNetworkId: 'eip155:31337',
      name: 'Anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'http://127.0.0.1:8545',
    })
    expect(networks[1]).toEqual({
      caipNetworkId: 'solana:localnet',
      name: 'Solana Localnet',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrl: 'http://127.0.0.1:8899',
    })
    // A Bitcoin network's rpcUrl is its Esplora API.
    expect(networks[2]).toEqual({
      caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      name: 'Bitcoin Regtest',
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      rpcUrl: 'http://127.0.0.1:8796',
    })
    expect(networks.find((n) => n.name === 'Bitcoin')?.rpcUrl).toBe('https://mempool.space/api')
    // A Cosmos network's rpcUrl is its REST API (LCD).
    expect(networks[3]).toEqual({
      caipNetworkId: 'cosmos:airlock-local-1',
      name: 'Cosmos Local',
      nativeCurrency: { name: 'Cosmos', symbol: 'ATOM', decimals: 6 },
      rpcUrl: 'http://127.0.0.1:8797',
    })
  })

  test('behavior: POLKADOT_RPC_URL moves the local Polkadot chain', () => {
    const networks = loadNetworks({ POLKADOT_RPC_URL: 'http://127.0.0.1:18798' })
    expect(networks.find((n) => n.name === 'Polkadot Local')).toEqual({
      caipNetworkId: 'polkadot:fcbb43a94fb5ca7574f5f76c75f9510c',
      name: 'Polkadot Local',
      nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
      rpcUrl: 'http://127.0.0.1:18798',
    })
    expect(() => loadNetworks({ POLKADOT_RPC_URL: 'ws://node' })).toThrow(
      'POLKADOT_RPC_URL must be an http(s) URL, got "ws://node".',
    )
  })

  test('behavior: COSMOS_REST_URL moves the local Cosmos chain', () => {
    const networks = loadNetworks({ COSMOS_REST_URL: 'http://127.0.0.1:18797' })
    expect(networks.find((n) => n.name === 'Cosmos Local')?.rpcUrl).toBe('http://127.0.0.1:18797')
    expect(() => loadNetworks({ COSMOS_REST_URL: 'lcd' })).toThrow(
      'COSMOS_REST_URL must be an http(s) URL, got "lcd".',
    )
  })

  test('behavior: BITCOIN_ESPLORA_URL moves the local Bitcoin chain', () => {
    const networks = loadNetworks({ BITCOIN_ESPLORA_URL: 'http://127.0.0.1:18796' })
    expect(networks.find((n) => n.name === 'Bitcoin Regtest')?.rpcUrl).toBe(
      'http://127.0.0.1:18796',
    )
    expect(() => loadNetworks({ BITCOIN_ESPLORA_URL: 'esplora' })).toThrow(
      'BITCOIN_ESPLORA_URL must be an http(s) URL, got "esplora".',
    )
  })

  test('behavior: SOLANA_RPC_URL moves the local Solana chain', () => {
    const networks = loadNetworks({ SOLANA_RPC_URL: 'http://127.0.0.1:18899' })
    expect(networks.find((n) => n.caipNetworkId === 'solana:localnet')?.rpcUrl).toBe(
      'http://127.0.0.1:18899',
    )
  })

  test('behavior: ANVIL_RPC_URL moves the local chain', () => {
    expect(loadNetworks({ ANVIL_RPC_URL: 'http://127.0.0.1:9545' })[0]?.rpcUrl).toBe(
      'http://127.0.0.1:9545',
    )
  })

  test('behavior: AIRLOCK_NETWORKS_JSON replaces entries by id and appends new ones', () => {
    const networks = loadNetworks({
      AIRLOCK_NETWORKS_JSON: JSON.stringify([
        {
          caipNetworkId: 'eip155:1',
          name: 'Ethereum',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrl: 'https://rpc.example/eth',
        },
        {
          caipNetworkId: 'eip155:11155111',
          name: 'Sepolia',
          nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
          rpcUrl: 'https://rpc.example/sepolia',
          blockExplorerUrl: 'https://sepolia.etherscan.io',
        },
      ]),
    })
    expect(networks).toHaveLength(defaultNetworks().length + 1)
    expect(networks.find((n) => n.caipNetworkId === 'eip155:1')).toEqual({
      caipNetworkId: 'eip155:1',
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'https://rpc.example/eth',
    })
    expect(networks.at(-1)?.name).toBe('Sepolia')
  })

  test.each([
    ['not JSON', '[{', /AIRLOCK_NETWORKS_JSON is not valid JSON/],
    ['not an array', '{}', /AIRLOCK_NETWORKS_JSON must be an array of networks/],
    [
      'a bad CAIP-2 id',
      JSON.stringify([
        {
          caipNetworkId: 'mainnet',
          name: 'X',
          nativeCurrency: { name: 'X', symbol: 'X', decimals: 18 },
          rpcUrl: 'https://x.example',
        },
      ]),
      /caipNetworkId/,
    ],
    [
      'a non-http RPC URL',
      JSON.stringify([
        {
          caipNetworkId: 'eip155:5',
          name: 'X',
          nativeCurrency: { name: 'X', symbol: 'X', decimals: 18 },
          rpcUrl: 'javascript:alert(1)',
        },
      ]),
      /rpcUrl/,
    ],
  ])('behavior: AIRLOCK_NETWORKS_JSON that is %s fails with a clear error', (_, json, message) => {
    expect(() => loadNetworks({ AIRLOCK_NETWORKS_JSON: json })).toThrow(NetworkConfigError)
    expect(() => loadNetworks({ AIRLOCK_NETWORKS_JSON: json })).toThrow(message)
  })

  test('behavior: a malformed ANVIL_RPC_URL fails with a clear error', () => {
    expect(() => loadNetworks({ ANVIL_RPC_URL: 'localhost:8545' })).toThrow(
      'ANVIL_RPC_URL must be an http(s) URL',
    )
  })

  test('behavior: a malformed SOLANA_RPC_URL fails with a clear error', () => {
    expect(() => loadNetworks({ SOLANA_RPC_URL: 'ws://127.0.0.1:8899' })).toThrow(
      'SOLANA_RPC_URL must be an http(s) URL, got "ws://127.0.0.1:8899".',
    )
  })
})

describe('loadNetworks in production', () => {
  const ids = (networks: { caipNetworkId: string }[]) => networks.map((n) => n.caipNetworkId)
  const hostedAnvil = {
    caipNetworkId: 'eip155:31337',
    name: 'Hosted Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: 'https://anvil.example.com',
  }

  test('behavior: without settings, the local chains are left out and the public ones stay', () => {
    expect(ids(loadNetworks({}, { production: true }))).toEqual([
      'eip155:1',
      'eip155:8453',
      'eip155:137',
      'eip155:42161',
      'eip155:10',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'bip122:000000000019d6689c085ae165831e93',
      'bip122:000000000933ea01ad0ee984209779ba',
      'bip122:00000008819873e925422c1ff0f99f7c',
      'cosmos:cosmoshub-4',
      'cosmos:osmosis-1',
      'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      'polkadot:b0a8d493285c2df73290dfb7e61f870f',
    ])
  })

  test('behavior: a local chain the operator configures stays, by its variable or by AIRLOCK_NETWORKS_JSON', () => {
    const byVariable = loadNetworks(
      { SOLANA_RPC_URL: 'https://solana-dev.example.com' },
      { production: true },
    )
    expect(byVariable.find((n) => n.caipNetworkId === 'solana:localnet')?.rpcUrl).toBe(
      'https://solana-dev.example.com',
    )
    expect(ids(byVariable)).not.toContain('eip155:31337')

    const env = { AIRLOCK_NETWORKS_JSON: JSON.stringify([hostedAnvil]) }
    expect(loadNetworks(env, { production: true })[0]).toEqual(hostedAnvil)
    expect(ids(loadNetworks(env, { production: true }))).not.toContain('solana:localnet')
  })

  test('behavior: rpcUrlSetting names where each RPC URL came from', () => {
    const env = { ANVIL_RPC_URL: 'http://10.0.0.5:8545' }
    expect(rpcUrlSetting('eip155:31337', env)).toBe('ANVIL_RPC_URL')
    expect(rpcUrlSetting('solana:localnet', env)).toBe('SOLANA_RPC_URL')
    expect(rpcUrlSetting('bip122:0f9188f13cb7b2c71f2a335e3a4fc328', env)).toBe(
      'BITCOIN_ESPLORA_URL',
    )
    expect(rpcUrlSetting('eip155:1', env)).toBe('the built-in catalogue')
    const json = { ...env, AIRLOCK_NETWORKS_JSON: JSON.stringify([hostedAnvil]) }
    expect(rpcUrlSetting('eip155:31337', json)).toBe('AIRLOCK_NETWORKS_JSON')
  })
})
