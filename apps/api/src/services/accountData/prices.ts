/**
 * USD prices for balances: a price source per network, from its configuration. `static` holds
 * fixed prices (dev chains); `coingecko` asks a CoinGecko-style API and caches the answers. A
 * price source never fails a request: what it cannot price is absent from its map.
 */

import type { NetworkConfig } from '@airlock/protocol'
import { z } from 'zod'
import { createLogger, type Logger } from '../../logger'
import type { Cache } from '../../storage/cache/cache'
import { type AccountAddress, type PriceSource, tokenKey } from './adapter'
import type { CoingeckoPricesConfig, PricesConfig, StaticPricesConfig } from './config'
import { fetchJson } from './http'

/**
 * @example
 * const prices = createPriceSource({ kind: 'static', native: 2500 }, { cache })
 * await prices.usdPrices(anvil, ['native']) // Map { 'native' => 2500 }
 */
export function createPriceSource(
  config: PricesConfig,
  options: { cache: Cache; logger?: Logger | undefined },
): PriceSource {
  return config.kind === 'static'
    ? createStaticPrices(config)
    : createCoingeckoPrices(config, options)
}

/**
 * Fixed prices from configuration. Token keys are matched as the network compares addresses
 * (`tokenKey`): EVM ones without regard to case, Solana mints exactly.
 */
export function createStaticPrices(config: Omit<StaticPricesConfig, 'kind'>): PriceSource {
  const configured = Object.entries(config.tokens ?? {})
  return {
    kind: 'static',
    async usdPrices(network, wanted) {
      const tokens = new Map(
        configured.map(([key, price]) => [tokenKey(network.caipNetworkId, key), price]),
      )
      const prices = new Map<string, number>()
      for (const token of wanted) {
        const key = token === 'native' ? token : tokenKey(network.caipNetworkId, token)
        const price = key === 'native' ? config.native : tokens.get(key)
        if (price !== undefined) prices.set(key, price)
      }
      return prices
    },
  }
}

export const coingeckoDefaultBaseUrl = 'https://api.coingecko.com/api/v3'
/** CoinGecko refreshes prices every 60 s on its public plans. */
export const priceCacheMs = 60_000
/** A token CoinGecko does not know is asked again after this long. */
export const unknownPriceCacheMs = 10 * 60_000
/** CoinGecko takes up to 515 contract addresses per call; shorter URLs are kinder to proxies. */
const addressesPerRequest = 100

// `{ "<id or address>": { "usd": 1.23 } }`; an unknown id or address is simply absent.
const priceResponseSchema = z.record(
  z.string(),
  z.looseObject({ usd: z.number().finite().nonnegative().nullish() }),
)

/**
 * Prices from CoinGecko's `/simple/price` (native coin by id) and `/simple/token_price/<platform>`
 * (tokens by contract address). Answers are cached (unknown tokens too, for longer); a failed
 * call leaves its prices out and is not cached.
 */
export function createCoingeckoPrices(
  config: Omit<CoingeckoPricesConfig, 'kind'>,
  options: { cache: Cache; logger?: Logger | undefined },
): PriceSource {
  const { cache, logger = createLogger() } = options
  // While CoinGecko is down every balance request would say so: once a minute is enough.
  let lastWarningAt = Number.NEGATIVE_INFINITY
  const baseUrl = config.baseUrl ?? coingeckoDefaultBaseUrl
  const headers: Record<string, string> =
    config.apiKey === undefined ? {} : { 'x-cg-demo-api-key': config.apiKey }
  const cacheKey = (token: string) =>
    token === 'native'
      ? `prices:coingecko:coin:${config.nativeCoinId}`
      : `prices:coingecko:${config.platformId}:${token}`

  /**
   * CoinGecko's USD prices keyed lower-case (it may change an address's case; looked up
   * lower-cased too), undefined ones unknown; undefined when it failed.
   */
  const ask = async (path: string, query: Record<string, string>) => {
    const url = `${baseUrl}${path}?${new URLSearchParams({ ...query, vs_currencies: 'usd' })}`
    try {
      const body = await fetchJson(url, {
        service: 'CoinGecko',
        schema: priceResponseSchema,
        init: { headers },
        timeoutMs: 5_000,
      })
      return new Map(Object.entries(body).map(([key, entry]) => [key.toLowerCase(), entry.usd]))
    } catch (error) {
      if (Date.now() - lastWarningAt >= 60_000) {
        lastWarningAt = Date.now()
        logger.warn(`prices unavailable (${error instanceof Error ? error.message : error})`)
      }
      return undefined
    }
  }

  return {
    kind: 'coingecko',
    async usdPrices(network: NetworkConfig, wanted: readonly (AccountAddress | 'native')[]) {
      const prices = new Map<string, number>()
      const keys = [
        ...new Set(
          wanted.map((token) =>
            token === 'native' ? token : tokenKey(network.caipNetworkId, token),
          ),
        ),
      ]
      const missing: string[] = []
      await Promise.all(
        keys.map(async (key) => {
          const cached = await cache.get<{ usd: number | null }>(cacheKey(key))
          if (cached === undefined) missing.push(key)
          else if (cached.usd !== null) prices.set(key, cached.usd)
        }),
      )

      const remember = async (key: string, usd: number | null | undefined) => {
        if (usd !== undefined && usd !== null) prices.set(key, usd)
        const known = usd !== undefined && usd !== null
        await cache.set(
          cacheKey(key),
          { usd: known ? usd : null },
          known ? priceCacheMs : unknownPriceCacheMs,
        )
      }

      const tokens = missing.filter((key) => key !== 'native')
      const batches: Promise<void>[] = []
      if (missing.includes('native'))
        batches.push(
          ask('/simple/price', { ids: config.nativeCoinId }).then(
            (answer) => answer && remember('native', answer.get(config.nativeCoinId.toLowerCase())),
          ),
        )
      for (let start = 0; start < tokens.length; start += addressesPerRequest) {
        const chunk = tokens.slice(start, start + addressesPerRequest)
        batches.push(
          ask(`/simple/token_price/${encodeURIComponent(config.platformId)}`, {
            contract_addresses: chunk.join(','),
          }).then(async (answer) => {
            if (answer)
              await Promise.all(chunk.map((key) => remember(key, answer.get(key.toLowerCase()))))
          }),
        )
      }
      await Promise.all(batches)
      return prices
    },
  }
}
