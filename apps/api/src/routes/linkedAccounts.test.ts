// The ways into an account over HTTP (issue 33), on SQLite and Postgres: its email and the social
// accounts linked to it, listed and unlinked by its session, with real sign-ins against the dev
// OpenID provider on loopback (scripts/devOidc.mjs) and real email codes (scripts/devMail.mjs).
// An account keeps the way it was made (its email, or its own social account): unlinking it is
// refused, so the last way in never goes; another account's identity is not found; and every
// refusal leaves the database as it was.
import { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type DevMail, startDevMail } from '../../../../scripts/devMail.mjs'
import { type DevOidc, startDevOidc } from '../../../../scripts/devOidc.mjs'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { signInByEmail } from '../../test/emailSignIn'
import { browse, type CookieJar, pageOf, startIn } from '../../test/socialPopup'
import { createMailer, type Mailer } from '../services/email/mailer'
import { createProject } from '../services/projects'
import { createRateLimiter } from '../services/rateLimit'
import { socialProviderSetups } from '../services/social/providers'
import { readSocialConfig } from '../services/social/socialConfig'
import type { Storage } from '../storage/storage'
import { emailLoginRoutes } from './emailLogin'
import { linkedAccountsRoutes } from './linkedAccounts'
import { socialLoginRoutes } from './socialLogin'

const own = 'http://localhost:8787'
const site = 'https://shop.example'
const serverKey = new Uint8Array(32).fill(7)

let oidc: DevOidc
let devMail: DevMail
beforeAll(async () => {
  oidc = await startDevOidc({
    port: 0,
    redirectUris: [`${own}/v1/social/callback`],
    quiet: true,
  })
  devMail = await startDevMail({ smtpPort: 0, httpPort: 0, quiet: true })
})
afterAll(async () => {
  await oidc?.close()
  await devMail?.close()
})

