// Social login over HTTP, on SQLite and Postgres, against a real OpenID provider on loopback
// (scripts/devOidc.mjs: oidc-provider, one issuer per provider name, codes and signed ID tokens of
// its own). Every provider signs in through its issuer (AIRLOCK_SOCIAL_<P>_ISSUER), GitHub also as
// plain OAuth 2 with its user endpoint. The authorization (PKCE S256, state, nonce, redirect URI),
// the callback's page and its message, the grant and the session it starts (the email session's
// cookie and wallet), linking to an email account, and each refusal: state, code, provider error,
// ID tokens with a wrong audience, issuer or nonce or expired, grants replayed or for another site,
// requests from another origin, providers not configured.
import { createHash } from 'node:crypto'
import { socialAuthorizationTtlMs, socialGrantTtlMs } from '@airlock/protocol'
import { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type DevMail, startDevMail } from '../../../../scripts/devMail.mjs'
import { type DevOidc, startDevOidc } from '../../../../scripts/devOidc.mjs'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { signInByEmail } from '../../test/emailSignIn'
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

/** The page's message and where it goes, and whether its script is the one its CSP allows. */
type CallbackPage = {
  status: number
  message: {
    type: string
    state?: string
    grant?: string
    error?: { code: string; message: string }
  }
  target: string
  scriptAllowed: boolean
  text: string
}

