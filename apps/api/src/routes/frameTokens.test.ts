// The frame token and what the relays take (issue 33), through the whole app on SQLite: the
// modal's page gets a token for a site its project allows, and the relays (the bundler and its
// paymaster, buying crypto, swaps) take that token or the frame's session; a client that only sets
// the modal's Origin, as any client that is not a browser can, is refused 401 on each of them, as
// is a token of another site or project, or one past its end; each token has its own budget.
import { frameTokenHeader, frameTokenLifetimeSeconds } from '@airlock/protocol'
import { afterEach, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app'
import { startEmailSession } from '../services/email/sessions'
import { createRateLimiter } from '../services/rateLimit'
import { emailSessionCookie } from './emailSession'

const own = 'http://localhost'
const site = 'https://shop.example'

let testApp: TestApp | undefined
afterEach(async () => {
  await testApp?.close()
  testApp = undefined
})

async function start(options: Parameters<typeof createTestApp>[0] = {}) {
  testApp = await createTestApp(options)
  return testApp
}

/** `POST /v1/projects/:id/frame-token` as a page of `origin` sends it. */
async function askToken(
  { app }: TestApp,
  { projectId = 'shop', hostOrigin = site, origin = own } = {},
) {
  const response = await app.request(`${own}/v1/projects/${projectId}/frame-token`, {
    method: 'POST',
    headers: { Origin: origin, 'content-type': 'application/json' },
    body: JSON.stringify({ hostOrigin }),
  })
  return {
    status: response.status,
    cacheControl: response.headers.get('Cache-Control'),
    body: (await response.json()) as Record<string, unknown> & { token: string },
  }
}

/** Every relay route, as the modal calls it, for the project `shop` on `hostOrigin`. */
const relays = (hostOrigin = site) => {
  const query = (more: Record<string, string> = {}) =>
    new URLSearchParams({ hostOrigin, ...more }).toString()
  const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
  return [
    ['POST', `/v1/projects/shop/bundler?${query({ chainId: 'eip155:31337' })}`, rpc],
    ['POST', `/v1/projects/shop/bundler/info?${query({ chainId: 'eip155:31337' })}`, undefined],
    ['GET', `/v1/projects/shop/onramp/options?${query()}`, undefined],
    ['POST', `/v1/projects/shop/onramp/quote?${query()}`, '{}'],
    ['POST', `/v1/projects/shop/onramp/checkout?${query()}`, '{}'],
    [
      'GET',
      `/v1/projects/shop/onramp/orders?${query({ address: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045', network: 'eip155:1' })}`,
      undefined,
    ],
    ['GET', `/v1/projects/shop/swap/tokens?${query({ chainId: '8453' })}`, undefined],
    [
      'GET',
      `/v1/projects/shop/swap/token?${query({ chainId: '8453', address: `0x${'11'.repeat(20)}` })}`,
      undefined,
    ],
    ['POST', `/v1/projects/shop/swap/quote?${query()}`, '{}'],
    ['POST', `/v1/projects/shop/swap/allowance?${query()}`, '{}'],
    ['POST', `/v1/projects/shop/swap/approve?${query()}`, '{}'],
    ['POST', `/v1/projects/shop/swap/transaction?${query()}`, '{}'],
    ['GET', `/v1/projects/shop/swap/gas-price?${query({ chainId: '8453' })}`, undefined],
  ] as const
}

/** A relay request with the modal's Origin and `headers`: its status and error code. */
async function relay(
  { app }: TestApp,
  [method, path, body]: ReturnType<typeof relays>[number],
  headers: Record<string, string> = {},
) {
  const response = await app.request(`${own}${path}`, {
    method,
    headers: {
      Origin: own,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body }),
  })
  const answer = (await response.json()) as { error?: { code: string; message: string } }
  return { status: response.status, code: answer.error?.code, message: answer.error?.message }
}

