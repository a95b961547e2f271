import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { readCacheConfig, readLogLevel, readServerConfig } from './config'
import { ConfigError } from './configError'
import { AccountDataConfigError } from './services/accountData/config'

describe('readCacheConfig', () => {
  test('behavior: in memory unless REDIS_URL is set', () => {
    expect(readCacheConfig({})).toEqual({ kind: 'memory' })
    expect(readCacheConfig({ REDIS_URL: '' })).toEqual({ kind: 'memory' })
    expect(readCacheConfig({ REDIS_URL: 'redis://cache:6379/0' })).toEqual({
      kind: 'redis',
      url: 'redis://cache:6379/0',
    })
    expect(readCacheConfig({ REDIS_URL: 'rediss://user:pw@cache:6380' })).toMatchObject({
      kind: 'redis',
    })
  })

  test('behavior: a REDIS_URL that is not redis:// stops the start', () => {
    expect(() => readCacheConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(ConfigError)
    expect(() => readCacheConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(
      'REDIS_URL must be a redis:// or rediss:// URL.',
    )
  })
})

describe('readServerConfig', () => {
  test('behavior: carries the cache and account data settings', () => {
    const config = readServerConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })
    expect(config.cache).toEqual({ kind: 'redis', url: 'redis://127.0.0.1:6379' })
    expect(Object.keys(config.accountData)).toEqual([
      'eip155:31337',
      'solana:localnet',
      'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      'cosmos:airlock-local-1',
      'polkadot:fcbb43a94fb5ca7574f5f76c75f9510c',
    ])
  })

  test('behavior: a bad AIRLOCK_ACCOUNT_DATA_JSON stops the start', () => {
    expect(() => readServerConfig({ AIRLOCK_ACCOUNT_DATA_JSON: '[' })).toThrow(
      AccountDataConfigError,
    )
  })
})

describe('stats and event limits', () => {
  test('behavior: stats are off and 6000 events a minute by default', () => {
    const config = readServerConfig({})
    expect(config.operatorToken).toBeUndefined()
    expect(config.eventsPerMinute).toBe(6_000)
    expect(
      readServerConfig({ AIRLOCK_OPERATOR_TOKEN: '', AIRLOCK_EVENTS_PER_MINUTE: '' }),
    ).toMatchObject({ operatorToken: undefined, eventsPerMinute: 6_000 })
  })

  test('behavior: carries AIRLOCK_OPERATOR_TOKEN and AIRLOCK_EVENTS_PER_MINUTE', () => {
    const token = 'x'.repeat(24)
    expect(
      readServerConfig({ AIRLOCK_OPERATOR_TOKEN: token, AIRLOCK_EVENTS_PER_MINUTE: '120' }),
    ).toMatchObject({ operatorToken: token, eventsPerMinute: 120 })
  })

  test('behavior: an operator token under 24 characters stops the start, without showing it', () => {
    const start = () => readServerConfig({ AIRLOCK_OPERATOR_TOKEN: 'hunter2-is-not-enough' })
    expect(start).toThrow(ConfigError)
    expect(start).toThrow('AIRLOCK_OPERATOR_TOKEN must be at least 24 characters (it has 21).')
  })

  test.each(['0', '-5', '1.5', '1e3', 'lots', ' 60', '9007199254740993'])(
    'behavior: AIRLOCK_EVENTS_PER_MINUTE=%j stops the start',
    (value) => {
      const start = () => readServerConfig({ AIRLOCK_EVENTS_PER_MINUTE: value })
      expect(start).toThrow(ConfigError)
      expect(start).toThrow(
        `AIRLOCK_EVENTS_PER_MINUTE must be a positive whole number, got ${JSON.stringify(value)}.`,
      )
    },
  )
})

