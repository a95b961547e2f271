/**
 * The Airlock API as a Hono app: the modal page and builds, the loader script, project
 * configuration, sign-in with a wallet (SIWX), email and social login and the embedded wallet,
 * analytics and their stats, account data (balances, NFTs, transactions), account names and
 * health. Every answer carries an `X-Request-Id`, and an unhandled error is logged with it
 * (`requestLogging.ts`). `main.ts` serves it; tests call `app.request(...)`.
 */

import { randomBytes } from 'node:crypto'
import type { NetworkConfig, WalletConnectConfig } from '@airlock/protocol'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { HTTPException } from 'hono/http-exception'
import { databaseUnavailable, isDatabaseUnreachable } from './databaseOutage'
import { createLogger, type Logger } from './logger'
import { requestLogging } from './requestLogging'
import { accountDataRoutes } from './routes/accountData'
import { analyticsRoutes } from './routes/analytics'
import { apiError } from './routes/apiError'
import { approvalWindowRoutes } from './routes/approvalWindow'
import { bundlerRoutes } from './routes/bundler'
import { emailLoginRoutes } from './routes/emailLogin'
import { embeddedWalletRoutes } from './routes/embeddedWallet'
import { farcasterLoginRoutes } from './routes/farcasterLogin'
import { frameKeyRoutes } from './routes/frameKey'
import { frameTokenRoutes } from './routes/frameTokens'
import { healthRoutes } from './routes/health'
import { linkedAccountsRoutes } from './routes/linkedAccounts'
import { modalRoutes } from './routes/modal'
import { namesRoutes } from './routes/names'
import { namesGatewayRoutes } from './routes/namesGateway'
import { nftImageRoutes } from './routes/nftImages'
import { onrampRoutes } from './routes/onramp'
import { onrampWebhookRoutes } from './routes/onrampWebhooks'
import { projectConfigRoutes } from './routes/projectConfig'
import { siwxRoutes } from './routes/siwx'
import { socialLoginRoutes } from './routes/socialLogin'
import { modalAssetRoutes, modalFileRoutes, sdkRoutes } from './routes/staticBuilds'
import { statsRoutes } from './routes/stats'
import { swapRoutes } from './routes/swap'
import { walletRoutes } from './routes/wallets'
import { type AccountData, createAccountData } from './services/accountData/accountData'
import type {
  BundlerConfig,
  PaymasterConfig,
  SmartAccountConfig,
} from './services/bundlers/bundlerConfig'
import { developmentServerKey } from './services/email/emailConfig'
import type { Mailer } from './services/email/mailer'
import type { FarcasterConfig } from './services/farcaster/farcasterConfig'
import { createFarcasterRelay } from './services/farcaster/farcasterRelay'
import { createFrameTokens } from './services/frameTokens'
import { imageUrlSigner } from './services/images/imageUrlSignatures'
import type { NamesConfig } from './services/names/namesConfig'
import { createOnramp, onrampAdapters } from './services/onramp/onramp'
import type { OnrampConfig } from './services/onramp/onrampConfig'
import { createOnrampOrders } from './services/onramp/onrampOrders'
import { createPrecompressed } from './services/precompressed'
import type { OfferedServices } from './services/projectConfig'
import {
  type AccountDataRateLimiter,
  type BundlerRateLimiter,
  createEventRateLimiter,
  createRateLimiter,
  defaultAccountDataPerMinute,
  defaultBundlerPerMinute,
  defaultEmailLoginPerMinute,
  defaultEventsPerMinute,
  defaultFrameTokenPerMinute,
  defaultNamesPerMinute,
  defaultNftImagePerMinute,
  defaultOnrampPerMinute,
  defaultSiwxPerMinute,
  defaultSwapPerMinute,
  type EmailLoginRateLimiter,
  type EventRateLimiter,
  type FrameTokenRateLimiter,
  type NamesRateLimiter,
  type NftImageRateLimiter,
  type OnrampRateLimiter,
  type RateLimiter,
  type SiwxRateLimiter,
  type SwapRateLimiter,
} from './services/rateLimit'
import { socialProviderSetups } from './services/social/providers'
import type { SocialConfig } from './services/social/socialConfig'
import { createSwapNetworks } from './services/swap/swap'
import type { SwapConfig } from './services/swap/swapConfig'
import { createMemoryCache } from './storage/cache/memoryCache'
import type { Storage } from './storage/storage'

