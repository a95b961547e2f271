// AIRLOCK_NAMES_PARENT, AIRLOCK_NAMES_GATEWAY_KEY, AIRLOCK_NAMES_RESOLVER and AIRLOCK_NAMES_ENS_* read,
// and refused naming what is wrong.
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { ConfigError } from '../../configError'
import { readNamesConfig } from './namesConfig'

describe('readNamesConfig', () => {
  test('behavior: unset or empty, names are off', () => {
    expect(readNamesConfig({})).toBeUndefined()
    expect(readNamesConfig({ AIRLOCK_NAMES_PARENT: '' })).toBeUndefined()
  })

  test('behavior: a normalised name is the parent', () => {
    expect(readNamesConfig({ AIRLOCK_NAMES_PARENT: 'airlock.eth' })).toEqual({
      parent: 'airlock.eth',
    })
  })

  test.each([
    [
      'Airlock.eth',
      'AIRLOCK_NAMES_PARENT must be in ENSIP-15 normal form: it would be "airlock.eth".',
    ],
    ['eth', 'AIRLOCK_NAMES_PARENT must be a name with a parent of its own, such as airlock.eth.'],
    ['airlock..eth', /^AIRLOCK_NAMES_PARENT is not a valid ENS name \(ENSIP-15\): /],
    ['\u0430irlock.eth', /^AIRLOCK_NAMES_PARENT is not a valid ENS name \(ENSIP-15\): /],
  ])('error: %j is refused', (parent, message) => {
    const read = () => readNamesConfig({ AIRLOCK_NAMES_PARENT: parent })
    expect(read).toThrow(ConfigError)
    expect(read).toThrow(message)
  })
})

describe('readNamesConfig: the CCIP-Read gateway', () => {
  const key = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
  const resolver = '0x12ce0bfb3d7def429029a158486a669cb61dbc1d'

  test('behavior: a key and a resolver turn the gateway on, signing with the key', async () => {
    const config = readNamesConfig({
      AIRLOCK_NAMES_PARENT: 'airlock.eth',
      AIRLOCK_NAMES_GATEWAY_KEY: key,
      AIRLOCK_NAMES_RESOLVER: resolver,
    })
    expect(config?.gateway?.resolverAddress).toBe('0x12CE0bfb3D7dEF429029a158486A669Cb61dBc1D')
    expect(config?.gateway?.signer.address).toBe(privateKeyToAccount(key).address)
    // The config holds an account, not the key: nothing that prints it shows the key.
    expect(JSON.stringify(config)).not.toContain(key.slice(2))
  })

  test('behavior: without them the gateway is off and names still register', () => {
    expect(
      readNamesConfig({ AIRLOCK_NAMES_PARENT: 'airlock.eth', AIRLOCK_NAMES_GATEWAY_KEY: '' }),
    ).toStrictEqual({ parent: 'airlock.eth' })
  })

  test.each([
    [
      { AIRLOCK_NAMES_GATEWAY_KEY: key },
      'AIRLOCK_NAMES_GATEWAY_KEY needs AIRLOCK_NAMES_RESOLVER, the offchain resolver it signs for.',
    ],
    [
      { AIRLOCK_NAMES_RESOLVER: resolver },
      'AIRLOCK_NAMES_RESOLVER is set but AIRLOCK_NAMES_GATEWAY_KEY is not.',
    ],
    [
      { AIRLOCK_NAMES_GATEWAY_KEY: key.slice(0, -2), AIRLOCK_NAMES_RESOLVER: resolver },
      'AIRLOCK_NAMES_GATEWAY_KEY must be a secp256k1 private key: 0x and 64 hex digits.',
    ],
    [
      { AIRLOCK_NAMES_GATEWAY_KEY: `0x${'f'.repeat(64)}`, AIRLOCK_NAMES_RESOLVER: resolver },
      'AIRLOCK_NAMES_GATEWAY_KEY must be a secp256k1 private key: 0x and 64 hex digits.',
    ],
    [
      { AIRLOCK_NAMES_GATEWAY_KEY: key, AIRLOCK_NAMES_RESOLVER: 'resolver.eth' },
      'AIRLOCK_NAMES_RESOLVER must be an address (0x and 40 hex digits): "resolver.eth".',
    ],
  ])('error: %j is refused, never showing the key', (env, message) => {
    const read = () => readNamesConfig({ AIRLOCK_NAMES_PARENT: 'airlock.eth', ...env })
    expect(read).toThrow(ConfigError)
    expect(read).toThrow(message)
  })

  test('error: a gateway without AIRLOCK_NAMES_PARENT is refused', () => {
    expect(() => readNamesConfig({ AIRLOCK_NAMES_GATEWAY_KEY: key })).toThrow(
      'AIRLOCK_NAMES_GATEWAY_KEY is set but AIRLOCK_NAMES_PARENT is not.',
    )
  })
})

