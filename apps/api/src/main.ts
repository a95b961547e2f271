/**
 * Starts the API: reads the environment (in production mode refusing unsafe settings and http
 * project origins, productionChecks.ts), checks PostgreSQL answers (storage/databaseReach.ts),
 * opens and migrates the database, checks the server key is the one the database's other
 * replicas use (services/serverKeyFingerprint.ts), seeds the `demo`
 * project outside production, opens the cache and the rate limiters of events and account data
 * (Redis with `REDIS_URL`), prunes old events hourly, sets up account data per network, serves
 * on HOST:PORT (`httpServer.ts`), and closes everything on SIGINT/SIGTERM. It creates the one
 * logger (JSON lines on stdout at `LOG_LEVEL`, logger.ts) and hands it to everything that logs.
 */

import type { AddressInfo } from 'node:net'
import { createApp } from './app'
import { readServerConfig } from './config'
import { ConfigError } from './configError'
import { createApiServer } from './httpServer'
import { createLogger } from './logger'
import { readMetricsIntervalMs, startProcessMetrics } from './processMetrics'
import {
  ProductionConfigError,
  productionConfigProblems,
  storedOriginProblems,
  storedSmartAccountProblems,
} from './productionChecks'
import { seedDemoProject } from './seed'
import { createAccountData } from './services/accountData/accountData'
import { AccountDataConfigError } from './services/accountData/config'
import { createMailer } from './services/email/mailer'
import { scheduleEventPruning } from './services/eventRetention'
import { createIndexer, type Indexer, markSpamContract } from './services/indexer'
import { NetworkConfigError } from './services/networks'
import { listProjects } from './services/projects'
import {
  createEventRateLimiter,
  createRateLimiter,
  defaultRouteBudgets,
} from './services/rateLimit'
import { checkServerKeyFingerprint, ServerKeyMismatchError } from './services/serverKeyFingerprint'
import { buildExists } from './services/staticFiles'
import { loadBuiltinWalletRegistry } from './services/walletRegistry/builtin'
import { openCache } from './storage/cache/openCache'
import { checkDatabaseReach, DatabaseUnreachableError } from './storage/databaseReach'
import { migrateToLatest } from './storage/migrations'
import { openStorage } from './storage/storage'

