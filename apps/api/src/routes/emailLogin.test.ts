// Email login over HTTP, on SQLite and Postgres, with real mail: codes go through nodemailer to
// the dev capturing SMTP server on loopback (scripts/devMail.mjs) and are read from what it got.
// Who may ask (the modal's own origin, for a site its project allows), the code's life (10
// minutes, once, 5 tries, replaced by a newer one), the session cookie and its scope, and each
// refusal's code.
import { emailCodeMaxAttempts, emailCodeTtlMs } from '@airlock/protocol'
import { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type DevMail, startDevMail } from '../../../../scripts/devMail.mjs'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { createMailer, type Mailer } from '../services/email/mailer'
import { createProject } from '../services/projects'
import { createEmailLoginRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { emailLoginRoutes, emailSessionCookie } from './emailLogin'

const own = 'http://localhost:8787'
const site = 'https://shop.example'
const otherSite = 'https://news.example'
const start = Date.parse('2026-11-26T10:00:00.000Z')

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
    new Hono().route(
      '/',
      emailLoginRoutes({
        storage,
        mailer: 'mailer' in options ? options.mailer : mailer,
        serverKey: new Uint8Array(32).fill(7),
        rateLimiter: createEmailLoginRateLimiter({
          perMinute: { email: options.perMinute?.email ?? 1000, client: 1000, project: 1000 },
        }),
        trustProxy: 0,
        publicOrigin: own,
        now: () => clock,
      }),
    )
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

  const post = (path: string, body: unknown, headers: Record<string, string> = { Origin: own }) =>
    app.request(`${own}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const askCode = (email: string, hostOrigin = site, project = 'shop') =>
    post(`/v1/projects/${project}/email/codes`, { email, hostOrigin })
  const signIn = (email: string, code: string, hostOrigin = site) =>
    post('/v1/projects/shop/email/sessions', { email, code, hostOrigin })
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

  test('error: 5 wrong codes spend the code, the right one then too; each wrong one says the tries left', async () => {
    await askCode('ada@example.com')
    const code = lastCodeTo('ada@example.com')
    for (let left = emailCodeMaxAttempts - 1; left > 0; left--)
      expect(await errorOf(await signIn('ada@example.com', wrongOf(code)))).toEqual({
        status: 401,
        code: 'emailCodeInvalid',
        message: `That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      })
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

  test('behavior: a new code replaces the one before it', async () => {
    await askCode('ada@example.com')
    const first = lastCodeTo('ada@example.com')
    clock += 30_000
    await askCode('ada@example.com')
    const second = lastCodeTo('ada@example.com')
    if (first !== second)
      expect(await errorOf(await signIn('ada@example.com', first))).toMatchObject({
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
})
