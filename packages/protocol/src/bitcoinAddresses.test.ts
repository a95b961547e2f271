import { secp256k1 } from '@noble/curves/secp256k1'
import { p2pkh, p2tr, p2wpkh } from '@scure/btc-signer'
import { describe, expect, test } from 'vitest'
import {
  bitcoinAddressType,
  bitcoinCaipNetworkIds,
  bitcoinNetworkOf,
  bitcoinNetworkParams,
  bitcoinWalletChain,
  purposeOfAddress,
} from './bitcoin'

const publicKey = secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey(), true)
const addressesOn = (network: keyof typeof bitcoinNetworkParams) => {
  const params = bitcoinNetworkParams[network]
  return {
    p2wpkh: p2wpkh(publicKey, params).address!,
    p2tr: p2tr(publicKey.slice(1), undefined, params).address!,
    p2pkh: p2pkh(publicKey, params).address!,
  }
}

describe('bitcoinAddresses', () => {
  test('behavior: each CAIP-2 id names its network and its Wallet Standard chain; others name none', () => {
    expect(bitcoinNetworkOf('bip122:000000000019d6689c085ae165831e93')).toBe('mainnet')
    expect(bitcoinNetworkOf(bitcoinCaipNetworkIds.signet)).toBe('signet')
    expect(bitcoinNetworkOf('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')).toBe('regtest')
    expect(bitcoinNetworkOf('eip155:1')).toBeUndefined()
    expect(bitcoinNetworkOf('bip122:ffffffffffffffffffffffffffffffff')).toBeUndefined()
    expect(bitcoinWalletChain('testnet')).toBe('bitcoin:testnet')
  })

  test('behavior: an address is typed on its own network and refused on the others', () => {
    const regtest = addressesOn('regtest')
    expect(regtest.p2wpkh).toMatch(/^bcrt1q/)
    expect(bitcoinAddressType(regtest.p2wpkh, 'regtest')).toBe('p2wpkh')
    expect(bitcoinAddressType(regtest.p2tr, 'regtest')).toBe('p2tr')
    expect(bitcoinAddressType(regtest.p2pkh, 'regtest')).toBe('p2pkh')
    expect(bitcoinAddressType(regtest.p2wpkh, 'mainnet')).toBeUndefined()
    expect(bitcoinAddressType(regtest.p2wpkh, 'testnet')).toBeUndefined()
    const mainnet = addressesOn('mainnet')
    expect(bitcoinAddressType(mainnet.p2wpkh, 'mainnet')).toBe('p2wpkh')
    expect(bitcoinAddressType(mainnet.p2wpkh, 'regtest')).toBeUndefined()
    // Testnet and signet share their addresses; a legacy testnet address is regtest's too.
    expect(bitcoinAddressType(addressesOn('testnet').p2tr, 'signet')).toBe('p2tr')
    expect(bitcoinAddressType('not an address', 'mainnet')).toBeUndefined()
    expect(
      bitcoinAddressType('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'mainnet'),
    ).toBeUndefined()
  })

  test('behavior: Taproot addresses keep ordinals, the others pay', () => {
    const regtest = addressesOn('regtest')
    expect(purposeOfAddress(bitcoinAddressType(regtest.p2tr, 'regtest'))).toBe('ordinals')
    expect(purposeOfAddress(bitcoinAddressType(regtest.p2wpkh, 'regtest'))).toBe('payment')
  })
})
