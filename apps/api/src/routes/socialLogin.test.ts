// Social login over HTTP, on SQLite and Postgres, against a real OpenID provider on loopback
// (scripts/devOidc.mjs: oidc-provider, one issuer per provider name, codes and signed ID tokens of
// its own). Every provider signs in through its issuer (AIRLOCK_SOCIAL_<P>_ISSUER), GitHub also as
// plain OAuth 2 with its user endpoint. The authorization (PKCE S256, state, nonce, redirect URI,
// the frame's secret), the popup's start page and its state cookie, the callback's page and its
// message, the grant and the session it starts (the email session's cookie and wallet), linking to
// an email account only once the visitor says yes, and each refusal: state, the browser without
// the state cookie (the review's attack of issue 33: an authorization started by someone else and
// completed in the victim's browser), code, provider error, ID tokens with a wrong audience,
// issuer or nonce or expired, grants replayed, for another site, without the frame's secret or
// with another session, requests from another origin, providers not configured. Every refusal is
// checked in the database too: nothing half-linked.
import { createHash } from 'node:crypto'
import { socialAuthorizationTtlMs, socialGrantTtlMs } from '@airlock/protocol'
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
import {
  builtinSocialEndpoints,
  type SocialProviderSetup,
  socialProviderSetups,
} from '../services/social/providers'
import { readSocialConfig } from '../services/social/socialConfig'
import type { Storage } from '../storage/storage'
import { emailLoginRoutes } from './emailLogin'
import { emailSessionCookie } from './emailSession'
import { embeddedWalletRoutes } from './embeddedWallet'
import { socialLoginRoutes } from './socialLogin'

const own = 'http://localhost:8787'
const callbackUrl = `${own}/v1/social/callback`
const site = 'https://shop.example'
const otherSite = 'https://news.example'
const serverKey = new Uint8Array(32).fill(7)
const wallet = {
  evmAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  solanaAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  authShare: 'AbCdEf0123456789_-AbCdEf0123456789_-AbCdEf0',
  recoveryShare: 'c2VhbGVkIGJ5IHRoZSB2aXNpdG9yJ3MgcGFzc3BocmFzZQ',
}

let oidc: DevOidc
let devMail: DevMail
beforeAll(async () => {
  oidc = await startDevOidc({ port: 0, redirectUris: [callbackUrl], quiet: true })
  devMail = await startDevMail({ smtpPort: 0, httpPort: 0, quiet: true })
})
afterAll(async () => {
  await oidc?.close()
  await devMail?.close()
})

/** Every provider through its dev issuer, as `AIRLOCK_SOCIAL_<P>_ISSUER` sets it up. */
const issuerSetups = () => socialProviderSetups(readSocialConfig(oidc.env(), { production: false }))

/** GitHub as plain OAuth 2 (no ID token; its user endpoint names the account), on the dev issuer. */
function githubAsOAuth2(): SocialProviderSetup {
  const github = builtinSocialEndpoints.github
  if (github.kind !== 'oauth2') throw new Error('GitHub is built in as OAuth 2')
  const issuer = oidc.issuer('github')
  return {
    provider: 'github',
    clientId: oidc.clientId('github'),
    clientSecret: oidc.clientSecret('github'),
    endpoints: {
      ...github,
      issuer,
      authorizationEndpoint: `${issuer}/auth`,
      tokenEndpoint: `${issuer}/token`,
      userEndpoint: `${issuer}/user`,
      scope: 'profile',
      clientAuth: 'post',
    },
  }
}

