import type { NetworkConfig } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import { devUsdMint } from '../../../../../devchain/solanaDev.mjs'
import { defaultNetworks, loadNetworks } from '../networks'
import {
  AccountDataConfigError,
  defaultAccountDataConfig,
  devchainSolanaUsdMint,
  devchainSpamCollection,
  devchainUsdAddress,
  loadAccountDataConfig,
} from './config'

const networks = defaultNetworks()
/** Bitcoin Regtest's and Cosmos Local's defaults: their Esplora and REST APIs, unpriced. */
const regtestDefault = {
  'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': {
    indexer: { kind: 'esplora' },
    prices: { kind: 'static' },
  },
  'cosmos:airlock-local-1': { indexer: { kind: 'cosmosRest' }, prices: { kind: 'static' } },
  'polkadot:fcbb43a94fb5ca7574f5f76c75f9510c': {
    indexer: { kind: 'substrate' },
    prices: { kind: 'static' },
  },
}
const load = (json: unknown) =>
  loadAccountDataConfig(
    { AIRLOCK_ACCOUNT_DATA_JSON: typeof json === 'string' ? json : JSON.stringify(json) },
    networks,
  )

describe('loadAccountDataConfig', () => {
  test('behavior: unset, only the local chains have account data: Anvil by the built-in indexer, Solana Localnet by its RPC, Bitcoin Regtest by its Esplora API, Cosmos Local by its REST API', () => {
    for (const env of [{}, { AIRLOCK_ACCOUNT_DATA_JSON: '  ' }])
      expect(loadAccountDataConfig(env, networks)).toEqual({
        'eip155:31337': {
          indexer: { kind: 'builtin' },
          prices: { kind: 'static', native: 2500, tokens: { [devchainUsdAddress]: 1 } },
          spamContracts: [devchainSpamCollection],
        },
        'solana:localnet': {
          indexer: {
            kind: 'solanaRpc',
            tokens: {
              [devchainSolanaUsdMint]: { name: 'Airlock Solana USD', symbol: 'sUSD', decimals: 6 },
            },
          },
          prices: { kind: 'static', native: 150, tokens: { [devchainSolanaUsdMint]: 1 } },
        },
        ...regtestDefault,
      })
    expect(defaultAccountDataConfig()['eip155:1']).toBeUndefined()
  })

  test('behavior: the local chains get their defaults only when the catalogue has them (production mode leaves them out)', () => {
    expect(loadAccountDataConfig({}, loadNetworks({}, { production: true }))).toEqual({})
  })

  test('behavior: the default sUSD mint is the one the Solana dev seed creates', () => {
    expect(devchainSolanaUsdMint).toBe(devUsdMint.address)
  })

  test('behavior: Solana mints are checked as base58 and kept in their exact case', () => {
    const mint = devchainSolanaUsdMint
    const config = load({
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': {
        indexer: { kind: 'solanaRpc', tokens: { [mint]: { name: 'Dev USD', symbol: 'DUSD' } } },
        prices: { kind: 'static', native: 150, tokens: { [mint]: 1 } },
        spamContracts: [mint],
      },
    })
    expect(config['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']).toEqual({
      indexer: { kind: 'solanaRpc', tokens: { [mint]: { name: 'Dev USD', symbol: 'DUSD' } } },
      prices: { kind: 'static', native: 150, tokens: { [mint]: 1 } },
      spamContracts: [mint],
    })
  })

  test('behavior: entries add networks and replace defaults; addresses become lower-case', () => {
    const config = load({
      'eip155:1': {
        indexer: { kind: 'alchemy', apiKey: 'key' },
        prices: {
          kind: 'coingecko',
          platformId: 'ethereum',
          nativeCoinId: 'ethereum',
          apiKey: 'cg',
        },
        spamContracts: ['0xABCDEF0000000000000000000000000000000001'],
      },
      'eip155:31337': {
        indexer: { kind: 'builtin', confirmationDepth: 0 },
        prices: {
          kind: 'static',
          native: 3000,
          tokens: { '0xAAAA000000000000000000000000000000000001': 2 },
        },
      },
    })
    expect(config).toEqual({
      'eip155:1': {
        indexer: { kind: 'alchemy', apiKey: 'key', baseUrl: 'https://eth-mainnet.g.alchemy.com' },
        prices: {
          kind: 'coingecko',
          platformId: 'ethereum',
          nativeCoinId: 'ethereum',
          apiKey: 'cg',
        },
        spamContracts: ['0xabcdef0000000000000000000000000000000001'],
      },
      'eip155:31337': {
        indexer: { kind: 'builtin', confirmationDepth: 0 },
        prices: {
          kind: 'static',
          native: 3000,
          tokens: { '0xaaaa000000000000000000000000000000000001': 2 },
        },
      },
      'solana:localnet': defaultAccountDataConfig()['solana:localnet'],
      ...regtestDefault,
    })
  })

  test('behavior: null removes a default network', () => {
    expect(
      load({
        'eip155:31337': null,
        'solana:localnet': null,
        'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': null,
        'cosmos:airlock-local-1': null,
        'polkadot:fcbb43a94fb5ca7574f5f76c75f9510c': null,
      }),
    ).toEqual({})
  })

  test('behavior: Bitcoin mainnet is read from mempool.space, or another Esplora API; the esplora indexer serves bip122 networks only', () => {
    const mainnet = 'bip122:000000000019d6689c085ae165831e93'
    const prices = { kind: 'coingecko', platformId: 'bitcoin', nativeCoinId: 'bitcoin' }
    expect(load({ [mainnet]: { indexer: { kind: 'esplora' }, prices } })[mainnet]).toEqual({
      indexer: { kind: 'esplora' },
      prices,
    })
    expect(
      load({
        [mainnet]: { indexer: { kind: 'esplora', url: 'https://esplora.example/api/' }, prices },
      })[mainnet]?.indexer,
    ).toEqual({ kind: 'esplora', url: 'https://esplora.example/api' })
    expect(() =>
      load({ 'eip155:1': { indexer: { kind: 'esplora' }, prices: { kind: 'static' } } }),
    ).toThrow(
      'AIRLOCK_ACCOUNT_DATA_JSON: eip155:1: the esplora indexer serves bip122 networks only.',
    )
    expect(() =>
      load({ [mainnet]: { indexer: { kind: 'builtin' }, prices: { kind: 'static' } } }),
    ).toThrow(
      `AIRLOCK_ACCOUNT_DATA_JSON: ${mainnet}: the builtin indexer serves eip155 networks only.`,
    )
  })

  test('behavior: a Cosmos network is read from its REST API, or another; cosmosRest serves the Cosmos networks Airlock knows the denomination of', () => {
    const hub = 'cosmos:cosmoshub-4'
    const prices = { kind: 'static' }
    expect(
      load({ [hub]: { indexer: { kind: 'cosmosRest', url: 'https://lcd.example/' }, prices } })[
        hub
      ],
    ).toMatchObject({ indexer: { kind: 'cosmosRest', url: 'https://lcd.example' } })
    expect(() => load({ 'eip155:1': { indexer: { kind: 'cosmosRest' }, prices } })).toThrow(
      'AIRLOCK_ACCOUNT_DATA_JSON: eip155:1: the cosmosRest indexer serves cosmos networks only.',
    )
    const juno = 'cosmos:juno-1'
    const withJuno = [
      ...networks,
      {
        caipNetworkId: juno,
        name: 'Juno',
        nativeCurrency: { name: 'Juno', symbol: 'JUNO', decimals: 6 },
        rpcUrl: 'https://lcd.example',
      },
    ] as const
    expect(() =>
      loadAccountDataConfig(
        {
          AIRLOCK_ACCOUNT_DATA_JSON: JSON.stringify({
            [juno]: { indexer: { kind: 'cosmosRest' }, prices },
          }),
        },
        [...withJuno],
      ),
    ).toThrow(
      'AIRLOCK_ACCOUNT_DATA_JSON: cosmos:juno-1: the cosmosRest indexer reads the Cosmos networks Airlock knows the denomination of (cosmos:cosmoshub-4, cosmos:osmosis-1, cosmos:airlock-local-1).',
    )
  })

  test('behavior: an explicit Alchemy baseUrl is kept, without a trailing slash', () => {
    const config = load({
      'eip155:8453': {
        indexer: { kind: 'alchemy', apiKey: 'k', baseUrl: 'https://alchemy.proxy.example/base/' },
        prices: { kind: 'static' },
      },
    })
    expect(config['eip155:8453']?.indexer).toEqual({
      kind: 'alchemy',
      apiKey: 'k',
      baseUrl: 'https://alchemy.proxy.example/base',
    })
  })

  test.each([
    ['not JSON', '{', /is not valid JSON/],
    ['an array', [], /must map CAIP-2 network ids/],
    [
      'a bad network id',
      { mainnet: { indexer: { kind: 'builtin' }, prices: { kind: 'static' } } },
      /Invalid key in record\n {2}→ at mainnet/,
    ],
    [
      'an unknown indexer',
      { 'eip155:1': { indexer: { kind: 'moralis' }, prices: { kind: 'static' } } },
      /indexer/,
    ],
    ['no prices', { 'eip155:1': { indexer: { kind: 'builtin' } } }, /prices/],
    [
      'an unknown key',
      { 'eip155:1': { indexer: { kind: 'builtin' }, prices: { kind: 'static' }, extra: 1 } },
      /extra/,
    ],
    [
      'a negative price',
      { 'eip155:1': { indexer: { kind: 'builtin' }, prices: { kind: 'static', native: -1 } } },
      /native/,
    ],
    [
      'a bad spam address',
      {
        'eip155:1': {
          indexer: { kind: 'builtin' },
          prices: { kind: 'static' },
          spamContracts: ['0x12'],
        },
      },
      /must be an address/,
    ],
    [
      'a bad token price key',
      {
        'eip155:1': {
          indexer: { kind: 'builtin' },
          prices: { kind: 'static', tokens: { usdc: 1 } },
        },
      },
      /prices.tokens key "usdc" must be an address/,
    ],
    [
      'coingecko without platformId',
      {
        'eip155:1': {
          indexer: { kind: 'builtin' },
          prices: { kind: 'coingecko', nativeCoinId: 'ethereum' },
        },
      },
      /platformId/,
    ],
    [
      'a network not in the catalogue',
      { 'eip155:5': { indexer: { kind: 'builtin' }, prices: { kind: 'static' } } },
      /eip155:5 is not in the network catalogue/,
    ],
    [
      'a non-EVM network',
      {
        'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': {
          indexer: { kind: 'builtin' },
          prices: { kind: 'static' },
        },
      },
      /eip155 networks only/,
    ],
    [
      'the Solana RPC indexer on an EVM network',
      { 'eip155:1': { indexer: { kind: 'solanaRpc' }, prices: { kind: 'static' } } },
      /eip155:1: the solanaRpc indexer serves solana networks only/,
    ],
    [
      'an EVM address as a Solana price key',
      {
        'solana:localnet': {
          indexer: { kind: 'solanaRpc' },
          prices: { kind: 'static', tokens: { '0xAAAA000000000000000000000000000000000001': 1 } },
        },
      },
      /solana:localnet: prices.tokens key "0xAAAA000000000000000000000000000000000001" must be a Solana address: 32 to 44 base58 characters/,
    ],
    [
      'a Solana spam entry that does not decode to 32 bytes',
      {
        'solana:localnet': {
          indexer: { kind: 'solanaRpc' },
          prices: { kind: 'static' },
          spamContracts: ['z'.repeat(44)],
        },
      },
      /spamContracts entry "z{44}" must be a Solana address/,
    ],
    [
      'a Solana token name keyed by something else than a mint',
      {
        'solana:localnet': {
          indexer: { kind: 'solanaRpc', tokens: { usdc: { name: 'USD Coin', symbol: 'USDC' } } },
          prices: { kind: 'static' },
        },
      },
      /solana:localnet: indexer.tokens key "usdc" must be a Solana address/,
    ],
  ])('behavior: %s stops the start with a message', (_, json, message) => {
    expect(() => load(json)).toThrow(AccountDataConfigError)
    expect(() => load(json)).toThrow(message)
  })

  test('behavior: Alchemy on a chain without a known host needs baseUrl', () => {
    const withChain: NetworkConfig[] = [
      ...networks,
      {
        caipNetworkId: 'eip155:999',
        name: 'Other',
        nativeCurrency: networks[0]!.nativeCurrency,
        rpcUrl: 'https://rpc.example',
      },
    ]
    expect(() =>
      loadAccountDataConfig(
        {
          AIRLOCK_ACCOUNT_DATA_JSON: JSON.stringify({
            'eip155:999': { indexer: { kind: 'alchemy', apiKey: 'k' }, prices: { kind: 'static' } },
          }),
        },
        withChain,
      ),
    ).toThrow(/eip155:999: Alchemy has no known host for this chain; set indexer.baseUrl/)
  })
})