describe('frame tokens', () => {
  test("behavior: the modal's page gets a token for a site its project allows, no-store, and every relay takes it", async () => {
    const app = await start()
    const answer = await askToken(app)
    expect(answer).toMatchObject({
      status: 200,
      cacheControl: 'no-store',
      body: { token: expect.any(String), expiresIn: frameTokenLifetimeSeconds },
    })
    for (const route of relays()) {
      const admitted = await relay(app, route, { [frameTokenHeader]: answer.body.token })
      // Past the admission: this test app has no bundler, onramp or swap provider configured,
      // and the project has smart accounts off (the bundler relay says so once it knows it).
      expect([400, 403, 404]).toContain(admitted.status)
      expect(admitted.code).not.toMatch(/^frameToken|crossOrigin|invalidApp|rateLimited/)
    }
  })

  test('security: another Origin, a site the project does not allow, an unknown project get no token', async () => {
    const app = await start()
    expect(await askToken(app, { origin: site })).toMatchObject({
      status: 403,
      body: {
        error: { code: 'crossOriginRequest', message: 'Only the Airlock modal gets frame tokens' },
      },
    })
    expect(await askToken(app, { hostOrigin: 'https://evil.example' })).toMatchObject({
      status: 403,
      body: { error: { code: 'invalidAppConfiguration' } },
    })
    expect(await askToken(app, { projectId: 'nobody' })).toMatchObject({
      status: 404,
      body: { error: { code: 'invalidProjectId' } },
    })
  })

  test("security: a client that sets the modal's Origin but has no token or session is refused 401 frameTokenRequired by every relay", async () => {
    const app = await start()
    for (const route of relays()) {
      const refused = await relay(app, route)
      expect(refused.status, route[1]).toBe(401)
      expect(refused.code).toBe('frameTokenRequired')
      expect(refused.message).toMatch(
        /^Only the Airlock modal .+: the request has neither the frame token the API gave it nor its session\.$/,
      )
    }
  })

  test('security: a token of another site or project, a forged one, or one past its end is refused 401 with its code', async () => {
    let now = Date.now()
    const app = await start({ now: () => now })
    const [route] = relays()
    const otherSite = (await askToken(app, { hostOrigin: 'http://localhost:5173' })).body.token
    expect(await relay(app, route, { [frameTokenHeader]: otherSite })).toMatchObject({
      status: 401,
      code: 'frameTokenInvalid',
    })
    const { token } = (await askToken(app)).body
    // One character of the signature changed.
    const forged = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`
    expect(await relay(app, route, { [frameTokenHeader]: forged })).toMatchObject({
      status: 401,
      code: 'frameTokenInvalid',
    })
    now += frameTokenLifetimeSeconds * 1000
    expect(await relay(app, route, { [frameTokenHeader]: token })).toMatchObject({
      status: 401,
      code: 'frameTokenExpired',
    })
  })

  test("behavior: the frame's email session is taken instead of a token; a session of another site is not", async () => {
    const app = await start()
    const started = (hostOrigin: string) =>
      app.storage.db
        .transaction()
        .execute((trx) =>
          startEmailSession(
            trx,
            { projectId: 'shop', hostOrigin, email: 'ada@example.com' },
            Date.now(),
          ),
        )
    const { token } = await started(site)
    const cookie = { Cookie: `${emailSessionCookie('shop')}=${token}` }
    const [route] = relays()
    expect((await relay(app, route, cookie)).code).not.toMatch(/^frameToken/)
    const elsewhere = await started('http://localhost:5173')
    expect(
      await relay(app, route, { Cookie: `${emailSessionCookie('shop')}=${elsewhere.token}` }),
    ).toMatchObject({ status: 401, code: 'frameTokenRequired' })
  })

  test('behavior: a client gets so many tokens a minute, and each token so many relay requests', async () => {
    const app = await start({
      frameTokenRateLimiter: createRateLimiter({
        name: 'frameToken',
        perMinute: { client: 2, project: 100, token: 2 },
      }),
    })
    const first = (await askToken(app)).body.token
    const second = (await askToken(app)).body.token
    expect((await askToken(app)).status).toBe(429)
    const [route] = relays()
    expect((await relay(app, route, { [frameTokenHeader]: first })).status).not.toBe(429)
    expect((await relay(app, route, { [frameTokenHeader]: first })).status).not.toBe(429)
    expect(await relay(app, route, { [frameTokenHeader]: first })).toMatchObject({
      status: 429,
      code: 'rateLimited',
    })
    // Another token has its own budget.
    expect((await relay(app, route, { [frameTokenHeader]: second })).status).not.toBe(429)
  })
})