describe('retention, account-data budgets and proxies', () => {
  test('behavior: 90 days, 6000/120/6 account-data requests a minute and no trusted proxy by default', () => {
    expect(readServerConfig({})).toMatchObject({
      eventRetentionDays: 90,
      accountDataPerMinute: { project: 6_000, client: 120, uncached: 6 },
      emailLoginPerMinute: { email: 5, client: 30, project: 3_000 },
      trustProxy: 0,
    })
  })

  test('behavior: carries each setting', () => {
    expect(
      readServerConfig({
        AIRLOCK_EVENT_RETENTION_DAYS: '30',
        AIRLOCK_ACCOUNT_DATA_PER_PROJECT_PER_MINUTE: '1000',
        AIRLOCK_ACCOUNT_DATA_PER_CLIENT_PER_MINUTE: '60',
        AIRLOCK_ACCOUNT_DATA_UNCACHED_PER_CLIENT_PER_MINUTE: '2',
        AIRLOCK_EMAIL_LOGIN_PER_EMAIL_PER_MINUTE: '3',
        AIRLOCK_EMAIL_LOGIN_PER_CLIENT_PER_MINUTE: '300',
        AIRLOCK_EMAIL_LOGIN_PER_PROJECT_PER_MINUTE: '9000',
        AIRLOCK_TRUST_PROXY: '1',
      }),
    ).toMatchObject({
      eventRetentionDays: 30,
      accountDataPerMinute: { project: 1_000, client: 60, uncached: 2 },
      emailLoginPerMinute: { email: 3, client: 300, project: 9_000 },
      trustProxy: 1,
    })
  })

  test.each([
    ['AIRLOCK_EVENT_RETENTION_DAYS', '0', 'a whole number from 1 to 36500'],
    ['AIRLOCK_EVENT_RETENTION_DAYS', '36501', 'a whole number from 1 to 36500'],
    ['AIRLOCK_EVENT_RETENTION_DAYS', '7d', 'a whole number from 1 to 36500'],
    ['AIRLOCK_ACCOUNT_DATA_PER_PROJECT_PER_MINUTE', '0', 'a positive whole number'],
    ['AIRLOCK_ACCOUNT_DATA_PER_CLIENT_PER_MINUTE', '1.5', 'a positive whole number'],
    ['AIRLOCK_ACCOUNT_DATA_UNCACHED_PER_CLIENT_PER_MINUTE', '-1', 'a positive whole number'],
    ['AIRLOCK_EMAIL_LOGIN_PER_CLIENT_PER_MINUTE', '0', 'a positive whole number'],
    ['AIRLOCK_TRUST_PROXY', 'true', 'a whole number from 0 to 10'],
    ['AIRLOCK_TRUST_PROXY', '11', 'a whole number from 0 to 10'],
  ])('behavior: %s=%j stops the start, naming the variable', (name, value, range) => {
    const start = () => readServerConfig({ [name]: value })
    expect(start).toThrow(ConfigError)
    expect(start).toThrow(`${name} must be ${range}, got ${JSON.stringify(value)}.`)
  })
})

describe('readLogLevel', () => {
  test('behavior: info unless LOG_LEVEL names a level; silent is one', () => {
    expect(readLogLevel({})).toBe('info')
    expect(readLogLevel({ LOG_LEVEL: '' })).toBe('info')
    expect(readLogLevel({ LOG_LEVEL: 'debug' })).toBe('debug')
    expect(readLogLevel({ LOG_LEVEL: 'silent' })).toBe('silent')
    expect(readServerConfig({ LOG_LEVEL: 'warn' }).logLevel).toBe('warn')
  })

  test.each(['verbose', 'INFO', '30'])(
    'behavior: LOG_LEVEL=%s stops the start, naming the variable',
    (value) => {
      const start = () => readServerConfig({ LOG_LEVEL: value })
      expect(start).toThrow(ConfigError)
      expect(start).toThrow(
        `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "${value}".`,
      )
    },
  )
})

