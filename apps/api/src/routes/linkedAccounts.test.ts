// The ways into an account over HTTP (issue 33), on SQLite and Postgres: its email and the social
// accounts linked to it, listed and unlinked by its session, with real sign-ins against the dev
// OpenID provider on loopback (scripts/devOidc.mjs) and real email codes (scripts/devMail.mjs).
// An account keeps the way it was made (its email, or its own social account): unlinking it is
// refused, so the last way in never goes; another account's identity is not found; and every
// refusal leaves the database as it was. An account with a confirmed wallet unlinks only with a
// proof of it (issue 33, point 3): an inbox alone — a session, no wallet key — unlinks nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type DevOidc, startDevOidc } from '../../../../scripts/devOidc.mjs'
import { testDatabases } from '../../test/databases'
import { signInByEmail } from '../../test/emailSignIn'
import { browse, type CookieJar, pageOf, startIn } from '../../test/socialPopup'
import { proveWallet } from '../../test/walletProof'
import {
  errorOf,
  madeUpProof,
  otherKey,
  own,
  proofInvalid,
  site,
  useDevMail,
  useWalletRoutes,
} from '../../test/walletRoutes'
import { socialProviderSetups } from '../services/social/providers'
import { readSocialConfig } from '../services/social/socialConfig'
import { linkedAccountsRoutes } from './linkedAccounts'
import { socialLoginRoutes } from './socialLogin'

let oidc: DevOidc
beforeAll(async () => {
  oidc = await startDevOidc({
    port: 0,
    redirectUris: [`${own}/v1/social/callback`],
    quiet: true,
  })
})
afterAll(() => oidc?.close())
const devMail = useDevMail()

