// Email login's limits over HTTP, on SQLite and Postgres, with real mail through the dev
// capturing SMTP server (scripts/devMail.mjs): wrong codes are counted per project and address
// across every code mailed to it, so asking for codes again buys no guesses; the 10th locks the
// address (mailed to it), for 15 minutes and then twice as long each time; a right code starts the
// count again. An address's budget of mails is spent only by good requests and mails sent, so a
// flood of bad ones does not keep its owner from a code; and a refused request spends nothing of
// the project's budget.
import { emailAddressLockout, emailCodeMaxAttempts } from '@airlock/protocol'
import { Hono } from 'hono'
import { beforeEach, describe, expect, test } from 'vitest'
import { testDatabases } from '../../test/databases'
import {
  emailLoginRequests,
  errorOf,
  own,
  serverKey,
  signInRefusalOf,
  site,
  useDevMail,
  useMailedStorage,
} from '../../test/walletRoutes'
import { createMailer, type Mailer } from '../services/email/mailer'
import { createProject } from '../services/projects'
import { createRateLimiter, defaultEmailLoginPerMinute } from '../services/rateLimit'
import { emailLoginRoutes } from './emailLogin'

const start = Date.parse('2026-11-26T10:00:00.000Z')
const { maxFailures, firstLockMs } = emailAddressLockout

const devMail = useDevMail()

// When this test began: earlier tests' mails are not its own.
let testStart = 0
const mailsTo = (email: string) =>
  devMail()
    .messages()
    .filter((message) => Date.parse(message.receivedAt) >= testStart && message.to.includes(email))
const codeMailsTo = (email: string) => mailsTo(email).filter((mail) => /^\d{6} /.test(mail.subject))

