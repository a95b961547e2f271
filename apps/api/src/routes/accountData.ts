/**
 * The account-data API the modal reads (spec §3, shapes in `@airlock/protocol`):
 *
 *   GET /v1/accounts/:address/balances?projectId=&chainId=
 *   GET /v1/accounts/:address/nfts?projectId=&chainId=&cursor=&limit=
 *   GET /v1/accounts/:address/transactions?projectId=&chainId=&cursor=&limit=
 *
 * `:address` is in the network's form: an EVM address (any case) on eip155 networks, a base58
 * Solana address (exact case) on solana ones. Solana networks answer balances only; their NFTs
 * and transactions answer 400 unsupportedChain (spec §6: activity is eip155 only).
 *
 * Answers come from the shared cache when fresh: balances for 30 s (spec §9), NFT and
 * transaction pages for 10 s, and `Cache-Control` says how long the copy has left. The modal
 * calls these from the API's own origin, so there is no CORS header.
 *
 * Each request spends from its client's budget, then its project's (`rateLimit.ts`); a
 * `cache=false` read, which always goes upstream, also from a much smaller per-client one, so a
 * client cannot spend the project's upstream quota. Past a budget: 429 with `Retry-After`.
 */

import { createHash } from 'node:crypto'
import {
  accountDataPageQuerySchema,
  accountDataPageSize,
  accountDataQuerySchema,
  type BalancesResponse,
  balanceCacheMs,
  isSolanaAddress,
  type NftItem,
  namespaceOf,
  type Page,
  type Transaction,
} from '@airlock/protocol'
import { bitcoinAddressType, bitcoinNetworkOf } from '@airlock/protocol/bitcoin'
import { CosmosAddressError, cosmosAddressOn, cosmosNetworkOf } from '@airlock/protocol/cosmos'
import {
  PolkadotAddressError,
  polkadotAddressOn,
  polkadotNetworkOf,
} from '@airlock/protocol/polkadot'
import { isAddress } from '@solana/kit'
import { type Context, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import type { AccountData, NetworkAccountData } from '../services/accountData/accountData'
import {
  type AccountAddress,
  AccountDataUnavailableError,
  type Address,
  InvalidCursorError,
  type PageQuery,
  type SolanaAddress,
  tokenKey,
  UnsupportedAccountDataError,
} from '../services/accountData/adapter'
import { toTokenBalances } from '../services/accountData/tokenBalances'
import { clientAddress } from '../services/clientAddress'
import type { ImageUrlSigner } from '../services/images/imageUrlSignatures'
import { getProject } from '../services/projects'
import { type AccountDataRateLimiter, retryAfterSeconds, spendEach } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { uncachedApiError } from './apiError'
import { servedNft, servedTransaction } from './nftImageUrls'
import { checkedQuery, queryOf } from './validators'

/** How long an NFT or transaction page is served from the cache. */
export const accountPageCacheMs = 10_000

const evmAddressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address: 0x and 40 hex characters')
  .transform((value) => value.toLowerCase() as Address)

// Base58 is case-sensitive: the address is kept as given.
const solanaAddressSchema = z
  .string()
  .refine(isSolanaAddress, 'must be a Solana address: 32 to 44 base58 characters')
  .refine(isAddress, 'must be a Solana address: it does not decode to 32 bytes')
  .transform((value) => value as SolanaAddress)

/** A Bitcoin address of the network itself: another network's coins are not this one's. */
const bitcoinAddressSchema = (caipNetworkId: string) => {
  const network = bitcoinNetworkOf(caipNetworkId)
  return z
    .string()
    .max(128)
    .refine(
      (value) => !!network && !!bitcoinAddressType(value, network),
      `must be a Bitcoin address of ${network ?? caipNetworkId}`,
    )
    .transform((value) => value as AccountAddress)
}

/** A Cosmos account address with the network's own prefix (`cosmos1…` on the Cosmos Hub). */
const cosmosAddressSchema = (caipNetworkId: string) => {
  const network = cosmosNetworkOf(caipNetworkId)
  return z
    .string()
    .max(128)
    .superRefine((value, context) => {
      if (!network) return context.addIssue(`must be an address of a Cosmos network Airlock knows`)
      try {
        cosmosAddressOn(value, network)
      } catch (error) {
        context.addIssue(error instanceof CosmosAddressError ? error.shortMessage : String(error))
      }
    })
    .transform((value) => value as AccountAddress)
}

/** A Polkadot address with the network's own SS58 prefix. */
const polkadotAddressSchema = (caipNetworkId: string) => {
  const network = polkadotNetworkOf(caipNetworkId)
  return z
    .string()
    .max(64)
    .superRefine((value, context) => {
      if (!network)
        return context.addIssue('must be an address of a Polkadot network Airlock knows')
      try {
        polkadotAddressOn(value, network)
      } catch (error) {
        context.addIssue(error instanceof PolkadotAddressError ? error.shortMessage : String(error))
      }
    })
    .transform((value) => value as AccountAddress)
}

/** The address rules of a network's namespace: Solana's, Bitcoin's, Cosmos's, Polkadot's, EVM's for the rest. */
const addressSchemaFor = (caipNetworkId: string) => {
  const namespace = namespaceOf(caipNetworkId)
  if (namespace === 'solana') return solanaAddressSchema
  if (namespace === 'bip122') return bitcoinAddressSchema(caipNetworkId)
  if (namespace === 'cosmos') return cosmosAddressSchema(caipNetworkId)
  if (namespace === 'polkadot') return polkadotAddressSchema(caipNetworkId)
  return evmAddressSchema
}

type Account = { address: AccountAddress; served: NetworkAccountData }

/** How long a replica trusts that a project it has seen still exists. */
const projectMemoryMs = 10_000

export type AccountDataRoutesOptions = {
  storage: Storage
  accountData: AccountData
  rateLimiter: AccountDataRateLimiter
  /** Reverse proxies in front of the API, for the client address (`clientAddress.ts`). */
  trustProxy: number
  /**
   * In production: NFT pictures load through the API's image proxy, their URLs signed with this
   * (`nftImageUrls.ts`). None: they are answered as the provider gave them.
   */
  nftImages?: ImageUrlSigner | undefined
}

export function accountDataRoutes({
  storage,
  accountData,
  rateLimiter,
  trustProxy,
  nftImages,
}: AccountDataRoutesOptions): Hono {
  const app = new Hono()
  const { cache } = accountData
  /** One upstream fetch per key at a time in this process; others wait for its answer. */
  const inFlight = new Map<string, Promise<unknown>>()
  /** When each network's outage was last logged: once a minute is enough during an outage. */
  const outageLoggedAt = new Map<string, number>()

  /**
   * The cached answer for `key`, or `compute`'s, cached for `ttlMs`. Answers with the body and
   * a `Cache-Control` max-age of what is left of its freshness.
   */
  async function cachedJson<body>(
    c: Context,
    key: string,
    ttlMs: number,
    compute: () => Promise<body>,
    options: { fresh?: boolean } = {},
  ): Promise<Response> {
    // The body is kept as the JSON text it is sent as: a hit is one cache read, no re-encoding.
    type Entry = { storedAt: number; json: string }
    let entry = options.fresh ? undefined : await cache.get<Entry>(key)
    if (entry === undefined || Date.now() - entry.storedAt >= ttlMs) {
      let pending = inFlight.get(key) as Promise<Entry> | undefined
      if (pending === undefined) {
        pending = (async () => {
          const fresh: Entry = { storedAt: Date.now(), json: JSON.stringify(await compute()) }
          await cache.set(key, fresh, ttlMs)
          return fresh
        })().finally(() => inFlight.delete(key))
        inFlight.set(key, pending)
      }
      entry = await pending
    }
    const leftSeconds = Math.max(0, Math.round((entry.storedAt + ttlMs - Date.now()) / 1000))
    // A fresh read must not be answered from the browser's cache the next time either.
    c.header('Cache-Control', options.fresh ? 'no-store' : `private, max-age=${leftSeconds}`)
    return c.body(entry.json, 200, { 'Content-Type': 'application/json' })
  }

  /** Projects that exist, remembered briefly: a hot route makes no database query per request. */
  const knownProjects = new Map<string, number>()
  const projectExists = async (projectId: string) => {
    const checkedAt = knownProjects.get(projectId)
    if (checkedAt !== undefined && Date.now() - checkedAt < projectMemoryMs) return true
    const exists = (await getProject(storage.db, projectId)) !== undefined
    if (exists) knownProjects.set(projectId, Date.now())
    return exists
  }

  /** Spends one request of each budget in turn; the first one spent answers 429. */
  async function spent(
    budgets: readonly (readonly [budget: keyof AccountDataRateLimiter['perMinute'], key: string])[],
  ) {
    const decision = await spendEach(rateLimiter, budgets)
    return decision.allowed ? undefined : decision.retryAfterMs
  }
  const rateLimited = (c: Context, retryAfterMs: number) => {
    c.header('Retry-After', String(retryAfterSeconds(retryAfterMs)))
    return uncachedApiError(c, 429, 'rateLimited', 'Rate Limited')
  }

  /**
   * After the query's validator: checks the address by the network's namespace, spends the
   * client's budgets, checks that the project exists and that the network has account data, and
   * spends the project's budget. Sets `c.var.account`, or answers the first refusal.
   */
  const account = createMiddleware<{ Variables: { account: Account } }>(async (c, next) => {
    const query = checkedQuery<z.output<typeof accountDataQuerySchema>>(c)
    const address = addressSchemaFor(query.chainId).safeParse(c.req.param('address'))
    if (!address.success)
      return invalid(c, `address: ${address.error.issues[0]?.message ?? 'is not valid'}`)
    // The client's budgets first: a flood of unknown project ids would otherwise reach the database.
    const client = clientAddress(c, trustProxy)
    const clientRetry = await spent([
      ...(query.cache === 'false' ? [['uncached', client] as const] : []),
      ['client', client],
    ])
    if (clientRetry !== undefined) return rateLimited(c, clientRetry)
    if (!(await projectExists(query.projectId)))
      return uncachedApiError(c, 404, 'invalidProjectId', 'Invalid Project ID')
    const served = accountData.forNetwork(query.chainId)
    if (served === undefined)
      return uncachedApiError(
        c,
        400,
        'unsupportedChain',
        `Account data is not available for ${query.chainId}.`,
      )
    // The project's budget last: a request refused on the way spends none of it.
    const projectRetry = await spent([['project', query.projectId]])
    if (projectRetry !== undefined) return rateLimited(c, projectRetry)
    c.set('account', { address: address.data, served })
    await next()
  })

  /** Runs an adapter call, turning its documented failures into answers. */
  async function answer(c: Context, served: NetworkAccountData, work: () => Promise<Response>) {
    try {
      return await work()
    } catch (error) {
      if (error instanceof InvalidCursorError)
        return invalid(c, 'cursor: is not one this list issued')
      if (error instanceof UnsupportedAccountDataError)
        return uncachedApiError(c, 400, 'unsupportedChain', error.message)
      if (error instanceof AccountDataUnavailableError) {
        const { caipNetworkId } = served.network
        // c.var.logger: the request's, from createApp's first middleware (requestLogging.ts).
        if (
          Date.now() - (outageLoggedAt.get(caipNetworkId) ?? Number.NEGATIVE_INFINITY) >=
          60_000
        ) {
          outageLoggedAt.set(caipNetworkId, Date.now())
          c.var.logger.warn(
            `account data for ${caipNetworkId} (${served.adapter.kind}) unavailable: ${error.message}`,
          )
        }
        c.header('Retry-After', '30')
        return uncachedApiError(
          c,
          503,
          'accountDataUnavailable',
          `Account data for ${served.network.name} is unavailable right now. Try again shortly.`,
        )
      }
      throw error
    }
  }

  app.get(
    '/v1/accounts/:address/balances',
    queryOf(accountDataQuerySchema, { refused: invalid }),
    account,
    async (c) => {
      const { address, served } = c.var.account
      const key = `balances:${served.network.caipNetworkId}:${address}`
      return answer(c, served, () =>
        cachedJson(
          c,
          key,
          balanceCacheMs,
          async (): Promise<BalancesResponse> => {
            const { caipNetworkId } = served.network
            const holdings = (
              await served.adapter.balances({ address, network: served.network })
            ).filter(
              (holding) =>
                holding.address === undefined ||
                !served.spamContracts.has(tokenKey(caipNetworkId, holding.address)),
            )
            const tokens = holdings.map((holding) => holding.address ?? 'native')
            let prices: Map<string, number>
            try {
              prices = await served.prices.usdPrices(served.network, tokens)
            } catch (error) {
              // A price source should not throw; if one does, balances still answer, unpriced.
              c.var.logger.warn({ err: error }, `prices failed for ${served.network.caipNetworkId}`)
              prices = new Map()
            }
            return { balances: toTokenBalances(holdings, prices, served.network.caipNetworkId) }
          },
          { fresh: c.req.valid('query').cache === 'false' },
        ),
      )
    },
  )

  const pageRoute = <item>(
    list: 'nfts' | 'transactions',
    fetchPage: (
      served: NetworkAccountData,
      query: PageQuery<AccountAddress>,
    ) => Promise<Page<item>>,
  ) =>
    app.get(
      `/v1/accounts/:address/${list}`,
      queryOf(accountDataPageQuerySchema, { refused: invalid }),
      account,
      async (c) => {
        const { address, served } = c.var.account
        const query = c.req.valid('query')
        const limit = query.limit ?? accountDataPageSize.default
        // An empty cursor is the first page, as if absent.
        const cursor = query.cursor === '' ? undefined : query.cursor
        const key = [
          list,
          served.network.caipNetworkId,
          address,
          limit,
          cursor === undefined ? 'first' : createHash('sha256').update(cursor).digest('base64url'),
        ].join(':')
        return answer(c, served, () =>
          cachedJson(
            c,
            key,
            accountPageCacheMs,
            () => fetchPage(served, { address, network: served.network, cursor, limit }),
            { fresh: query.cache === 'false' },
          ),
        )
      },
    )

  pageRoute<NftItem>('nfts', async (served, query) => {
    const page = await served.adapter.nfts(query)
    const nfts = page.data.map((nft) => servedNft(nft, nftImages))
    return {
      data: nfts.map((nft) =>
        served.spamContracts.has(tokenKey(served.network.caipNetworkId, nft.contract))
          ? { ...nft, isSpam: true }
          : nft,
      ),
      next: page.next,
    }
  })
  pageRoute<Transaction>('transactions', async (served, query) => {
    const page = await served.adapter.transactions(query)
    return { ...page, data: page.data.map((entry) => servedTransaction(entry, nftImages)) }
  })

  return app
}

function invalid(c: Context, message: string): Response {
  return uncachedApiError(c, 400, 'invalidRequest', message)
}
