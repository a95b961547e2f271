/**
 * Reads the process environment once, at start, for the server and the CLI. Defaults are
 * resolved from this file's location (or the compiled API's, apps/api/dist, at the same depth),
 * not the working directory, so `npm start` from any folder finds the same data and builds.
 */

import { resolve } from 'node:path'
import type { NetworkConfig, WalletConnectConfig } from '@airlock/protocol'
import { ConfigError } from './configError'
import type { Environment } from './environment'
import { defaultLogLevel, type LogLevel, logLevels } from './logger'
import { repoRoot } from './repoRoot'
import { readInstanceId } from './requestLogging'
import { type AccountDataConfig, loadAccountDataConfig } from './services/accountData/config'
import {
  type BundlerConfig,
  type PaymasterConfig,
  readBundlerConfig,
  readPaymasterConfig,
  readSmartAccountConfig,
  type SmartAccountConfig,
} from './services/bundlers/bundlerConfig'
import { type EmailConfig, readEmailConfig } from './services/email/emailConfig'
import { defaultEventRetentionDays } from './services/eventRetention'
import { type FarcasterConfig, readFarcasterConfig } from './services/farcaster/farcasterConfig'
import { type NamesConfig, readNamesConfig } from './services/names/namesConfig'
import { loadNetworks } from './services/networks'
import { type OnrampConfig, readOnrampConfig } from './services/onramp/onrampConfig'
import {
  defaultAccountDataPerMinute,
  defaultEmailLoginPerMinute,
  defaultEventsPerMinute,
} from './services/rateLimit'
import { readSocialConfig, type SocialConfig } from './services/social/socialConfig'
import { readSwapConfig, type SwapConfig } from './services/swap/swapConfig'
import type { CacheConfig } from './storage/cache/openCache'
import type { StorageConfig } from './storage/storage'
import { readWalletConnectConfig } from './walletConnect'