/** The code in the last mail to `email`. */
function lastCodeTo(email: string): string {
  const code = /^(\d{6}) /.exec(codeMailsTo(email).at(-1)?.subject ?? '')?.[1]
  if (!code) throw new Error(`No code was mailed to ${email}.`)
  return code
}
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe.each(testDatabases())('email login limits on $name', (database) => {
  let clock = start
  beforeEach(() => {
    clock = start
    testStart = Date.now()
  })
  const opened = useMailedStorage(database, devMail, async (db) => {
    await createProject(db, 'shop', [site], {}, { settings: { name: 'Shop' } })
    await createProject(db, 'quiet', [site], { email: false })
  })
  const routes = (
    options: { mailer?: Mailer; mailsPerAddress?: number; projectPerMinute?: number } = {},
  ) =>
    new Hono().route(
      '/',
      emailLoginRoutes({
        storage: opened.storage,
        mailer: options.mailer ?? opened.mailer,
        serverKey,
        rateLimiter: createRateLimiter({
          name: 'emailLogin',
          perMinute: { client: 1000, project: options.projectPerMinute ?? 1000 },
        }),
        mailsPerAddressPerMinute: options.mailsPerAddress ?? defaultEmailLoginPerMinute.email,
        trustProxy: 0,
        publicOrigin: own,
        now: () => clock,
      }),
    )
  let app: Hono
  beforeEach(() => {
    app = routes()
  })

  const { post, askCode, signIn } = emailLoginRequests(() => app)
  /** What `email`'s codes are refused with while locked until `until`. */
  const lockedAnswer = (email: string, until: number) => ({
    status: 429,
    code: 'emailAddressLocked',
    message: `Too many wrong codes for ${email}: its codes are locked until ${new Date(until)
      .toISOString()
      .slice(0, 16)
      .replace('T', ' ')} UTC.`,
  })
  /** Asks a code a second later and makes `guesses` wrong guesses at it: their answers. */
  async function wrongGuesses(email: string, guesses: number) {
    clock += 1000
    const asked = await askCode(email)
    if (asked.status !== 201) return [await errorOf(asked)]
    const code = lastCodeTo(email)
    const answers = []
    for (let guess = 0; guess < guesses; guess++)
      answers.push(await signInRefusalOf(await signIn(email, wrongOf(code))))
    return answers
  }

  test('security: 25 wrong guesses over 5 codes lock the address at the 10th; it is mailed, and no code is sent or taken, the right one neither', async () => {
    const answers = []
    for (let code = 0; code < 5; code++)
      answers.push(...(await wrongGuesses('ada@example.com', emailCodeMaxAttempts)))
    // Two codes' tries were checked, then the address was locked: the 3rd code was never mailed.
    const lockedAt = start + 2000
    const until = lockedAt + firstLockMs
    const wrongOnes = Array(emailCodeMaxAttempts - 1).fill('emailCodeInvalid')
    expect(answers.map((answer) => answer.code)).toEqual([
      // The first code's 5th wrong guess spends it; a new code is its own 5 tries, not the count's.
      ...wrongOnes,
      'emailCodeLocked',
      ...wrongOnes,
      'emailAddressLocked',
      'emailAddressLocked',
      'emailAddressLocked',
      'emailAddressLocked',
    ])
    expect(answers.at(maxFailures - 1)).toEqual(lockedAnswer('ada@example.com', until))
    expect(codeMailsTo('ada@example.com')).toHaveLength(2)

    // The owner is told, once.
    const lockMails = mailsTo('ada@example.com').filter((mail) => !/^\d{6} /.test(mail.subject))
    expect(lockMails.map((mail) => mail.subject)).toEqual([
      'Sign-in to Shop with this email is paused',
    ])
    expect(lockMails[0]?.text).toContain(
      `${maxFailures} wrong codes were entered for this email address at Shop (${site}), so no code will be sent to it or accepted for it until 2026-11-26 10:15 UTC.`,
    )

    // While locked: the last code mailed, right, is refused; a new code is not mailed.
    clock += 1000
    const rightCode = lastCodeTo('ada@example.com')
    const refused = await signIn('ada@example.com', rightCode)
    expect(await errorOf(refused)).toEqual(lockedAnswer('ada@example.com', until))
    const asked = await askCode('ADA@example.com')
    expect(Number(asked.headers.get('retry-after'))).toBe((until - clock) / 1000)
    expect(await errorOf(asked)).toEqual(lockedAnswer('ada@example.com', until))
    expect(codeMailsTo('ada@example.com')).toHaveLength(2)
    expect(
      await opened.storage.db
        .selectFrom('email_address_locks')
        .select(['email', 'failures', 'locks'])
        .execute(),
    ).toEqual([{ email: 'ada@example.com', failures: 0, locks: 1 }])
    expect(await opened.storage.db.selectFrom('email_sessions').selectAll().execute()).toEqual([])

    // Another address's count is its own.
    clock += 1000
    await askCode('grace@example.com')
    expect((await signIn('grace@example.com', lastCodeTo('grace@example.com'))).status).toBe(201)
  })

  test('behavior: after the lock the address works again; the next lock lasts twice as long; a right code starts the count and the backoff again', async () => {
    await wrongGuesses('ada@example.com', emailCodeMaxAttempts)
    await wrongGuesses('ada@example.com', emailCodeMaxAttempts)
    // The lock's last minute: still locked.
    clock = start + 2000 + firstLockMs - 60_000
    expect((await errorOf(await askCode('ada@example.com'))).code).toBe('emailAddressLocked')

    // Over: codes again, and 10 more wrong ones lock it for twice as long.
    clock = start + 2000 + firstLockMs
    const secondLockAt = clock + 2000
    const answers = [
      ...(await wrongGuesses('ada@example.com', emailCodeMaxAttempts)),
      ...(await wrongGuesses('ada@example.com', emailCodeMaxAttempts)),
    ]
    expect(answers.at(-1)).toEqual(lockedAnswer('ada@example.com', secondLockAt + 2 * firstLockMs))

    // Over again: the right code signs in and clears the count and the backoff.
    clock = secondLockAt + 2 * firstLockMs
    clock += 1000
    expect((await askCode('ada@example.com')).status).toBe(201)
    expect((await signIn('ada@example.com', lastCodeTo('ada@example.com'))).status).toBe(201)
    expect(
      await opened.storage.db
        .selectFrom('email_address_locks')
        .select(['failures', 'locks'])
        .execute(),
    ).toEqual([{ failures: 0, locks: 0 }])
    // 9 wrong ones lock nothing; the 10th locks it for 15 minutes again.
    const more = [
      ...(await wrongGuesses('ada@example.com', emailCodeMaxAttempts)),
      ...(await wrongGuesses('ada@example.com', emailCodeMaxAttempts)),
    ]
    expect(new Set(more.slice(0, -1).map((answer) => answer.code))).toEqual(
      new Set(['emailCodeInvalid', 'emailCodeLocked']),
    )
    expect(more.at(-1)).toEqual(lockedAnswer('ada@example.com', clock + firstLockMs))
  })

  test('security: guesses at an email change’s code count for its address too, and a locked address is not changed to', async () => {
    // Someone guesses at codes for grace@example.com: 5 wrong ones.
    await wrongGuesses('grace@example.com', emailCodeMaxAttempts)
    // A session asks to move to grace@example.com, and guesses at the code mailed to her.
    clock += 1000
    await askCode('ada@example.com')
    const signedIn = await signIn('ada@example.com', lastCodeTo('ada@example.com'))
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] as string
    clock += 1000
    const asked = await post(
      '/v1/projects/shop/email/change',
      { hostOrigin: site, newEmail: 'grace@example.com' },
      { Origin: own, Cookie: cookie },
    )
    const { changeId } = (await asked.json()) as { changeId: string }
    const currentCode = lastCodeTo('ada@example.com')
    const answers = []
    for (let guess = 0; guess < 5; guess++) {
      const confirmed = await post(
        '/v1/projects/shop/email/change/confirm',
        {
          hostOrigin: site,
          changeId,
          currentCode,
          newCode: wrongOf(lastCodeTo('grace@example.com')),
        },
        { Origin: own, Cookie: cookie },
      )
      answers.push(await errorOf(confirmed))
    }
    expect(answers.at(-1)).toEqual(lockedAnswer('grace@example.com', clock + firstLockMs))
    expect(mailsTo('grace@example.com').at(-1)?.subject).toBe(
      'Sign-in to Shop with this email is paused',
    )
    // Locked: no change to it is mailed.
    const before = devMail().messages().length
    const again = await post(
      '/v1/projects/shop/email/change',
      { hostOrigin: site, newEmail: 'grace@example.com' },
      { Origin: own, Cookie: cookie },
    )
    expect((await errorOf(again)).code).toBe('emailAddressLocked')
    expect(devMail().messages().length).toBe(before)
  })

  test('security: a flood of bad requests naming the owner’s address, and mails that fail, do not keep the owner from a code', async () => {
    const flood = []
    for (let round = 0; round < 4; round++)
      flood.push(
        // A site the project does not allow, a project that does not exist, one with email off.
        askCode('ada@example.com', 'https://evil.example'),
        askCode('ada@example.com', site, 'nobody'),
        askCode('ada@example.com', site, 'quiet'),
        // Addresses that are not ones, another page's Origin, a body of the wrong form.
        askCode('ada@example.com>'),
        askCode('ada@@example.com'),
        post(
          '/v1/projects/shop/email/codes',
          { email: 'ada@example.com', hostOrigin: site },
          {
            Origin: site,
          },
        ),
        post('/v1/projects/shop/email/codes', { email: 'ada@example.com' }),
      )
    const statuses = (await Promise.all(flood)).map((response) => response.status)
    expect(new Set(statuses)).toEqual(new Set([400, 403, 404]))
    // Mails the mail server did not take.
    const nowhere = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'login@airlock.test' })
    app = routes({ mailer: nowhere })
    for (let round = 0; round < defaultEmailLoginPerMinute.email + 1; round++)
      expect((await errorOf(await askCode('ada@example.com'))).code).toBe('emailDeliveryFailed')
    nowhere.close()
    expect(await opened.storage.db.selectFrom('email_codes').selectAll().execute()).toEqual([])

    // The owner, in the same minute, gets a code, and signs in with it.
    app = routes()
    expect((await askCode('ada@example.com')).status).toBe(201)
    expect((await signIn('ada@example.com', lastCodeTo('ada@example.com'))).status).toBe(201)
  })

  test('error: an address is mailed 5 codes a minute, sent ones only; the 6th waits for the first to be a minute old', async () => {
    for (let code = 0; code < defaultEmailLoginPerMinute.email; code++) {
      clock += 1000
      expect((await askCode('ada@example.com')).status).toBe(201)
    }
    clock += 1000
    const refused = await askCode('ada@example.com')
    expect(await errorOf(refused)).toEqual({
      status: 429,
      code: 'rateLimited',
      message: 'Rate Limited',
    })
    // The first was mailed at start + 1 s: a minute later there is room.
    expect(Number(refused.headers.get('retry-after'))).toBe(55)
    expect(codeMailsTo('ada@example.com')).toHaveLength(defaultEmailLoginPerMinute.email)
    clock = start + 1000 + 60_000
    expect((await askCode('ada@example.com')).status).toBe(201)
  })

  test('security: requests refused on the way spend nothing of the project’s budget', async () => {
    app = routes({ projectPerMinute: 2 })
    const refusedOnTheWay = () => [
      askCode('ada@example.com', 'https://evil.example'),
      askCode('ada@example.com>'),
      askCode('ada@example.com', site, 'quiet'),
      post('/v1/projects/shop/email/codes', 'email=ada'),
      post('/v1/projects/shop/email/sessions', {
        email: 'ada@example.com',
        code: '12345',
        hostOrigin: site,
      }),
      post('/v1/projects/shop/email/change', { hostOrigin: site, newEmail: 'ada@new.example' }),
    ]
    for (let round = 0; round < 3; round++)
      expect(
        (await Promise.all(refusedOnTheWay())).map((response) => response.status).sort(),
      ).toEqual([400, 400, 400, 401, 403, 403])
    clock += 1000
    expect((await askCode('ada@example.com')).status).toBe(201)
    clock += 1000
    expect((await askCode('grace@example.com')).status).toBe(201)
    expect(await errorOf(await askCode('alan@example.com'))).toMatchObject({
      status: 429,
      code: 'rateLimited',
    })
  })
})