describe.each(testDatabases())('linked accounts on $name', (database) => {
  let browser: CookieJar
  beforeEach(() => {
    browser = new Map()
  })
  const routes = useWalletRoutes(database, devMail)
  // The social sign-ins that link a way in, and the ways in listed and unlinked.
  beforeEach(() => {
    const { storage, rateLimiter } = routes
    const shared = {
      storage,
      rateLimiter,
      trustProxy: 0,
      publicOrigin: own,
      now: () => routes.clock,
    }
    const providers = socialProviderSetups(readSocialConfig(oidc.env(), { production: false }))
    routes.app
      .route('/', socialLoginRoutes({ ...shared, providers }))
      .route('/', linkedAccountsRoutes({ storage, publicOrigin: own, now: () => routes.clock }))
  })
  const { post } = routes
  async function signedInByEmail(email: string) {
    routes.clock += 1000
    return signInByEmail({ post, devMail: devMail(), email, hostOrigin: site })
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
    const providerUrl = await startIn(routes.app, url, browser)
    providerUrl.searchParams.set('login_hint', subject)
    const page = await pageOf(await browse(routes.app, await oidc.authorize(providerUrl), browser))
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
    routes.app.request(`${own}/v1/projects/shop/identities?${query}`, {
      headers: { Cookie: cookie },
    })
  /** A DELETE of the identity, with `body` as its JSON body (none by default). */
  const unlink = (
    cookie: string,
    provider: string,
    subject: string,
    { origin = own, body }: { origin?: string; body?: unknown } = {},
  ) =>
    routes.app.request(`${own}/v1/projects/shop/identities/${provider}/${subject}?${query}`, {
      method: 'DELETE',
      headers: {
        Cookie: cookie,
        Origin: origin,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    })
  const prove = (cookie: string, action: string, key?: `0x${string}`) =>
    proveWallet({ post, cookie, action, hostOrigin: site, ...(key ? { key } : {}) })
  const challenges = () =>
    routes.storage.db
      .selectFrom('embedded_wallet_challenges')
      .select(['action', 'used_at'])
      .orderBy('created_at')
      .execute()
  const identities = () =>
    routes.storage.db
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
    routes.clock += 1000
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
      await errorOf(await unlink(ada, 'google', 'ada-google', { origin: 'https://evil.example' })),
    ).toMatchObject({ status: 403, code: 'crossOriginRequest' })
    expect(await identities()).toHaveLength(1)
  })

  test('security: an inbox alone unlinks no way in of a confirmed wallet: without a proof, with a made-up one, one signed by another key, another action’s, another session’s or an expired one, 401 embeddedWalletProofInvalid and the identity stays linked', async () => {
    const ada = await signedInByEmail('ada@example.com')
    await routes.makeWallet(ada)
    await socialSignIn('google', 'ada-google', ada)
    // Someone in Ada's inbox signs in: a session of her account, with no key of her wallet.
    const inbox = await signedInByEmail('ada@example.com')
    const refused = [
      undefined,
      {},
      { proof: madeUpProof },
      { proof: await prove(inbox, 'unlinkIdentity', otherKey) },
      { proof: await prove(inbox, 'exportKey') },
      // Ada's own proof, sent by another session.
      { proof: await prove(ada, 'unlinkIdentity') },
    ]
    for (const body of refused)
      expect(await errorOf(await unlink(inbox, 'google', 'ada-google', { body }))).toEqual(
        proofInvalid,
      )
    const late = await prove(ada, 'unlinkIdentity')
    routes.clock += 5 * 60_000
    expect(
      await errorOf(await unlink(ada, 'google', 'ada-google', { body: { proof: late } })),
    ).toEqual(proofInvalid)
    expect(await identities()).toEqual([
      { provider: 'google', subject: 'ada-google', login: 'ada@example.com' },
    ])
    expect(await (await list(ada)).json()).toMatchObject({
      identities: [{ provider: 'google', subject: 'ada-google' }],
    })
  })

  test('behavior: with the wallet’s proof for unlinkIdentity the visitor unlinks; the proof is spent, and spent it unlinks nothing more', async () => {
    const ada = await signedInByEmail('ada@example.com')
    await routes.makeWallet(ada)
    await socialSignIn('google', 'ada-google', ada)
    routes.clock += 1000
    await socialSignIn('github', 'ada-gh', ada)
    const proof = await prove(ada, 'unlinkIdentity')
    const unlinked = await unlink(ada, 'google', 'ada-google', { body: { proof } })
    expect(unlinked.status).toBe(200)
    expect(await unlinked.json()).toMatchObject({
      email: 'ada@example.com',
      identities: [{ provider: 'github', subject: 'ada-gh' }],
    })
    expect(await challenges()).toEqual([{ action: 'unlinkIdentity', used_at: expect.anything() }])
    expect(await errorOf(await unlink(ada, 'github', 'ada-gh', { body: { proof } }))).toEqual(
      proofInvalid,
    )
    expect(await identities()).toEqual([
      { provider: 'github', subject: 'ada-gh', login: 'ada@example.com' },
    ])
  })

  test('behavior: a refused unlink spends no proof: the account’s own way in or another’s identity is refused as before, and the same proof then unlinks', async () => {
    const grace = await socialSignIn('discord', 'grace')
    await routes.makeWallet(grace)
    await socialSignIn('x', 'grace-x', grace)
    const proof = await prove(grace, 'unlinkIdentity')
    expect(
      await errorOf(await unlink(grace, 'discord', 'grace', { body: { proof } })),
    ).toMatchObject({ status: 409, code: 'socialIdentityPrimary' })
    expect(
      await errorOf(await unlink(grace, 'google', 'nobody', { body: { proof } })),
    ).toMatchObject({ status: 404, code: 'socialIdentityNotFound' })
    expect(await challenges()).toEqual([{ action: 'unlinkIdentity', used_at: null }])
    expect((await unlink(grace, 'x', 'grace-x', { body: { proof } })).status).toBe(200)
    expect(await identities()).toEqual([
      { provider: 'discord', subject: 'grace', login: 'social:discord:grace' },
    ])
  })

  test('behavior: an account whose wallet is still pending unlinks without a proof: there is no key to sign with yet', async () => {
    const ada = await signedInByEmail('ada@example.com')
    await routes.makeWallet(ada, { pending: true })
    await socialSignIn('google', 'ada-google', ada)
    expect((await unlink(ada, 'google', 'ada-google')).status).toBe(200)
    expect(await identities()).toEqual([])
  })

  test('error: a body that is not JSON, or a proof not of its form, is 400 invalidRequest; nothing is unlinked', async () => {
    const ada = await signedInByEmail('ada@example.com')
    await socialSignIn('google', 'ada-google', ada)
    expect(await errorOf(await unlink(ada, 'google', 'ada-google', { body: 'proof' }))).toEqual({
      status: 400,
      code: 'invalidRequest',
      message: 'The request body must be JSON',
    })
    expect(
      await errorOf(
        await unlink(ada, 'google', 'ada-google', {
          body: { proof: { ...madeUpProof, challengeId: 'short' } },
        }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'invalidRequest',
      message: expect.stringContaining('Not a challenge id.'),
    })
    expect(await identities()).toEqual([
      { provider: 'google', subject: 'ada-google', login: 'ada@example.com' },
    ])
  })
})
