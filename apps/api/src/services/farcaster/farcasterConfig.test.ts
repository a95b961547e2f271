// Sign In With Farcaster's settings from the environment: off without an Optimism RPC, the public
// relay by default, https only in production, and messages that never repeat an RPC URL (it may
// hold a key).
import { describe, expect, test } from 'vitest'
import { ConfigError } from '../../configError'
import { readFarcasterConfig } from './farcasterConfig'

const dev = { production: false }
const production = { production: true }

describe('readFarcasterConfig', () => {
  test('behavior: off without AIRLOCK_FARCASTER_RPC_URL; with it, the public relay unless another is set', () => {
    expect(readFarcasterConfig({}, dev)).toBeUndefined()
    expect(readFarcasterConfig({ AIRLOCK_FARCASTER_RPC_URL: '' }, dev)).toBeUndefined()
    expect(
      readFarcasterConfig({ AIRLOCK_FARCASTER_RPC_URL: 'https://opt.example/v2/key' }, production),
    ).toEqual({ rpcUrl: 'https://opt.example/v2/key', relayUrl: 'https://relay.farcaster.xyz' })
    expect(
      readFarcasterConfig(
        {
          AIRLOCK_FARCASTER_RPC_URL: 'http://127.0.0.1:8545',
          AIRLOCK_FARCASTER_RELAY_URL: 'http://127.0.0.1:8792/',
        },
        dev,
      ),
    ).toEqual({ rpcUrl: 'http://127.0.0.1:8545', relayUrl: 'http://127.0.0.1:8792' })
  })

  test('error: a relay without an RPC, a URL that is not http(s), or http in production is refused without repeating the URL', () => {
    const refusal = (env: Record<string, string>, options = dev) => {
      try {
        readFarcasterConfig(env, options)
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError)
        return (error as Error).message
      }
      throw new Error('accepted')
    }
    expect(refusal({ AIRLOCK_FARCASTER_RELAY_URL: 'https://relay.example' })).toMatch(
      /^AIRLOCK_FARCASTER_RELAY_URL is set, but not AIRLOCK_FARCASTER_RPC_URL/,
    )
    expect(refusal({ AIRLOCK_FARCASTER_RPC_URL: 'wss://secret-key@opt.example' })).toBe(
      'AIRLOCK_FARCASTER_RPC_URL must be an http(s) URL.',
    )
    expect(refusal({ AIRLOCK_FARCASTER_RPC_URL: 'not a url secret-key' })).toBe(
      'AIRLOCK_FARCASTER_RPC_URL must be an http(s) URL.',
    )
    expect(
      refusal({ AIRLOCK_FARCASTER_RPC_URL: 'http://opt.example/secret-key' }, production),
    ).toBe('AIRLOCK_FARCASTER_RPC_URL must be an https:// URL in production mode.')
    expect(
      refusal(
        {
          AIRLOCK_FARCASTER_RPC_URL: 'https://opt.example',
          AIRLOCK_FARCASTER_RELAY_URL: 'http://relay.example',
        },
        production,
      ),
    ).toBe('AIRLOCK_FARCASTER_RELAY_URL must be an https:// URL in production mode.')
  })
})
