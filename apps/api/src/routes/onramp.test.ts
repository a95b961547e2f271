// The onramp routes over HTTP, on SQLite, with Meld and Coinbase faked at the HTTP layer on their
// real URLs (test/onrampProviders.ts): the modal's own pages of an existing project, with the frame
// token the API gave them, from a site it allows, with its onramp feature on, get options, quotes
// and checkouts; every other request (an Origin without the token among them) is refused; bad amounts are 400 in the visitor's words with no provider asked; a provider's 500 is
// 502 and its silence 504; no answer ever carries a key; refused requests spend nothing of the
// project's budget.
import { delay, HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { frameTokenHeaders, testCredential } from '../../test/frameTokens'
import {
  coinbaseApiSecret,
  coinbaseAppId,
  coinbaseKeyId,
  coinbaseUrl,
  fakeOnrampProviders,
  meldApiKey,
  meldUrl,
} from '../../test/onrampProviders'
import { createOnramp, onrampAdapters } from '../services/onramp/onramp'
import { createOnrampOrders } from '../services/onramp/onrampOrders'
import { createProject } from '../services/projects'
import { createRateLimiter } from '../services/rateLimit'
import { migrateToLatest } from '../storage/migrations'
import { openStorage, type Storage } from '../storage/storage'
import { onrampRoutes } from './onramp'

const own = 'http://localhost:8787'
const site = 'https://shop.example'
const evmAddress = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045'

const providers = fakeOnrampProviders()
const server = setupServer(...providers.handlers)
let storage: Storage
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  storage = openStorage({ dialect: 'sqlite', file: ':memory:' })
  await migrateToLatest(storage.db)
  await createProject(storage.db, 'shop', [site])
  await createProject(storage.db, 'no-onramp', [site], { onramp: false })
})
afterEach(() => {
  server.resetHandlers()
  providers.calls.length = 0
})
afterAll(async () => {
  server.close()
  await storage?.close()
})

const routes = ({ configured = true, client = 1000, project = 1000, timeoutMs = 2_000 } = {}) => {
  const onramp = configured
    ? createOnramp(
        onrampAdapters(
          {
            meld: { apiKey: meldApiKey },
            coinbase: {
              appId: coinbaseAppId,
              apiKey: { id: coinbaseKeyId, secret: coinbaseApiSecret },
            },
          },
          { timeoutMs },
        ),
      )
    : undefined
  return onrampRoutes({
    storage,
    onramp,
    orders: onramp && createOnrampOrders({ storage, adapters: onramp.adapters }),
    rateLimiter: createRateLimiter({ name: 'onramp', perMinute: { client, project } }),
    trustProxy: 0,
    publicOrigin: own,
    credential: testCredential(storage),
  })
}

type Call = {
  projectId?: string
  origin?: string
  hostOrigin?: string
  /** Send the frame token of the project and site (default), or none. */
  token?: boolean
}

