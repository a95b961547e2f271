// The bundlers' and paymasters' settings: none by default; eip155 network ids to http(s) URLs; https off loopback
// in production; each fault named without repeating the URL (a hosted bundler's key is in it).
import { safeAccountContracts, simple7702AccountAddress } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import { ConfigError } from '../../configError'
import { readBundlerConfig, readPaymasterConfig, readSmartAccountConfig } from './bundlerConfig'

const dev = { production: false }
const production = { production: true }
const read = (json: string | undefined, options = dev) =>
  readBundlerConfig({ AIRLOCK_BUNDLER_URLS_JSON: json }, options)

describe('readBundlerConfig', () => {
  test('behavior: none by default; each network its URL', () => {
    expect(read(undefined)).toEqual({})
    expect(read('  ')).toEqual({})
    expect(
      read('{"eip155:31337":"http://127.0.0.1:8793","eip155:8453":"https://b.example/?key=s"}'),
    ).toEqual({
      'eip155:31337': 'http://127.0.0.1:8793',
      'eip155:8453': 'https://b.example/?key=s',
    })
    expect(read('{"eip155:8453":"https://b.example/"}', production)).toEqual({
      'eip155:8453': 'https://b.example/',
    })
  })

  test('error: malformed settings are refused naming the entry, never the URL', () => {
    const refusal = (json: string, options = dev) => {
      try {
        read(json, options)
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError)
        const message = (error as Error).message
        expect(message).not.toContain('secret')
        return message
      }
      throw new Error('accepted')
    }
    expect(refusal('{"eip155:1":')).toBe('AIRLOCK_BUNDLER_URLS_JSON is not valid JSON.')
    expect(refusal('["https://secret.example"]')).toBe(
      'AIRLOCK_BUNDLER_URLS_JSON must be an object from a network id to a bundler URL.',
    )
    expect(refusal('{"solana:localnet":"https://secret.example"}')).toBe(
      'AIRLOCK_BUNDLER_URLS_JSON: "solana:localnet" is not an eip155 network id such as eip155:8453.',
    )
    expect(refusal('{"eip155:1":"ftp://secret.example"}')).toBe(
      'AIRLOCK_BUNDLER_URLS_JSON: the bundler of eip155:1 must be an http(s) URL.',
    )
    expect(refusal('{"eip155:1":7}')).toBe(
      'AIRLOCK_BUNDLER_URLS_JSON: the bundler of eip155:1 must be an http(s) URL.',
    )
    expect(refusal('{"eip155:1":"http://secret.example"}', production)).toBe(
      'AIRLOCK_BUNDLER_URLS_JSON: the bundler of eip155:1 must be https in production mode.',
    )
    expect(refusal('{"eip155:1":"https://127.0.0.1:8793/secret"}', production)).toBe(
      'AIRLOCK_BUNDLER_URLS_JSON: the bundler of eip155:1 must not be on loopback in production mode.',
    )
  })
})

describe('readPaymasterConfig', () => {
  test('behavior and error: its own variable, read and refused as the bundlers are, naming the paymaster', () => {
    const env = (json: string) => ({ AIRLOCK_PAYMASTER_URLS_JSON: json })
    expect(readPaymasterConfig({}, dev)).toEqual({})
    expect(readPaymasterConfig(env('{"eip155:31337":"http://127.0.0.1:8794"}'), dev)).toEqual({
      'eip155:31337': 'http://127.0.0.1:8794',
    })
    // The bundlers' variable is not read for the paymasters.
    expect(
      readPaymasterConfig({ AIRLOCK_BUNDLER_URLS_JSON: '{"eip155:1":"http://a"}' }, dev),
    ).toEqual({})
    expect(() => readPaymasterConfig(env('[]'), dev)).toThrow(
      'AIRLOCK_PAYMASTER_URLS_JSON must be an object from a network id to a paymaster URL.',
    )
    expect(() =>
      readPaymasterConfig(env('{"eip155:1":"http://secret.example"}'), production),
    ).toThrow(
      'AIRLOCK_PAYMASTER_URLS_JSON: the paymaster of eip155:1 must be https in production mode.',
    )
  })
})

