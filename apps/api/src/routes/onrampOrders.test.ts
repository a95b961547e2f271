// Purchases you can follow (issue 36), over HTTP on SQLite and Postgres, with Meld and Coinbase
// faked at the HTTP layer on their real URLs (test/onrampProviders.ts): a checkout records a
// pending order; the provider's webhook, signed as its docs say, completes or fails it; a bad
// signature, a stale one or an order we never opened changes nothing (4xx); when no webhook came,
// listing the orders asks the provider's status API; and an address's orders are listed only to a
// credential of that project and site.
import { createHmac } from 'node:crypto'
import { Hono } from 'hono'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { frameTokenHeaders, testCredential } from '../../test/frameTokens'
import {
  coinbaseApiSecret,
  coinbaseAppId,
  coinbaseKeyId,
  coinbaseWebhookSecret,
  fakeOnrampProviders,
  meldApiKey,
  meldWebhookSecret,
} from '../../test/onrampProviders'
import { createLogger } from '../logger'
import { requestLogging } from '../requestLogging'
import { coinbaseSignatureHeader } from '../services/onramp/coinbaseWebhook'
import { createOnramp, onrampAdapters } from '../services/onramp/onramp'
import { createOnrampOrders } from '../services/onramp/onrampOrders'
import { createProject } from '../services/projects'
import { createRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { onrampRoutes } from './onramp'
import { onrampWebhookRoutes } from './onrampWebhooks'

const own = 'http://localhost:8787'
const site = 'https://shop.example'
const otherSite = 'https://other.example'
const address = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

const providers = fakeOnrampProviders()
const server = setupServer(...providers.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  providers.calls.length = 0
  providers.transactions.meld.clear()
  providers.transactions.coinbase.clear()
})
afterAll(() => server.close())

const meldUrl = `${own}/v1/onramp/webhooks/meld`

/** A Meld webhook as Meld signs it: base64url of HMAC-SHA256 over `timestamp.url.body`. */
function meldWebhook(
  body: unknown,
  {
    secret = meldWebhookSecret,
    at = new Date(),
    url = meldUrl,
  }: { secret?: string; at?: Date; url?: string } = {},
) {
  const text = JSON.stringify(body)
  const timestamp = at.toISOString()
  const signature = createHmac('sha256', secret)
    .update(`${timestamp}.${url}.${text}`)
    .digest('base64url')
  return {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Meld-Signature': `${signature}=`,
      'Meld-Signature-Timestamp': timestamp,
    },
    body: text,
  }
}

const meldEvent = (eventType: string, orderId: string) => ({
  eventType,
  eventId: 'AAsuLXHXD3mS1cjNBuHHzv',
  timestamp: new Date().toISOString(),
  accountId: 'W2aRZnYGPwhBWB94iFsZus',
  version: '2025-03-01',
  payload: {
    accountId: 'W2aRZnYGPwhBWB94iFsZus',
    paymentTransactionId: 'W9k9Tg12BFk1i68WpQYQY8',
    customerId: 'W9k9TfNSJRZ6rDBe95bUA2',
    externalSessionId: orderId,
    paymentTransactionStatus: eventType === 'TRANSACTION_CRYPTO_COMPLETE' ? 'SETTLED' : 'PENDING',
  },
})

/** A Coinbase webhook signed as CDP's docs say (X-Hook0-Signature over t, h, header values, body). */
function coinbaseWebhook(body: unknown, { secret = coinbaseWebhookSecret } = {}) {
  const text = JSON.stringify(body)
  const signed = { 'content-type': 'application/json', 'x-hook0-id': 'evt-1' }
  return {
    method: 'POST',
    headers: {
      ...signed,
      'X-Hook0-Signature': coinbaseSignatureHeader(
        secret,
        Math.floor(Date.now() / 1000),
        signed,
        text,
      ),
    },
    body: text,
  }
}

