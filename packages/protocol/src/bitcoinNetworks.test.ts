import { NETWORK, TEST_NETWORK } from '@scure/btc-signer'
import { expect, test } from 'vitest'
import { bitcoinCaipNetworkIds, bitcoinNetworkOf, bitcoinNetworkParams } from './bitcoinNetworks'

test('behavior: mainnet’s and testnet’s prefixes are scure’s; signet shares testnet’s, regtest has bcrt', () => {
  expect(bitcoinNetworkParams.mainnet).toEqual(NETWORK)
  expect(bitcoinNetworkParams.testnet).toEqual(TEST_NETWORK)
  expect(bitcoinNetworkParams.signet).toEqual(TEST_NETWORK)
  expect(bitcoinNetworkParams.regtest).toEqual({
    bech32: 'bcrt',
    pubKeyHash: 0x6f,
    scriptHash: 0xc4,
    wif: 0xef,
  })
})

test('behavior: each CAIP-2 id names its network; any other id none', () => {
  expect(bitcoinNetworkOf('bip122:000000000019d6689c085ae165831e93')).toBe('mainnet')
  expect(bitcoinNetworkOf('bip122:000000000933ea01ad0ee984209779ba')).toBe('testnet')
  expect(bitcoinNetworkOf('bip122:00000008819873e925422c1ff0f99f7c')).toBe('signet')
  expect(bitcoinNetworkOf('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')).toBe('regtest')
  for (const [name, id] of Object.entries(bitcoinCaipNetworkIds))
    expect(bitcoinNetworkOf(id)).toBe(name)
  // Litecoin's genesis, another bip122 chain; and another namespace.
  expect(bitcoinNetworkOf('bip122:12a765e31ffd4059bada1e25190f6e98')).toBeUndefined()
  expect(bitcoinNetworkOf('eip155:1')).toBeUndefined()
})