export type ServerConfig = {
  /**
   * Production mode: `NODE_ENV=production` or `AIRLOCK_PRODUCTION=1`. No loopback sources in the
   * CSP, no dev networks or demo project, https origins, no unsafe dev defaults (README).
   */
  production: boolean
  host: string
  port: number
  /** `AIRLOCK_INSTANCE_ID`: this replica's name in `X-Airlock-Instance`; unset, no header. */
  instanceId: string | undefined
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
  /** `AIRLOCK_EVENTS_PER_MINUTE`: events `POST /e` accepts per client and page origin. */
  eventsPerMinute: number
  /** `AIRLOCK_EVENT_RETENTION_DAYS`: events older than this are deleted, hourly. Default 90. */
  eventRetentionDays: number
  /**
   * The account-data budgets a minute (defaults in rateLimit.ts):
   * `AIRLOCK_ACCOUNT_DATA_PER_PROJECT_PER_MINUTE` (6000, all of a project's visitors),
   * `AIRLOCK_ACCOUNT_DATA_PER_CLIENT_PER_MINUTE` (120, one client address) and
   * `AIRLOCK_ACCOUNT_DATA_UNCACHED_PER_CLIENT_PER_MINUTE` (6, one client's `cache=false` reads,
   * each of which goes to the upstream indexer).
   */
  accountDataPerMinute: { project: number; client: number; uncached: number }
  /**
   * The email login budgets a minute (defaults in rateLimit.ts), codes and sign-ins together:
   * `AIRLOCK_EMAIL_LOGIN_PER_EMAIL_PER_MINUTE` (5, one address, whoever asks),
   * `AIRLOCK_EMAIL_LOGIN_PER_CLIENT_PER_MINUTE` (30, one client address) and
   * `AIRLOCK_EMAIL_LOGIN_PER_PROJECT_PER_MINUTE` (3000).
   */
  emailLoginPerMinute: { email: number; client: number; project: number }
  /**
   * `AIRLOCK_TRUST_PROXY`: how many reverse proxies stand in front of the API, default 0. With 0
   * the rate limits count the socket's peer and ignore `X-Forwarded-For` (a client writes it);
   * with 1, the address the proxy saw, the header's last entry (clientAddress.ts).
   */
  trustProxy: number
  /** `LOG_LEVEL`: the least severe level logged, default `info`; `silent` logs nothing. */
  logLevel: LogLevel
  /** `SMTP_URL`, `AIRLOCK_MAIL_FROM`, `AIRLOCK_SERVER_KEY`: email login (emailConfig.ts). */
  email: EmailConfig
  /**
   * `AIRLOCK_SOCIAL_<PROVIDER>_CLIENT_ID`, `…_CLIENT_SECRET` and `…_ISSUER`: the social logins
   * this API offers (socialConfig.ts); none by default.
   */
  social: SocialConfig
  /**
   * `AIRLOCK_FARCASTER_RPC_URL` (an Optimism RPC) and `AIRLOCK_FARCASTER_RELAY_URL`: Sign In With
   * Farcaster (farcasterConfig.ts); off without the RPC.
   */
  farcaster: FarcasterConfig | undefined
  /**
   * `AIRLOCK_BUNDLER_URLS_JSON`: each eip155 network's ERC-4337 bundler, which the API relays
   * the modal's user operations to (bundlerConfig.ts); none by default.
   */
  bundlers: BundlerConfig
  /**
   * How each bundler network's smart accounts are made: EIP-7702 (Simple7702Account, or
   * `AIRLOCK_EIP7702_IMPLEMENTATIONS_JSON`'s implementation) unless
   * `AIRLOCK_ACCOUNT_FACTORIES_JSON` names the Safe for it (`"safe-1.4.1"`, bundlerConfig.ts).
   */
  smartAccounts: SmartAccountConfig
  /** Networks those two name that have no bundler: no smart account works there. */
  smartAccountsWithoutBundler: string[]
  /**
   * `AIRLOCK_PAYMASTER_URLS_JSON`: each eip155 network's ERC-7677 paymaster, which sponsors the
   * gas of the smart accounts' user operations there (bundlerConfig.ts); none by default.
   */
  paymasters: PaymasterConfig
  /**
   * `AIRLOCK_NAMES_PARENT`: the parent name accounts register names under (`airlock.eth` →
   * `alice.airlock.eth`), ENSIP-15 normalised (namesConfig.ts); unset: names are off.
   */
  names: NamesConfig | undefined
  /**
   * `AIRLOCK_ONRAMP_MELD_API_KEY`, and `AIRLOCK_ONRAMP_COINBASE_APP_ID`, `…_API_KEY` and
   * `…_API_SECRET`: the onramp providers buying crypto goes through (onrampConfig.ts); none: off.
   */
  onramp: OnrampConfig | undefined
  /**
   * `AIRLOCK_SWAP_1INCH_API_KEY` (1inch on the spec's swap networks) and
   * `AIRLOCK_SWAP_LOCAL_ROUTERS_JSON` (a Uniswap v2 router per local chain, `{"31337":"0x…"}`):
   * the swap providers (swapConfig.ts); without either, swaps are off.
   */
  swap: SwapConfig
}

/** Shortest operator token accepted: a guessable one would open every project's stats. */
export const minOperatorTokenChars = 24

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

/** Production mode: `NODE_ENV=production`, or `AIRLOCK_PRODUCTION` set to 1 or true. */
export function isProduction(env: Environment): boolean {
  const flag = env.AIRLOCK_PRODUCTION
  if (flag !== undefined && flag !== '' && !['0', '1', 'true', 'false'].includes(flag))
    throw new ConfigError(
      `AIRLOCK_PRODUCTION must be 1, true, 0 or false, got ${JSON.stringify(flag)}.`,
    )
  if (flag === '1' || flag === 'true') return true
  if (flag === '0' || flag === 'false') return false
  return env.NODE_ENV === 'production'
}

/** `AIRLOCK_EVENTS_PER_MINUTE`: a positive whole number, default {@link defaultEventsPerMinute}. */
export function readEventsPerMinute(env: Environment): number {
  return readWholeNumber(env, 'AIRLOCK_EVENTS_PER_MINUTE', defaultEventsPerMinute)
}