describe('social login settings', () => {
  test('behavior: no provider is offered by default', () => {
    expect(readServerConfig({}).social).toEqual({})
  })

  test('behavior: carries each provider with a client id and secret, and an issuer when set', () => {
    expect(
      readServerConfig({
        AIRLOCK_SOCIAL_GOOGLE_CLIENT_ID: 'google-client',
        AIRLOCK_SOCIAL_GOOGLE_CLIENT_SECRET: 'google-secret',
        AIRLOCK_SOCIAL_GITHUB_CLIENT_ID: 'github-client',
        AIRLOCK_SOCIAL_GITHUB_CLIENT_SECRET: 'github-secret',
        AIRLOCK_SOCIAL_GITHUB_ISSUER: 'http://127.0.0.1:8791/github',
        AIRLOCK_SOCIAL_X_CLIENT_ID: '',
        AIRLOCK_SOCIAL_X_CLIENT_SECRET: '',
      }).social,
    ).toEqual({
      google: { clientId: 'google-client', clientSecret: 'google-secret' },
      github: {
        clientId: 'github-client',
        clientSecret: 'github-secret',
        issuer: 'http://127.0.0.1:8791/github',
      },
    })
  })

  test('behavior: production mode takes an https issuer', () => {
    expect(
      readServerConfig({
        AIRLOCK_PRODUCTION: '1',
        AIRLOCK_SOCIAL_APPLE_CLIENT_ID: 'com.example.web',
        AIRLOCK_SOCIAL_APPLE_CLIENT_SECRET: 'eyJhbGciOiJFUzI1NiJ9.e30.sig',
        AIRLOCK_SOCIAL_APPLE_ISSUER: 'https://appleid.apple.com',
      }).social,
    ).toEqual({
      apple: {
        clientId: 'com.example.web',
        clientSecret: 'eyJhbGciOiJFUzI1NiJ9.e30.sig',
        issuer: 'https://appleid.apple.com',
      },
    })
  })

  test.each([
    [
      'a secret without its client id',
      { AIRLOCK_SOCIAL_DISCORD_CLIENT_SECRET: 'hunter2' },
      'AIRLOCK_SOCIAL_DISCORD_CLIENT_SECRET is set without AIRLOCK_SOCIAL_DISCORD_CLIENT_ID: set both, or neither.',
    ],
    [
      'a client id without its secret',
      { AIRLOCK_SOCIAL_FACEBOOK_CLIENT_ID: '1234' },
      'AIRLOCK_SOCIAL_FACEBOOK_CLIENT_ID is set without AIRLOCK_SOCIAL_FACEBOOK_CLIENT_SECRET: set both, or neither.',
    ],
    [
      'an issuer without a client',
      { AIRLOCK_SOCIAL_X_ISSUER: 'https://id.example.com' },
      'AIRLOCK_SOCIAL_X_ISSUER is set, but not AIRLOCK_SOCIAL_X_CLIENT_ID and AIRLOCK_SOCIAL_X_CLIENT_SECRET: set them too, or unset it.',
    ],
    [
      'an issuer that is not a URL',
      { ...googleClient(), AIRLOCK_SOCIAL_GOOGLE_ISSUER: 'accounts.google.com' },
      'AIRLOCK_SOCIAL_GOOGLE_ISSUER must be an OpenID issuer URL such as https://accounts.google.com, got "accounts.google.com".',
    ],
    [
      'an issuer that is not http(s)',
      { ...googleClient(), AIRLOCK_SOCIAL_GOOGLE_ISSUER: 'ftp://id.example.com' },
      'AIRLOCK_SOCIAL_GOOGLE_ISSUER must be an https:// OpenID issuer URL, got "ftp://id.example.com".',
    ],
    [
      'an issuer with a query',
      { ...googleClient(), AIRLOCK_SOCIAL_GOOGLE_ISSUER: 'https://id.example.com/?tenant=1' },
      'AIRLOCK_SOCIAL_GOOGLE_ISSUER must be an issuer URL without a query or fragment, got "https://id.example.com/?tenant=1".',
    ],
    [
      'an http issuer in production mode',
      {
        ...googleClient(),
        AIRLOCK_PRODUCTION: '1',
        AIRLOCK_SOCIAL_GOOGLE_ISSUER: 'http://127.0.0.1:8791/google',
      },
      'AIRLOCK_SOCIAL_GOOGLE_ISSUER must be an https:// URL in production mode, got "http://127.0.0.1:8791/google".',
    ],
  ])('behavior: %s stops the start, naming the variable', (_, env, message) => {
    const start = () => readServerConfig(env)
    expect(start).toThrow(ConfigError)
    expect(start).toThrow(message)
  })

  test('behavior: a refusal never repeats the secret', () => {
    expect(() =>
      readServerConfig({ AIRLOCK_SOCIAL_GITHUB_CLIENT_SECRET: 'very-secret-value' }),
    ).not.toThrow(/very-secret-value/)
  })
})

function googleClient() {
  return {
    AIRLOCK_SOCIAL_GOOGLE_CLIENT_ID: 'google-client',
    AIRLOCK_SOCIAL_GOOGLE_CLIENT_SECRET: 'google-secret',
  }
}