describe.each(testDatabases())('linked accounts on $name', (database) => {
  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())

  let storage: Storage
  let mailer: Mailer
  let clock: number
  let browser: CookieJar
  let app: Hono
  beforeEach(async () => {
    clock = Date.now()
    browser = new Map()
    storage = await database.open()
    mailer = createMailer({ smtpUrl: devMail.smtpUrl, from: 'Airlock <login@airlock.test>' })
    await createProject(storage.db, 'shop', [site])
    const rateLimiter = createRateLimiter({
      name: 'emailLogin',
      perMinute: { email: 1000, client: 1000, project: 1000 },
    })
    const shared = { storage, rateLimiter, trustProxy: 0, publicOrigin: own, now: () => clock }
    const providers = socialProviderSetups(readSocialConfig(oidc.env(), { production: false }))
    app = new Hono()
      .route('/', socialLoginRoutes({ ...shared, providers }))
      .route(
        '/',
        emailLoginRoutes({ ...shared, mailer, serverKey, mailsPerAddressPerMinute: 1000 }),
      )
      .route('/', linkedAccountsRoutes({ storage, publicOrigin: own, now: () => clock }))
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
  async function signedInByEmail(email: string) {
    clock += 1000
    return signInByEmail({ post, devMail, email, hostOrigin: site })
  }
  /**
   * A whole social sign-in as `subject` at `provider`, from a frame with `cookie` (or none); a
   * link is said yes to. The session's cookie (a new one, or the frame's own).
   */
  async function socialSignIn(provider: string, subject: string, cookie?: string) {
    const frame = cookie ? { Cookie: cookie } : {}
    const asked = await post(
      `/v1/projects/shop/social/${provider}/authorizations`,
      { hostOrigin: site },
      frame,
    )
    const { url, secret } = (await asked.json()) as { url: string; secret: string }
    const providerUrl = await startIn(app, url, browser)
    providerUrl.searchParams.set('login_hint', subject)
    const page = await pageOf(await browse(app, await oidc.authorize(providerUrl), browser))
    const grant = page.message.grant as string
    let redeemed = await post(
      '/v1/projects/shop/social/sessions',
      { hostOrigin: site, grant, secret },
      frame,
    )
    if (redeemed.status === 200)
      redeemed = await post(
        '/v1/projects/shop/social/sessions',
        { hostOrigin: site, grant, secret, link: true },
        frame,
      )
    expect(redeemed.status).toBe(201)
    return cookie ?? ((redeemed.headers.get('set-cookie') ?? '').split(';')[0] as string)
  }
  const query = `hostOrigin=${encodeURIComponent(site)}`
  const list = (cookie: string) =>
    app.request(`${own}/v1/projects/shop/identities?${query}`, { headers: { Cookie: cookie } })
  const unlink = (cookie: string, provider: string, subject: string, origin = own) =>
    app.request(`${own}/v1/projects/shop/identities/${provider}/${subject}?${query}`, {
      method: 'DELETE',
      headers: { Cookie: cookie, Origin: origin },
    })
  const errorOf = async (response: Response) =>
    ({ status: response.status, ...((await response.json()) as { error: object }).error }) as {
      status: number
      code: string
      message: string
    }
  const identities = () =>
    storage.db
      .selectFrom('social_identities')
      .select(['provider', 'subject', 'login'])
      .orderBy('provider')
      .execute()

  test('behavior: an email account lists its email and each linked account; one unlinked signs in there no more, and makes its own account', async () => {
    const ada = await signedInByEmail('ada@example.com')
    const none = await list(ada)
    expect(none.status).toBe(200)
    expect(none.headers.get('cache-control')).toBe('no-store')
    expect(await none.json()).toEqual({ email: 'ada@example.com', identities: [] })

    await socialSignIn('google', 'ada-google', ada)
    clock += 1000
    await socialSignIn('github', 'ada-gh', ada)
    const both = (await (await list(ada)).json()) as { identities: object[] }
    expect(both).toEqual({
      email: 'ada@example.com',
      identities: [
        {
          provider: 'google',
          subject: 'ada-google',
          handle: 'ada-google',
          linkedAt: expect.any(String),
          primary: false,
        },
        {
          provider: 'github',
          subject: 'ada-gh',
          handle: 'ada-gh',
          linkedAt: expect.any(String),
          primary: false,
        },
      ],
    })

    const unlinked = await unlink(ada, 'google', 'ada-google')
    expect(unlinked.status).toBe(200)
    expect(await unlinked.json()).toEqual({
      email: 'ada@example.com',
      identities: [both.identities[1]],
    })
    expect(await identities()).toEqual([
      { provider: 'github', subject: 'ada-gh', login: 'ada@example.com' },
    ])
    // Google alone now makes an account of its own.
    await socialSignIn('google', 'ada-google')
    expect(await identities()).toEqual([
      { provider: 'github', subject: 'ada-gh', login: 'ada@example.com' },
      { provider: 'google', subject: 'ada-google', login: 'social:google:ada-google' },
    ])
  })

  test('error: the account made with a social account keeps it: unlinking it is socialIdentityPrimary, and the last way in stays; another it linked can go', async () => {
    const grace = await socialSignIn('discord', 'grace')
    expect(await (await list(grace)).json()).toEqual({
      identities: [
        {
          provider: 'discord',
          subject: 'grace',
          handle: 'grace',
          linkedAt: expect.any(String),
          primary: true,
        },
      ],
    })
    expect(await errorOf(await unlink(grace, 'discord', 'grace'))).toEqual({
      status: 409,
      code: 'socialIdentityPrimary',
      message:
        "Your wallet was made with this Discord account: it is your wallet's own way in and can't be unlinked.",
    })
    await socialSignIn('x', 'grace-x', grace)
    expect(await errorOf(await unlink(grace, 'discord', 'grace'))).toMatchObject({
      code: 'socialIdentityPrimary',
    })
    expect((await unlink(grace, 'x', 'grace-x')).status).toBe(200)
    expect(await identities()).toEqual([
      { provider: 'discord', subject: 'grace', login: 'social:discord:grace' },
    ])
  })

  test('error: another account’s identity, or one that does not exist, is socialIdentityNotFound; nothing is unlinked', async () => {
    const ada = await signedInByEmail('ada@example.com')
    await socialSignIn('google', 'ada-google', ada)
    const bob = await signedInByEmail('bob@example.com')
    for (const [provider, subject] of [
      ['google', 'ada-google'],
      ['google', 'nobody'],
      ['myspace', 'ada'],
    ] as const)
      expect(await errorOf(await unlink(bob, provider, subject))).toMatchObject({
        status: 404,
        code: 'socialIdentityNotFound',
      })
    expect(await identities()).toEqual([
      { provider: 'google', subject: 'ada-google', login: 'ada@example.com' },
    ])
  })

  test('security: only an email session lists or unlinks, and unlinking only from the modal’s own pages', async () => {
    const ada = await signedInByEmail('ada@example.com')
    await socialSignIn('google', 'ada-google', ada)
    expect(await errorOf(await list('__Host-airlock-email-shop=nope'))).toMatchObject({
      status: 401,
      code: 'emailSessionInvalid',
    })
    expect(await errorOf(await unlink('', 'google', 'ada-google'))).toMatchObject({
      status: 401,
      code: 'emailSessionInvalid',
    })
    expect(
      await errorOf(await unlink(ada, 'google', 'ada-google', 'https://evil.example')),
    ).toMatchObject({ status: 403, code: 'crossOriginRequest' })
    expect(await identities()).toHaveLength(1)
  })
})
