// The bundlers' and paymasters' settings: none by default; eip155 network ids to http(s) URLs; https off loopback
// in production; each fault named without repeating the URL (a hosted bundler's key is in it).
import { describe, expect, test } from 'vitest'
import { ConfigError } from '../../configError'
import { readAccountFactoryConfig, readBundlerConfig, readPaymasterConfig } from './bundlerConfig'

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

describe('readAccountFactoryConfig', () => {
  const bundlers = { 'eip155:8453': 'https://b.example/' } as const
  const factories = (json: string | undefined) =>
    readAccountFactoryConfig({ AIRLOCK_ACCOUNT_FACTORIES_JSON: json }, bundlers)

  test('behavior: each bundler network its factory, checksummed; the API names none of its own', () => {
    expect(factories('{"eip155:8453":"0x0000000000000000000000000000000000f4c70a"}')).toEqual({
      'eip155:8453': '0x0000000000000000000000000000000000F4C70A',
    })
    expect(readAccountFactoryConfig({}, {})).toEqual({})
  })

  test('error: a bundler network without a factory, or a factory that is no address, is refused', () => {
    const message =
      "AIRLOCK_ACCOUNT_FACTORIES_JSON: eip155:8453 has a bundler, so it needs its smart accounts' factory address."
    expect(() => factories(undefined)).toThrow(message)
    expect(() => factories('{"eip155:10":"0x0000000000000000000000000000000000f4c70a"}')).toThrow(
      message,
    )
    expect(() => factories('{"eip155:8453":"0xnot"}')).toThrow(message)
    expect(() => factories('[]')).toThrow(
      'AIRLOCK_ACCOUNT_FACTORIES_JSON must be an object from a network id to an account factory address.',
    )
  })
})
