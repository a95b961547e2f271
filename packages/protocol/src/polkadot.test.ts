// `@airlock/protocol/polkadot` on real keys: SS58 addresses held to their network's prefix, and
// message signatures made as extensions make them (sr25519 and ed25519, `<Bytes>`-wrapped, with
// the MultiSignature type byte) checked; another key's, another message's and other forms refused.
import { stringToU8a, u8aConcat, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import {
  ed25519PairFromSeed,
  ed25519Sign,
  sr25519PairFromSeed,
  sr25519Sign,
} from '@polkadot/util-crypto'
import { describe, expect, test } from 'vitest'
import * as exports from './polkadot'
import {
  decodePolkadotAddress,
  PolkadotAddressError,
  PolkadotSignatureError,
  polkadotAddressOf,
  polkadotAddressOn,
  polkadotCaipNetworkIds,
  polkadotNetworkOf,
  verifyPolkadotMessage,
} from './polkadot'

// Alice of the Substrate dev keyring: the same public key on every network.
const alice = {
  generic: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
  polkadot: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
  kusama: 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F',
  publicKey: '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d',
}

test('behavior: the polkadot entry exports exactly these names', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "PolkadotAddressError",
      "PolkadotSignatureError",
      "decodePolkadotAddress",
      "polkadotAddressOf",
      "polkadotAddressOn",
      "polkadotCaipNetworkIds",
      "polkadotNetworkLabels",
      "polkadotNetworkNames",
      "polkadotNetworkOf",
      "polkadotSs58Prefixes",
      "verifyPolkadotMessage",
    ]
  `)
})

describe('addresses', () => {
  test('behavior: an address is its public key and its network prefix', () => {
    expect(u8aToHex(decodePolkadotAddress(alice.polkadot).publicKey)).toBe(alice.publicKey)
    expect(decodePolkadotAddress(alice.polkadot).prefix).toBe(0)
    expect(decodePolkadotAddress(alice.kusama).prefix).toBe(2)
    expect(decodePolkadotAddress(alice.generic).prefix).toBe(42)
    const key = decodePolkadotAddress(alice.generic).publicKey
    expect(polkadotAddressOf(key, 'polkadot')).toBe(alice.polkadot)
    expect(polkadotAddressOf(key, 'kusama')).toBe(alice.kusama)
    expect(polkadotAddressOf(key, 'local')).toBe(alice.generic)
  })

  test('behavior: an address is taken on its own network', () => {
    expect(polkadotAddressOn(alice.polkadot, 'polkadot')).toBe(alice.polkadot)
    expect(polkadotAddressOn(alice.generic, 'westend')).toBe(alice.generic)
  })

  test("error: another network's address is refused, naming the network it is of", () => {
    expect(() => polkadotAddressOn(alice.kusama, 'polkadot')).toThrow(
      `"${alice.kusama}" is not a Polkadot address: it is a Kusama one.`,
    )
    expect(() => polkadotAddressOn(alice.polkadot, 'local')).toThrow(
      `"${alice.polkadot}" is not a Polkadot Local address: it is a Polkadot one.`,
    )
  })

  test.each([
    ['a checksum off by a letter', `${alice.polkadot.slice(0, -1)}6`],
    ['an Ethereum address', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
    ['a Cosmos address', 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02'],
    ['nothing', ''],
  ])('error: %s is no Polkadot address', (_, address) => {
    expect(() => decodePolkadotAddress(address)).toThrow(PolkadotAddressError)
    expect(() => decodePolkadotAddress(address)).toThrow(`"${address}" is not a Polkadot address.`)
  })
})

describe('message signatures', () => {
  const seed = new Uint8Array(32).fill(7)
  const sr = sr25519PairFromSeed(seed)
  const ed = ed25519PairFromSeed(seed)
  const srAddress = polkadotAddressOf(sr.publicKey, 'polkadot')
  const edAddress = polkadotAddressOf(ed.publicKey, 'polkadot')
  const message = 'shop.example wants you to sign in with your Polkadot account:\n…'
  const wrapped = u8aWrapBytes(stringToU8a(message))

  test('behavior: an extension signRaw signature (wrapped, type byte first) verifies', () => {
    const signature = u8aToHex(u8aConcat([1], sr25519Sign(wrapped, sr)))
    expect(
      verifyPolkadotMessage({ address: srAddress, message, signature, network: 'polkadot' }),
    ).toBe(true)
  })

  test('behavior: ed25519, unwrapped or without the type byte, verifies too', () => {
    const raw = u8aToHex(ed25519Sign(stringToU8a(message), ed))
    expect(
      verifyPolkadotMessage({ address: edAddress, message, signature: raw, network: 'polkadot' }),
    ).toBe(true)
    const typed = u8aToHex(u8aConcat([0], ed25519Sign(wrapped, ed)))
    expect(
      verifyPolkadotMessage({ address: edAddress, message, signature: typed, network: 'polkadot' }),
    ).toBe(true)
  })

  test("behavior: another key's, another message's or a tampered signature is false", () => {
    const signature = u8aToHex(sr25519Sign(wrapped, sr))
    expect(
      verifyPolkadotMessage({ address: edAddress, message, signature, network: 'polkadot' }),
    ).toBe(false)
    expect(
      verifyPolkadotMessage({
        address: srAddress,
        message: `${message}!`,
        signature,
        network: 'polkadot',
      }),
    ).toBe(false)
    const tampered = `${signature.slice(0, -2)}${signature.endsWith('00') ? '01' : '00'}`
    expect(
      verifyPolkadotMessage({
        address: srAddress,
        message,
        signature: tampered,
        network: 'polkadot',
      }),
    ).toBe(false)
    // A type byte that names no scheme.
    expect(
      verifyPolkadotMessage({
        address: srAddress,
        message,
        signature: u8aToHex(u8aConcat([9], sr25519Sign(wrapped, sr))),
        network: 'polkadot',
      }),
    ).toBe(false)
  })

  test.each([
    ['not hex', 'signature'],
    ['no 0x', u8aToHex(sr25519Sign(wrapped, sr)).slice(2)],
    ['32 bytes', `0x${'ab'.repeat(32)}`],
  ])('error: a signature of %s is refused in words', (_, signature) => {
    expect(() =>
      verifyPolkadotMessage({ address: srAddress, message, signature, network: 'polkadot' }),
    ).toThrow(PolkadotSignatureError)
    expect(() =>
      verifyPolkadotMessage({ address: srAddress, message, signature, network: 'polkadot' }),
    ).toThrow(
      'Invalid signature: a Polkadot signature is 0x and the hex of 64 or 65 bytes (with or without its type byte).',
    )
  })

  test("error: an address of another network's prefix is refused before the signature", () => {
    const signature = u8aToHex(sr25519Sign(wrapped, sr))
    const kusama = polkadotAddressOf(sr.publicKey, 'kusama')
    expect(() =>
      verifyPolkadotMessage({ address: kusama, message, signature, network: 'polkadot' }),
    ).toThrow(PolkadotAddressError)
  })
})

test('behavior: a CAIP-2 id names its network', () => {
  expect(polkadotNetworkOf(polkadotCaipNetworkIds.kusama)).toBe('kusama')
  expect(polkadotNetworkOf('polkadot:ffffffffffffffffffffffffffffffff')).toBeUndefined()
  expect(polkadotNetworkOf('eip155:1')).toBeUndefined()
})