describe.each(testDatabases())('onramp orders on $name', (database) => {
  let storage: Storage
  let clock = Date.now()
  /** The JSON lines the API logged. */
  const logLines: string[] = []
  /** The messages of the API's warnings, in order. */
  const warnings = () =>
    logLines
      .map((line) => JSON.parse(line) as { level: string; msg: string; reason?: string })
      .filter((entry) => entry.level === 'warn')
  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  beforeEach(async () => {
    clock = Date.now()
    logLines.length = 0
    storage = await database.open()
    await createProject(storage.db, 'shop', [site, otherSite])
    await createProject(storage.db, 'neighbour', [site])
  })
  afterEach(() => storage.close())

  const app = ({ secrets = true } = {}) => {
    const now = () => clock
    const onramp = createOnramp(
      onrampAdapters({
        meld: { apiKey: meldApiKey },
        coinbase: {
          appId: coinbaseAppId,
          apiKey: { id: coinbaseKeyId, secret: coinbaseApiSecret },
        },
      }),
    )
    const orders = createOnrampOrders({ storage, adapters: onramp.adapters, now })
    const routes = new Hono()
    routes.use(
      requestLogging(createLogger({ destination: { write: (line) => void logLines.push(line) } })),
    )
    routes.route(
      '/',
      onrampRoutes({
        storage,
        onramp,
        orders,
        rateLimiter: createRateLimiter({
          name: 'onramp',
          perMinute: { client: 1000, project: 1000 },
        }),
        trustProxy: 0,
        publicOrigin: own,
        credential: testCredential(storage),
      }),
    )
    routes.route(
      '/',
      onrampWebhookRoutes({
        orders,
        secrets: secrets ? { meld: meldWebhookSecret, coinbase: coinbaseWebhookSecret } : {},
        publicOrigin: own,
        now,
      }),
    )
    return routes
  }

  async function checkout(
    routes: Hono,
    provider: 'meld' | 'coinbase',
    { projectId = 'shop', hostOrigin = site } = {},
  ) {
    const response = await routes.request(
      `${own}/v1/projects/${projectId}/onramp/checkout?${new URLSearchParams({ hostOrigin })}`,
      {
        method: 'POST',
        headers: {
          ...(await frameTokenHeaders(testCredential(storage).frameTokens, projectId, hostOrigin)),
          Origin: own,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          provider,
          address,
          network: provider === 'meld' ? 'eip155:1' : 'eip155:8453',
          purchaseCurrency: 'USDC',
          paymentCurrency: 'USD',
          amount: '100',
        }),
      },
    )
    expect(response.status).toBe(200)
    return (await response.json()) as { url: string; orderId: string }
  }

  type ListCall = {
    projectId?: string
    hostOrigin?: string
    network?: string
    token?: boolean
    /** Whose frame token is sent; default the project and site asked about. */
    tokenFor?: { projectId: string; hostOrigin: string }
  }

  async function listOrders(routes: Hono, call: ListCall = {}) {
    const { projectId = 'shop', hostOrigin = site, network = 'eip155:1', token = true } = call
    const tokenFor = call.tokenFor ?? { projectId, hostOrigin }
    const frameToken = token
      ? await frameTokenHeaders(
          testCredential(storage).frameTokens,
          tokenFor.projectId,
          tokenFor.hostOrigin,
        )
      : {}
    const response = await routes.request(
      `${own}/v1/projects/${projectId}/onramp/orders?${new URLSearchParams({ hostOrigin, address, network })}`,
      { headers: { ...frameToken, 'Sec-Fetch-Site': 'same-origin' } },
    )
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  async function statuses(routes: Hono, options: ListCall = {}) {
    const { body } = await listOrders(routes, options)
    return (body.orders as { id: string; status: string }[]).map(({ id, status }) => [id, status])
  }

  test('behavior: a checkout records a pending order: provider, its session, address, network and amounts', async () => {
    const routes = app()
    const { orderId } = await checkout(routes, 'meld')
    expect(orderId).toMatch(/^ord_[A-Za-z0-9_-]{22}$/)
    const { status, body } = await listOrders(routes)
    expect(status).toBe(200)
    expect(body.orders).toEqual([
      {
        id: orderId,
        provider: 'meld',
        status: 'pending',
        address: address.toLowerCase(),
        network: 'eip155:1',
        purchaseCurrency: 'USDC',
        purchaseAmount: '97.5',
        paymentAmount: '100',
        paymentCurrency: 'USD',
        createdAt: new Date(clock).toISOString(),
        updatedAt: new Date(clock).toISOString(),
      },
    ])
    const row = await storage.db
      .selectFrom('onramp_orders')
      .select(['provider_order_id', 'project_id', 'host_origin'])
      .executeTakeFirstOrThrow()
    expect(row).toEqual({
      provider_order_id: 'WePzm7gRdUgis7VHQjMYYL',
      project_id: 'shop',
      host_origin: site,
    })
  })

  test('behavior: Meld’s signed webhook completes the order; a late pending event does not undo it', async () => {
    const routes = app()
    const { orderId } = await checkout(routes, 'meld')
    const done = await routes.request(
      meldUrl,
      meldWebhook(meldEvent('TRANSACTION_CRYPTO_COMPLETE', orderId)),
    )
    expect(done.status).toBe(200)
    expect(await statuses(routes)).toEqual([[orderId, 'completed']])

    const late = await routes.request(
      meldUrl,
      meldWebhook(meldEvent('TRANSACTION_CRYPTO_PENDING', orderId)),
    )
    expect(late.status).toBe(200)
    expect(await statuses(routes)).toEqual([[orderId, 'completed']])
  })

  test('behavior: Coinbase’s signed webhook fails the order it names by partnerUserRef', async () => {
    const routes = app()
    const { url, orderId } = await checkout(routes, 'coinbase')
    expect(new URL(url).searchParams.get('partnerUserRef')).toBe(orderId)
    const answer = await routes.request(
      `${own}/v1/onramp/webhooks/coinbase`,
      coinbaseWebhook({
        eventType: 'onramp.transaction.failed',
        transactionId: '1f087a54-ff1f-62e8-9f85-aa77ac0499a5',
        status: 'ONRAMP_TRANSACTION_STATUS_FAILED',
        partnerUserRef: orderId,
      }),
    )
    expect(answer.status).toBe(200)
    expect(await statuses(routes, { network: 'eip155:8453' })).toEqual([[orderId, 'failed']])
  })

  test.each([
    ['another secret', { secret: 'not-the-meld-webhook-secret' }],
    ['another URL than the one it was sent to', { url: `${own}/v1/onramp/webhooks/coinbase` }],
    ['a timestamp six minutes old', { at: new Date(Date.now() - 6 * 60_000) }],
  ])('security: a Meld webhook signed with %s is 401 and changes nothing', async (_, signing) => {
    const routes = app()
    const { orderId } = await checkout(routes, 'meld')
    const answer = await routes.request(
      meldUrl,
      meldWebhook(meldEvent('TRANSACTION_CRYPTO_COMPLETE', orderId), signing),
    )
    expect(answer.status).toBe(401)
    expect(await answer.json()).toMatchObject({
      error: { code: 'onrampWebhookSignatureInvalid' },
    })
    expect(warnings()).toMatchObject([{ msg: 'onramp webhook refused' }])
    expect(await statuses(routes)).toEqual([[orderId, 'pending']])
  })

  test('security: a body changed after signing, or no signature at all, is 401 and changes nothing', async () => {
    const routes = app()
    const { orderId } = await checkout(routes, 'meld')
    const signed = meldWebhook(meldEvent('TRANSACTION_CRYPTO_PENDING', orderId))
    const tampered = await routes.request(meldUrl, {
      ...signed,
      body: JSON.stringify(meldEvent('TRANSACTION_CRYPTO_COMPLETE', orderId)),
    })
    expect(tampered.status).toBe(401)
    const unsigned = await routes.request(meldUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(meldEvent('TRANSACTION_CRYPTO_COMPLETE', orderId)),
    })
    expect(unsigned.status).toBe(401)
    const coinbase = await routes.request(`${own}/v1/onramp/webhooks/coinbase`, {
      ...coinbaseWebhook(
        {
          eventType: 'onramp.transaction.success',
          status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
          partnerUserRef: orderId,
        },
        { secret: 'not-the-coinbase-webhook-secret' },
      ),
    })
    expect(coinbase.status).toBe(401)
    expect(await statuses(routes)).toEqual([[orderId, 'pending']])
  })

  test('security: a signed webhook for an order this API never opened is 404 and changes nothing', async () => {
    const routes = app()
    const { orderId } = await checkout(routes, 'meld')
    const answer = await routes.request(
      meldUrl,
      meldWebhook(meldEvent('TRANSACTION_CRYPTO_COMPLETE', 'ord_someoneElsesOrder0000')),
    )
    expect(answer.status).toBe(404)
    expect(await answer.json()).toMatchObject({ error: { code: 'onrampOrderUnknown' } })
    expect(warnings()).toMatchObject([{ msg: 'onramp webhook refused: no such order' }])
    // Coinbase's order id is not Meld's to complete.
    const crossed = await routes.request(
      `${own}/v1/onramp/webhooks/coinbase`,
      coinbaseWebhook({
        eventType: 'onramp.transaction.success',
        status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
        partnerUserRef: orderId,
      }),
    )
    expect(crossed.status).toBe(404)
    expect(await statuses(routes)).toEqual([[orderId, 'pending']])
  })

  test('security: without a webhook secret, webhooks are 404 and change nothing', async () => {
    const routes = app({ secrets: false })
    const { orderId } = await checkout(routes, 'meld')
    const answer = await routes.request(
      meldUrl,
      meldWebhook(meldEvent('TRANSACTION_CRYPTO_COMPLETE', orderId)),
    )
    expect(answer.status).toBe(404)
    expect(await answer.json()).toMatchObject({ error: { code: 'onrampWebhookNotConfigured' } })
    expect(await statuses(routes)).toEqual([[orderId, 'pending']])
  })

  test('behavior: with no webhook, listing asks the provider once the order is due a check, and takes its answer', async () => {
    const routes = app()
    const { orderId } = await checkout(routes, 'meld')
    providers.transactions.meld.set('WePzm7gRdUgis7VHQjMYYL', {
      status: 'SETTLED',
      destinationAmount: 97.42,
    })
    // Just opened: not due, the provider is not asked.
    expect(await statuses(routes)).toEqual([[orderId, 'pending']])
    expect(providers.calls.filter((call) => call.method === 'GET')).toEqual([])

    clock += 16_000
    const { body } = await listOrders(routes)
    expect(body.orders).toMatchObject([
      { id: orderId, status: 'completed', purchaseAmount: '97.42' },
    ])
    expect(
      providers.calls.filter((call) => call.method === 'GET').map((call) => call.path),
    ).toEqual(['/payments/transactions/sessions/WePzm7gRdUgis7VHQjMYYL'])
  })

  test('behavior: Coinbase’s transaction status completes an order no webhook reached', async () => {
    const routes = app()
    const { orderId } = await checkout(routes, 'coinbase')
    providers.transactions.coinbase.set(orderId, { status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS' })
    clock += 16_000
    expect(await statuses(routes, { network: 'eip155:8453' })).toEqual([[orderId, 'completed']])
  })

  test('behavior: a provider with no transaction yet, or failing, leaves the order pending and is not asked again at once', async () => {
    const routes = app()
    const { orderId } = await checkout(routes, 'meld')
    clock += 16_000
    expect(await statuses(routes)).toEqual([[orderId, 'pending']])
    expect(await statuses(routes)).toEqual([[orderId, 'pending']])
    expect(providers.calls.filter((call) => call.method === 'GET')).toHaveLength(1)
  })

  test('security: orders are listed only to a credential of that project and site, and only that site’s', async () => {
    const routes = app()
    const { orderId } = await checkout(routes, 'meld')
    expect(await statuses(routes)).toEqual([[orderId, 'pending']])
    // The same project on another site it allows: that site's orders only (none).
    expect(await statuses(routes, { hostOrigin: otherSite })).toEqual([])
    // Another project on the same site: its own orders only (none).
    expect(await statuses(routes, { projectId: 'neighbour' })).toEqual([])
    // No credential, or another site's token for this site: refused.
    expect((await listOrders(routes, { token: false })).status).toBe(401)
    const crossed = await listOrders(routes, {
      tokenFor: { projectId: 'shop', hostOrigin: otherSite },
    })
    expect(crossed.status).toBe(401)
    expect(crossed.body).toMatchObject({ error: { code: 'frameTokenInvalid' } })
  })
})
