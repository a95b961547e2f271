/**
 * Email login codes (spec §1): a 6-digit code mailed for one project and host site, good for 10
 * minutes, once, and for 5 tries. Only an HMAC of the code is kept, keyed with a key derived from
 * the server key, so the database alone does not give codes away. A new code replaces the ones
 * before it once its mail is sent; a mail that can't be sent leaves nothing behind. A right code
 * is used up and its session started in one transaction, so a code signs in once even when two
 * requests race. Wrong codes are also counted per address across its codes, and too many lock it
 * (addressLocks.ts); an address gets so many codes a minute, counted only once the request was
 * found good and only for mails sent (mailBudget.ts). The codes of an email change
 * (emailChange.ts) are made, checked and used up by the same functions, under their own purpose:
 * they never sign in.
 */
import { createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import {
  type EmailCodeRejected,
  type EmailSession,
  emailAddressLockout,
  emailCodeLength,
  emailCodeMaxAttempts,
  emailCodeTtlMs,
  isEmailAddress,
  normalizeEmail,
} from '@airlock/protocol'
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { Database, EmailCodePurpose, EmailCodesTable } from '../../storage/storage'
import type { Project } from '../projects'
import {
  type AddressScope,
  addressLocked,
  forgiveAddress,
  lockAddress,
  lockEndText,
  lockedUntil,
  reserveGuess,
} from './addressLocks'
import { addressLockedMessage, codeMessage } from './codeMessage'
import { EmailLoginError } from './emailLoginError'
import { checkMailBudget } from './mailBudget'
import type { Mailer, MailMessage } from './mailer'
import { startEmailSession } from './sessions'

export type EmailLoginContext = {
  db: Kysely<Database>
  /** Where codes are mailed from; undefined: the API has no mail server (`SMTP_URL`). */
  mailer: Mailer | undefined
  /** The key codes are kept as HMACs under: `emailCodeKey(AIRLOCK_SERVER_KEY)`, derived once. */
  codeKey: Uint8Array
  /** Codes mailed to one address a minute, per project (mailBudget.ts). */
  mailsPerAddressPerMinute: number
  now: () => number
}

/** The key codes are MAC'd with: the server key's, for this use only (HKDF-SHA256). */
export const emailCodeKey = (serverKey: Uint8Array) =>
  Buffer.from(hkdfSync('sha256', serverKey, new Uint8Array(), 'airlock email login codes', 32))

/** A code's HMAC, bound to its row: the same code in two rows has two hashes. */
const codeHash = (key: Uint8Array, id: string, code: string) =>
  createHmac('sha256', key).update(`${id}:${code}`).digest('hex')

/** @throws EmailLoginError `emailNotEnabled`. */
export function assertEmailOn(project: Project) {
  if (!project.features.email)
    throw new EmailLoginError('emailNotEnabled', `Email login is off for project "${project.id}".`)
}

/** The mailer, when there is one. @throws EmailLoginError `emailNotConfigured`. */
export function mailerOrRefusal(mailer: Mailer | undefined): Mailer {
  if (!mailer)
    throw new EmailLoginError(
      'emailNotConfigured',
      'This Airlock API has no mail server to send codes with (SMTP_URL).',
    )
  return mailer
}

/** The address as kept: trimmed, lower case. @throws EmailLoginError `emailInvalid`. */
export function checkedEmail(email: string): string {
  const normalized = normalizeEmail(email)
  if (!isEmailAddress(normalized))
    throw new EmailLoginError('emailInvalid', `${JSON.stringify(email)} is not an email address.`)
  return normalized
}

/**
 * The checks of a code request that need no database, in the order they are answered: email
 * login on, a mail server, an address. The route runs them before the project's budget is spent.
 * @throws EmailLoginError `emailNotEnabled`, `emailNotConfigured`, `emailInvalid`.
 */
export function checkCodeRequest(
  project: Project,
  mailer: Mailer | undefined,
  request: { email: string },
): { sender: Mailer; email: string } {
  assertEmailOn(project)
  return { sender: mailerOrRefusal(mailer), email: checkedEmail(request.email) }
}

/**
 * The checks of a sign-in that need no database: email login on, an address.
 * @throws EmailLoginError `emailNotEnabled`, `emailInvalid`.
 */
export function checkSignInRequest(project: Project, request: { email: string }): string {
  assertEmailOn(project)
  return checkedEmail(request.email)
}

/** A code made for one address: its row's id, the code (only ever in the mail) and its end. */
export type IssuedCode = { id: string; code: string; expiresAt: string }

/** Makes a 6-digit code for `email` and keeps its HMAC, good for 10 minutes from `at`. */
export async function issueCode(
  db: Kysely<Database>,
  codeKey: Uint8Array,
  scope: { projectId: string; hostOrigin: string; email: string; purpose: EmailCodePurpose },
  at: number,
): Promise<IssuedCode> {
  const id = randomBytes(16).toString('hex')
  const code = String(randomInt(0, 10 ** emailCodeLength)).padStart(emailCodeLength, '0')
  const expiresAt = new Date(at + emailCodeTtlMs).toISOString()
  await db
    .insertInto('email_codes')
    .values({
      id,
      project_id: scope.projectId,
      host_origin: scope.hostOrigin,
      email: scope.email,
      purpose: scope.purpose,
      code_hash: codeHash(codeKey, id, code),
      attempts: 0,
      expires_at: expiresAt,
      created_at: new Date(at).toISOString(),
      used_at: null,
    })
    .execute()
  return { id, code, expiresAt }
}

/** @throws EmailLoginError `emailAddressLocked` while the address's codes are locked. */
export async function assertNotLocked(
  db: Kysely<Database>,
  scope: AddressScope,
  at: number,
): Promise<void> {
  const until = await lockedUntil(db, scope, at)
  if (until !== undefined) throw addressLocked(scope.email, until, at)
}

/**
 * Checks the mail budget of each address a code was just written for; past one, deletes the
 * codes and throws `MailBudgetSpent`.
 */
export async function spendMailBudgets(
  db: Kysely<Database>,
  projectId: string,
  codes: readonly (IssuedCode & { email: string })[],
  perMinute: number,
  at: number,
): Promise<void> {
  try {
    for (const { email } of codes) await checkMailBudget(db, { projectId, email, perMinute }, at)
  } catch (error) {
    const ids = codes.map((code) => code.id)
    await db.deleteFrom('email_codes').where('id', 'in', ids).execute()
    throw error
  }
}

/**
 * How long a code's row outlives its expiry: a visitor who comes back to it within a day is told
 * it expired, not that it is wrong.
 */
export const expiredCodeKeptMs = 24 * 60 * 60_000

/** Deletes the codes expired over a day ago: cleared as new ones are made. */
export async function clearExpiredCodes(db: Kysely<Database>, at: number): Promise<void> {
  await db
    .deleteFrom('email_codes')
    .where('expires_at', '<=', new Date(at - expiredCodeKeptMs).toISOString())
    .execute()
}

/** Sends a code's mail. @throws EmailLoginError `emailDeliveryFailed`. */
export async function mailCode(mailer: Mailer, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message)
  } catch (error) {
    throw new EmailLoginError(
      'emailDeliveryFailed',
      `The code could not be mailed to ${message.to}: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

/** The refusals of a code, in words that say which code. */
export type CodeRefusals = {
  /** Expired, used or replaced. */
  expired(): EmailLoginError
  /** Its 5 tries spent. */
  locked(): EmailLoginError
  /** Wrong, with `left` tries left. */
  wrong(left: number): EmailLoginError
}

/** "4 tries", "1 try". */
export const triesLeft = (left: number) => `${left} ${left === 1 ? 'try' : 'tries'}`

/** A code's row, as `checkCode` reads it. */
export type CodeRow = Pick<
  Selectable<EmailCodesTable>,
  | 'id'
  | 'project_id'
  | 'host_origin'
  | 'email'
  | 'code_hash'
  | 'attempts'
  | 'expires_at'
  | 'used_at'
>

/**
 * Checks `code` against its row: undefined when it is right and still good, else the refusal. A
 * wrong code spends one of the row's tries, counted in the database so that tries in parallel
 * count too, and one of the address's (addressLocks.ts), counted before the code is compared;
 * the one that uses the address's up locks it, and the address is mailed.
 */
export async function checkCode(
  { db, codeKey, mailer, now }: EmailLoginContext,
  project: Project,
  row: CodeRow,
  code: string,
  refusals: CodeRefusals,
): Promise<EmailLoginError | undefined> {
  const at = now()
  const address = { projectId: row.project_id, email: row.email }
  // Locked is said first: a new code would not help.
  const until = await lockedUntil(db, address, at)
  if (until !== undefined) return addressLocked(row.email, until, at)
  if (row.used_at !== null || new Date(row.expires_at).getTime() <= at) return refusals.expired()
  if (row.attempts >= emailCodeMaxAttempts) return refusals.locked()
  const guess = await reserveGuess(db, address, at)
  if (!guess.reserved) return addressLocked(row.email, guess.until, at)
  const expected = Buffer.from(row.code_hash, 'hex')
  const given = Buffer.from(codeHash(codeKey, row.id, code), 'hex')
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    await forgiveAddress(db, address, at)
    return undefined
  }
  const counted = await db
    .updateTable('email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', emailCodeMaxAttempts)
    .returning('attempts')
    .executeTakeFirst()
  if (guess.last) {
    const until = await lockAddress(db, address, at)
    if (until !== undefined) {
      await mailLock(mailer, project, row, until)
      return addressLocked(row.email, until, at)
    }
  }
  if (!counted || counted.attempts >= emailCodeMaxAttempts) return refusals.locked()
  return refusals.wrong(emailCodeMaxAttempts - counted.attempts)
}

/**
 * Tells the address its codes were locked. The lock holds whether or not the mail goes out: a mail
 * server that fails turns no refusal into an error.
 */
async function mailLock(mailer: Mailer | undefined, project: Project, row: CodeRow, until: number) {
  try {
    await mailer?.send(
      addressLockedMessage({
        to: row.email,
        siteName: project.settings.name ?? project.id,
        hostOrigin: row.host_origin,
        failures: emailAddressLockout.maxFailures,
        until: lockEndText(until),
      }),
    )
  } catch {
    // Nothing to answer differently: the visitor is refused as locked either way.
  }
}

/**
 * Uses up codes checked right, in the caller's transaction: false when one of them was used (or
 * had its tries spent) by another request in the meantime.
 */
export async function useCodes(
  trx: Transaction<Database>,
  ids: readonly string[],
  at: number,
): Promise<boolean> {
  const used = await trx
    .updateTable('email_codes')
    .set({ used_at: new Date(at).toISOString() })
    .where('id', 'in', ids)
    .where('used_at', 'is', null)
    .where('attempts', '<', emailCodeMaxAttempts)
    .executeTakeFirst()
  return Number(used.numUpdatedRows) === ids.length
}

/**
 * Mails a new code to `email` for a sign-in to `project` on `hostOrigin` (which the caller checked
 * the project allows).
 * @throws EmailLoginError `emailNotEnabled`, `emailInvalid`, `emailNotConfigured`,
 *   `emailAddressLocked`, `emailDeliveryFailed`; MailBudgetSpent past the address's budget.
 */
export async function sendEmailCode(
  { db, mailer, codeKey, mailsPerAddressPerMinute, now }: EmailLoginContext,
  project: Project,
  request: { email: string; hostOrigin: string },
): Promise<{ email: string; expiresAt: string }> {
  const { sender, email } = checkCodeRequest(project, mailer, request)
  const { hostOrigin } = request
  const at = now()
  await assertNotLocked(db, { projectId: project.id, email }, at)
  await clearExpiredCodes(db, at)
  const issued = await issueCode(
    db,
    codeKey,
    { projectId: project.id, hostOrigin, email, purpose: 'signIn' },
    at,
  )
  const { id, code, expiresAt } = issued
  await spendMailBudgets(db, project.id, [{ ...issued, email }], mailsPerAddressPerMinute, at)
  try {
    await mailCode(
      sender,
      codeMessage({
        to: email,
        siteName: project.settings.name ?? project.id,
        hostOrigin,
        code,
        minutes: emailCodeTtlMs / 60_000,
      }),
    )
  } catch (error) {
    await db.deleteFrom('email_codes').where('id', '=', id).execute()
    throw error
  }
  // Sent: the codes before it no longer work. "Before" is by (created_at, id), the order sign-in
  // reads them in, so of two codes asked for at once exactly the later one stays.
  const createdAt = new Date(at).toISOString()
  await db
    .updateTable('email_codes')
    .set({ used_at: createdAt })
    .where('project_id', '=', project.id)
    .where('host_origin', '=', hostOrigin)
    .where('email', '=', email)
    .where('purpose', '=', 'signIn')
    .where('used_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('created_at', '<', createdAt),
        eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
      ]),
    )
    .execute()
  return { email, expiresAt }
}

/** A sign-in's outcome: a session started, or a wrong code with the tries it has left. */
export type EmailSignIn =
  | { verified: true; token: string; session: EmailSession }
  | EmailCodeRejected

/**
 * Checks `code` against the last code mailed to `email` for this project and site; a right one
 * is used up and starts a session. A wrong one is answered, not thrown: a typo is a normal step
 * of a sign-in, and it has been counted (the code's tries, the address's) all the same.
 * @throws EmailLoginError `emailNotEnabled`, `emailInvalid`, `emailCodeInvalid` (no code sent),
 *   `emailCodeExpired` (expired, used or replaced), `emailCodeLocked` (5 wrong codes),
 *   `emailAddressLocked` (too many wrong codes for the address, across its codes).
 */
export async function signInWithEmailCode(
  context: EmailLoginContext,
  project: Project,
  request: { email: string; code: string; hostOrigin: string },
): Promise<EmailSignIn> {
  const { db, now } = context
  const email = checkSignInRequest(project, request)
  const { hostOrigin } = request
  const at = now()
  const row = await db
    .selectFrom('email_codes')
    .selectAll()
    .where('project_id', '=', project.id)
    .where('host_origin', '=', hostOrigin)
    .where('email', '=', email)
    .where('purpose', '=', 'signIn')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!row)
    throw new EmailLoginError(
      'emailCodeInvalid',
      'No code was sent to this email for this site: ask for one.',
    )
  const refusals: CodeRefusals = {
    expired: () =>
      new EmailLoginError(
        'emailCodeExpired',
        'This code has expired or was used: ask for a new one.',
      ),
    locked: () =>
      new EmailLoginError(
        'emailCodeLocked',
        `${emailCodeMaxAttempts} wrong codes: this code no longer works. Ask for a new one.`,
      ),
    wrong: (left) =>
      new EmailLoginError(
        'emailCodeInvalid',
        `That code is not right: ${triesLeft(left)} left.`,
        undefined,
        left,
      ),
  }
  const refusal = await checkCode(context, project, row, request.code, refusals)
  if (refusal?.code === 'emailCodeInvalid' && refusal.triesLeft !== undefined)
    return {
      verified: false,
      code: refusal.code,
      message: refusal.message,
      triesLeft: refusal.triesLeft,
    }
  if (refusal) throw refusal
  const started = await db.transaction().execute(async (trx) => {
    // Another request used it (or spent its tries) in the meantime.
    if (!(await useCodes(trx, [row.id], at))) throw refusals.expired()
    return startEmailSession(trx, { projectId: project.id, hostOrigin, email }, at)
  })
  return { verified: true, ...started }
}
