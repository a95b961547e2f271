// Email login over HTTP, on SQLite and Postgres, with real mail: codes go through nodemailer to
// the dev capturing SMTP server on loopback (scripts/devMail.mjs) and are read from what it got.
// Who may ask (the modal's own origin, for a site its project allows), the code's life (10
// minutes, once, 5 tries, replaced by a newer one), the session cookie and its scope, and each
// refusal's code. Then the email change: codes to both addresses, the account (sessions, embedded
// wallet and its devices, sealed again) moved in one go, and each refusal.
import {
  emailChangeRejectedSchema,
  emailCodeMaxAttempts,
  emailCodeTtlMs,
  emailSignInResponseSchema,
} from '@airlock/protocol'
import { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type DevMail, startDevMail } from '../../../../scripts/devMail.mjs'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { emailLoginRequests, signInRefusalOf } from '../../test/walletRoutes'
import { createMailer, type Mailer } from '../services/email/mailer'
import { createProject } from '../services/projects'
import { createRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { emailLoginRoutes } from './emailLogin'
import { emailSessionCookie } from './emailSession'
import { embeddedWalletRoutes } from './embeddedWallet'

const own = 'http://localhost:8787'
const site = 'https://shop.example'
const otherSite = 'https://news.example'
const start = Date.parse('2026-11-26T10:00:00.000Z')
const serverKey = new Uint8Array(32).fill(7)
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

// When this test began: earlier tests' mails are not its own.
let testStart = 0
const mailsTo = (email: string) =>
  devMail
    .messages()
    .filter((message) => Date.parse(message.receivedAt) >= testStart && message.to.includes(email))

/** The code in the last mail to `email`. */
function lastCodeTo(email: string): string {
  const mail = mailsTo(email).at(-1)
  const code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1]
  if (!code) throw new Error(`No code was mailed to ${email}.`)
  return code
}

