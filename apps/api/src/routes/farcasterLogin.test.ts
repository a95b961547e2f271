// Sign In With Farcaster over HTTP, on SQLite and Postgres, against the dev Farcaster relay on
// loopback (scripts/devFarcaster.mjs: the relay's HTTP API as the real one answers it, and the
// page a Farcaster app would be, signing real SIWF messages with the dev accounts' custody keys)
// and a real anvil holding Farcaster's registries at their Optimism addresses. The channel, the
// polling, the verification by @farcaster/auth-client (nonce, domain, signature, custody), the
// session it starts, linking to an email account only once the visitor says yes, and each refusal:
// a signer who does not own the fid, channels unknown, used, expired or another site's, asked
// about without the secret of the frame that opened them or with another session (issue 33),
// requests from another origin, Farcaster off, the relay or Optimism's RPC down. Each refusal is
// checked in the database too: nothing half-linked.
import { createHash } from 'node:crypto'
import { farcasterChannelTtlMs } from '@airlock/protocol'
import { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type DevFarcaster, startDevFarcaster } from '../../../../scripts/devFarcaster.mjs'
import { type DevMail, startDevMail } from '../../../../scripts/devMail.mjs'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { signInByEmail } from '../../test/emailSignIn'
import { freePort } from '../../test/ports'
import { createMailer, type Mailer } from '../services/email/mailer'
import { createFarcasterRelay } from '../services/farcaster/farcasterRelay'
import { type Anvil, startAnvil } from '../services/indexer/testing/anvil'
import { configureProject, createProject } from '../services/projects'
import { createRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { emailLoginRoutes } from './emailLogin'
import { farcasterLoginRoutes } from './farcasterLogin'

const own = 'http://localhost:8787'
const site = 'https://shop.example'
const otherSite = 'https://news.example'
const serverKey = new Uint8Array(32).fill(7)

let anvil: Anvil
let farcaster: DevFarcaster
let devMail: DevMail
beforeAll(async () => {
  anvil = await startAnvil()
  farcaster = await startDevFarcaster({ port: 0, rpcUrl: anvil.rpcUrl, quiet: true })
  devMail = await startDevMail({ smtpPort: 0, httpPort: 0, quiet: true })
}, 60_000)
afterAll(async () => {
  await farcaster?.close()
  await devMail?.close()
  await anvil?.stop()
})

describe.each(testDatabases())('Sign In With Farcaster on $name', (database) => {
  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())

  let storage: Storage
  let mailer: Mailer
  let clock: number
  const routes = (
    config: { relayUrl?: string; rpcUrl?: string; projectPerMinute?: number } | null = {},
  ) => {
    const rateLimiter = createRateLimiter({
      name: 'emailLogin',
      perMinute: { client: 1000, project: config?.projectPerMinute ?? 1000 },
    })
    const now = () => clock
    const relay =
      config === null
        ? undefined
        : createFarcasterRelay({
            relayUrl: config.relayUrl ?? farcaster.relayUrl,
            rpcUrl: config.rpcUrl ?? anvil.rpcUrl,
          })
    const shared = { storage, rateLimiter, trustProxy: 0, publicOrigin: own, now }
    return new Hono()
      .route('/', farcasterLoginRoutes({ ...shared, relay }))
      .route(
        '/',
        emailLoginRoutes({ ...shared, mailer, serverKey, mailsPerAddressPerMinute: 1000 }),
      )
  }
  let app: Hono
  beforeEach(async () => {
    // The signed message's notBefore and expiry are checked against the real clock: the API's
    // runs a minute behind it, and each asking moves it a second on.
    clock = Date.now() - 60_000
    storage = await database.open()
    mailer = createMailer({ smtpUrl: devMail.smtpUrl, from: 'Airlock <login@airlock.test>' })
    await createProject(storage.db, 'shop', [site, otherSite])
    await createProject(storage.db, 'nofarcaster', [site], { socials: ['google'] })
    app = routes()
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
  type Asking = { cookie?: string; hostOrigin?: string; project?: string; origin?: string }
  const headersOf = (asking: Asking) => ({
    ...(asking.origin && { Origin: asking.origin }),
    ...(asking.cookie && { Cookie: asking.cookie }),
  })
  const openChannel = (asking: Asking = {}) =>
    post(
      `/v1/projects/${asking.project ?? 'shop'}/social/farcaster/channels`,
      { hostOrigin: asking.hostOrigin ?? site },
      headersOf(asking),
    )
  async function channelOf(asking: Asking = {}) {
    const response = await openChannel(asking)
    expect(response.status).toBe(201)
    return (await response.json()) as { channel: string; url: string; secret: string }
  }
  /**
   * Asks about the channel with its secret, a second after the last asking (the relay is asked
   * once a second); `link` is the visitor's yes to a link.
   */
  const askSession = (
    { channel, secret }: { channel: string; secret: string },
    asking: Asking & { link?: true } = {},
  ) => {
    clock += 1000
    return post(
      `/v1/projects/${asking.project ?? 'shop'}/social/farcaster/channels/${channel}/session`,
      { hostOrigin: asking.hostOrigin ?? site, secret, ...(asking.link && { link: asking.link }) },
      headersOf(asking),
    )
  }
  const cookieOf = (response: Response) =>
    (response.headers.get('set-cookie') ?? '').split(';')[0] as string
  const errorOf = async (response: Response) =>
    ({ status: response.status, ...((await response.json()) as { error: object }).error }) as {
      status: number
      code: string
      message: string
    }
  /** A whole sign-in as `username`: the answer to the asking after the app signed. */
  async function signedInAs(username: string, asking: Asking = {}) {
    const opened = await channelOf(asking)
    await farcaster.approve(opened.url, { username })
    return askSession(opened, asking)
  }
  const identities = () =>
    storage.db
      .selectFrom('social_identities')
      .select(['provider', 'subject', 'login'])
      .orderBy('subject')
      .execute()
  /** The login of the session an answer started. */
  const loginOf = async (response: Response) => ((await response.json()) as { email: string }).email
  /** A session of `email` by code: its cookie. */
  const signedInByEmail = (email: string) =>
    signInByEmail({ post, devMail, email, hostOrigin: site })

  test("behavior: a channel's URL is the relay's sign-in page, its secret the frame's alone; 202 until the app signs, then the session of the fid", async () => {
    const response = await openChannel()
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const opened = (await response.json()) as { channel: string; url: string; secret: string }
    const { channel, url, secret } = opened
    expect(channel).toMatch(/^[\w-]{43}$/)
    expect(secret).toMatch(/^[\w-]{43}$/)
    const signInUrl = new URL(url)
    expect(signInUrl.origin).toBe(farcaster.origin)
    // The secret is in neither the sign-in URL (the QR code) nor the database.
    expect(url).not.toContain(secret)
    expect(url).not.toContain(channel)
    const [row] = await storage.db.selectFrom('farcaster_channels').selectAll().execute()
    expect(row).toMatchObject({
      id: channel,
      project_id: 'shop',
      host_origin: site,
      channel_token: signInUrl.searchParams.get('channelToken'),
      domain: 'shop.example',
      secret_hash: createHash('sha256').update(secret).digest('hex'),
      session_id: null,
      fid: null,
      used_at: null,
    })
    expect(JSON.stringify(row)).not.toContain(secret)
    expect(row?.nonce).toMatch(/^[A-Za-z0-9]{8,}$/)

    const pending = await askSession(opened)
    expect(pending.status).toBe(202)
    expect(await pending.json()).toEqual({ pending: true })
    expect(pending.headers.get('set-cookie')).toBeNull()

    const signIn = await farcaster.approve(url, { username: 'alice' })
    // What the app signed: this site, this channel's nonce, alice's fid.
    expect(signIn.message).toContain('shop.example wants you to sign in with your Ethereum account')
    expect(signIn.message).toContain(`Nonce: ${row?.nonce}`)
    expect(signIn.message).toContain('farcaster://fid/1001')
    const signedIn = await askSession(opened)
    expect(signedIn.status).toBe(201)
    expect(await signedIn.json()).toMatchObject({
      email: 'social:farcaster:1001',
      hostOrigin: site,
      provider: 'farcaster',
      handle: 'alice',
    })
    expect(cookieOf(signedIn)).toMatch(/^__Host-airlock-email-shop=[\w-]{43}$/)
    const session = await app.request(
      `${own}/v1/projects/shop/email/session?hostOrigin=${encodeURIComponent(site)}`,
      { headers: { Cookie: cookieOf(signedIn) } },
    )
    expect(await session.json()).toMatchObject({
      email: 'social:farcaster:1001',
      provider: 'farcaster',
      handle: 'alice',
    })
    // A channel starts one session.
    expect(await errorOf(await askSession(opened))).toMatchObject({
      status: 400,
      code: 'socialStateInvalid',
      message: 'This Farcaster sign-in was already completed: start it again.',
    })
  })

  test('behavior: the same fid signs in to the same account again; another fid to another', async () => {
    const first = await signedInAs('bob')
    const again = await signedInAs('bob')
    const alice = await signedInAs('alice')
    expect(await loginOf(first)).toBe('social:farcaster:1002')
    expect(await loginOf(again)).toBe('social:farcaster:1002')
    expect(await loginOf(alice)).toBe('social:farcaster:1001')
  })

  test('error: a signer who does not own the fid is refused, and nothing is linked or started', async () => {
    // mallory claims alice's fid 1001 with a key that owns no fid.
    const response = await signedInAs('mallory')
    expect(await errorOf(response)).toMatchObject({
      status: 401,
      code: 'socialCodeInvalid',
      message: expect.stringMatching(
        /^This Farcaster sign-in does not verify \(.+\): start it again\.$/,
      ),
    })
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(await identities()).toEqual([])
    expect(await storage.db.selectFrom('email_sessions').selectAll().execute()).toEqual([])
  })

  test('behavior: signed in by email, a new Farcaster account is linked to that account only once the visitor says yes; taken by another, it is refused', async () => {
    const cookie = await signedInByEmail('ada@example.com')
    const opened = await channelOf({ cookie })
    await farcaster.approve(opened.url, { username: 'alice' })
    // The question, what would be linked to which wallet; the proven fid kept for the answer.
    const asked = await askSession(opened, { cookie })
    expect(asked.status).toBe(200)
    expect(await asked.json()).toEqual({
      confirmLink: {
        provider: 'farcaster',
        handle: 'alice',
        account: { email: 'ada@example.com' },
      },
    })
    expect(await identities()).toEqual([])
    const [row] = await storage.db.selectFrom('farcaster_channels').selectAll().execute()
    expect(row).toMatchObject({ fid: '1001', handle: 'alice', used_at: null })
    // Asked again, the same question, without asking the relay (no second a second later).
    clock -= 1000
    expect((await askSession(opened, { cookie })).status).toBe(200)

    const linked = await askSession(opened, { cookie, link: true })
    expect(linked.status).toBe(201)
    expect(linked.headers.get('set-cookie')).toBeNull()
    expect(await linked.json()).toMatchObject({ email: 'ada@example.com', hostOrigin: site })
    expect(await identities()).toEqual([
      { provider: 'farcaster', subject: '1001', login: 'ada@example.com' },
    ])
    // Later, alone, alice signs in to ada's account.
    expect(await loginOf(await signedInAs('alice'))).toBe('ada@example.com')

    const other = await signedInByEmail('bea@example.com')
    expect(await errorOf(await signedInAs('alice', { cookie: other }))).toMatchObject({
      status: 409,
      code: 'socialIdentityTaken',
      message: 'This Farcaster account is already linked to another wallet.',
    })
    expect(await identities()).toEqual([
      { provider: 'farcaster', subject: '1001', login: 'ada@example.com' },
    ])
  })

  test("security: the review's attack: a channel someone else opened, signed by the victim's app, signs no one in for any frame but the one that opened it; nothing is linked", async () => {
    // Mallory's frame opens a channel and shows its QR code to the victim, who signs as alice.
    const malloryChannel = await channelOf()
    await farcaster.approve(malloryChannel.url, { username: 'alice' })
    // Whoever knows the channel (its id, its QR code) but not the secret Mallory's frame kept —
    // the victim's own frame among them — gets nothing, signed in or not.
    const victim = await signedInByEmail('victim@example.com')
    for (const cookie of [undefined, victim]) {
      const refused = await askSession(
        { channel: malloryChannel.channel, secret: 'V'.repeat(43) },
        cookie ? { cookie } : {},
      )
      expect(await errorOf(refused)).toEqual({
        status: 403,
        code: 'socialFrameMismatch',
        message:
          'This sign-in was started by another window: nothing was signed in or linked. Sign in again here.',
      })
      expect(refused.headers.get('set-cookie')).toBeNull()
    }
    expect(await identities()).toEqual([])
    expect(await storage.db.selectFrom('email_sessions').selectAll().execute()).toHaveLength(1)
    const [row] = await storage.db.selectFrom('farcaster_channels').selectAll().execute()
    expect(row).toMatchObject({ used_at: null, fid: null })
  })

  test('security: a channel opened by a signed-in frame is asked about only with that session: socialSessionMismatch otherwise; nothing is linked or started', async () => {
    const ada = await signedInByEmail('ada@example.com')
    const bea = await signedInByEmail('bea@example.com')
    const opened = await channelOf({ cookie: ada })
    await farcaster.approve(opened.url, { username: 'alice' })
    const mismatch = {
      status: 409,
      code: 'socialSessionMismatch',
      message:
        'You signed in or out since this sign-in started: nothing was signed in or linked. Sign in again.',
    }
    expect(await errorOf(await askSession(opened))).toEqual(mismatch)
    expect(await errorOf(await askSession(opened, { cookie: bea, link: true }))).toEqual(mismatch)
    // Opened with no session, it can't be taken into one either.
    const alone = await channelOf()
    await farcaster.approve(alone.url, { username: 'bob' })
    expect(await errorOf(await askSession(alone, { cookie: bea, link: true }))).toEqual(mismatch)
    expect(await identities()).toEqual([])
    expect(await storage.db.selectFrom('email_sessions').selectAll().execute()).toHaveLength(2)
  })

  test('behavior: the relay is asked about a channel once a second, however often the frame asks', async () => {
    const opened = await channelOf()
    expect((await askSession(opened)).status).toBe(202)
    await farcaster.approve(opened.url, { username: 'alice' })
    // Within the same second the answer is still 202: the relay was not asked.
    clock -= 1000
    expect((await askSession(opened)).status).toBe(202)
    clock += 999
    expect((await askSession(opened)).status).toBe(201)
  })

  test('security: only the modal asks, for a site the project allows, about a channel of its own site', async () => {
    expect(await errorOf(await openChannel({ origin: 'https://evil.example' }))).toMatchObject({
      status: 403,
      code: 'crossOriginRequest',
    })
    expect(await errorOf(await openChannel({ hostOrigin: 'https://evil.example' }))).toMatchObject({
      status: 403,
      code: 'invalidAppConfiguration',
    })
    const opened = await channelOf()
    await farcaster.approve(opened.url, { username: 'alice' })
    expect(
      await errorOf(await askSession(opened, { origin: 'https://evil.example' })),
    ).toMatchObject({ status: 403, code: 'crossOriginRequest' })
    // Another site of the same project can't take the channel's session.
    expect(await errorOf(await askSession(opened, { hostOrigin: otherSite }))).toMatchObject({
      status: 400,
      code: 'socialStateInvalid',
      message:
        'This Farcaster sign-in was not started here, or was cleared long ago: start it again.',
    })
    for (const unknown of ['A'.repeat(43), 'not-a-channel'])
      expect(
        await errorOf(await askSession({ channel: unknown, secret: opened.secret })),
      ).toMatchObject({ status: 400, code: 'socialStateInvalid' })
    expect(
      await errorOf(await askSession({ channel: opened.channel, secret: 'short' })),
    ).toMatchObject({ status: 400, code: 'invalidRequest' })
    // The right site still can.
    expect((await askSession(opened)).status).toBe(201)
  })

  test('error: a channel over 10 minutes old is refused', async () => {
    const opened = await channelOf()
    clock += farcasterChannelTtlMs
    expect(await errorOf(await askSession(opened))).toMatchObject({
      status: 400,
      code: 'socialStateInvalid',
      message: 'This Farcaster sign-in took over 10 minutes: start it again.',
    })
  })

  test('error: Farcaster off for the project, or this API without a relay, is refused in words', async () => {
    expect(await errorOf(await openChannel({ project: 'nofarcaster' }))).toMatchObject({
      status: 403,
      code: 'socialNotEnabled',
      message: 'Farcaster login is off for project "nofarcaster".',
    })
    app = routes(null)
    expect(await errorOf(await openChannel())).toMatchObject({
      status: 403,
      code: 'socialNotEnabled',
      message:
        'This Airlock API has no Farcaster relay to sign in with (AIRLOCK_FARCASTER_RPC_URL).',
    })
  })

  test('security: channels asked of a project with Farcaster off spend nothing of its budget', async () => {
    app = routes({ projectPerMinute: 1 })
    for (let round = 0; round < 3; round++)
      expect(await errorOf(await openChannel({ project: 'nofarcaster' }))).toMatchObject({
        status: 403,
        code: 'socialNotEnabled',
      })
    // Its budget is whole: once Farcaster is on, the one channel a minute it allows opens.
    await configureProject(
      storage.db,
      'nofarcaster',
      { features: { socials: ['google', 'farcaster'] } },
      [],
    )
    expect((await openChannel({ project: 'nofarcaster' })).status).toBe(201)
    expect(await errorOf(await openChannel({ project: 'nofarcaster' }))).toMatchObject({
      status: 429,
      code: 'rateLimited',
    })
  })

  test('error: the relay down refuses the channel with 502 and keeps nothing; Optimism down refuses the sign-in with 502', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`
    app = routes({ relayUrl: closed })
    expect(await errorOf(await openChannel())).toMatchObject({
      status: 502,
      code: 'socialProviderUnavailable',
      message: expect.stringMatching(/^The Farcaster relay could not open a sign-in channel/),
    })
    expect(await storage.db.selectFrom('farcaster_channels').selectAll().execute()).toEqual([])

    app = routes({ rpcUrl: closed })
    expect(await errorOf(await signedInAs('alice'))).toMatchObject({
      status: 502,
      code: 'socialProviderUnavailable',
      message:
        "Farcaster's accounts could not be read on Optimism to check this sign-in: try again in a moment.",
    })
    expect(await storage.db.selectFrom('email_sessions').selectAll().execute()).toEqual([])
  })
})
