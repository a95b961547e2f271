/**
 * Email login codes (spec §1): a 6-digit code mailed for one project and host site, good for 10
 * minutes, once, and for 5 tries. Only an HMAC of the code is kept, keyed with a key derived from
 * the server key, so the database alone does not give codes away. A new code replaces the ones
 * before it once its mail is sent; a mail that can't be sent leaves nothing behind. A right code
 * is used up and its session started in one transaction, so a code signs in once even when two
 * requests race. The codes of an email change (emailChange.ts) are made, checked and used up by the
 * same functions, under their own purpose: they never sign in.
 */
import { createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import {
  type EmailSession,
  emailCodeMaxAttempts,
  emailCodeTtlMs,
  isEmailAddress,
  normalizeEmail,
} from '@airlock/protocol'
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { Database, EmailCodePurpose, EmailCodesTable } from '../../storage/storage'
import type { Project } from '../projects'
import { codeMessage } from './codeMessage'
import { EmailLoginError } from './emailLoginError'
import type { Mailer, MailMessage } from './mailer'
import { startEmailSession } from './sessions'

export type EmailLoginContext = {
  db: Kysely<Database>
  /** Where codes are mailed from; undefined: the API has no mail server (`SMTP_URL`). */
  mailer: Mailer | undefined
  /** The key codes are kept as HMACs under: `emailCodeKey(AIRLOCK_SERVER_KEY)`, derived once. */
  codeKey: Uint8Array
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
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
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

/** Deletes the codes nobody can use any more: cleared as new ones are made. */
export async function clearExpiredCodes(db: Kysely<Database>, at: number): Promise<void> {
  await db.deleteFrom('email_codes').where('expires_at', '<=', new Date(at).toISOString()).execute()
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

/**
 * Checks `code` against its row: undefined when it is right and still good, else the refusal. A
 * wrong code spends one of the row's tries, counted in the database so that tries in parallel
 * count too.
 */
export async function checkCode(
  db: Kysely<Database>,
  codeKey: Uint8Array,
  row: Pick<
    Selectable<EmailCodesTable>,
    'id' | 'code_hash' | 'attempts' | 'expires_at' | 'used_at'
  >,
  code: string,
  at: number,
  refusals: CodeRefusals,
): Promise<EmailLoginError | undefined> {
  if (row.used_at !== null || new Date(row.expires_at).getTime() <= at) return refusals.expired()
  if (row.attempts >= emailCodeMaxAttempts) return refusals.locked()
  const expected = Buffer.from(row.code_hash, 'hex')
  const given = Buffer.from(codeHash(codeKey, row.id, code), 'hex')
  if (expected.length === given.length && timingSafeEqual(expected, given)) return undefined
  const counted = await db
    .updateTable('email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', emailCodeMaxAttempts)
    .returning('attempts')
    .executeTakeFirst()
  if (!counted || counted.attempts >= emailCodeMaxAttempts) return refusals.locked()
  return refusals.wrong(emailCodeMaxAttempts - counted.attempts)
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
 *   `emailDeliveryFailed`.
 */
export async function sendEmailCode(
  { db, mailer, codeKey, now }: EmailLoginContext,
  project: Project,
  request: { email: string; hostOrigin: string },
): Promise<{ email: string; expiresAt: string }> {
  assertEmailOn(project)
  const sender = mailerOrRefusal(mailer)
  const email = checkedEmail(request.email)
  const { hostOrigin } = request
  const at = now()
  await clearExpiredCodes(db, at)
  const { id, code, expiresAt } = await issueCode(
    db,
    codeKey,
    { projectId: project.id, hostOrigin, email, purpose: 'signIn' },
    at,
  )
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

/**
 * Checks `code` against the last code mailed to `email` for this project and site; a right one
 * is used up and starts a session.
 * @throws EmailLoginError `emailNotEnabled`, `emailInvalid`, `emailCodeInvalid` (saying the tries left),
 *   `emailCodeExpired` (expired, used or replaced), `emailCodeLocked` (5 wrong codes).
 */
export async function signInWithEmailCode(
  { db, codeKey, now }: EmailLoginContext,
  project: Project,
  request: { email: string; code: string; hostOrigin: string },
): Promise<{ token: string; session: EmailSession }> {
  assertEmailOn(project)
  const email = checkedEmail(request.email)
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
      new EmailLoginError('emailCodeInvalid', `That code is not right: ${triesLeft(left)} left.`),
  }
  const refusal = await checkCode(db, codeKey, row, request.code, at, refusals)
  if (refusal) throw refusal
  return db.transaction().execute(async (trx) => {
    // Another request used it (or spent its tries) in the meantime.
    if (!(await useCodes(trx, [row.id], at))) throw refusals.expired()
    return startEmailSession(trx, { projectId: project.id, hostOrigin, email }, at)
  })
}