async function send(
  app: ReturnType<typeof routes>,
  path: 'options' | 'quote' | 'checkout',
  body?: unknown,
  { projectId = 'shop', origin = own, hostOrigin = site, token = true }: Call = {},
) {
  const frameToken = token
    ? await frameTokenHeaders(testCredential(storage).frameTokens, projectId, hostOrigin)
    : {}
  const response = await app.request(
    `${own}/v1/projects/${projectId}/onramp/${path}?${new URLSearchParams({ hostOrigin })}`,
    body === undefined
      ? // A browser's same-origin GET carries no Origin, only Sec-Fetch-Site.
        {
          headers: {
            ...frameToken,
            ...(origin === own ? { 'Sec-Fetch-Site': 'same-origin' } : { Origin: origin }),
          },
        }
      : {
          method: 'POST',
          headers: { ...frameToken, Origin: origin, 'Content-Type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        },
  )
  const text = await response.text()
  return {
    status: response.status,
    text,
    body: JSON.parse(text) as Record<string, unknown>,
    cacheControl: response.headers.get('Cache-Control'),
  }
}

const quote = {
  purchaseCurrency: 'USDC',
  paymentCurrency: 'USD',
  amount: '100',
  network: 'eip155:1',
}
const checkout = { ...quote, provider: 'coinbase', address: evmAddress, network: 'eip155:8453' }

describe('onramp routes', () => {
  test('behavior: options list both providers and the spec default limits', async () => {
    const answer = await send(routes(), 'options')
    expect(answer.status).toBe(200)
    expect(answer.cacheControl).toBe('no-store')
    expect(answer.body).toMatchObject({
      providers: [
        { id: 'meld', feeRange: '1-2%' },
        { id: 'coinbase', feeRange: '1-2%' },
      ],
      defaultPurchaseCurrency: 'USDC',
      defaultPaymentCurrency: 'USD',
      paymentCurrencies: expect.arrayContaining([
        {
          id: 'USD',
          payment_method_limits: expect.arrayContaining([
            { id: 'card', min: '10.00', max: '7500.00' },
            { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
          ]),
        },
      ]),
    })
  })

  test('behavior: a quote answers purchaseAmount.amount from the provider asked', async () => {
    const meld = await send(routes(), 'quote', quote)
    expect(meld.status).toBe(200)
    expect(meld.body).toMatchObject({ provider: 'meld', purchaseAmount: { amount: '97.5' } })
    const coinbase = await send(routes(), 'quote', { ...quote, provider: 'coinbase' })
    expect(coinbase.body).toMatchObject({
      provider: 'coinbase',
      purchaseAmount: { amount: '98.530000', currency: 'USDC' },
    })
  })

  test('behavior: a checkout answers the provider URL with the address in its session', async () => {
    const answer = await send(routes(), 'checkout', checkout)
    expect(answer.status).toBe(200)
    expect(answer.body.url).toMatch(/^https:\/\/pay\.coinbase\.com\/buy\/select-asset\?appId=/)
    expect(providers.calls.at(-1)?.body).toMatchObject({
      addresses: [{ address: evmAddress, blockchains: ['base'] }],
    })
  })

  test.each([
    ['7500.01', 'The maximum is 7,500.00 USD'],
    ['5', 'The minimum is 10.00 USD'],
    ['12,5', 'Enter a number'],
    ['12.345', 'At most 2 decimals'],
    ['0.00', 'Enter an amount above 0'],
  ])('behavior: amount %j is 400 %j, nothing sent to a provider', async (amount, words) => {
    for (const [path, body] of [
      ['quote', { ...quote, amount }],
      ['checkout', { ...checkout, amount }],
    ] as const) {
      const answer = await send(routes(), path, body)
      expect(answer).toMatchObject({
        status: 400,
        body: { error: { code: 'onrampInvalidAmount', message: words } },
      })
    }
    expect(providers.calls).toEqual([])
  })

  test('behavior: Coinbase on a chain it does not list is 400 onrampUnsupportedNetwork', async () => {
    const answer = await send(routes(), 'quote', {
      ...quote,
      provider: 'coinbase',
      network: 'eip155:56',
    })
    expect(answer).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'onrampUnsupportedNetwork',
          message: 'Coinbase does not deliver on eip155:56.',
        },
      },
    })
    expect(providers.calls).toEqual([])
  })

  test('behavior: a body that is not a quote request is 400 naming the field', async () => {
    expect((await send(routes(), 'quote', 'not json')).body).toEqual({
      error: { code: 'invalidRequest', message: 'The request body must be JSON' },
    })
    const noNetwork = await send(routes(), 'quote', { ...quote, network: 'ethereum' })
    expect(noNetwork).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'invalidRequest',
          message: 'body.network: must be a CAIP-2 network id such as eip155:1',
        },
      },
    })
    const numeric = await send(routes(), 'quote', { ...quote, amount: 100 })
    expect(numeric.status).toBe(400)
    expect(providers.calls).toEqual([])
  })

  test("behavior: a provider's 500 is 502 and its silence 504, each saying which provider", async () => {
    server.use(
      http.post(`${meldUrl}/payments/crypto/quote`, () => new HttpResponse(null, { status: 500 })),
      http.post(`${coinbaseUrl}/v1/buy/quote`, async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    const app = routes({ timeoutMs: 200 })
    expect(await send(app, 'quote', quote)).toMatchObject({
      status: 502,
      body: {
        error: {
          code: 'onrampProviderUnavailable',
          message: 'Meld.io is unavailable right now (HTTP 500). Try again shortly.',
        },
      },
    })
    expect(await send(app, 'quote', { ...quote, provider: 'coinbase' })).toMatchObject({
      status: 504,
      body: {
        error: {
          code: 'onrampProviderTimeout',
          message: 'Coinbase did not answer within 0.2 s. Try again shortly.',
        },
      },
    })
  })

  test('behavior: no answer carries a provider key, whatever the outcome', async () => {
    server.use(http.post(`${coinbaseUrl}/v1/token`, () => new HttpResponse(null, { status: 401 })))
    const app = routes()
    const answers = [
      await send(app, 'options'),
      await send(app, 'quote', quote),
      await send(app, 'quote', { ...quote, provider: 'coinbase' }),
      await send(app, 'checkout', checkout),
      await send(app, 'checkout', { ...checkout, provider: 'meld', network: 'eip155:1' }),
      await send(app, 'quote', { ...quote, amount: '1' }),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 502, 200, 400])
    for (const { text } of answers) {
      for (const secret of [meldApiKey, 'meld-secret', coinbaseApiSecret, coinbaseKeyId])
        expect(text).not.toContain(secret)
    }
  })

  test.each([
    ['another Origin', { origin: site }, 403, 'crossOriginRequest'],
    [
      'the modal’s Origin without the frame token or session (any client can send an Origin)',
      { token: false },
      401,
      'frameTokenRequired',
    ],
    ['an unknown project', { projectId: 'nobody' }, 404, 'invalidProjectId'],
    ['a malformed project id', { projectId: 'No_Such' }, 404, 'invalidProjectId'],
    [
      'a site the project does not allow',
      { hostOrigin: 'https://evil.example' },
      403,
      'invalidAppConfiguration',
    ],
    ['a project with onramp off', { projectId: 'no-onramp' }, 403, 'onrampDisabled'],
  ])('behavior: %s is refused (%i %s), nothing sent', async (_, call, status, code) => {
    for (const [path, body] of [
      ['options', undefined],
      ['quote', quote],
      ['checkout', checkout],
    ] as const) {
      const answer = await send(routes(), path, body, call)
      expect(answer).toMatchObject({ status, body: { error: { code } } })
    }
    expect(providers.calls).toEqual([])
  })

  test('behavior: without a provider key every route is 404 onrampNotConfigured', async () => {
    const answer = await send(routes({ configured: false }), 'quote', quote)
    expect(answer).toMatchObject({
      status: 404,
      body: { error: { code: 'onrampNotConfigured' } },
    })
  })

  test('security: a flood of refused quotes and checkouts spends nothing of the project’s budget', async () => {
    const app = routes({ project: 2 })
    const refusedOnTheWay: [path: 'quote' | 'checkout', body: unknown, code: string][] = [
      ['quote', { ...quote, amount: '7500.01' }, 'onrampInvalidAmount'],
      ['quote', { ...quote, amount: '12,5' }, 'onrampInvalidAmount'],
      [
        'quote',
        { ...quote, provider: 'coinbase', network: 'eip155:56' },
        'onrampUnsupportedNetwork',
      ],
      ['quote', { ...quote, network: 'cosmos:cosmoshub-4' }, 'onrampUnsupportedNetwork'],
      ['quote', { ...quote, amount: 100 }, 'invalidRequest'],
      ['checkout', { ...checkout, amount: '5' }, 'onrampInvalidAmount'],
      ['checkout', { ...checkout, address: 'alice' }, 'invalidRequest'],
    ]
    // More refusals than the project's budget, from the client that then asks for a quote.
    for (let round = 0; round < 3; round++)
      for (const [path, body, code] of refusedOnTheWay)
        expect(await send(app, path, body)).toMatchObject({
          status: 400,
          body: { error: { code } },
        })
    expect(providers.calls).toEqual([])
    expect((await send(app, 'quote', quote)).status).toBe(200)
    expect((await send(app, 'checkout', checkout)).status).toBe(200)
    expect(await send(app, 'quote', quote)).toMatchObject({
      status: 429,
      body: { error: { code: 'rateLimited' } },
    })
  })

  test("behavior: past the client's budget the answer is 429 with Retry-After", async () => {
    const app = routes({ client: 1 })
    expect((await send(app, 'options')).status).toBe(200)
    const limited = await app.request(
      `${own}/v1/projects/shop/onramp/options?hostOrigin=${encodeURIComponent(site)}`,
      {
        headers: {
          Origin: own,
          ...(await frameTokenHeaders(testCredential(storage).frameTokens, 'shop', site)),
        },
      },
    )
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/)
  })
})