describe.each(testDatabases())('email login on $name', (database) => {
  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())

  let storage: Storage
  let mailer: Mailer
  let clock: number
  const routes = (options: { mailer?: Mailer | undefined; perMinute?: { email: number } } = {}) =>
    new Hono()
      .route(
        '/',
        emailLoginRoutes({
          storage,
          mailer: 'mailer' in options ? options.mailer : mailer,
          serverKey,
          rateLimiter: createRateLimiter({
            name: 'emailLogin',
            perMinute: { client: 1000, project: 1000 },
          }),
          mailsPerAddressPerMinute: options.perMinute?.email ?? 1000,
          trustProxy: 0,
          publicOrigin: own,
          now: () => clock,
        }),
      )
      // The wallet an email change moves.
      .route('/', embeddedWalletRoutes({ storage, serverKey, publicOrigin: own, now: () => clock }))
  let app: Hono
  beforeEach(async () => {
    clock = start
    testStart = Date.now()
    storage = await database.open()
    mailer = createMailer({ smtpUrl: devMail.smtpUrl, from: 'Airlock <login@airlock.test>' })
    await createProject(
      storage.db,
      'shop',
      [site, otherSite],
      {},
      {
        settings: { name: 'Shop <b>&</b> Co' },
      },
    )
    await createProject(storage.db, 'quiet', [site], { email: false })
    app = routes()
  })
  afterEach(async () => {
    mailer.close()
    await storage.close()
  })

  const { post, askCode, signIn } = emailLoginRequests(() => app)
  const session = (cookie: string, method: 'GET' | 'DELETE' = 'GET', hostOrigin = site) =>
    app.request(
      `${own}/v1/projects/shop/email/session?hostOrigin=${encodeURIComponent(hostOrigin)}`,
      {
        method,
        headers: { Cookie: cookie, Origin: own },
      },
    )
  const errorOf = async (response: Response) =>
    ({ status: response.status, ...((await response.json()) as { error: object }).error }) as {
      status: number
      code: string
      message: string
    }
  /** The session cookie a sign-in set, as a `Cookie` header. */
  const cookieOf = (response: Response) =>
    (response.headers.get('set-cookie') ?? '').split(';')[0] as string
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  test('behavior: a code is mailed to the address, naming the site; only its HMAC is kept', async () => {
    const response = await askCode('  Ada@Example.COM ')
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({
      email: 'ada@example.com',
      expiresAt: new Date(start + emailCodeTtlMs).toISOString(),
    })
    const [mail] = mailsTo('ada@example.com')
    const code = lastCodeTo('ada@example.com')
    expect(mail?.subject).toBe(`${code} is your Shop <b>&</b> Co login code`)
    expect(mail?.text).toContain(`Your Shop <b>&</b> Co login code is ${code}.`)
    expect(mail?.text).toContain(`at ${site}`)
    const rows = await storage.db.selectFrom('email_codes').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(code)
  })

  test('behavior: the right code starts a session in an HttpOnly, Secure, Partitioned cookie; the frame reads it back and signs out', async () => {
    await askCode('ada@example.com')
    const response = await signIn('ada@example.com', lastCodeTo('ada@example.com'))
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({
      email: 'ada@example.com',
      hostOrigin: site,
      expiresAt: '2026-12-26T10:00:00.000Z',
    })
    const setCookie = response.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(new RegExp(`^${emailSessionCookie('shop')}=[A-Za-z0-9_-]{43};`))
    for (const attribute of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=None', 'Partitioned'])
      expect(setCookie).toContain(attribute)
    expect(response.headers.get('cache-control')).toBe('no-store')

    const cookie = cookieOf(response)
    const read = await session(cookie)
    expect(read.status).toBe(200)
    expect(await read.json()).toMatchObject({ email: 'ada@example.com', hostOrigin: site })
    // Bound to its site: the same cookie is nothing on another of the project's sites.
    expect(await errorOf(await session(cookie, 'GET', otherSite))).toMatchObject({
      status: 401,
      code: 'emailSessionInvalid',
    })

    const out = await session(cookie, 'DELETE')
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0')
    // A replayed cookie after sign-out is refused.
    expect(await errorOf(await session(cookie))).toMatchObject({
      status: 401,
      code: 'emailSessionInvalid',
    })
  })

  test('error: a code signs in once', async () => {
    await askCode('ada@example.com')
    const code = lastCodeTo('ada@example.com')
    expect((await signIn('ada@example.com', code)).status).toBe(201)
    expect(await errorOf(await signIn('ada@example.com', code))).toMatchObject({
      status: 401,
      code: 'emailCodeExpired',
    })
  })

  test('error: two sign-ins racing with the right code: one session, one refusal', async () => {
    await askCode('ada@example.com')
    const code = lastCodeTo('ada@example.com')
    const statuses = (
      await Promise.all([signIn('ada@example.com', code), signIn('ada@example.com', code)])
    ).map((response) => response.status)
    expect(statuses.sort()).toEqual([201, 401])
    expect(await storage.db.selectFrom('email_sessions').selectAll().execute()).toHaveLength(1)
  })

  test('error: 5 wrong codes spend the code, the right one then too; each wrong one says the tries left, without an HTTP error', async () => {
    await askCode('ada@example.com')
    const code = lastCodeTo('ada@example.com')
    for (let left = emailCodeMaxAttempts - 1; left > 0; left--) {
      const wrong = await signIn('ada@example.com', wrongOf(code))
      // A typo is a normal step of a sign-in: answered 200, no cookie, no session.
      expect(wrong.headers.get('set-cookie')).toBeNull()
      expect(emailSignInResponseSchema.parse(await wrong.clone().json())).toEqual({
        verified: false,
        code: 'emailCodeInvalid',
        message: `That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left.`,
        // Beside the words, for the modal to say in its own.
        triesLeft: left,
      })
      expect(wrong.status).toBe(200)
    }
    expect(await storage.db.selectFrom('email_sessions').selectAll().execute()).toEqual([])
    const locked = {
      status: 429,
      code: 'emailCodeLocked',
      message: '5 wrong codes: this code no longer works. Ask for a new one.',
    }
    expect(await errorOf(await signIn('ada@example.com', wrongOf(code)))).toEqual(locked)
    expect(await errorOf(await signIn('ada@example.com', code))).toEqual(locked)
    // A new code, asked for a moment later, works.
    clock += 1000
    await askCode('ada@example.com')
    expect((await signIn('ada@example.com', lastCodeTo('ada@example.com'))).status).toBe(201)
  })

  test('error: a code 10 minutes old has expired', async () => {
    await askCode('ada@example.com')
    clock = start + emailCodeTtlMs
    expect(await errorOf(await signIn('ada@example.com', lastCodeTo('ada@example.com')))).toEqual({
      status: 401,
      code: 'emailCodeExpired',
      message: 'This code has expired or was used: ask for a new one.',
    })
  })

  test('error: an expired code is still called expired after others were asked for, until a day has passed', async () => {
    await askCode('ada@example.com')
    const code = lastCodeTo('ada@example.com')
    // Another visitor's code, asked for once Ada's has expired, clears the codes nobody can use.
    clock = start + emailCodeTtlMs + 60 * 60_000
    await askCode('bob@example.com')
    expect(await errorOf(await signIn('ada@example.com', code))).toMatchObject({
      code: 'emailCodeExpired',
    })
    clock = start + emailCodeTtlMs + 24 * 60 * 60_000
    await askCode('bob@example.com')
    expect(await errorOf(await signIn('ada@example.com', code))).toEqual({
      status: 401,
      code: 'emailCodeInvalid',
      message: 'No code was sent to this email for this site: ask for one.',
    })
  })

  test('behavior: a new code replaces the one before it', async () => {
    await askCode('ada@example.com')
    const first = lastCodeTo('ada@example.com')
    clock += 30_000
    await askCode('ada@example.com')
    const second = lastCodeTo('ada@example.com')
    if (first !== second)
      expect(await signInRefusalOf(await signIn('ada@example.com', first))).toMatchObject({
        code: 'emailCodeInvalid',
      })
    expect((await signIn('ada@example.com', second)).status).toBe(201)
  })

  test('behavior: of two codes asked for in the same instant, exactly one works', async () => {
    await Promise.all([askCode('ada@example.com'), askCode('ada@example.com')])
    const codes = mailsTo('ada@example.com').map((mail) => /\d{6}/.exec(mail.subject)?.[0] ?? '')
    expect(codes).toHaveLength(2)
    const statuses: number[] = []
    for (const code of codes) statuses.push((await signIn('ada@example.com', code)).status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
  })

  test('error: a code of one site does not sign in on another', async () => {
    await askCode('ada@example.com', site)
    expect(
      await errorOf(await signIn('ada@example.com', lastCodeTo('ada@example.com'), otherSite)),
    ).toMatchObject({ status: 401, code: 'emailCodeInvalid' })
  })

  test.each([
    ['no @', 'ada.example.com'],
    ['a space', 'ada lovelace@example.com'],
    ['no TLD', 'ada@localhost'],
    ['markup', '<script>@example.com'],
    ['too long', `${'a'.repeat(65)}@example.com`],
  ])(
    'error: an address with %s is refused as emailInvalid; nothing is mailed or kept',
    async (_, email) => {
      expect(await errorOf(await askCode(email))).toMatchObject({
        status: 400,
        code: 'emailInvalid',
      })
      expect(await storage.db.selectFrom('email_codes').selectAll().execute()).toEqual([])
    },
  )

  test('error: bodies that are not JSON, too big, or without a 6-digit code are refused', async () => {
    expect(await errorOf(await post('/v1/projects/shop/email/codes', 'email=ada'))).toMatchObject({
      status: 400,
      code: 'invalidRequest',
    })
    const huge = { email: 'ada@example.com', hostOrigin: site, pad: 'x'.repeat(4096) }
    expect((await post('/v1/projects/shop/email/codes', huge)).status).toBe(413)
    expect(await errorOf(await signIn('ada@example.com', '12345'))).toMatchObject({
      status: 400,
      code: 'invalidRequest',
    })
  })

  test('error: addresses with doubled dots, DEL, NUL or U+0001 are 400 emailInvalid; nothing is mailed or kept', async () => {
    const before = devMail.messages().length
    for (const email of [
      'ada..lovelace@example.com',
      'ada\u007f@example.com',
      'ada\u0000@example.com',
      'ada\u0001@example.com',
    ]) {
      expect(await errorOf(await askCode(email)), JSON.stringify(email)).toEqual({
        status: 400,
        code: 'emailInvalid',
        message: `${JSON.stringify(email)} is not an email address.`,
      })
      expect(await errorOf(await signIn(email, '123456'))).toMatchObject({
        status: 400,
        code: 'emailInvalid',
      })
    }
    expect(devMail.messages().length).toBe(before)
    expect(await storage.db.selectFrom('email_codes').selectAll().execute()).toEqual([])
  })

  test('security: only the modal’s origin, for a site and project that allow it', async () => {
    const body = { email: 'ada@example.com', hostOrigin: site }
    expect(
      await errorOf(await post('/v1/projects/shop/email/codes', body, { Origin: site })),
    ).toMatchObject({ status: 403, code: 'crossOriginRequest' })
    expect(await errorOf(await askCode('ada@example.com', 'https://evil.example'))).toMatchObject({
      status: 403,
      code: 'invalidAppConfiguration',
    })
    expect(await errorOf(await askCode('ada@example.com', site, 'quiet'))).toMatchObject({
      status: 403,
      code: 'emailNotEnabled',
    })
    expect(await errorOf(await askCode('ada@example.com', site, 'nobody'))).toMatchObject({
      status: 404,
      code: 'invalidProjectId',
    })
    expect(mailsTo('ada@example.com')).toEqual([])
  })

  test('error: an address gets so many codes a minute, whoever asks', async () => {
    app = routes({ perMinute: { email: 2 } })
    expect((await askCode('grace@example.com')).status).toBe(201)
    expect((await askCode('grace@example.com')).status).toBe(201)
    const refused = await askCode('GRACE@example.com')
    expect(await errorOf(refused)).toMatchObject({ status: 429, code: 'rateLimited' })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(mailsTo('grace@example.com')).toHaveLength(2)
  })

  test('error: without a mail server codes are refused, and a failed send leaves nothing behind', async () => {
    app = routes({ mailer: undefined })
    expect(await errorOf(await askCode('ada@example.com'))).toMatchObject({
      status: 503,
      code: 'emailNotConfigured',
    })
    // A code that works, then a send that fails: the earlier code still works.
    app = routes()
    await askCode('ada@example.com')
    const code = lastCodeTo('ada@example.com')
    const nowhere = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'login@airlock.test' })
    app = routes({ mailer: nowhere })
    expect(await errorOf(await askCode('ada@example.com'))).toMatchObject({
      status: 502,
      code: 'emailDeliveryFailed',
    })
    nowhere.close()
    expect(await storage.db.selectFrom('email_codes').selectAll().execute()).toHaveLength(1)
    app = routes()
    expect((await signIn('ada@example.com', code)).status).toBe(201)
  })

  /** A session of `email` on `hostOrigin`, a moment after the last: its cookie. */
  async function signedInAs(email: string, hostOrigin = site): Promise<string> {
    clock += 1000
    await askCode(email, hostOrigin)
    const response = await signIn(email, lastCodeTo(email), hostOrigin)
    expect(response.status).toBe(201)
    return cookieOf(response)
  }
  type DeviceKey = { deviceId: string; deviceKey: string }
  /** Keeps the test wallet for the session of `cookie`: its first device's key. */
  async function keepWallet(cookie: string): Promise<DeviceKey> {
    const kept = await post(
      '/v1/projects/shop/embedded-wallet',
      { hostOrigin: site, ...wallet, deviceLabel: 'Firefox on Linux' },
      { Origin: own, Cookie: cookie },
    )
    expect(kept.status).toBe(201)
    return ((await kept.json()) as { device: DeviceKey }).device
  }
  const readWallet = (cookie: string, deviceId?: string) =>
    app.request(
      `${own}/v1/projects/shop/embedded-wallet?hostOrigin=${encodeURIComponent(site)}${
        deviceId ? `&deviceId=${deviceId}` : ''
      }`,
      { headers: { Cookie: cookie } },
    )
  const askChange = (cookie: string, newEmail: string, origin = own) =>
    post(
      '/v1/projects/shop/email/change',
      { hostOrigin: site, newEmail },
      { Origin: origin, Cookie: cookie },
    )
  const confirmChange = (
    cookie: string,
    body: { changeId: string; currentCode: string; newCode: string },
    origin = own,
  ) =>
    post(
      '/v1/projects/shop/email/change/confirm',
      { hostOrigin: site, ...body },
      { Origin: origin, Cookie: cookie },
    )
  /** Asks `cookie`'s session to move to `newEmail`: the change and its two codes. */
  async function changeTo(cookie: string, currentEmail: string, newEmail: string) {
    clock += 1000
    const asked = await askChange(cookie, newEmail)
    expect(asked.status).toBe(202)
    const { changeId } = (await asked.json()) as { changeId: string }
    return { changeId, currentCode: lastCodeTo(currentEmail), newCode: lastCodeTo(newEmail) }
  }

  test('behavior: an email change mails both addresses; both codes move the account: the same cookies read the new address, the wallet and its devices follow, sealed for it', async () => {
    const ada = await signedInAs('ada@example.com')
    const device = await keepWallet(ada)
    const adaOnOtherSite = await signedInAs('ada@example.com', otherSite)

    clock += 1000
    const asked = await askChange(ada, '  Ada@New.example ')
    expect(asked.status).toBe(202)
    expect(asked.headers.get('cache-control')).toBe('no-store')
    const { changeId, expiresAt } = (await asked.json()) as { changeId: string; expiresAt: string }
    expect(changeId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(expiresAt).toBe(new Date(clock + emailCodeTtlMs).toISOString())
    const toCurrent = mailsTo('ada@example.com').at(-1)
    const currentCode = lastCodeTo('ada@example.com')
    const newCode = lastCodeTo('ada@new.example')
    expect(toCurrent?.subject).toBe(
      `${currentCode} is your Shop <b>&</b> Co code to change your email`,
    )
    expect(toCurrent?.text).toContain(
      `Someone signed in to Shop <b>&</b> Co at ${site} with this email address asked to change it to ada@new.example.`,
    )
    expect(mailsTo('ada@new.example').at(-1)?.subject).toBe(
      `${newCode} is your Shop <b>&</b> Co code to confirm this email`,
    )
    const codeRows = await storage.db.selectFrom('email_codes').selectAll().execute()
    expect(JSON.stringify(codeRows)).not.toContain(currentCode)

    const confirmed = await confirmChange(ada, { changeId, currentCode, newCode })
    expect(confirmed.status).toBe(202)
    expect(confirmed.headers.get('cache-control')).toBe('no-store')
    expect(await confirmed.json()).toEqual({ status: 'confirmed' })

    // What the frame polls: the same cookies, now the new address's (on every site).
    expect(await (await session(ada)).json()).toMatchObject({ email: 'ada@new.example' })
    expect(await (await session(adaOnOtherSite, 'GET', otherSite)).json()).toMatchObject({
      email: 'ada@new.example',
    })
    // The wallet, its auth share and its device's key open for the new address.
    expect(await (await readWallet(ada, device.deviceId)).json()).toEqual({
      ...wallet,
      createdAt: expect.any(String),
      confirmedAt: null,
      device: { ...device, transportKey: false, nextShare: null },
    })
    expect(await (await readWallet(await signedInAs('ada@new.example'))).json()).toMatchObject(
      wallet,
    )
    // The old address keeps nothing.
    const old = await signedInAs('ada@example.com')
    expect(await errorOf(await readWallet(old))).toMatchObject({
      status: 404,
      code: 'embeddedWalletNotFound',
    })
    expect(
      await storage.db
        .selectFrom('embedded_wallet_devices')
        .select('email')
        .where('email', '=', 'ada@example.com')
        .execute(),
    ).toEqual([])
    expect(
      await storage.db
        .selectFrom('email_sessions')
        .select('email')
        .where('email', '=', 'ada@example.com')
        .execute(),
    ).toHaveLength(1)

    // Sealed again for the new address: put back on the old one, the seals do not open.
    await storage.db
      .updateTable('embedded_wallets')
      .set({ email: 'ada@example.com' })
      .where('email', '=', 'ada@new.example')
      .execute()
    expect(await errorOf(await readWallet(old))).toMatchObject({
      status: 500,
      code: 'embeddedWalletCorrupt',
    })
  })

  test('behavior: a session without a wallet changes its email too: its sessions move', async () => {
    const grace = await signedInAs('grace@example.com')
    const codes = await changeTo(grace, 'grace@example.com', 'grace@new.example')
    expect((await confirmChange(grace, codes)).status).toBe(202)
    expect(await (await session(grace)).json()).toMatchObject({ email: 'grace@new.example' })
    expect(await errorOf(await readWallet(grace))).toMatchObject({
      code: 'embeddedWalletNotFound',
    })
  })

  test('error: the same address and one that is not an address are refused; nothing is mailed', async () => {
    const ada = await signedInAs('ada@example.com')
    const before = devMail.messages().length
    expect(await errorOf(await askChange(ada, ' ADA@example.com'))).toEqual({
      status: 400,
      code: 'emailInvalid',
      message: "ada@example.com is already this account's email address: enter another one.",
    })
    expect(await errorOf(await askChange(ada, 'ada@localhost'))).toMatchObject({
      status: 400,
      code: 'emailInvalid',
    })
    expect(devMail.messages().length).toBe(before)
    expect(await storage.db.selectFrom('email_changes').selectAll().execute()).toEqual([])
  })

  test('security: asking to move onto an address with a wallet is answered as for any address; only both codes, the new address’s too, hear it is taken, and nothing moves', async () => {
    const ada = await signedInAs('ada@example.com')
    await keepWallet(ada)
    const bob = await signedInAs('bob@example.com')
    await keepWallet(bob)
    clock += 1000
    const toFree = await askChange(ada, 'carol@example.com')
    clock += 1000
    const toTaken = await askChange(ada, 'Bob@example.com')
    // The same answer, headers and body shape, whether or not the address has a wallet here.
    expect(toTaken.status).toBe(toFree.status)
    expect(toTaken.status).toBe(202)
    expect([...toTaken.headers.keys()]).toEqual([...toFree.headers.keys()])
    const taken = (await toTaken.json()) as { changeId: string; expiresAt: string }
    expect(Object.keys(taken)).toEqual(Object.keys((await toFree.json()) as object))
    expect(mailsTo('bob@example.com').at(-1)?.subject).toMatch(/code to confirm this email$/)

    // Whoever has both codes (the new address's inbox too) learns it, and nothing moves.
    const codes = {
      changeId: taken.changeId,
      currentCode: lastCodeTo('ada@example.com'),
      newCode: lastCodeTo('bob@example.com'),
    }
    expect(await errorOf(await confirmChange(ada, codes))).toEqual({
      status: 409,
      code: 'emailChangeTaken',
      message:
        'bob@example.com already has a wallet here: choose another address, or sign in with it.',
    })
    expect(await (await session(ada)).json()).toMatchObject({ email: 'ada@example.com' })
    const wallets = await storage.db
      .selectFrom('embedded_wallets')
      .select('email')
      .orderBy('email')
      .execute()
    expect(wallets).toEqual([{ email: 'ada@example.com' }, { email: 'bob@example.com' }])
    expect((await readWallet(ada)).status).toBe(200)
  })

  test('error: an address that got a wallet after the codes were mailed is refused at confirmation; nothing moves', async () => {
    const ada = await signedInAs('ada@example.com')
    await keepWallet(ada)
    const codes = await changeTo(ada, 'ada@example.com', 'bob@example.com')
    await keepWallet(await signedInAs('bob@example.com'))
    expect(await errorOf(await confirmChange(ada, codes))).toMatchObject({
      status: 409,
      code: 'emailChangeTaken',
    })
    expect(await (await session(ada)).json()).toMatchObject({ email: 'ada@example.com' })
    expect((await readWallet(ada)).status).toBe(200)
  })

  test('error: a wrong code spends a try of that code and is answered 200 saying which address’s it was; 5 lock it', async () => {
    const ada = await signedInAs('ada@example.com')
    const codes = await changeTo(ada, 'ada@example.com', 'ada@new.example')
    const bothWrong = {
      ...codes,
      currentCode: wrongOf(codes.currentCode),
      newCode: wrongOf(codes.newCode),
    }
    /** The HTTP status and the body of an answer. */
    const answerOf = async (response: Response) => [response.status, await response.json()]
    expect(await answerOf(await confirmChange(ada, bothWrong))).toEqual([
      200,
      emailChangeRejectedSchema.parse({
        status: 'rejected',
        code: 'emailCodeInvalid',
        message:
          'The code sent to ada@example.com (your current address) is not right: 4 tries left. ' +
          'The code sent to ada@new.example (the new address) is not right: 4 tries left.',
        wrong: { current: 4, new: 4 },
      }),
    ])
    for (let left = emailCodeMaxAttempts - 2; left > 0; left--)
      expect(
        await answerOf(
          await confirmChange(ada, { ...codes, currentCode: wrongOf(codes.currentCode) }),
        ),
      ).toEqual([
        200,
        {
          status: 'rejected',
          code: 'emailCodeInvalid',
          message: `The code sent to ada@example.com (your current address) is not right: ${left} ${left === 1 ? 'try' : 'tries'} left.`,
          wrong: { current: left },
        },
      ])
    const locked = {
      status: 429,
      code: 'emailCodeLocked',
      message:
        '5 wrong codes: the code sent to ada@example.com (your current address) no longer works. Start the change again.',
    }
    expect(
      await errorOf(
        await confirmChange(ada, { ...codes, currentCode: wrongOf(codes.currentCode) }),
      ),
    ).toEqual(locked)
    // The right codes, now: the current address's is spent.
    expect(await errorOf(await confirmChange(ada, codes))).toEqual(locked)
    expect(await (await session(ada)).json()).toMatchObject({ email: 'ada@example.com' })
    // The new address's code kept its own count: one wrong.
    const rows = await storage.db
      .selectFrom('email_codes')
      .select(['email', 'attempts'])
      .where('purpose', '=', 'emailChange')
      .orderBy('email')
      .execute()
    expect(rows).toEqual([
      { email: 'ada@example.com', attempts: 5 },
      { email: 'ada@new.example', attempts: 1 },
    ])
  })

  test('error: codes 10 minutes old, a change confirmed, or replaced by a newer one, no longer work', async () => {
    const ada = await signedInAs('ada@example.com')
    const stale = await changeTo(ada, 'ada@example.com', 'ada@new.example')
    clock += emailCodeTtlMs
    expect(await errorOf(await confirmChange(ada, stale))).toEqual({
      status: 401,
      code: 'emailCodeExpired',
      message: 'The codes of this email change have expired or were used: start it again.',
    })
    const replaced = await changeTo(ada, 'ada@example.com', 'ada@new.example')
    const newer = await changeTo(ada, 'ada@example.com', 'ada@other.example')
    expect(await errorOf(await confirmChange(ada, replaced))).toMatchObject({
      status: 401,
      code: 'emailCodeExpired',
    })
    expect((await confirmChange(ada, newer)).status).toBe(202)
    expect(await errorOf(await confirmChange(ada, newer))).toEqual({
      status: 401,
      code: 'emailCodeExpired',
      message:
        'This email change has expired, was confirmed, or a newer one replaced it: start it again.',
    })
  })

  test('security: only the session that asked confirms, with a session, from the modal’s own pages', async () => {
    const ada = await signedInAs('ada@example.com')
    const codes = await changeTo(ada, 'ada@example.com', 'ada@new.example')
    const otherAda = await signedInAs('ada@example.com')
    expect(await errorOf(await confirmChange(otherAda, codes))).toMatchObject({
      status: 401,
      code: 'emailCodeExpired',
    })
    expect(await errorOf(await confirmChange('', codes))).toMatchObject({
      status: 401,
      code: 'emailSessionInvalid',
    })
    expect(await errorOf(await askChange('', 'ada@new.example'))).toMatchObject({
      status: 401,
      code: 'emailSessionInvalid',
    })
    expect(await errorOf(await confirmChange(ada, codes, site))).toMatchObject({
      status: 403,
      code: 'crossOriginRequest',
    })
    expect(await errorOf(await askChange(ada, 'ada@new.example', site))).toMatchObject({
      status: 403,
      code: 'crossOriginRequest',
    })
    expect((await confirmChange(ada, codes)).status).toBe(202)
  })

  test('security: change codes never sign in, and sign-in codes do not replace them', async () => {
    const ada = await signedInAs('ada@example.com')
    const codes = await changeTo(ada, 'ada@example.com', 'ada@new.example')
    expect(await errorOf(await signIn('ada@new.example', codes.newCode))).toMatchObject({
      status: 401,
      code: 'emailCodeInvalid',
      message: 'No code was sent to this email for this site: ask for one.',
    })
    clock += 1000
    await askCode('ada@example.com')
    // Not the sign-in code: a wrong one, that starts no session.
    expect(await signInRefusalOf(await signIn('ada@example.com', codes.currentCode))).toMatchObject(
      { status: 200, verified: false, code: 'emailCodeInvalid' },
    )
    expect((await confirmChange(ada, codes)).status).toBe(202)
  })
})