export declare namespace createApp {
  type Options = {
    /** Opened and migrated storage; the caller owns it and closes it. */
    storage: Storage
    /** The network catalogue (`loadNetworks(process.env)` in `main.ts`). */
    networks: readonly NetworkConfig[]
    /** The modal's Vite build folder (holds `index.html` and `assets/`). */
    modalDist: string
    /** The SDK's build folder (holds `airlock.js`). */
    sdkDist: string
    /** The public origin of this API, when a proxy makes it differ from the Host header. */
    publicOrigin?: string | undefined
    /**
     * Balances, NFTs and transactions per network (`createAccountData` in `main.ts`). Without
     * it, every network answers `unsupportedChain`.
     */
    accountData?: AccountData | undefined
    /** The relay the modal's WalletConnect client uses (`readWalletConnectConfig`); none: off. */
    walletConnect?: WalletConnectConfig | null | undefined
    /**
     * The budget of `POST /e` per client and page origin (`createEventRateLimiter`); the caller
     * closes it. Default: in memory, {@link defaultEventsPerMinute} a minute.
     */
    eventRateLimiter?: EventRateLimiter | undefined
    /**
     * The budgets of the account-data routes per project, per client and per client with
     * `cache=false` (`createRateLimiter`); the caller closes it. Default: in memory,
     * {@link defaultAccountDataPerMinute}.
     */
    accountDataRateLimiter?: AccountDataRateLimiter | undefined
    /**
     * The sign-in routes' budgets per client and per project (`createRateLimiter`); the
     * caller closes it. Default: in memory, {@link defaultSiwxPerMinute}.
     */
    siwxRateLimiter?: SiwxRateLimiter | undefined
    /**
     * The email login routes' budgets per client and per project (`createRateLimiter`); the
     * caller closes it. Default: in memory, {@link defaultEmailLoginPerMinute}.
     */
    emailLoginRateLimiter?: EmailLoginRateLimiter | undefined
    /**
     * Codes mailed to one address a minute, per project, counted in the database. Default:
     * {@link defaultEmailLoginPerMinute}'s `email`.
     */
    mailsPerAddressPerMinute?: number | undefined
    /** Where login codes are mailed from (`createMailer`); none: email login is refused. */
    mailer?: Mailer | undefined
    /**
     * The social login providers this API has a client for (`readSocialConfig`); the others are
     * left out of every project's `socials` and refused. Default: none.
     */
    social?: SocialConfig | undefined
    /**
     * Sign In With Farcaster's relay and Optimism RPC (`readFarcasterConfig`); without them,
     * Farcaster is left out of every project's `socials` and refused. Default: none.
     */
    farcaster?: FarcasterConfig | undefined
    /** Each eip155 network's ERC-4337 bundler (`readBundlerConfig`). Default: none. */
    bundlers?: BundlerConfig | undefined
    /**
     * How each bundler network's smart accounts are made (`readSmartAccountConfig`); a bundler
     * network left out upgrades the EOA with EIP-7702 to Simple7702Account. Default: none.
     */
    smartAccounts?: SmartAccountConfig | undefined
    /** Each eip155 network's ERC-7677 paymaster (`readPaymasterConfig`). Default: none. */
    paymasters?: PaymasterConfig | undefined
    /**
     * The bundler relay's budgets per client and per project (`createRateLimiter`); the
     * caller closes it. Default: in memory, {@link defaultBundlerPerMinute}.
     */
    bundlerRateLimiter?: BundlerRateLimiter | undefined
    /**
     * The name registry's parent name and its CCIP-Read gateway's signer and resolver
     * (`readNamesConfig`); none: names are off.
     */
    names?: NamesConfig | undefined
    /**
     * The name routes' budgets per client and per project, and lookups per client
     * (`createRateLimiter`); the caller closes it. Default: in memory,
     * {@link defaultNamesPerMinute}.
     */
    namesRateLimiter?: NamesRateLimiter | undefined
    /** The onramp providers' keys (`readOnrampConfig`); none: buying crypto is off. */
    onramp?: OnrampConfig | undefined
    /**
     * The onramp routes' budgets per client and per project (`createRateLimiter`); the
     * caller closes it. Default: in memory, {@link defaultOnrampPerMinute}.
     */
    onrampRateLimiter?: OnrampRateLimiter | undefined
    /**
     * The swap providers: 1inch's key and the local chains' Uniswap v2 routers (`readSwapConfig`).
     * Default: none, every chain answers `unsupportedSwapNetwork`.
     */
    swap?: SwapConfig | undefined
    /**
     * The swap routes' budgets per client and per project (`createRateLimiter`); the caller
     * closes it. Default: in memory, {@link defaultSwapPerMinute}.
     */
    swapRateLimiter?: SwapRateLimiter | undefined
    /**
     * The frame tokens' budgets: tokens per client and per project, and relay requests per token
     * or session (`createRateLimiter`); the caller closes it. Default: in memory,
     * {@link defaultFrameTokenPerMinute}.
     */
    frameTokenRateLimiter?: FrameTokenRateLimiter | undefined
    /** `AIRLOCK_SERVER_KEY`; default: the public development key (emailConfig.ts). */
    serverKey?: Uint8Array | undefined
    /**
     * The key the image proxy's URLs are signed under (`imageUrlSignatures.ts`):
     * `AIRLOCK_SERVER_KEY` when it is set, so every replica signs alike. Default: random bytes
     * of this app's, never the public development key, which would let anyone sign.
     */
    imageKey?: Uint8Array | undefined
    /**
     * The image proxy's budget per client (`createRateLimiter`); the caller closes it. Default:
     * in memory, {@link defaultNftImagePerMinute}.
     */
    nftImageRateLimiter?: NftImageRateLimiter | undefined
    /** Reverse proxies in front of the API (`AIRLOCK_TRUST_PROXY`); default 0: the socket's peer. */
    trustProxy?: number | undefined
    /** The bearer token of `GET /v1/projects/:id/stats`; without it, stats are off. */
    operatorToken?: string | undefined
    /** Production mode (`isProduction` in config.ts); default false, the dev behaviour. */
    production?: boolean | undefined
    /** The clock, ms since the epoch (events' receipt, stats' today). Default `Date.now`. */
    now?: (() => number) | undefined
    /** This process's name in every answer's `X-Airlock-Instance`. Default: no such header. */
    instanceId?: string | undefined
    /** Where requests log, each through a child with its id (`createLogger`). Default: stdout. */
    logger?: Logger | undefined
  }
}