describe('readNamesConfig: ENS for names outside the parent', () => {
  const parent = { AIRLOCK_NAMES_PARENT: 'airlock.eth' }
  const resolver = '0x8840e9e1ae0f4e2c2bb0bb5b0e2ad34ab85ca438'

  test('behavior: mainnet takes viem’s Universal Resolver; another chain the one given', () => {
    expect(readNamesConfig({ ...parent, AIRLOCK_NAMES_ENS_CHAIN_ID: '1' })?.ens).toEqual({
      chainId: 1,
      universalResolver: '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe',
    })
    expect(
      readNamesConfig({
        ...parent,
        AIRLOCK_NAMES_ENS_CHAIN_ID: '31337',
        AIRLOCK_NAMES_ENS_UNIVERSAL_RESOLVER: resolver,
      })?.ens,
    ).toEqual({ chainId: 31337, universalResolver: '0x8840E9E1aE0F4e2C2bb0Bb5b0e2aD34ab85Ca438' })
    expect(readNamesConfig(parent)?.ens).toBeUndefined()
  })

  test.each([
    [
      { AIRLOCK_NAMES_ENS_CHAIN_ID: 'one' },
      'AIRLOCK_NAMES_ENS_CHAIN_ID must be a chain id such as 1: "one".',
    ],
    [
      { AIRLOCK_NAMES_ENS_CHAIN_ID: '0' },
      'AIRLOCK_NAMES_ENS_CHAIN_ID must be a chain id such as 1: "0".',
    ],
    [
      { AIRLOCK_NAMES_ENS_CHAIN_ID: '31337' },
      'AIRLOCK_NAMES_ENS_UNIVERSAL_RESOLVER is needed for ENS on chain 31337: only mainnet’s is known.',
    ],
    [
      { AIRLOCK_NAMES_ENS_CHAIN_ID: '1', AIRLOCK_NAMES_ENS_UNIVERSAL_RESOLVER: 'ur.eth' },
      'AIRLOCK_NAMES_ENS_UNIVERSAL_RESOLVER must be an address (0x and 40 hex digits): "ur.eth".',
    ],
    [
      { AIRLOCK_NAMES_ENS_UNIVERSAL_RESOLVER: resolver },
      'AIRLOCK_NAMES_ENS_UNIVERSAL_RESOLVER is set but AIRLOCK_NAMES_ENS_CHAIN_ID is not.',
    ],
  ])('error: %j is refused', (env, message) => {
    expect(() => readNamesConfig({ ...parent, ...env })).toThrow(message)
  })

  test('error: ENS settings without a parent are refused', () => {
    expect(() => readNamesConfig({ AIRLOCK_NAMES_ENS_CHAIN_ID: '1' })).toThrow(
      'AIRLOCK_NAMES_ENS_CHAIN_ID is set but AIRLOCK_NAMES_PARENT is not.',
    )
  })
})
