import { describe, expect, test } from 'vitest'
import { ConfigError } from './configError'
import { publicRelayUrl, readWalletConnectConfig } from './walletConnect'

describe('readWalletConnectConfig', () => {
  test('behavior: the public relay needs a WalletConnect project id; without one WalletConnect is off', () => {
    expect(readWalletConnectConfig({})).toBeNull()
    expect(readWalletConnectConfig({ AIRLOCK_WC_PROJECT_ID: 'abc123' })).toEqual({
      relayUrl: publicRelayUrl,
      projectId: 'abc123',
      verify: true,
    })
  })

  test('behavior: a loopback relay takes any project id, and Verify can be off', () => {
    expect(
      readWalletConnectConfig({
        AIRLOCK_WC_RELAY_URL: 'ws://127.0.0.1:8789',
        AIRLOCK_WC_VERIFY: 'off',
      }),
    ).toEqual({ relayUrl: 'ws://127.0.0.1:8789', projectId: 'airlock-local', verify: false })
  })

  test('error: each bad setting is named', () => {
    expect(() => readWalletConnectConfig({ AIRLOCK_WC_RELAY_URL: 'not a url' })).toThrow(
      new ConfigError('AIRLOCK_WC_RELAY_URL must be a ws:// or wss:// URL, got "not a url".'),
    )
    expect(() =>
      readWalletConnectConfig({ AIRLOCK_WC_RELAY_URL: 'ws://relay.example.com' }),
    ).toThrow(/wss:\/\/ URL \(ws:\/\/ only on loopback/)
    expect(() =>
      readWalletConnectConfig({ AIRLOCK_WC_RELAY_URL: 'https://relay.example.com' }),
    ).toThrow(/must be a wss:\/\//)
    expect(() => readWalletConnectConfig({ AIRLOCK_WC_VERIFY: 'maybe' })).toThrow(
      'AIRLOCK_WC_VERIFY must be on or off, got "maybe".',
    )
    expect(() => readWalletConnectConfig({ AIRLOCK_WC_PROJECT_ID: 'a b' })).toThrow(
      'AIRLOCK_WC_PROJECT_ID must be letters, digits or hyphens.',
    )
  })
})
