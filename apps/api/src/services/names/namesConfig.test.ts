// AIRLOCK_NAMES_PARENT, AIRLOCK_NAMES_GATEWAY_KEY and AIRLOCK_NAMES_RESOLVER read, and refused naming what is wrong.
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