async function pageOf(response: Response): Promise<CallbackPage> {
  const html = await response.text()
  const script =
    /<script nonce="([^"]+)">\nwindow\.opener\?\.postMessage\((.*), (".*")\);\nwindow\.close\(\);\n<\/script>/.exec(
      html,
    )
  if (!script) throw new Error(`No postMessage script in the page:\n${html}`)
  const [, nonce = '', message = '', target = ''] = script
  const csp = response.headers.get('content-security-policy') ?? ''
  return {
    status: response.status,
    message: JSON.parse(message),
    target: JSON.parse(target),
    scriptAllowed:
      csp ===
      `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    text: /<p>(.*)<\/p>/.exec(html)?.[1] ?? '',
  }
}

describe.each(testDatabases())('social login on $name', (database) => {
  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())

  let storage: Storage
  let mailer: Mailer
  let clock: number
  const routes = (
    options: { providers?: SocialProviderSetup[]; perMinute?: { client: number } } = {},
  ) => {
    const rateLimiter = createRateLimiter({
      name: 'emailLogin',
      perMinute: { client: options.perMinute?.client ?? 1000, project: 1000 },
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
  type Asking = { cookie?: string; hostOrigin?: string; project?: string; origin?: string }
  const askAuthorization = (provider: string, asking: Asking = {}) =>
    post(
      `/v1/projects/${asking.project ?? 'shop'}/social/${provider}/authorizations`,
      { hostOrigin: asking.hostOrigin ?? site },
      { Origin: asking.origin ?? own, ...(asking.cookie && { Cookie: asking.cookie }) },
    )
  async function authorizationUrl(provider: string, asking: Asking = {}): Promise<URL> {
    const response = await askAuthorization(provider, asking)
    expect(response.status).toBe(201)
    return new URL(((await response.json()) as { url: string }).url)
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
  const callback = async (url: URL | string) => pageOf(await app.request(String(url)))
  /** The grant of a whole sign-in with `provider` as `loginHint`. */
  async function grantOf(provider: string, options: Asking & { loginHint?: string } = {}) {
    const page = await callback(await providerRedirect(provider, options))
    expect(page.message).toMatchObject({ grant: expect.any(String) })
    return page.message.grant as string
  }
  const startSession = (grant: string, hostOrigin = site, project = 'shop', origin = own) =>
    post(`/v1/projects/${project}/social/sessions`, { hostOrigin, grant }, { Origin: origin })
  const cookieOf = (response: Response) =>
    (response.headers.get('set-cookie') ?? '').split(';')[0] as string
  /** A whole sign-in: the session's cookie and answer. */
  async function signedInWith(provider: string, options: Asking & { loginHint?: string } = {}) {
    const response = await startSession(await grantOf(provider, options), options.hostOrigin)
    expect(response.status).toBe(201)
    return {
      cookie: cookieOf(response),
      session: (await response.json()) as Record<string, unknown>,
    }
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

  test('behavior: the authorization URL asks the issuer for a code with PKCE S256, a state and a nonce, back to the callback', async () => {
    const response = await askAuthorization('google')
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const url = new URL(((await response.json()) as { url: string }).url)
    expect(`${url.origin}${url.pathname}`).toBe(`${oidc.issuer('google')}/auth`)
    const [row] = await storage.db.selectFrom('social_authorizations').selectAll().execute()
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'google-client',
      response_type: 'code',
      redirect_uri: callbackUrl,
      scope: 'openid email profile',
      state: row?.state,
      nonce: row?.nonce,
      code_challenge: createHash('sha256')
        .update(row?.code_verifier ?? '')
        .digest('base64url'),
      code_challenge_method: 'S256',
    })
    expect(row?.state).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(row?.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(row).toMatchObject({
      project_id: 'shop',
      host_origin: site,
      provider: 'google',
      link_login: null,
      used_at: null,
    })
    expect(new Date(row?.expires_at ?? 0).getTime()).toBe(clock + socialAuthorizationTtlMs)
  })

  test('behavior: a Google sign-in: the callback page posts the state and a grant to the API origin; the grant starts a session in the email session cookie, which reads back the provider and handle', async () => {
    const url = await authorizationUrl('google')
    const state = url.searchParams.get('state')
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
    const grant = page.message.grant as string
    // Only its hash is kept.
    expect(
      JSON.stringify(await storage.db.selectFrom('social_grants').selectAll().execute()),
    ).not.toContain(grant)

    const response = await startSession(grant)
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const expiresAt = new Date(clock + 30 * 24 * 60 * 60_000).toISOString()
    expect(await response.json()).toEqual({
      email: 'social:google:ada',
      hostOrigin: site,
      expiresAt,
      provider: 'google',
      handle: 'ada',
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
    })
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
    const url = await authorizationUrl('github')
    expect(url.searchParams.get('nonce')).toBeNull()
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('scope')).toBe('profile')
    const [row] = await storage.db.selectFrom('social_authorizations').selectAll().execute()
    expect(row?.nonce).toBeNull()
    url.searchParams.set('login_hint', 'linus')
    const page = await callback(await oidc.authorize(url))
    const response = await startSession(page.message.grant as string)
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
    expect(
      await storage.db
        .selectFrom('social_identities')
        .select(['subject', 'login'])
        .orderBy('subject')
        .execute(),
    ).toEqual([
      { subject: 'ada', login: 'social:google:ada' },
      { subject: 'bob', login: 'social:google:bob' },
    ])
  })

  test("behavior: signed in by email, a new social account is linked to that account: it signs in to the email's wallet from then on", async () => {
    const ada = await signedInByEmail('ada@example.com')
    const kept = await post(
      '/v1/projects/shop/embedded-wallet',
      { hostOrigin: site, ...wallet, deviceLabel: 'Firefox on Linux' },
      { Origin: own, Cookie: ada },
    )
    expect(kept.status).toBe(201)

    await authorizationUrl('google', { cookie: ada })
    const [row] = await storage.db
      .selectFrom('social_authorizations')
      .select('link_login')
      .execute()
    expect(row?.link_login).toBe('ada@example.com')

    const linked = await signedInWith('google', { cookie: ada, loginHint: 'ada-google' })
    expect(linked.session).toMatchObject({
      email: 'ada@example.com',
      provider: 'google',
      handle: 'ada-google',
    })
    // Later, from a frame with no session: the same account, and its wallet.
    const later = await signedInWith('google', { loginHint: 'ada-google' })
    expect(later.session.email).toBe('ada@example.com')
    const read = await app.request(
      `${own}/v1/projects/shop/embedded-wallet?hostOrigin=${encodeURIComponent(site)}`,
      { headers: { Cookie: later.cookie } },
    )
    expect(await read.json()).toMatchObject(wallet)
  })

  test('error: a social account linked to one account is refused to a frame signed in as another: socialIdentityTaken', async () => {
    await signedInWith('google', {
      cookie: await signedInByEmail('ada@example.com'),
      loginHint: 'ada-google',
    })
    await signedInWith('x', { loginHint: 'grace-x' })
    const bob = await signedInByEmail('bob@example.com')
    for (const [provider, loginHint, name] of [
      ['google', 'ada-google', 'Google'],
      ['x', 'grace-x', 'X'],
    ] as const) {
      const url = await authorizationUrl(provider, { cookie: bob })
      url.searchParams.set('login_hint', loginHint)
      const page = await callback(await oidc.authorize(url))
      expect(page).toMatchObject({
        status: 409,
        message: {
          state: url.searchParams.get('state'),
          error: {
            code: 'socialIdentityTaken',
            message: `This ${name} account is already linked to another wallet.`,
          },
        },
        target: own,
        scriptAllowed: true,
      })
      expect(page.message.grant).toBeUndefined()
    }
    expect(
      await storage.db
        .selectFrom('social_identities')
        .select(['subject', 'login'])
        .orderBy('subject')
        .execute(),
    ).toEqual([
      { subject: 'ada-google', login: 'ada@example.com' },
      { subject: 'grace-x', login: 'social:x:grace-x' },
    ])
  })

  test('behavior: the account of a social login follows its email change; a social account of its own has no address to change', async () => {
    const ada = await signedInByEmail('ada@example.com')
    await signedInWith('google', { cookie: ada, loginHint: 'ada-google' })
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

  test('behavior: Apple’s form_post: the callback takes its parameters as a POSTed form', async () => {
    const back = await providerRedirect('apple', { loginHint: 'tim' })
    const response = await app.request(callbackUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: back.searchParams.toString(),
    })
    const page = await pageOf(response)
    expect(page).toMatchObject({ status: 200, message: { state: back.searchParams.get('state') } })
    expect(await (await startSession(page.message.grant as string)).json()).toMatchObject({
      email: 'social:apple:tim',
      provider: 'apple',
    })
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
    const back = await providerRedirect('google')
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
    expect((await startSession(first.message.grant as string)).status).toBe(201)
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
    const page = await app.request(
      `${callbackUrl}?state=${state}&error=access_denied&error_description=${encodeURIComponent('<img src=x onerror=alert(1)>\nnope')}`,
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
      expect(await storage.db.selectFrom('social_identities').selectAll().execute()).toEqual([])
      expect(await storage.db.selectFrom('social_grants').selectAll().execute()).toEqual([])
    },
  )

  test('error: a grant starts one session; replayed, 2 minutes old, or for another site or project, it is socialGrantInvalid', async () => {
    const invalid = {
      status: 401,
      code: 'socialGrantInvalid',
      message: 'This sign-in has expired, was used, or is for another site: sign in again.',
    }
    const grant = await grantOf('google')
    expect(await errorOf(await startSession(grant, otherSite))).toEqual(invalid)
    expect(await errorOf(await startSession(grant, site, 'other'))).toEqual(invalid)
    expect((await startSession(grant)).status).toBe(201)
    expect(await errorOf(await startSession(grant))).toEqual(invalid)

    const stale = await grantOf('google')
    clock += socialGrantTtlMs
    expect(await errorOf(await startSession(stale))).toEqual(invalid)
    expect(await errorOf(await startSession('A'.repeat(43)))).toEqual(invalid)
    expect(await errorOf(await startSession('short'))).toMatchObject({
      status: 400,
      code: 'invalidRequest',
    })
  })

  test('error: two sessions racing with one grant: one session, one refusal', async () => {
    const grant = await grantOf('google')
    const statuses = (await Promise.all([startSession(grant), startSession(grant)])).map(
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
    const grant = await grantOf('google')
    expect(await errorOf(await startSession(grant, site, 'shop', site))).toMatchObject({
      status: 403,
      code: 'crossOriginRequest',
    })
    expect(await errorOf(await startSession(grant, 'https://evil.example'))).toMatchObject({
      status: 403,
      code: 'invalidAppConfiguration',
    })
    // Neither spent the grant.
    expect((await startSession(grant)).status).toBe(201)
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

  test('error: authorizations spend the client’s budget', async () => {
    app = routes({ perMinute: { client: 2 } })
    expect((await askAuthorization('google')).status).toBe(201)
    expect((await askAuthorization('google')).status).toBe(201)
    const refused = await askAuthorization('google')
    expect(await errorOf(refused)).toMatchObject({ status: 429, code: 'rateLimited' })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