describe('onramp settings', () => {
  const ed25519Secret = (() => {
    const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' })
    return Buffer.concat([
      Buffer.from(jwk.d ?? '', 'base64url'),
      Buffer.from(jwk.x ?? '', 'base64url'),
    ]).toString('base64')
  })()
  const ecPem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ format: 'pem', type: 'sec1' })
    .toString()
  const coinbase = {
    AIRLOCK_ONRAMP_COINBASE_APP_ID: 'cdp-project-1',
    AIRLOCK_ONRAMP_COINBASE_API_KEY: 'organizations/org/apiKeys/key',
    AIRLOCK_ONRAMP_COINBASE_API_SECRET: ed25519Secret,
  }

  test('behavior: off without keys; each provider on with its own', () => {
    expect(readServerConfig({}).onramp).toBeUndefined()
    expect(
      readServerConfig({ AIRLOCK_ONRAMP_MELD_API_KEY: 'W9kZTT7332:3sYKoXQv6o' }).onramp,
    ).toEqual({
      meld: { apiKey: 'W9kZTT7332:3sYKoXQv6o' },
    })
    expect(readServerConfig(coinbase).onramp).toEqual({
      coinbase: {
        appId: 'cdp-project-1',
        apiKey: { id: 'organizations/org/apiKeys/key', secret: ed25519Secret },
      },
    })
    // An EC key from the CDP portal, as a PEM (newlines escaped as an env file writes them).
    expect(
      readServerConfig({
        ...coinbase,
        AIRLOCK_ONRAMP_COINBASE_API_SECRET: ecPem.replaceAll('\n', '\\n'),
      }).onramp?.coinbase?.appId,
    ).toBe('cdp-project-1')
  })

  test('behavior: each provider’s webhook secret goes with its keys', () => {
    expect(
      readServerConfig({
        AIRLOCK_ONRAMP_MELD_API_KEY: 'W9kZTT7332:3sYKoXQv6o',
        AIRLOCK_ONRAMP_MELD_WEBHOOK_SECRET: '42m4NMLS34WQ6BbMfo1KFKqMv4hy',
        ...coinbase,
        AIRLOCK_ONRAMP_COINBASE_WEBHOOK_SECRET: 'cdp-webhook-secret-0001',
      }).onramp,
    ).toMatchObject({
      meld: { webhookSecret: '42m4NMLS34WQ6BbMfo1KFKqMv4hy' },
      coinbase: { webhookSecret: 'cdp-webhook-secret-0001' },
    })
  })

  test.each([
    [
      'a Meld key with a space',
      { AIRLOCK_ONRAMP_MELD_API_KEY: 'two words here' },
      'AIRLOCK_ONRAMP_MELD_API_KEY must be the API key from the Meld dashboard: 8 to 512 printable characters, no spaces.',
    ],
    [
      'a Coinbase app id alone',
      { AIRLOCK_ONRAMP_COINBASE_APP_ID: 'cdp-project-1' },
      'AIRLOCK_ONRAMP_COINBASE_APP_ID is set without AIRLOCK_ONRAMP_COINBASE_API_KEY and AIRLOCK_ONRAMP_COINBASE_API_SECRET: Coinbase needs all three, or none.',
    ],
    [
      'a Coinbase key without its secret',
      {
        AIRLOCK_ONRAMP_COINBASE_APP_ID: 'cdp-project-1',
        AIRLOCK_ONRAMP_COINBASE_API_KEY: 'key-1',
      },
      'AIRLOCK_ONRAMP_COINBASE_APP_ID and AIRLOCK_ONRAMP_COINBASE_API_KEY are set without AIRLOCK_ONRAMP_COINBASE_API_SECRET: Coinbase needs all three, or none.',
    ],
    [
      'a secret that is no key',
      { ...coinbase, AIRLOCK_ONRAMP_COINBASE_API_SECRET: 'hunter2-not-a-key' },
      'AIRLOCK_ONRAMP_COINBASE_API_SECRET is not a CDP secret API key: the key is neither an EC PEM nor the base64 of a 64-byte Ed25519 key.',
    ],
    [
      'a Meld webhook secret without its key',
      { AIRLOCK_ONRAMP_MELD_WEBHOOK_SECRET: '42m4NMLS34WQ6BbMfo1KFKqMv4hy' },
      'AIRLOCK_ONRAMP_MELD_WEBHOOK_SECRET is set without AIRLOCK_ONRAMP_MELD_API_KEY: Meld webhooks are for orders opened with its key.',
    ],
    [
      'a Coinbase webhook secret too short to be one',
      { ...coinbase, AIRLOCK_ONRAMP_COINBASE_WEBHOOK_SECRET: 'short' },
      'AIRLOCK_ONRAMP_COINBASE_WEBHOOK_SECRET must be the webhook secret Coinbase gave: 16 to 512 printable characters, no spaces.',
    ],
  ])('behavior: %s stops the start, naming the variable, never the key', (_, env, message) => {
    const start = () => readServerConfig(env)
    expect(start).toThrow(ConfigError)
    expect(start).toThrow(message)
  })
})