async function main(): Promise<void> {
  // Until LOG_LEVEL is read: a configuration error is always shown.
  const startLogger = createLogger()
  let config: ReturnType<typeof readServerConfig>
  let metricsIntervalMs: number | undefined
  try {
    config = readServerConfig(process.env)
    metricsIntervalMs = readMetricsIntervalMs(process.env)
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof NetworkConfigError ||
      error instanceof AccountDataConfigError
    ) {
      startLogger.fatal(error.message)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger({ level: config.logLevel })
  if (config.production) {
    const { problems, warnings } = productionConfigProblems(config, process.env)
    for (const warning of warnings) logger.warn(warning)
    if (problems.length > 0) {
      logger.fatal({ problems }, new ProductionConfigError(problems).message)
      process.exit(1)
    }
  }

  // A database that is not there ends the start here, in one line naming its host.
  try {
    await checkDatabaseReach(config.storage)
  } catch (error) {
    if (!(error instanceof DatabaseUnreachableError)) throw error
    logger.fatal(error.message)
    process.exit(1)
  }
  const storage = openStorage(config.storage)
  await migrateToLatest(storage.db)
  // Replicas on one database share the server key; one started with another is refused here.
  // The public development key (no AIRLOCK_SERVER_KEY) is neither recorded nor checked: a
  // developer's database may later get a key of its own.
  try {
    if (config.email.serverKeySet)
      await checkServerKeyFingerprint(storage.db, config.email.serverKey)
  } catch (error) {
    if (!(error instanceof ServerKeyMismatchError)) throw error
    logger.fatal(error.message)
    await storage.close()
    process.exit(1)
  }
  if (config.production) {
    const projects = await listProjects(storage.db)
    const problems = [
      ...storedOriginProblems(projects),
      ...storedSmartAccountProblems(projects, config),
    ]
    if (problems.length > 0) {
      logger.fatal({ problems }, new ProductionConfigError(problems).message)
      await storage.close()
      process.exit(1)
    }
  } else if (await seedDemoProject(storage.db, config.networks))
    logger.info('created the demo project')
  const builtinWallets = await loadBuiltinWalletRegistry(storage.db)
  if (builtinWallets > 0)
    logger.info(`loaded the built-in wallet registry (${builtinWallets} wallets)`)

  for (const [name, dist] of [
    ['modal', config.modalDist],
    ['SDK', config.sdkDist],
  ] as const)
    if (!buildExists(dist))
      logger.warn(`no ${name} build at ${dist}; run \`npm run build\` (answering 503 until then)`)

  // The operator's spam lists reach the built-in indexer through the database.
  for (const [caipNetworkId, entry] of Object.entries(config.accountData))
    for (const address of entry.spamContracts ?? [])
      await markSpamContract(storage.db, caipNetworkId, address)

  // Beside the cache: replicas that share it share each client's budgets too.
  const redisUrl = config.cache.kind === 'redis' ? config.cache.url : undefined
  const eventRateLimiter = createEventRateLimiter(
    { eventsPerMinute: config.eventsPerMinute, redisUrl },
    { logger },
  )
  const accountDataRateLimiter = createRateLimiter(
    { name: 'accountData', perMinute: config.accountDataPerMinute, redisUrl },
    { logger },
  )
  /** A route's limiter at its default budgets, named for its Redis keys and logs. */
  const routeLimiter = <budget extends string>(name: string, perMinute: Record<budget, number>) =>
    createRateLimiter({ name, perMinute, redisUrl }, { logger })
  const siwxRateLimiter = routeLimiter('siwx', defaultRouteBudgets.siwx)
  // The address's budget is counted in the database (services/email/mailBudget.ts).
  const { email: mailsPerAddressPerMinute, ...emailLoginPerMinute } = config.emailLoginPerMinute
  const emailLoginRateLimiter = createRateLimiter(
    { name: 'emailLogin', perMinute: emailLoginPerMinute, redisUrl },
    { logger },
  )
  const bundlerRateLimiter = routeLimiter('bundler', defaultRouteBudgets.bundler)
  const namesRateLimiter = routeLimiter('names', defaultRouteBudgets.names)
  const onrampRateLimiter = routeLimiter('onramp', defaultRouteBudgets.onramp)
  const nftImageRateLimiter = routeLimiter('nftImage', defaultRouteBudgets.nftImage)
  const swapRateLimiter = routeLimiter('swap', defaultRouteBudgets.swap)
  const frameTokenRateLimiter = routeLimiter('frameToken', defaultRouteBudgets.frameToken)
  // Login codes go out through the configured mail server; none: email login is refused.
  const mailer = config.email.smtpUrl
    ? createMailer({ smtpUrl: config.email.smtpUrl, from: config.email.mailFrom })
    : undefined
  const rateLimiters = [
    eventRateLimiter,
    accountDataRateLimiter,
    siwxRateLimiter,
    emailLoginRateLimiter,
    bundlerRateLimiter,
    namesRateLimiter,
    swapRateLimiter,
    onrampRateLimiter,
    frameTokenRateLimiter,
    nftImageRateLimiter,
  ]
  // All wait for Redis at once: with Redis down a start waits 2 s, not three times that.
  const [cache] = await Promise.all([
    openCache(config.cache, { logger }),
    ...rateLimiters.map((limiter) => limiter.ready(2_000)),
  ])
  const eventPruning = scheduleEventPruning({
    db: storage.db,
    days: config.eventRetentionDays,
    logger,
  })
  // Every replica runs the indexers; a lease in the database lets one of them index at a time.
  const indexers: Indexer[] = []
  const accountData = createAccountData({
    db: storage.db,
    networks: config.networks,
    config: config.accountData,
    cache,
    logger,
    builtin: (network, { db, confirmationDepth }) => {
      const indexer = createIndexer({ db, network, confirmationDepth, logger })
      indexer.start()
      indexers.push(indexer)
      return indexer.adapter
    },
  })
  const closeAll = () =>
    Promise.allSettled([...indexers.map((indexer) => indexer.stop()), eventPruning.stop()]).then(
      () =>
        Promise.allSettled([
          storage.close(),
          cache.close(),
          ...rateLimiters.map((limiter) => limiter.close()),
          mailer?.close(),
        ]),
    )
  logger.info(
    `cache: ${cache.kind}; events: ${eventRateLimiter.perMinute.client} a minute per client, kept ${config.eventRetentionDays} days (${eventRateLimiter.kind}); account-data limits: ${accountDataRateLimiter.perMinute.client} a minute per client, ${accountDataRateLimiter.perMinute.uncached} uncached, ${accountDataRateLimiter.perMinute.project} per project; stats: ${config.operatorToken === undefined ? 'off' : 'on'}; account data: ${
      accountData.networks
        .map(
          ({ network, adapter, prices }) =>
            `${network.caipNetworkId} (${adapter.kind}, ${prices.kind} prices)`,
        )
        .join(', ') || 'none'
    }`,
  )

  // Which social logins projects may offer: those with a client (AIRLOCK_SOCIAL_<PROVIDER>_*).
  logger.info(
    `social login: ${
      Object.entries(config.social)
        .map(([provider, settings]) =>
          settings?.issuer ? `${provider} (issuer ${settings.issuer})` : provider,
        )
        .join(', ') || 'none configured'
    }`,
  )
  logger.info(
    `bundlers (smart accounts): ${Object.keys(config.bundlers).join(', ') || 'none configured'}`,
  )
  logger.info(
    `paymasters (sponsored gas): ${Object.keys(config.paymasters).join(', ') || 'none configured'}`,
  )
  logger.info(
    `names: ${config.names ? `under ${config.names.parent}` : 'off (no AIRLOCK_NAMES_PARENT)'}; names gateway: ${
      config.names?.gateway
        ? `for resolver ${config.names.gateway.resolverAddress}, signer ${config.names.gateway.signer.address}`
        : 'off (no AIRLOCK_NAMES_GATEWAY_KEY)'
    }`,
  )
  // Which onramp providers buying crypto goes through; their keys are never logged.
  logger.info(
    `onramp: ${[config.onramp?.meld && 'meld', config.onramp?.coinbase && 'coinbase'].filter(Boolean).join(', ') || 'off (no AIRLOCK_ONRAMP_* keys)'}`,
  )
  // Where swaps work and through what; the 1inch key is never logged.
  const swapProviders = [
    ...Object.keys(config.swap.localRouters).map((chainId) => `local router on ${chainId}`),
    ...(config.swap.oneInchApiKey ? ['1inch on its networks'] : []),
  ]
  logger.info(
    `swaps: ${swapProviders.join(', ') || 'off (no AIRLOCK_SWAP_1INCH_API_KEY or AIRLOCK_SWAP_LOCAL_ROUTERS_JSON)'}`,
  )
  logger.info(
    `farcaster login: ${config.farcaster ? `relay ${config.farcaster.relayUrl}` : 'off (no AIRLOCK_FARCASTER_RPC_URL)'}`,
  )

  const app = createApp({
    storage,
    networks: config.networks,
    modalDist: config.modalDist,
    sdkDist: config.sdkDist,
    publicOrigin: config.publicOrigin,
    accountData,
    walletConnect: config.walletConnect,
    eventRateLimiter,
    accountDataRateLimiter,
    siwxRateLimiter,
    emailLoginRateLimiter,
    mailsPerAddressPerMinute,
    mailer,
    social: config.social,
    farcaster: config.farcaster,
    bundlers: config.bundlers,
    smartAccounts: config.smartAccounts,
    paymasters: config.paymasters,
    bundlerRateLimiter,
    names: config.names,
    namesRateLimiter,
    swap: config.swap,
    swapRateLimiter,
    frameTokenRateLimiter,
    onramp: config.onramp,
    onrampRateLimiter,
    serverKey: config.email.serverKey,
    // Without AIRLOCK_SERVER_KEY (development only) the app signs with a key of its own.
    imageKey: config.email.serverKeySet ? config.email.serverKey : undefined,
    nftImageRateLimiter,
    trustProxy: config.trustProxy,
    operatorToken: config.operatorToken,
    production: config.production,
    instanceId: config.instanceId,
    logger,
  })

  // AIRLOCK_METRICS_INTERVAL_MS: the process's memory and event-loop delay, a line each interval.
  const processMetrics =
    metricsIntervalMs === undefined
      ? undefined
      : startProcessMetrics({ intervalMs: metricsIntervalMs, logger })
  const server = createApiServer(app)
  server.listen(config.port, config.host, () => {
    const info = server.address() as AddressInfo
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address
    logger.info(
      `listening on http://${host}:${info.port} (${storage.dialect}: ${storage.location})`,
    )
  })
  server.on('error', (error) => {
    logger.fatal(`cannot listen on ${config.host}:${config.port}: ${error.message}`)
    void closeAll().finally(() => process.exit(1))
  })

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    logger.info(`${signal}, shutting down`)
    processMetrics?.stop()
    // Keep-alive connections would hold `close` open; give in-flight requests a moment, then go.
    const deadline = setTimeout(() => process.exit(0), 5_000)
    deadline.unref()
    server.close(() => {
      void closeAll().finally(() => process.exit(0))
    })
    if ('closeIdleConnections' in server) server.closeIdleConnections()
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  // The configured logger may not exist yet; this one is only for the last word.
  createLogger().fatal({ err: error }, 'failed to start')
  process.exit(1)
})
