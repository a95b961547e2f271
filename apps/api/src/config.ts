/**
 * Reads the process environment once, at start, for the server and the CLI. Defaults are
 * resolved from this file's location, not the working directory, so `npm start` from any
 * folder finds the same data and builds.
 */

import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { WalletConnectConfig } from '@airlock/protocol'
import { type AccountDataConfig, loadAccountDataConfig } from './accountData/config'
import type { CacheConfig } from './cache/cache'
import { loadNetworks, type NetworkConfig } from './networks'
import { defaultEventsPerMinute } from './rateLimit'
import type { StorageConfig } from './storage'
import { readWalletConnectConfig } from './walletConnect'

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

export type Environment = Record<string, string | undefined>

export type ServerConfig = {
  host: string
  port: number
  storage: StorageConfig
  networks: NetworkConfig[]
  modalDist: string
  sdkDist: string
  /** The origin the modal is served from, when a proxy makes it differ from the Host header. */
  publicOrigin: string | undefined
  /** Redis with `REDIS_URL`, else in memory. */
  cache: CacheConfig
  /** Indexer and prices per network, from `AIRLOCK_ACCOUNT_DATA_JSON` over the defaults. */
  accountData: AccountDataConfig
  /** The modal's WalletConnect relay, from `AIRLOCK_WC_*`; null when not configured. */
  walletConnect: WalletConnectConfig | null
  /** `AIRLOCK_OPERATOR_TOKEN`: the bearer token of the stats route; without it, stats are off. */
  operatorToken: string | undefined
  /** `AIRLOCK_EVENTS_PER_MINUTE`: events `POST /e` accepts per project and host origin. */
  eventsPerMinute: number
}

/** Shortest operator token accepted: a guessable one would open every project's stats. */
export const minOperatorTokenChars = 24

/** Thrown at start for an unusable setting; the message names the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

/** `DATABASE_URL` selects Postgres; otherwise SQLite at `<DATA_DIR>/airlock.sqlite`. */
export function readStorageConfig(env: Environment): StorageConfig {
  const url = env.DATABASE_URL
  if (url !== undefined && url !== '') {
    if (!/^postgres(ql)?:\/\//.test(url))
      throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL.')
    return { dialect: 'postgres', url }
  }
  const dataDir = resolve(env.DATA_DIR || resolve(repoRoot, 'data'))
  return { dialect: 'sqlite', file: resolve(dataDir, 'airlock.sqlite') }
}

/** `REDIS_URL` selects Redis (shared by replicas); otherwise an in-memory cache per process. */
export function readCacheConfig(env: Environment): CacheConfig {
  const url = env.REDIS_URL
  if (url === undefined || url === '') return { kind: 'memory' }
  if (!/^rediss?:\/\/./.test(url))
    throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL.')
  return { kind: 'redis', url }
}

/** `AIRLOCK_OPERATOR_TOKEN`, when set: at least {@link minOperatorTokenChars} characters. */
export function readOperatorToken(env: Environment): string | undefined {
  const token = env.AIRLOCK_OPERATOR_TOKEN
  if (token === undefined || token === '') return undefined
  // The message never repeats the token: start-up logs are read by more people than it is.
  if (token.length < minOperatorTokenChars)
    throw new ConfigError(
      `AIRLOCK_OPERATOR_TOKEN must be at least ${minOperatorTokenChars} characters (it has ${token.length}).`,
    )
  return token
}

/** `AIRLOCK_EVENTS_PER_MINUTE`: a positive whole number, default {@link defaultEventsPerMinute}. */
export function readEventsPerMinute(env: Environment): number {
  const text = env.AIRLOCK_EVENTS_PER_MINUTE
  if (text === undefined || text === '') return defaultEventsPerMinute
  const value = Number(text)
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1)
    throw new ConfigError(
      `AIRLOCK_EVENTS_PER_MINUTE must be a positive whole number, got ${JSON.stringify(text)}.`,
    )
  return value
}

export function readServerConfig(env: Environment): ServerConfig {
  const port = Number(env.PORT || 8787)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a port number, got ${JSON.stringify(env.PORT)}.`)
  let publicOrigin: string | undefined
  if (env.AIRLOCK_PUBLIC_URL) {
    try {
      publicOrigin = new URL(env.AIRLOCK_PUBLIC_URL).origin
    } catch {
      throw new ConfigError('AIRLOCK_PUBLIC_URL must be a URL such as https://airlock.example.com.')
    }
  }
  const networks = loadNetworks(env)
  return {
    host: env.HOST || '127.0.0.1',
    port,
    storage: readStorageConfig(env),
    networks,
    modalDist: resolve(repoRoot, 'apps/modal/dist'),
    sdkDist: resolve(repoRoot, 'packages/sdk/dist'),
    publicOrigin,
    cache: readCacheConfig(env),
    accountData: loadAccountDataConfig(env, networks),
    walletConnect: readWalletConnectConfig(env),
    operatorToken: readOperatorToken(env),
    eventsPerMinute: readEventsPerMinute(env),
  }
}