/**
 * @example
 * const storage = openStorage({ dialect: 'sqlite', file: 'data/airlock.sqlite' })
 * await migrateToLatest(storage.db)
 * const app = createApp({ storage, networks: loadNetworks(process.env), modalDist, sdkDist })
 * const response = await app.request('/healthz')
 */
export function createApp(options: createApp.Options): Hono {
  const { storage, networks, modalDist, sdkDist, publicOrigin } = options
  const walletConnect = options.walletConnect ?? null
  const now = options.now ?? Date.now
  const production = options.production ?? false
  const eventRateLimiter =
    options.eventRateLimiter ?? createEventRateLimiter({ eventsPerMinute: defaultEventsPerMinute })
  const trustProxy = options.trustProxy ?? 0
  const logger = options.logger ?? createLogger()
  const socialProviders = socialProviderSetups(options.social ?? {})
  const farcasterRelay = options.farcaster && createFarcasterRelay(options.farcaster)
  const onramp = options.onramp && createOnramp(onrampAdapters(options.onramp), { logger })
  const onrampOrders =
    onramp && createOnrampOrders({ storage, adapters: onramp.adapters, now, logger })
  const swaps = createSwapNetworks({
    config: options.swap ?? { oneInchApiKey: undefined, localRouters: {} },
    networks,
    now,
  })
  const offered: OfferedServices = {
    socialLogins: [
      ...socialProviders.map((setup) => setup.provider),
      ...(farcasterRelay ? (['farcaster'] as const) : []),
    ],
    onramp: !!onramp,
    swaps: swaps.served.length > 0,
  }
  const accountData =
    options.accountData ??
    createAccountData({
      db: storage.db,
      networks,
      config: {},
      cache: createMemoryCache({ maxEntries: 1 }),
      builtin: () => {
        throw new Error('no account data configured')
      },
    })
  const serverKey = options.serverKey ?? developmentServerKey
  const imageUrls = imageUrlSigner(options.imageKey ?? randomBytes(32))
  const app = new Hono()
  // The build files' gzips, made once and kept for every build route.
  const precompressed = createPrecompressed()
  /** What the routes of the modal's requests share. */
  const frame = { storage, trustProxy, publicOrigin, now }
  const namesRateLimiter = inMemory(options.namesRateLimiter, 'names', defaultNamesPerMinute)
  // The email login's budgets are those of every sign-in that starts its session.
  const signIn = {
    ...frame,
    rateLimiter: inMemory(options.emailLoginRateLimiter, 'emailLogin', {
      client: defaultEmailLoginPerMinute.client,
      project: defaultEmailLoginPerMinute.project,
    }),
  }

  // The relays (bundler and paymaster, buying crypto, swaps) take the frame's token or session,
  // never an Origin alone; the token is the API's, signed under the server key.
  const frameTokens = createFrameTokens({ serverKey, now })
  const frameTokenRateLimiter = inMemory(
    options.frameTokenRateLimiter,
    'frameToken',
    defaultFrameTokenPerMinute,
  )
  const credential = { frameTokens, rateLimiter: frameTokenRateLimiter, storage, now }

  app.use(requestLogging(logger, { instanceId: options.instanceId }))
  app.use(compress())
  app.use(async (c, next) => {
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
  })

  app.route('/', healthRoutes(storage))
  app.route('/', frameKeyRoutes({ publicOrigin }))
  app.route('/', frameTokenRoutes({ ...frame, frameTokens, rateLimiter: frameTokenRateLimiter }))
  app.route('/', projectConfigRoutes(storage, networks, walletConnect, offered))
  const siwxRateLimiter = inMemory(options.siwxRateLimiter, 'siwx', defaultSiwxPerMinute)
  app.route('/', siwxRoutes({ ...frame, networks, rateLimiter: siwxRateLimiter }))
  app.route(
    '/',
    emailLoginRoutes({
      ...signIn,
      mailer: options.mailer,
      serverKey,
      mailsPerAddressPerMinute:
        options.mailsPerAddressPerMinute ?? defaultEmailLoginPerMinute.email,
    }),
  )
  app.route('/', socialLoginRoutes({ ...signIn, providers: socialProviders }))
  app.route('/', farcasterLoginRoutes({ ...signIn, relay: farcasterRelay }))
  app.route('/', linkedAccountsRoutes(frame))
  app.route(
    '/',
    bundlerRoutes({
      ...frame,
      credential,
      networks,
      bundlers: options.bundlers ?? {},
      smartAccounts: options.smartAccounts ?? {},
      paymasters: options.paymasters ?? {},
      rateLimiter: inMemory(options.bundlerRateLimiter, 'bundler', defaultBundlerPerMinute),
    }),
  )
  // Before namesRoutes, whose `/v1/names/:name` would take "gateway" for a name.
  app.route(
    '/',
    namesGatewayRoutes({ ...frame, names: options.names, rateLimiter: namesRateLimiter }),
  )
  app.route(
    '/',
    namesRoutes({
      ...frame,
      names: options.names,
      networks,
      rateLimiter: namesRateLimiter,
      imageUrls,
    }),
  )
  const onrampRateLimiter = inMemory(options.onrampRateLimiter, 'onramp', defaultOnrampPerMinute)
  app.route(
    '/',
    onrampRoutes({
      ...frame,
      credential,
      onramp,
      orders: onrampOrders,
      rateLimiter: onrampRateLimiter,
    }),
  )
  app.route(
    '/',
    onrampWebhookRoutes({
      orders: onrampOrders,
      secrets: {
        meld: options.onramp?.meld?.webhookSecret,
        coinbase: options.onramp?.coinbase?.webhookSecret,
      },
      publicOrigin,
      now,
    }),
  )
  const swapRateLimiter = inMemory(options.swapRateLimiter, 'swap', defaultSwapPerMinute)
  app.route('/', swapRoutes({ ...frame, credential, swaps, rateLimiter: swapRateLimiter }))
  app.route('/', embeddedWalletRoutes({ ...frame, serverKey, mailer: options.mailer }))
  app.route('/', analyticsRoutes({ ...frame, eventRateLimiter, production }))
  app.route('/', statsRoutes({ storage, operatorToken: options.operatorToken, now }))
  const accountDataRateLimiter = inMemory(
    options.accountDataRateLimiter,
    'accountData',
    defaultAccountDataPerMinute,
  )
  app.route(
    '/',
    accountDataRoutes({
      ...frame,
      accountData,
      rateLimiter: accountDataRateLimiter,
      // The dev CSP lets the frame load pictures where they are; production proxies them.
      nftImages: production ? imageUrls : undefined,
    }),
  )
  app.route(
    '/',
    nftImageRoutes({
      production,
      signer: imageUrls,
      rateLimiter: inMemory(options.nftImageRateLimiter, 'nftImage', defaultNftImagePerMinute),
      trustProxy,
    }),
  )
  app.route('/', walletRoutes({ storage }))
  app.route('/', modalRoutes({ storage, networks, modalDist, walletConnect, production, offered }))
  app.route('/', approvalWindowRoutes({ production }))
  app.route('/', sdkRoutes({ sdkDist, precompressed }))
  app.route('/', modalAssetRoutes({ modalDist, precompressed }))
  app.get('/', (c) =>
    c.text('Airlock API. The modal is at /modal?projectId=<id>, the loader at /airlock.js.\n'),
  )
  app.route('/', modalFileRoutes({ modalDist, precompressed }))

  app.notFound((c) => apiError(c, 404, 'notFound', 'Not Found'))
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse()
    // The request's logger (its id, method and path), unless the middleware setting it failed.
    const requestLogger = c.var.logger ?? logger
    if (isDatabaseUnreachable(error)) {
      requestLogger.warn({ err: error }, 'database unreachable')
      return databaseUnavailable(c)
    }
    requestLogger.error({ err: error }, 'unhandled error')
    return apiError(c, 500, 'internalError', 'Internal Server Error')
  })
  return app
}

/** The limiter given, or one counting `perMinute` in this process. */
function inMemory<budget extends string>(
  given: RateLimiter<budget> | undefined,
  name: string,
  perMinute: Record<budget, number>,
): RateLimiter<budget> {
  return given ?? createRateLimiter({ name, perMinute })
}