describe('readSmartAccountConfig', () => {
  const bundlers = {
    'eip155:8453': 'https://b.example/',
    'eip155:10': 'https://b.example/',
  } as const
  const address = '0x0000000000000000000000000000000000f4c70a'
  const checksummed = '0x0000000000000000000000000000000000F4C70A'

  test('behavior: a bundler network upgrades the EOA with EIP-7702 to Simple7702Account by default', () => {
    expect(readSmartAccountConfig({}, bundlers)).toEqual({
      accounts: {
        'eip155:8453': { kind: 'eip7702', implementation: simple7702AccountAddress },
        'eip155:10': { kind: 'eip7702', implementation: simple7702AccountAddress },
      },
      withoutBundler: [],
    })
    expect(readSmartAccountConfig({}, {})).toEqual({ accounts: {}, withoutBundler: [] })
  })

  test('behavior: a network without EIP-7702 gets the Safe it names (by name or by its canonical factory); another implementation where named; networks named without a bundler are listed', () => {
    expect(
      readSmartAccountConfig(
        {
          AIRLOCK_ACCOUNT_FACTORIES_JSON: JSON.stringify({
            'eip155:10': 'safe-1.4.1',
            'eip155:8453': safeAccountContracts['1.4.1'].proxyFactory.toLowerCase(),
          }),
        },
        { 'eip155:10': 'https://bundler.example/op', 'eip155:8453': 'https://bundler.example/b' },
      ),
    ).toEqual({
      accounts: {
        'eip155:10': { kind: 'safe', version: '1.4.1' },
        'eip155:8453': { kind: 'safe', version: '1.4.1' },
      },
      withoutBundler: [],
    })
    expect(
      readSmartAccountConfig(
        {
          AIRLOCK_ACCOUNT_FACTORIES_JSON: JSON.stringify({ 'eip155:10': 'safe-1.4.1' }),
          AIRLOCK_EIP7702_IMPLEMENTATIONS_JSON: JSON.stringify({
            'eip155:8453': address,
            'eip155:1': address,
          }),
        },
        bundlers,
      ),
    ).toEqual({
      accounts: {
        'eip155:8453': { kind: 'eip7702', implementation: checksummed },
        'eip155:10': { kind: 'safe', version: '1.4.1' },
      },
      withoutBundler: ['eip155:1'],
    })
  })

  test('error: a factory Airlock does not make accounts with, an entry that is no address, a network named both ways, a list that is no object are refused', () => {
    const supported =
      'The accounts Airlock supports on a network without EIP-7702: "safe-1.4.1" (Safe 1.4.1 with the Safe4337Module 0.3.0 on EntryPoint v0.7, SafeProxyFactory 0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67).'
    expect(() =>
      readSmartAccountConfig(
        { AIRLOCK_ACCOUNT_FACTORIES_JSON: JSON.stringify({ 'eip155:10': address }) },
        bundlers,
      ),
    ).toThrow(
      `AIRLOCK_ACCOUNT_FACTORIES_JSON: eip155:10 names "${address}", which Airlock does not make. ${supported}`,
    )
    expect(() =>
      readSmartAccountConfig({ AIRLOCK_ACCOUNT_FACTORIES_JSON: '{"eip155:10":7}' }, bundlers),
    ).toThrow(
      `AIRLOCK_ACCOUNT_FACTORIES_JSON: eip155:10 names no account, which Airlock does not make. ${supported}`,
    )
    expect(() =>
      readSmartAccountConfig({ AIRLOCK_EIP7702_IMPLEMENTATIONS_JSON: '{"eip155:10":7}' }, bundlers),
    ).toThrow(
      'AIRLOCK_EIP7702_IMPLEMENTATIONS_JSON: eip155:10 needs an EIP-7702 implementation address.',
    )
    expect(() =>
      readSmartAccountConfig(
        {
          AIRLOCK_ACCOUNT_FACTORIES_JSON: JSON.stringify({ 'eip155:10': 'safe-1.4.1' }),
          AIRLOCK_EIP7702_IMPLEMENTATIONS_JSON: JSON.stringify({ 'eip155:10': address }),
        },
        bundlers,
      ),
    ).toThrow(
      'eip155:10 is in both AIRLOCK_ACCOUNT_FACTORIES_JSON and AIRLOCK_EIP7702_IMPLEMENTATIONS_JSON: its smart accounts are made one way, by a factory (no EIP-7702) or by EIP-7702.',
    )
    expect(() =>
      readSmartAccountConfig({ AIRLOCK_ACCOUNT_FACTORIES_JSON: '[]' }, bundlers),
    ).toThrow(
      'AIRLOCK_ACCOUNT_FACTORIES_JSON must be an object from a network id to the account Airlock makes there.',
    )
  })
})
