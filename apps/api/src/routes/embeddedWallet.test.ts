// An email session's embedded wallet over HTTP, on SQLite and Postgres: the session comes from
// a real email login (codes through the dev mail server). What the API keeps (the auth share
// sealed, bound to its owner), who gets it back (that email's session, on this site, on any
// device), and each refusal.
import { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type DevMail, startDevMail } from '../../../../scripts/devMail.mjs'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { createMailer, type Mailer } from '../services/email/mailer'
import { createProject } from '../services/projects'
import { createEmailLoginRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { emailLoginRoutes } from './emailLogin'
import { embeddedWalletRoutes } from './embeddedWallet'

const own = 'http://localhost:8787'
const site = 'https://shop.example'
const otherSite = 'https://news.example'
const serverKey = new Uint8Array(32).fill(3)
const wallet = {
  evmAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  solanaAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  authShare: 'AbCdEf0123456789_-AbCdEf0123456789_-AbCdEf0',
  recoveryShare: 'c2VhbGVkIGJ5IHRoZSB2aXNpdG9yJ3MgcGFzc3BocmFzZQ',
}

let devMail: DevMail
beforeAll(async () => {
  devMail = await startDevMail({ smtpPort: 0, httpPort: 0, quiet: true })
})
afterAll(() => devMail?.close())

describe.each(testDatabases())('embedded wallets on $name', (database) => {
  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())

  let storage: Storage
  let mailer: Mailer
  let app: Hono
  beforeEach(async () => {
    storage = await database.open()
    mailer = createMailer({ smtpUrl: devMail.smtpUrl, from: 'login@airlock.test' })
    await createProject(storage.db, 'shop', [site, otherSite], {})
    const routeOptions = { storage, serverKey, publicOrigin: own, now: Date.now }
    app = new Hono()
      .route(
        '/',
        emailLoginRoutes({
          ...routeOptions,
          mailer,
          rateLimiter: createEmailLoginRateLimiter({
            perMinute: { email: 1000, client: 1000, project: 1000 },
          }),
          trustProxy: 0,
        }),
      )
      .route('/', embeddedWalletRoutes(routeOptions))
  })
  afterEach(async () => {
    mailer.close()
    await storage.close()
  })

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(`${own}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: own, ...headers },
      body: JSON.stringify(body),
    })
  /** An email session of `email` on `hostOrigin`, as a `Cookie` header: a real sign-in by code. */
  async function signedIn(email: string, hostOrigin = site): Promise<string> {
    const asked = Date.now()
    await post('/v1/projects/shop/email/codes', { email, hostOrigin })
    const mail = devMail
      .messages()
      .filter(
        (message) =>
          message.to.includes(email.toLowerCase()) &&
          Date.parse(message.receivedAt) >= asked - 1000,
      )
      .at(-1)
    const code = /\d{6}/.exec(mail?.subject ?? '')?.[0] ?? ''
    const response = await post('/v1/projects/shop/email/sessions', { email, code, hostOrigin })
    expect(response.status).toBe(201)
    return (response.headers.get('set-cookie') ?? '').split(';')[0] as string
  }
  const keep = (cookie: string, body: object = { hostOrigin: site, ...wallet }) =>
    post('/v1/projects/shop/embedded-wallet', body, { Cookie: cookie })
  const read = (cookie: string, hostOrigin = site) =>
    app.request(
      `${own}/v1/projects/shop/embedded-wallet?hostOrigin=${encodeURIComponent(hostOrigin)}`,
      {
        headers: { Cookie: cookie },
      },
    )
  const errorOf = async (response: Response) =>
    ({ status: response.status, ...((await response.json()) as { error: object }).error }) as {
      status: number
      code: string
    }

  test('behavior: the wallet a session made is kept, and the same email gets it back on a new device; the auth share is kept sealed', async () => {
    const cookie = await signedIn('ada@example.com')
    const kept = await keep(cookie)
    expect(kept.status).toBe(201)
    expect(kept.headers.get('cache-control')).toBe('no-store')
    expect(await kept.json()).toMatchObject(wallet)

    // Another device: no cookie of the first, a sign-in of its own.
    const elsewhere = await signedIn('ADA@example.com')
    expect(elsewhere).not.toBe(cookie)
    const restored = await read(elsewhere)
    expect(restored.status).toBe(200)
    expect(await restored.json()).toMatchObject(wallet)

    const [row] = await storage.db.selectFrom('embedded_wallets').selectAll().execute()
    expect(row?.auth_share).not.toContain(wallet.authShare)
    expect(row?.recovery_share).toBe(wallet.recoveryShare)
  })

  test('error: one wallet per email: a second is refused and the first stays', async () => {
    const cookie = await signedIn('ada@example.com')
    expect((await keep(cookie)).status).toBe(201)
    const other = { hostOrigin: site, ...wallet, evmAddress: `0x${'1'.repeat(40)}` }
    expect(await errorOf(await keep(cookie, other))).toMatchObject({
      status: 409,
      code: 'embeddedWalletExists',
    })
    expect(await (await read(cookie)).json()).toMatchObject({ evmAddress: wallet.evmAddress })
  })

  test('security: no session, another email, or the session of another site get nothing', async () => {
    const cookie = await signedIn('ada@example.com')
    await keep(cookie)
    expect(await errorOf(await read(''))).toMatchObject({
      status: 401,
      code: 'emailSessionInvalid',
    })
    expect(await errorOf(await read(await signedIn('eve@example.com')))).toMatchObject({
      status: 404,
      code: 'embeddedWalletNotFound',
    })
    expect(await errorOf(await read(cookie, otherSite))).toMatchObject({
      status: 401,
      code: 'emailSessionInvalid',
    })
    const fromPage = await post(
      '/v1/projects/shop/embedded-wallet',
      { hostOrigin: site, ...wallet },
      {
        Cookie: cookie,
        Origin: site,
      },
    )
    expect(await errorOf(fromPage)).toMatchObject({ status: 403, code: 'crossOriginRequest' })
  })

  test('security: an auth share changed where it is kept, or moved to another email, is refused', async () => {
    const ada = await signedIn('ada@example.com')
    await keep(ada)
    const [row] = await storage.db.selectFrom('embedded_wallets').selectAll().execute()
    const sealed = row?.auth_share ?? ''
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'AB' : 'AA'}`
    await storage.db.updateTable('embedded_wallets').set({ auth_share: flipped }).execute()
    expect(await errorOf(await read(ada))).toMatchObject({
      status: 500,
      code: 'embeddedWalletCorrupt',
    })

    // Ada's sealed share put on Eve's wallet: bound to Ada, it does not open for Eve.
    const eve = await signedIn('eve@example.com')
    await keep(eve)
    await storage.db
      .updateTable('embedded_wallets')
      .set({ auth_share: sealed })
      .where('email', '=', 'eve@example.com')
      .execute()
    expect(await errorOf(await read(eve))).toMatchObject({
      status: 500,
      code: 'embeddedWalletCorrupt',
    })
  })

  test.each([
    ['an EVM address that is not one', { evmAddress: '0x123' }],
    ['a Solana address with a 0', { solanaAddress: '0OIl' + 'A'.repeat(40) }],
    ['a share that is not base64url', { authShare: 'not a share!' }],
    ['a share too long', { authShare: 'A'.repeat(257) }],
  ])('error: %s is refused as embeddedWalletInvalid; nothing is kept', async (_, change) => {
    const cookie = await signedIn('ada@example.com')
    expect(
      await errorOf(await keep(cookie, { hostOrigin: site, ...wallet, ...change })),
    ).toMatchObject({
      status: 400,
      code: 'embeddedWalletInvalid',
    })
    expect(await storage.db.selectFrom('embedded_wallets').selectAll().execute()).toEqual([])
  })
})
