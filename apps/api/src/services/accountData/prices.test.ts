import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type MemoryLogger, memoryLogger } from '../../../test/logs'
import type { Cache } from '../../storage/cache/cache'
import { createMemoryCache } from '../../storage/cache/memoryCache'
import { defaultNetworks } from '../networks'
import type { Address } from './adapter'
import { createCoingeckoPrices, createPriceSource, createStaticPrices } from './prices'

const ethereum = defaultNetworks().find((network) => network.caipNetworkId === 'eip155:1')!
const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const dai = '0x6b175474e89094c44da98b954eedeac495271d0f'
const unknownToken = '0x1111111111111111111111111111111111111111'
const baseUrl = 'https://prices.test/api/v3'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('static prices', () => {
  test('behavior: answers the configured native and token prices, any address case', async () => {
    const prices = createStaticPrices({ native: 2500, tokens: { [usdc.toUpperCase()]: 1 } })
    const answer = await prices.usdPrices(ethereum, [
      'native',
      '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      unknownToken,
    ])
    expect(answer).toEqual(
      new Map([
        ['native', 2500],
        [usdc, 1],
      ]),
    )
  })

  test('behavior: without a native price, native is absent', async () => {
    const prices = createPriceSource({ kind: 'static' }, { cache: createMemoryCache() })
    expect(prices.kind).toBe('static')
    expect(await prices.usdPrices(ethereum, ['native'])).toEqual(new Map())
  })
})

describe('coingecko prices', () => {
  let cache: Cache
  let requests: Request[]
  let logs: MemoryLogger

  beforeEach(() => {
    cache = createMemoryCache()
    requests = []
    logs = memoryLogger()
    server.events.removeAllListeners()
    server.events.on('request:start', ({ request }) => {
      requests.push(request.clone())
    })
  })

  const source = (apiKey?: string) =>
    createCoingeckoPrices(
      {
        platformId: 'ethereum',
        nativeCoinId: 'ethereum',
        baseUrl,
        ...(apiKey === undefined ? {} : { apiKey }),
      },
      { cache, logger: logs.logger },
    )

  // The documented shapes: `/simple/price` keyed by coin id, `/simple/token_price/{platform}`
  // keyed by lower-case contract address; unknown ones are simply absent.
  const coingecko = () =>
    server.use(
      http.get(`${baseUrl}/simple/price`, ({ request }) => {
        const url = new URL(request.url)
        expect(url.searchParams.get('vs_currencies')).toBe('usd')
        return HttpResponse.json(
          url.searchParams.get('ids') === 'ethereum' ? { ethereum: { usd: 3456.78 } } : {},
        )
      }),
      http.get(`${baseUrl}/simple/token_price/ethereum`, ({ request }) => {
        const url = new URL(request.url)
        expect(url.searchParams.get('vs_currencies')).toBe('usd')
        const known: Record<string, { usd: number }> = {
          [usdc]: { usd: 0.9998 },
          [dai]: { usd: 1.0002 },
        }
        const body: Record<string, { usd: number }> = {}
        for (const address of url.searchParams.get('contract_addresses')?.split(',') ?? [])
          if (known[address]) body[address] = known[address]
        return HttpResponse.json(body)
      }),
    )

  test('behavior: prices the native coin by id and tokens by address; unknown ones are absent', async () => {
    coingecko()
    const answer = await source('demo-key').usdPrices(ethereum, [
      'native',
      usdc,
      dai,
      unknownToken,
    ] as (Address | 'native')[])
    expect(answer).toEqual(
      new Map([
        ['native', 3456.78],
        [usdc, 0.9998],
        [dai, 1.0002],
      ]),
    )
    expect(requests).toHaveLength(2)
    for (const request of requests)
      expect(request.headers.get('x-cg-demo-api-key')).toBe('demo-key')
    const tokenRequest = requests.find((request) => request.url.includes('token_price'))!
    expect(new URL(tokenRequest.url).searchParams.get('contract_addresses')).toBe(
      [usdc, dai, unknownToken].join(','),
    )
  })

  test('behavior: without an API key no key header is sent', async () => {
    coingecko()
    await source().usdPrices(ethereum, ['native'])
    expect(requests[0]?.headers.has('x-cg-demo-api-key')).toBe(false)
  })

  test('behavior: answers are cached, unknown tokens too; a second ask makes no call', async () => {
    coingecko()
    const prices = source()
    const wanted = ['native', usdc, unknownToken] as (Address | 'native')[]
    const first = await prices.usdPrices(ethereum, wanted)
    expect(requests).toHaveLength(2)
    expect(await prices.usdPrices(ethereum, wanted)).toEqual(first)
    expect(requests).toHaveLength(2)
  })

  test('behavior: a failing CoinGecko leaves prices out, warns, and is asked again next time', async () => {
    server.use(
      http.get(`${baseUrl}/simple/price`, () =>
        HttpResponse.json({ status: { error_code: 429 } }, { status: 429 }),
      ),
      http.get(`${baseUrl}/simple/token_price/ethereum`, () => HttpResponse.error()),
    )
    const prices = source()
    expect(await prices.usdPrices(ethereum, ['native', usdc])).toEqual(new Map())
    expect(logs.entries()).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: expect.stringMatching(/^prices unavailable \(CoinGecko/),
      }),
    ])

    coingecko()
    expect(await prices.usdPrices(ethereum, ['native', usdc])).toEqual(
      new Map([
        ['native', 3456.78],
        [usdc, 0.9998],
      ]),
    )
  })

  test('behavior: an answer of the wrong shape leaves prices out', async () => {
    server.use(
      http.get(`${baseUrl}/simple/price`, () => HttpResponse.json({ ethereum: { usd: 'lots' } })),
    )
    expect(await source().usdPrices(ethereum, ['native'])).toEqual(new Map())
  })

  test('behavior: many tokens are asked for 100 at a time', async () => {
    coingecko()
    const many = Array.from(
      { length: 150 },
      (_, index) => `0x${index.toString(16).padStart(40, '0')}` as Address,
    )
    await source().usdPrices(ethereum, [...many, usdc])
    const sizes = requests.map(
      (request) => new URL(request.url).searchParams.get('contract_addresses')?.split(',').length,
    )
    expect(sizes).toEqual([100, 51])
  })
})