describe.each(testDatabases())('social login on $name', (database) => {
  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())

  let storage: Storage
  let mailer: Mailer
  let clock: number
  /** The visitor's browser: the popup's first-party cookies. */
  let browser: CookieJar
  const routes = (
    options: {
      providers?: SocialProviderSetup[]
      perMinute?: { client?: number; project?: number }
    } = {},
  ) => {
    const rateLimiter = createRateLimiter({
      name: 'emailLogin',
      perMinute: {
        client: options.perMinute?.client ?? 1000,
        project: options.perMinute?.project ?? 1000,
      },
    })
    const now = () => clock
    return new Hono()
      .route(
        '/',
        socialLoginRoutes({
          storage,
          providers: options.providers ?? [
            ...issuerSetups().filter((setup) => setup.provider !== 'github'),
            githubAsOAuth2(),
          ],
          rateLimiter,
          trustProxy: 0,
          publicOrigin: own,
          now,
        }),
      )
      .route(
        '/',
        emailLoginRoutes({
          storage,
          mailer,
          serverKey,
          rateLimiter,
          mailsPerAddressPerMinute: 1000,
          trustProxy: 0,
          publicOrigin: own,
          now,
        }),
      )
      .route('/', embeddedWalletRoutes({ storage, serverKey, publicOrigin: own, now }))
  }
  let app: Hono
  beforeEach(async () => {
    // ID tokens are checked against the real clock: the API's runs from it.
    clock = Date.now()
    browser = new Map()
    storage = await database.open()
    mailer = createMailer({ smtpUrl: devMail.smtpUrl, from: 'Airlock <login@airlock.test>' })
    await createProject(storage.db, 'shop', [site, otherSite])
    await createProject(storage.db, 'other', [site])
    await createProject(storage.db, 'nosocial', [site], { socials: ['google'] })
    app = routes()
  })
  afterEach(async () => {
    mailer.close()
    await storage.close()
  })

  const post = (path: string, body: unknown, headers: Record<string, string> = { Origin: own }) =>
    app.request(`${own}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  /** The frame asking: its session cookie (partitioned, apart from the popup's), site, project. */
  type Asking = { cookie?: string; hostOrigin?: string; project?: string; origin?: string }
  const askAuthorization = (provider: string, asking: Asking = {}) =>
    post(
      `/v1/projects/${asking.project ?? 'shop'}/social/${provider}/authorizations`,
      { hostOrigin: asking.hostOrigin ?? site },
      { Origin: asking.origin ?? own, ...(asking.cookie && { Cookie: asking.cookie }) },
    )
  /** The frame's authorization: the popup's start URL, and the secret the frame keeps. */
  async function authorizationOf(provider: string, asking: Asking = {}) {
    const response = await askAuthorization(provider, asking)
    expect(response.status).toBe(201)
    const { url, secret } = (await response.json()) as { url: string; secret: string }
    return { start: new URL(url), secret, state: new URL(url).searchParams.get('state') ?? '' }
  }
  /** The provider's authorization URL, the popup started in `jar` (the visitor's by default). */
  async function authorizationUrl(provider: string, asking: Asking = {}, jar = browser) {
    return startIn(app, (await authorizationOf(provider, asking)).start, jar)
  }
  /** Where the provider sends the visitor back, signed in there as `loginHint`. */
  async function providerRedirect(
    provider: string,
    { loginHint = 'ada', ...asking }: Asking & { loginHint?: string } = {},
  ): Promise<URL> {
    const url = await authorizationUrl(provider, asking)
    url.searchParams.set('login_hint', loginHint)
    return oidc.authorize(url)
  }
  /** The callback's page, in the browser of `jar` (the visitor's by default). */
  const callback = async (url: URL | string, jar = browser) => pageOf(await browse(app, url, jar))
  /** A whole sign-in's grant in the popup, and the frame's secret. */
  async function grantOf(provider: string, options: Asking & { loginHint?: string } = {}) {
    const { loginHint = 'ada', ...asking } = options
    const { start, secret } = await authorizationOf(provider, asking)
    const url = await startIn(app, start, browser)
    url.searchParams.set('login_hint', loginHint)
    const page = await callback(await oidc.authorize(url))
    expect(page.message).toMatchObject({ grant: expect.any(String) })
    return { grant: page.message.grant as string, secret }
  }
  /** The frame redeems a grant: its secret, its session cookie, and the visitor's yes to a link. */
  type Redeeming = Asking & { link?: true | undefined }
  const startSession = (
    { grant, secret }: { grant: string; secret: string },
    { hostOrigin = site, project = 'shop', origin = own, cookie, link }: Redeeming = {},
  ) =>
    post(
      `/v1/projects/${project}/social/sessions`,
      { hostOrigin, grant, secret, ...(link && { link }) },
      { Origin: origin, ...(cookie && { Cookie: cookie }) },
    )
  const cookieOf = (response: Response) =>
    (response.headers.get('set-cookie') ?? '').split(';')[0] as string
  /** A whole sign-in: the session's cookie and answer. */
  async function signedInWith(provider: string, options: Asking & { loginHint?: string } = {}) {
    const response = await startSession(await grantOf(provider, options), options)
    expect(response.status).toBe(201)
    return {
      cookie: cookieOf(response),
      session: (await response.json()) as Record<string, unknown>,
    }
  }
  /** A social account linked to the account of the frame's `cookie`: asked, then said yes to. */
  async function linkedWith(provider: string, cookie: string, loginHint: string) {
    const redeemed = await grantOf(provider, { cookie, loginHint })
    const asked = await startSession(redeemed, { cookie })
    expect(asked.status).toBe(200)
    expect(await asked.json()).toMatchObject({ confirmLink: { provider, handle: loginHint } })
    const linked = await startSession(redeemed, { cookie, link: true })
    expect(linked.status).toBe(201)
    return (await linked.json()) as Record<string, unknown>
  }
  const readSession = (cookie: string, hostOrigin = site) =>
    app.request(
      `${own}/v1/projects/shop/email/session?hostOrigin=${encodeURIComponent(hostOrigin)}`,
      { headers: { Cookie: cookie } },
    )
  const errorOf = async (response: Response) =>
    ({ status: response.status, ...((await response.json()) as { error: object }).error }) as {
      status: number
      code: string
      message: string
    }
  /** A session of `email` by code: its cookie. */
  async function signedInByEmail(email: string): Promise<string> {
    clock += 1000
    return signInByEmail({ post, devMail, email, hostOrigin: site })
  }
  const identities = () =>
    storage.db
      .selectFrom('social_identities')
      .select(['provider', 'subject', 'login'])
      .orderBy('subject')
      .execute()
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

  test('behavior: the frame gets the popup’s start URL and a secret; the start page sets the state cookie and sends the popup to the issuer with PKCE S256, the state and a nonce', async () => {
    const response = await askAuthorization('google')
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const { url, secret } = (await response.json()) as { url: string; secret: string }
    const [row] = await storage.db.selectFrom('social_authorizations').selectAll().execute()
    expect(url).toBe(`${own}/v1/social/start?state=${row?.state}`)
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(row).toMatchObject({
      project_id: 'shop',
      host_origin: site,
      provider: 'google',
      secret_hash: sha256(secret),
      session_id: null,
      browser_hash: null,
      started_at: null,
      used_at: null,
    })
    expect(JSON.stringify(row)).not.toContain(secret)
    expect(new Date(row?.expires_at ?? 0).getTime()).toBe(clock + socialAuthorizationTtlMs)

    const started = await browse(app, url, browser)
    expect(started.status).toBe(302)
    expect(started.headers.get('cache-control')).toBe('no-store')
    expect(started.headers.get('referrer-policy')).toBe('no-referrer')
    const setCookie = started.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(new RegExp(`^__Host-airlock-social-${row?.state}=[A-Za-z0-9_-]{43};`))
    for (const attribute of ['Max-Age=600', 'Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax'])
      expect(setCookie).toContain(attribute)
    const kept = browser.get(`__Host-airlock-social-${row?.state}`) ?? ''
    const providerUrl = new URL(started.headers.get('location') ?? '')
    expect(`${providerUrl.origin}${providerUrl.pathname}`).toBe(`${oidc.issuer('google')}/auth`)
    const [after] = await storage.db.selectFrom('social_authorizations').selectAll().execute()
    expect(Object.fromEntries(providerUrl.searchParams)).toEqual({
      client_id: 'google-client',
      response_type: 'code',
      redirect_uri: callbackUrl,
      scope: 'openid email profile',
      state: row?.state,
      nonce: after?.nonce,
      code_challenge: createHash('sha256')
        .update(after?.code_verifier ?? '')
        .digest('base64url'),
      code_challenge_method: 'S256',
    })
    expect(after?.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Only the cookie's hash is kept.
    expect(after?.browser_hash).toBe(sha256(kept))
    expect(after?.started_at).not.toBeNull()
  })

  test('error: a start page opened a second time (another window, another browser) or for an unknown state refuses in the popup: socialStateInvalid', async () => {
    const { start, state } = await authorizationOf('google')
    await startIn(app, start, browser)
    const elsewhere: CookieJar = new Map()
    const again = await pageOf(await browse(app, start, elsewhere))
    expect(again).toMatchObject({
      status: 400,
      message: {
        state,
        error: {
          code: 'socialStateInvalid',
          message: 'This sign-in was already opened in a window: start the sign-in again.',
        },
      },
      target: own,
      scriptAllowed: true,
    })
    expect(elsewhere.size).toBe(0)
    const unknown = await pageOf(
      await browse(app, `${own}/v1/social/start?state=${'A'.repeat(43)}`, elsewhere),
    )
    expect(unknown.message.error?.code).toBe('socialStateInvalid')
  })

  test('behavior: a Google sign-in: the callback page posts the state and a grant to the API origin and spends the state cookie; the grant and the secret start a session in the email session cookie, which reads back the provider and handle', async () => {
    const { start, secret, state } = await authorizationOf('google')
    const url = await startIn(app, start, browser)
    url.searchParams.set('login_hint', 'ada')
    const page = await callback(await oidc.authorize(url))
    expect(page).toEqual({
      status: 200,
      message: {
        type: 'airlock:social',
        state,
        grant: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      },
      target: own,
      scriptAllowed: true,
      text: 'Signed in. You can close this window.',
    })
    expect(browser.size).toBe(0)
    const grant = page.message.grant as string
    // Only its hash is kept; and the callback linked nothing.
    const [kept] = await storage.db.selectFrom('social_grants').selectAll().execute()
    expect(JSON.stringify(kept)).not.toContain(grant)
    expect(kept).toMatchObject({ provider: 'google', subject: 'ada', handle: 'ada' })
    expect(await identities()).toEqual([])

    const response = await startSession({ grant, secret })
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const expiresAt = new Date(clock + 30 * 24 * 60 * 60_000).toISOString()
    expect(await response.json()).toEqual({
      email: 'social:google:ada',
      hostOrigin: site,
      expiresAt,
      provider: 'google',
      handle: 'ada',
      // A first sign-in: the frame makes the wallet without asking for one.
      hasWallet: false,
    })
    const setCookie = response.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(new RegExp(`^${emailSessionCookie('shop')}=[A-Za-z0-9_-]{43};`))
    for (const attribute of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=None', 'Partitioned'])
      expect(setCookie).toContain(attribute)
    const read = await readSession(cookieOf(response))
    expect(await read.json()).toEqual({
      email: 'social:google:ada',
      hostOrigin: site,
      expiresAt,
      provider: 'google',
      handle: 'ada',
      hasWallet: false,
    })
    expect(await identities()).toEqual([
      { provider: 'google', subject: 'ada', login: 'social:google:ada' },
    ])
  })

  test.each(['google', 'x', 'discord', 'apple', 'facebook'])(
    'behavior: %s signs in through its issuer (AIRLOCK_SOCIAL_*_ISSUER) as an OpenID provider',
    async (provider) => {
      const { session } = await signedInWith(provider, { loginHint: 'grace' })
      expect(session).toMatchObject({
        email: `social:${provider}:grace`,
        provider,
        handle: 'grace',
      })
    },
  )

  test('behavior: GitHub as plain OAuth 2: no nonce asked; the user endpoint names the account (id, login)', async () => {
    const { start, secret } = await authorizationOf('github')
    const url = await startIn(app, start, browser)
    expect(url.searchParams.get('nonce')).toBeNull()
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('scope')).toBe('profile')
    const [row] = await storage.db.selectFrom('social_authorizations').selectAll().execute()
    expect(row?.nonce).toBeNull()
    url.searchParams.set('login_hint', 'linus')
    const page = await callback(await oidc.authorize(url))
    const response = await startSession({ grant: page.message.grant as string, secret })
    expect(await response.json()).toMatchObject({
      email: 'social:github:linus',
      provider: 'github',
      handle: 'linus',
    })
  })

  test('behavior: the same social account signs in to the same account again; another one to its own', async () => {
    const first = await signedInWith('google', { loginHint: 'ada' })
    const again = await signedInWith('google', { loginHint: 'ada' })
    expect(again.session.email).toBe(first.session.email)
    expect((await signedInWith('google', { loginHint: 'bob' })).session.email).toBe(
      'social:google:bob',
    )
    expect(await identities()).toEqual([
      { provider: 'google', subject: 'ada', login: 'social:google:ada' },
      { provider: 'google', subject: 'bob', login: 'social:google:bob' },
    ])
  })

  test("behavior: signed in by email, a new social account is linked to that account only once the visitor says yes; then it signs in to the email's wallet", async () => {
    const ada = await signedInByEmail('ada@example.com')
    const kept = await post(
      '/v1/projects/shop/embedded-wallet',
      { hostOrigin: site, ...wallet, deviceLabel: 'Firefox on Linux' },
      { Origin: own, Cookie: ada },
    )
    expect(kept.status).toBe(201)

    const redeemed = await grantOf('google', { cookie: ada, loginHint: 'ada-google' })
    const [authorization] = await storage.db
      .selectFrom('social_authorizations')
      .select('session_id')
      .execute()
    const [adaSession] = await storage.db.selectFrom('email_sessions').select('id').execute()
    expect(authorization?.session_id).toBe(adaSession?.id)

    // The question: what would be linked, to which wallet. Nothing is written, the grant kept.
    const asked = await startSession(redeemed, { cookie: ada })
    expect(asked.status).toBe(200)
    expect(await asked.json()).toEqual({
      confirmLink: {
        provider: 'google',
        handle: 'ada-google',
        account: { email: 'ada@example.com' },
      },
    })
    expect(asked.headers.get('set-cookie')).toBeNull()
    expect(await identities()).toEqual([])
    const [grant] = await storage.db.selectFrom('social_grants').select('used_at').execute()
    expect(grant?.used_at).toBeNull()

    // Yes: linked, and the frame's own session answers (no new cookie).
    const linked = await startSession(redeemed, { cookie: ada, link: true })
    expect(linked.status).toBe(201)
    expect(linked.headers.get('set-cookie')).toBeNull()
    expect(await linked.json()).toMatchObject({ email: 'ada@example.com', hostOrigin: site })
    expect(await identities()).toEqual([
      { provider: 'google', subject: 'ada-google', login: 'ada@example.com' },
    ])
    expect(await errorOf(await startSession(redeemed, { cookie: ada, link: true }))).toMatchObject({
      status: 401,
      code: 'socialGrantInvalid',
    })

    // Later, from a frame with no session: the same account, and its wallet, with no question.
    const later = await signedInWith('google', { loginHint: 'ada-google' })
    expect(later.session).toMatchObject({ email: 'ada@example.com', provider: 'google' })
    const read = await app.request(
      `${own}/v1/projects/shop/embedded-wallet?hostOrigin=${encodeURIComponent(site)}`,
      { headers: { Cookie: later.cookie } },
    )
    expect(await read.json()).toMatchObject(wallet)
    // And signed in by email again, it is the account's own: no question either.
    const again = await grantOf('google', { cookie: ada, loginHint: 'ada-google' })
    const signedIn = await startSession(again, { cookie: ada })
    expect(signedIn.status).toBe(201)
    expect(await signedIn.json()).toMatchObject({ email: 'ada@example.com' })
  })

  test('security: the visitor’s no is never answering: the grant expires and nothing is linked', async () => {
    const ada = await signedInByEmail('ada@example.com')
    const redeemed = await grantOf('google', { cookie: ada, loginHint: 'ada-google' })
    expect((await startSession(redeemed, { cookie: ada })).status).toBe(200)
    clock += socialGrantTtlMs
    expect(await errorOf(await startSession(redeemed, { cookie: ada, link: true }))).toMatchObject({
      status: 401,
      code: 'socialGrantInvalid',
    })
    expect(await identities()).toEqual([])
  })

  test('error: a social account linked to one account is refused to a frame signed in as another, when it is redeemed: socialIdentityTaken; nothing changes', async () => {
    await linkedWith('google', await signedInByEmail('ada@example.com'), 'ada-google')
    await signedInWith('x', { loginHint: 'grace-x' })
    const bob = await signedInByEmail('bob@example.com')
    for (const [provider, loginHint, name] of [
      ['google', 'ada-google', 'Google'],
      ['x', 'grace-x', 'X'],
    ] as const) {
      const redeemed = await grantOf(provider, { cookie: bob, loginHint })
      for (const link of [undefined, true] as const)
        expect(await errorOf(await startSession(redeemed, { cookie: bob, link }))).toEqual({
          status: 409,
          code: 'socialIdentityTaken',
          message: `This ${name} account is already linked to another wallet.`,
        })
    }
    expect(await identities()).toEqual([
      { provider: 'google', subject: 'ada-google', login: 'ada@example.com' },
      { provider: 'x', subject: 'grace-x', login: 'social:x:grace-x' },
    ])
    expect(
      await storage.db
        .selectFrom('social_grants')
        .selectAll()
        .where('used_at', 'is not', null)
        .execute(),
    ).toHaveLength(2)
  })

  test("security: the review's attack: an authorization someone started, completed in the victim's browser, is refused at the callback (socialBrowserMismatch); nothing is linked, granted or signed in", async () => {
    // Mallory, signed in here by email, asks for a Google sign-in and opens it in her browser.
    const mallory = await signedInByEmail('mallory@example.com')
    const malloryBrowser: CookieJar = new Map()
    const { secret } = await authorizationOf('google', { cookie: mallory })
    const [{ state } = { state: '' }] = await storage.db
      .selectFrom('social_authorizations')
      .select('state')
      .execute()
    const sent = await startIn(app, `${own}/v1/social/start?state=${state}`, malloryBrowser)
    // She sends the provider's URL to the victim, who is signed in at Google: it comes straight
    // back to the callback in the victim's browser, which has no cookie of this sign-in.
    sent.searchParams.set('login_hint', 'victim-google')
    const back = await oidc.authorize(sent)
    const page = await callback(back, browser)
    expect(page).toMatchObject({
      status: 403,
      message: {
        state,
        error: {
          code: 'socialBrowserMismatch',
          message:
            'This sign-in was started in another browser, or this one keeps no cookies: nothing was signed in or linked. Close this window and start the sign-in again.',
        },
      },
      target: own,
      scriptAllowed: true,
    })
    expect(page.message.grant).toBeUndefined()
    expect(await identities()).toEqual([])
    expect(await storage.db.selectFrom('social_grants').selectAll().execute()).toEqual([])
    // Mallory has nothing to redeem; and the victim's refusal did not spend her authorization.
    const [row] = await storage.db.selectFrom('social_authorizations').selectAll().execute()
    expect(row?.used_at).toBeNull()
    expect(secret).toMatch(/^[\w-]{43}$/)
    expect(await storage.db.selectFrom('email_sessions').selectAll().execute()).toHaveLength(1)
  })

  test("security: the review's attack with the start URL itself: the victim's browser signs in at the callback, but nothing is linked there; the grant, posted only to the victim's own window, redeems nothing without the asking frame's secret and session", async () => {
    const mallory = await signedInByEmail('mallory@example.com')
    const { start, secret } = await authorizationOf('google', { cookie: mallory })
    // The victim opens the start URL Mallory sent: their browser gets the state cookie.
    const url = await startIn(app, start, browser)
    url.searchParams.set('login_hint', 'victim-google')
    const page = await callback(await oidc.authorize(url), browser)
    expect(page.status).toBe(200)
    // The callback linked nothing: the social account is only in the grant, for Mallory's frame.
    expect(await identities()).toEqual([])
    const grant = page.message.grant as string
    // The victim's own frame (without the secret) can't redeem it, signed in or not.
    const victim = await signedInByEmail('victim@example.com')
    const wrongSecret = 'V'.repeat(43)
    for (const cookie of [undefined, victim])
      expect(
        await errorOf(await startSession({ grant, secret: wrongSecret }, cookie ? { cookie } : {})),
      ).toEqual({
        status: 403,
        code: 'socialFrameMismatch',
        message:
          'This sign-in was started by another window: nothing was signed in or linked. Sign in again here.',
      })
    // Only Mallory's frame could, and it never sees the grant (posted to the victim's window).
    // Even then, a link waits for a yes: asked, nothing is written.
    expect((await startSession({ grant, secret }, { cookie: mallory })).status).toBe(200)
    expect(await identities()).toEqual([])
    expect(await storage.db.selectFrom('email_sessions').selectAll().execute()).toHaveLength(2)
  })

  test('error: a grant redeemed by the asking frame with another session than it had is socialSessionMismatch; nothing is linked or started', async () => {
    const ada = await signedInByEmail('ada@example.com')
    const bob = await signedInByEmail('bob@example.com')
    const redeemed = await grantOf('google', { cookie: ada, loginHint: 'ada-google' })
    const mismatch = {
      status: 409,
      code: 'socialSessionMismatch',
      message:
        'You signed in or out since this sign-in started: nothing was signed in or linked. Sign in again.',
    }
    expect(await errorOf(await startSession(redeemed))).toEqual(mismatch)
    expect(await errorOf(await startSession(redeemed, { cookie: bob, link: true }))).toEqual(
      mismatch,
    )
    // Asked with no session, it can't be taken into one either.
    const alone = await grantOf('google', { loginHint: 'solo' })
    expect(await errorOf(await startSession(alone, { cookie: bob, link: true }))).toEqual(mismatch)
    expect(await identities()).toEqual([])
    expect(await storage.db.selectFrom('email_sessions').selectAll().execute()).toHaveLength(2)
    // The right session still gets its question.
    expect((await startSession(redeemed, { cookie: ada })).status).toBe(200)
  })

  test('behavior: the account of a social login follows its email change; a social account of its own has no address to change', async () => {
    const ada = await signedInByEmail('ada@example.com')
    await linkedWith('google', ada, 'ada-google')
    clock += 1000
    const asked = await post(
      '/v1/projects/shop/email/change',
      { hostOrigin: site, newEmail: 'ada@new.example' },
      { Origin: own, Cookie: ada },
    )
    const { changeId } = (await asked.json()) as { changeId: string }
    const codeTo = (email: string) =>
      /\b(\d{6})\b/.exec(
        devMail
          .messages()
          .filter((message) => message.to.includes(email))
          .at(-1)?.subject ?? '',
      )?.[1] ?? ''
    const confirmed = await post(
      '/v1/projects/shop/email/change/confirm',
      {
        hostOrigin: site,
        changeId,
        currentCode: codeTo('ada@example.com'),
        newCode: codeTo('ada@new.example'),
      },
      { Origin: own, Cookie: ada },
    )
    expect(confirmed.status).toBe(202)
    expect((await signedInWith('google', { loginHint: 'ada-google' })).session.email).toBe(
      'ada@new.example',
    )

    const { cookie } = await signedInWith('discord', { loginHint: 'grace' })
    expect(
      await errorOf(
        await post(
          '/v1/projects/shop/email/change',
          { hostOrigin: site, newEmail: 'grace@example.com' },
          { Origin: own, Cookie: cookie },
        ),
      ),
    ).toEqual({
      status: 400,
      code: 'emailInvalid',
      message: 'This account signs in with Discord: it has no email address to change.',
    })
  })

  test('behavior: Apple’s form_post: the callback takes its parameters as a POSTed form, with the state cookie', async () => {
    const { start, secret } = await authorizationOf('apple')
    const url = await startIn(app, start, browser)
    url.searchParams.set('login_hint', 'tim')
    const back = await oidc.authorize(url)
    const form = {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: back.searchParams.toString(),
    }
    const page = await pageOf(await browse(app, callbackUrl, browser, form))
    expect(page).toMatchObject({ status: 200, message: { state: back.searchParams.get('state') } })
    const response = await startSession({ grant: page.message.grant as string, secret })
    expect(await response.json()).toMatchObject({ email: 'social:apple:tim', provider: 'apple' })
  })

  test('behavior: a cross-site form_post comes without the SameSite=Lax cookie: the page posts it again from this origin, once, and the browser’s cookie goes with it; without one, socialBrowserMismatch', async () => {
    const { start, secret } = await authorizationOf('apple')
    const url = await startIn(app, start, browser)
    url.searchParams.set('login_hint', 'tim')
    const back = await oidc.authorize(url)
    const form = (body: URLSearchParams) => ({
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    })
    // Apple's POST, cross-site: the browser leaves the Lax cookie out.
    const bounce = await app.request(callbackUrl, form(back.searchParams))
    expect(bounce.status).toBe(200)
    const html = await bounce.text()
    const csp = bounce.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("form-action 'self'")
    expect(csp).toMatch(/script-src 'nonce-[^']+'/)
    expect(html).toContain('<form method="post" action="/v1/social/callback">')
    const fields = new URLSearchParams(
      [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(
        ([, name = '', value = '']): [string, string] => [name, value.replace(/&amp;/g, '&')],
      ),
    )
    expect(fields.get('airlock_resubmitted')).toBe('1')
    expect(fields.get('state')).toBe(back.searchParams.get('state'))
    expect(fields.get('code')).toBe(back.searchParams.get('code'))
    expect(await identities()).toEqual([])

    // Posted again by someone else's browser (no cookie): refused, not bounced again.
    const elsewhere = await pageOf(await browse(app, callbackUrl, new Map(), form(fields)))
    expect(elsewhere.message.error?.code).toBe('socialBrowserMismatch')
    // Posted again by the visitor's browser, same-site: the cookie goes along.
    const page = await pageOf(await browse(app, callbackUrl, browser, form(fields)))
    expect(page.status).toBe(200)
    const response = await startSession({ grant: page.message.grant as string, secret })
    expect(await response.json()).toMatchObject({ email: 'social:apple:tim' })
  })

  test.each([
    [
      'no state',
      () => `${callbackUrl}?code=abc`,
      undefined,
      'The provider sent you back without a state: start the sign-in again.',
    ],
    [
      'a state never issued',
      () => `${callbackUrl}?code=abc&state=${'A'.repeat(43)}`,
      'A'.repeat(43),
      'This sign-in was not started here, or was cleared long ago: start the sign-in again.',
    ],
    [
      'a state not of a state’s form (not echoed)',
      () => `${callbackUrl}?code=abc&state=%3Cscript%3E`,
      undefined,
      'This sign-in was not started here, or was cleared long ago: start the sign-in again.',
    ],
  ])('error: a callback with %s is socialStateInvalid', async (_, url, echoed, message) => {
    const page = await callback(url())
    expect(page).toEqual({
      status: 400,
      message: {
        type: 'airlock:social',
        ...(echoed !== undefined && { state: echoed }),
        error: { code: 'socialStateInvalid', message },
      },
      target: own,
      scriptAllowed: true,
      text: `Sign-in failed: ${message.replace(/'/g, '&#39;')}`,
    })
  })

  test('error: a callback used once is socialStateInvalid the second time; its grant still works once', async () => {
    const { start, secret } = await authorizationOf('google')
    const url = await startIn(app, start, browser)
    url.searchParams.set('login_hint', 'ada')
    const back = await oidc.authorize(url)
    const first = await callback(back)
    expect(first.status).toBe(200)
    expect(await callback(back)).toMatchObject({
      status: 400,
      message: {
        state: back.searchParams.get('state'),
        error: {
          code: 'socialStateInvalid',
          message: 'This sign-in was already completed: start the sign-in again.',
        },
      },
    })
    expect((await startSession({ grant: first.message.grant as string, secret })).status).toBe(201)
  })

  test('error: a callback 10 minutes after its authorization is socialStateInvalid', async () => {
    const back = await providerRedirect('google')
    clock += socialAuthorizationTtlMs
    expect((await callback(back)).message.error).toEqual({
      code: 'socialStateInvalid',
      message: 'This sign-in took over 10 minutes: start the sign-in again.',
    })
  })

  test('error: a callback without a code is socialCodeInvalid; with a wrong code, the provider’s refusal is said', async () => {
    const back = await providerRedirect('google')
    const noCode = new URL(back)
    noCode.searchParams.delete('code')
    expect((await callback(noCode)).message.error).toEqual({
      code: 'socialCodeInvalid',
      message: 'Google sent you back without a sign-in code: start the sign-in again.',
    })
    const wrong = await providerRedirect('google')
    wrong.searchParams.set('code', 'not-the-code')
    expect(await callback(wrong)).toMatchObject({
      status: 401,
      message: {
        state: wrong.searchParams.get('state'),
        error: {
          code: 'socialCodeInvalid',
          message:
            'Google refused the sign-in code (invalid_grant: grant request is invalid): it is wrong, expired or was used. Sign in again.',
        },
      },
    })
  })

  test('error: the provider’s error redirect is socialProviderError, with its description', async () => {
    // Not signed in at the provider, and it may not ask: it sends an error back.
    const url = await authorizationUrl('google')
    url.searchParams.set('prompt', 'none')
    const back = await oidc.authorize(url)
    expect(back.searchParams.get('error')).toBe('login_required')
    expect(await callback(back)).toMatchObject({
      status: 400,
      message: {
        state: url.searchParams.get('state'),
        error: {
          code: 'socialProviderError',
          message:
            'Google did not sign you in (login_required: End-User authentication is required).',
        },
      },
      text: 'Sign-in failed: Google did not sign you in (login_required: End-User authentication is required).',
    })
    // What a provider says is text: markup in it stays inert.
    const state = (await authorizationUrl('x')).searchParams.get('state')
    const page = await browse(
      app,
      `${callbackUrl}?state=${state}&error=access_denied&error_description=${encodeURIComponent('<img src=x onerror=alert(1)>\nnope')}`,
      browser,
    )
    const html = await page.clone().text()
    expect(html).not.toContain('<img')
    expect((await pageOf(page)).message.error).toEqual({
      code: 'socialProviderError',
      message: 'X did not sign you in (access_denied: <img src=x onerror=alert(1)> nope).',
    })
  })

  test.each([
    [
      'for another app (audience)',
      (claims: Record<string, unknown>) => ({ ...claims, aud: 'someone-else' }),
      "Google's ID token is for another app (wrong audience): the sign-in is refused.",
    ],
    [
      'from another issuer',
      (claims: Record<string, unknown>) => ({ ...claims, iss: 'https://evil.example' }),
      "Google's ID token is from another issuer: the sign-in is refused.",
    ],
    [
      'for another sign-in (nonce)',
      (claims: Record<string, unknown>) => ({ ...claims, nonce: 'another-nonce' }),
      "Google's ID token is for another sign-in (wrong nonce): the sign-in is refused.",
    ],
    [
      'expired',
      (claims: Record<string, unknown>) => ({
        ...claims,
        iat: Math.floor(Date.now() / 1000) - 7200,
        exp: Math.floor(Date.now() / 1000) - 3600,
      }),
      "Google's ID token has expired: sign in again.",
    ],
  ])(
    'error: an ID token %s is socialCodeInvalid, saying so; no account is made',
    async (_, edit, message) => {
      const back = await providerRedirect('google', { loginHint: 'mallory' })
      oidc.tamperNextIdToken('google', edit)
      expect(await callback(back)).toMatchObject({
        status: 401,
        message: {
          state: back.searchParams.get('state'),
          error: { code: 'socialCodeInvalid', message },
        },
      })
      expect(await identities()).toEqual([])
      expect(await storage.db.selectFrom('social_grants').selectAll().execute()).toEqual([])
    },
  )

  test('error: a grant starts one session; replayed, 2 minutes old, or for another site or project, it is socialGrantInvalid; without its secret, socialFrameMismatch', async () => {
    const invalid = {
      status: 401,
      code: 'socialGrantInvalid',
      message: 'This sign-in has expired, was used, or is for another site: sign in again.',
    }
    const redeemed = await grantOf('google')
    expect(await errorOf(await startSession(redeemed, { hostOrigin: otherSite }))).toEqual(invalid)
    expect(await errorOf(await startSession(redeemed, { project: 'other' }))).toEqual(invalid)
    expect(
      await errorOf(await startSession({ ...redeemed, secret: 'S'.repeat(43) })),
    ).toMatchObject({ status: 403, code: 'socialFrameMismatch' })
    expect((await startSession(redeemed)).status).toBe(201)
    expect(await errorOf(await startSession(redeemed))).toEqual(invalid)

    const stale = await grantOf('google')
    clock += socialGrantTtlMs
    expect(await errorOf(await startSession(stale))).toEqual(invalid)
    expect(
      await errorOf(await startSession({ grant: 'A'.repeat(43), secret: stale.secret })),
    ).toEqual(invalid)
    expect(await errorOf(await startSession({ ...stale, grant: 'short' }))).toMatchObject({
      status: 400,
      code: 'invalidRequest',
    })
    expect(await errorOf(await startSession({ ...stale, secret: 'short' }))).toMatchObject({
      status: 400,
      code: 'invalidRequest',
    })
  })

  test('error: two sessions racing with one grant: one session, one refusal', async () => {
    const redeemed = await grantOf('google')
    const statuses = (await Promise.all([startSession(redeemed), startSession(redeemed)])).map(
      (response) => response.status,
    )
    expect(statuses.sort()).toEqual([201, 401])
    expect(await storage.db.selectFrom('email_sessions').selectAll().execute()).toHaveLength(1)
  })

  test('security: only the modal’s origin, for a site and project that allow it', async () => {
    expect(await errorOf(await askAuthorization('google', { origin: site }))).toMatchObject({
      status: 403,
      code: 'crossOriginRequest',
    })
    expect(
      await errorOf(await askAuthorization('google', { hostOrigin: 'https://evil.example' })),
    ).toMatchObject({ status: 403, code: 'invalidAppConfiguration' })
    expect(await errorOf(await askAuthorization('google', { project: 'nobody' }))).toMatchObject({
      status: 404,
      code: 'invalidProjectId',
    })
    const redeemed = await grantOf('google')
    expect(await errorOf(await startSession(redeemed, { origin: site }))).toMatchObject({
      status: 403,
      code: 'crossOriginRequest',
    })
    expect(
      await errorOf(await startSession(redeemed, { hostOrigin: 'https://evil.example' })),
    ).toMatchObject({ status: 403, code: 'invalidAppConfiguration' })
    // Neither spent the grant.
    expect((await startSession(redeemed)).status).toBe(201)
    expect(await storage.db.selectFrom('social_authorizations').selectAll().execute()).toHaveLength(
      1,
    )
  })

  test('error: a provider this API has no client for, one the project has off, or no provider at all is socialNotEnabled', async () => {
    app = routes({ providers: issuerSetups().filter((setup) => setup.provider === 'google') })
    expect(await errorOf(await askAuthorization('x'))).toEqual({
      status: 403,
      code: 'socialNotEnabled',
      message: 'This Airlock API has no X app to sign in with (AIRLOCK_SOCIAL_X_CLIENT_ID).',
    })
    expect(await errorOf(await askAuthorization('farcaster'))).toEqual({
      status: 403,
      code: 'socialNotEnabled',
      message:
        'There is no social login called "farcaster": it is one of google, x, discord, github, apple, facebook.',
    })
    app = routes()
    expect(await errorOf(await askAuthorization('github', { project: 'nosocial' }))).toEqual({
      status: 403,
      code: 'socialNotEnabled',
      message: 'GitHub login is off for project "nosocial".',
    })
    expect((await askAuthorization('google', { project: 'nosocial' })).status).toBe(201)
    expect(await storage.db.selectFrom('social_authorizations').selectAll().execute()).toHaveLength(
      1,
    )
  })

  test('error: a provider that can’t be reached is socialProviderUnavailable; nothing is kept', async () => {
    app = routes({
      providers: [
        {
          provider: 'google',
          clientId: 'google-client',
          clientSecret: 'secret',
          endpoints: { kind: 'oidc', issuer: 'http://127.0.0.1:9/google', scope: 'openid' },
        },
      ],
    })
    const refused = await errorOf(await askAuthorization('google'))
    expect(refused).toMatchObject({ status: 502, code: 'socialProviderUnavailable' })
    expect(refused.message).toMatch(
      /^Google could not be reached to sign in \(.+\)\. Try again later\.$/,
    )
    expect(await storage.db.selectFrom('social_authorizations').selectAll().execute()).toEqual([])
  })

  test('security: authorizations of a provider not offered spend nothing of the project’s budget', async () => {
    app = routes({ perMinute: { project: 1 } })
    for (let round = 0; round < 3; round++)
      for (const provider of ['github', 'farcaster'])
        expect(
          await errorOf(await askAuthorization(provider, { project: 'nosocial' })),
        ).toMatchObject({ status: 403, code: 'socialNotEnabled' })
    expect((await askAuthorization('google', { project: 'nosocial' })).status).toBe(201)
    expect(await errorOf(await askAuthorization('google', { project: 'nosocial' }))).toMatchObject({
      status: 429,
      code: 'rateLimited',
    })
  })

  test('error: authorizations spend the client’s budget', async () => {
    app = routes({ perMinute: { client: 2 } })
    expect((await askAuthorization('google')).status).toBe(201)
    expect((await askAuthorization('google')).status).toBe(201)
    const refused = await askAuthorization('google')
    expect(await errorOf(refused)).toMatchObject({ status: 429, code: 'rateLimited' })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