/** `AIRLOCK_EVENT_RETENTION_DAYS`: 1 to 36 500 days, default {@link defaultEventRetentionDays}. */
export function readEventRetentionDays(env: Environment): number {
  return readWholeNumber(env, 'AIRLOCK_EVENT_RETENTION_DAYS', defaultEventRetentionDays, {
    max: 36_500,
  })
}

/** The `AIRLOCK_ACCOUNT_DATA_*_PER_MINUTE` budgets, each a positive whole number. */
export function readAccountDataPerMinute(env: Environment): ServerConfig['accountDataPerMinute'] {
  return {
    project: readWholeNumber(
      env,
      'AIRLOCK_ACCOUNT_DATA_PER_PROJECT_PER_MINUTE',
      defaultAccountDataPerMinute.project,
    ),
    client: readWholeNumber(
      env,
      'AIRLOCK_ACCOUNT_DATA_PER_CLIENT_PER_MINUTE',
      defaultAccountDataPerMinute.client,
    ),
    uncached: readWholeNumber(
      env,
      'AIRLOCK_ACCOUNT_DATA_UNCACHED_PER_CLIENT_PER_MINUTE',
      defaultAccountDataPerMinute.uncached,
    ),
  }
}

/** The `AIRLOCK_EMAIL_LOGIN_PER_*_PER_MINUTE` budgets, each a positive whole number. */
export function readEmailLoginPerMinute(env: Environment): ServerConfig['emailLoginPerMinute'] {
  const read = (scope: 'email' | 'client' | 'project') =>
    readWholeNumber(
      env,
      `AIRLOCK_EMAIL_LOGIN_PER_${scope.toUpperCase()}_PER_MINUTE`,
      defaultEmailLoginPerMinute[scope],
    )
  return { email: read('email'), client: read('client'), project: read('project') }
}

/** `AIRLOCK_TRUST_PROXY`: the number of reverse proxies in front of the API, default 0. */
export function readTrustProxy(env: Environment): number {
  return readWholeNumber(env, 'AIRLOCK_TRUST_PROXY', 0, { min: 0, max: 10 })
}

/** `LOG_LEVEL`: one of {@link logLevels}, default {@link defaultLogLevel}. */
export function readLogLevel(env: Environment): LogLevel {
  const level = env.LOG_LEVEL
  if (level === undefined || level === '') return defaultLogLevel
  const known = logLevels.find((name) => name === level)
  if (known === undefined)
    throw new ConfigError(
      `LOG_LEVEL must be one of ${logLevels.join(', ')}, got ${JSON.stringify(level)}.`,
    )
  return known
}

/** `env[name]` as a whole number from `min` (default 1) to `max`, or `fallback` when unset. */
function readWholeNumber(
  env: Environment,
  name: string,
  fallback: number,
  { min = 1, max = Number.MAX_SAFE_INTEGER } = {},
): number {
  const text = env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (/^\d+$/.test(text) && Number.isSafeInteger(value) && value >= min && value <= max)
    return value
  const range =
    min === 1 && max === Number.MAX_SAFE_INTEGER
      ? 'a positive whole number'
      : `a whole number from ${min} to ${max}`
  throw new ConfigError(`${name} must be ${range}, got ${JSON.stringify(text)}.`)
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
  const production = isProduction(env)
  const networks = loadNetworks(env, { production })
  const bundlers = readBundlerConfig(env, { production })
  const smartAccounts = readSmartAccountConfig(env, bundlers)
  return {
    production,
    host: env.HOST || '127.0.0.1',
    port,
    instanceId: readInstanceId(env),
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
    eventRetentionDays: readEventRetentionDays(env),
    accountDataPerMinute: readAccountDataPerMinute(env),
    emailLoginPerMinute: readEmailLoginPerMinute(env),
    trustProxy: readTrustProxy(env),
    logLevel: readLogLevel(env),
    email: readEmailConfig(env),
    social: readSocialConfig(env, { production }),
    farcaster: readFarcasterConfig(env, { production }),
    bundlers,
    smartAccounts: smartAccounts.accounts,
    smartAccountsWithoutBundler: smartAccounts.withoutBundler,
    paymasters: readPaymasterConfig(env, { production }),
    names: readNamesConfig(env),
    onramp: readOnrampConfig(env),
    swap: readSwapConfig(env, networks),
  }
}
