import { describe, expect, test } from 'vitest'
import { AccountDataConfigError } from './accountData/config'
import { ConfigError, readCacheConfig, readServerConfig } from './config'

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
    expect(Object.keys(config.accountData)).toEqual(['eip155:31337', 'solana:localnet'])
  })

  test('behavior: a bad AIRLOCK_ACCOUNT_DATA_JSON stops the start', () => {
    expect(() => readServerConfig({ AIRLOCK_ACCOUNT_DATA_JSON: '[' })).toThrow(
      AccountDataConfigError,
    )
  })
})
