/**
 * Email change: a session asks to move its account to another address; a code is mailed to the
 * address it has and one to the new address (codes.ts: hashed, 10 minutes, once, 5 tries each),
 * and both, given back by the same session, move it. In one transaction the embedded wallet (its
 * auth share and device keys sealed again for the new address) and every session of the old
 * address on the project become the new address's: the visitor's cookies stay signed in, and the
 * old address keeps nothing; the social accounts linked to it follow too. An address that has a
 * wallet on the project can't be moved onto, which is said only at confirmation, to whoever has
 * that address's code: asking for a change says nothing about another address's wallet. A social
 * account's own login has no address to change. An account with a confirmed wallet asks with a
 * proof of it (its key signs the change: an inbox alone moves nothing), and the address it had is
 * told once it moved.
 */
import { randomBytes } from 'node:crypto'
import {
  type EmailChangeConfirmResponse,
  type EmailChangeRejected,
  type EmailChangeResponse,
  emailCodeMaxAttempts,
  emailCodeTtlMs,
  isEmailAddress,
  socialProviderNames,
  type WalletProof,
} from '@airlock/protocol'
import type { Transaction } from 'kysely'
import type { Database } from '../../storage/storage'
import { moveEmbeddedWallet } from '../embeddedWallets/embeddedWallets'
import { hasConfirmedEmbeddedWallet, hasEmbeddedWallet } from '../embeddedWallets/hasEmbeddedWallet'
import { spendWalletProof, walletProofRefusal } from '../embeddedWallets/walletProof'
import type { Project } from '../projects'
import { moveSocialIdentities } from '../social/identities'
import { emailChangeMessages } from './codeMessage'
import {
  assertEmailOn,
  assertNotLocked,
  type CodeRefusals,
  checkCode,
  checkedEmail,
  clearExpiredCodes,
  type EmailLoginContext,
  issueCode,
  mailCode,
  mailerOrRefusal,
  spendMailBudgets,
  triesLeft,
  useCodes,
} from './codes'
import { EmailLoginError } from './emailLoginError'
import type { Mailer } from './mailer'
import { emailChangedNotice } from './noticeMessages'
import { type EmailSessionRecord, moveEmailSessions } from './sessions'

export type EmailChangeContext = EmailLoginContext & {
  /** `embeddedWalletSealKey(AIRLOCK_SERVER_KEY)`: the wallet's seals are made again with it. */
  sealKey: Uint8Array
}

const taken = (email: string) =>
  new EmailLoginError(
    'emailChangeTaken',
    `${email} already has a wallet here: choose another address, or sign in with it.`,
  )
const noChange = () =>
  new EmailLoginError(
    'emailCodeExpired',
    'This email change has expired, was confirmed, or a newer one replaced it: start it again.',
  )

/**
 * The checks of a change request that need no database, in the order they are answered: email
 * login on, an account with an address, a mail server, a new address that is another one. The
 * route runs them before the project's budget is spent.
 * @throws EmailLoginError `emailNotEnabled`, `emailInvalid`, `emailNotConfigured`.
 */
export function checkChangeRequest(
  project: Project,
  session: Pick<EmailSessionRecord, 'email' | 'provider'>,
  mailer: Mailer | undefined,
  request: { newEmail: string },
): { sender: Mailer; newEmail: string } {
  assertEmailOn(project)
  // A social account's own login (`social:<provider>:<subject>`) has no address to mail a code to.
  if (!isEmailAddress(session.email))
    throw new EmailLoginError(
      'emailInvalid',
      `This account signs in with ${session.provider ? socialProviderNames[session.provider] : 'a social account'}: it has no email address to change.`,
    )
  const sender = mailerOrRefusal(mailer)
  const newEmail = checkedEmail(request.newEmail)
  if (newEmail === session.email)
    throw new EmailLoginError(
      'emailInvalid',
      `${newEmail} is already this account's email address: enter another one.`,
    )
  return { sender, newEmail }
}

/**
 * Mails the two codes of a change of `session`'s address to `newEmail`; a newer change of the
 * same session replaces the ones before it. Whether `newEmail` has a wallet is not looked at here.
 * @throws EmailLoginError `emailNotEnabled`, `emailNotConfigured`, `emailInvalid` (not an address,
 *   or the session's own), `emailAddressLocked` (either address), `emailDeliveryFailed`;
 *   MailBudgetSpent past either address's budget.
 */
export async function requestEmailChange(
  { db, mailer, codeKey, mailsPerAddressPerMinute, now }: EmailChangeContext,
  project: Project,
  session: EmailSessionRecord,
  request: { newEmail: string; proof?: WalletProof | undefined },
): Promise<EmailChangeResponse> {
  const { sender, newEmail } = checkChangeRequest(project, session, mailer, request)
  // A wallet is not moved on an inbox's word alone: its key signs the change (issue 33, point 3).
  const owner = { projectId: project.id, email: session.email }
  if (await hasConfirmedEmbeddedWallet(db, owner)) {
    if (!request.proof) throw walletProofRefusal()
    await spendWalletProof(db, owner, session, 'changeEmail', request.proof, now())
  }

  const at = now()
  const createdAt = new Date(at).toISOString()
  for (const email of [session.email, newEmail])
    await assertNotLocked(db, { projectId: project.id, email }, at)
  await clearExpiredCodes(db, at)
  await db.deleteFrom('email_changes').where('expires_at', '<=', createdAt).execute()
  const scope = {
    projectId: project.id,
    hostOrigin: session.hostOrigin,
    purpose: 'emailChange' as const,
  }
  const current = await issueCode(db, codeKey, { ...scope, email: session.email }, at)
  const next = await issueCode(db, codeKey, { ...scope, email: newEmail }, at)
  await spendMailBudgets(
    db,
    project.id,
    [
      { ...current, email: session.email },
      { ...next, email: newEmail },
    ],
    mailsPerAddressPerMinute,
    at,
  )
  const changeId = randomBytes(16).toString('base64url')
  await db
    .insertInto('email_changes')
    .values({
      id: changeId,
      project_id: project.id,
      host_origin: session.hostOrigin,
      session_id: session.id,
      email: session.email,
      new_email: newEmail,
      current_code_id: current.id,
      new_code_id: next.id,
      expires_at: current.expiresAt,
      created_at: createdAt,
      confirmed_at: null,
    })
    .execute()
  const mails = emailChangeMessages({
    currentEmail: session.email,
    newEmail,
    siteName: project.settings.name ?? project.id,
    hostOrigin: session.hostOrigin,
    currentCode: current.code,
    newCode: next.code,
    minutes: emailCodeTtlMs / 60_000,
  })
  try {
    await mailCode(sender, mails.current)
    await mailCode(sender, mails.new)
  } catch (error) {
    await db.deleteFrom('email_changes').where('id', '=', changeId).execute()
    await db.deleteFrom('email_codes').where('id', 'in', [current.id, next.id]).execute()
    throw error
  }
  // Sent: the session's changes before it no longer work (the order sign-in codes are replaced in).
  const before = await db
    .selectFrom('email_changes')
    .select(['current_code_id', 'new_code_id'])
    .where('session_id', '=', session.id)
    .where('confirmed_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('created_at', '<', createdAt),
        eb.and([eb('created_at', '=', createdAt), eb('id', '<', changeId)]),
      ]),
    )
    .execute()
  const replaced = before.flatMap((change) => [change.current_code_id, change.new_code_id])
  if (replaced.length > 0)
    await db
      .updateTable('email_codes')
      .set({ used_at: createdAt })
      .where('id', 'in', replaced)
      .where('used_at', 'is', null)
      .execute()
  return { changeId, expiresAt: current.expiresAt }
}

/**
 * The refusals of the code mailed to `which` address, naming it. The two codes expire, are used
 * and are replaced together: their expiry is one refusal.
 */
const refusalsFor = (which: string): CodeRefusals => ({
  expired: () =>
    new EmailLoginError(
      'emailCodeExpired',
      'The codes of this email change have expired or were used: start it again.',
    ),
  locked: () =>
    new EmailLoginError(
      'emailCodeLocked',
      `${emailCodeMaxAttempts} wrong codes: the code sent to ${which} no longer works. Start the change again.`,
    ),
  wrong: (left) =>
    new EmailLoginError(
      'emailCodeInvalid',
      `The code sent to ${which} is not right: ${triesLeft(left)} left.`,
      undefined,
      left,
    ),
})

/** Of the two codes' refusals, the one answered: the gravest code, both messages. */
function oneRefusal(refusals: EmailLoginError[]): EmailLoginError | undefined {
  const [first, second] = refusals
  if (!first || !second || first.message === second.message) return first
  const gravity = ['emailCodeInvalid', 'emailCodeExpired', 'emailCodeLocked', 'emailAddressLocked']
  const code = gravity.indexOf(second.code) > gravity.indexOf(first.code) ? second.code : first.code
  return new EmailLoginError(code, `${first.message} ${second.message}`)
}

/**
 * Checks the two codes of the session's change `changeId`; right, the account moves to the new
 * address (see the module's comment). Each wrong code spends one of its own tries, and one of its
 * address's (addressLocks.ts); wrong codes that keep tries are answered `rejected`, saying which.
 * @throws EmailLoginError `emailNotEnabled`, `emailCodeInvalid`, `emailCodeExpired`,
 *   `emailCodeLocked` (each saying which address's code), `emailAddressLocked`,
 *   `emailChangeTaken` (the new address has a wallet: said once both codes were right);
 *   EmbeddedWalletError `embeddedWalletCorrupt`.
 */
export async function confirmEmailChange(
  context: EmailChangeContext,
  project: Project,
  session: EmailSessionRecord,
  request: { changeId: string; currentCode: string; newCode: string },
): Promise<EmailChangeConfirmResponse> {
  const { db, sealKey, mailer, now } = context
  assertEmailOn(project)
  const at = now()
  const change = await db
    .selectFrom('email_changes')
    .selectAll()
    .where('id', '=', request.changeId)
    .where('project_id', '=', project.id)
    .where('session_id', '=', session.id)
    .where('host_origin', '=', session.hostOrigin)
    .executeTakeFirst()
  if (!change || change.confirmed_at !== null || change.email !== session.email) throw noChange()
  const codes = await db
    .selectFrom('email_codes')
    .selectAll()
    .where('id', 'in', [change.current_code_id, change.new_code_id])
    .execute()
  const currentRow = codes.find((code) => code.id === change.current_code_id)
  const newRow = codes.find((code) => code.id === change.new_code_id)
  // Cleared once expired.
  if (!currentRow || !newRow) throw noChange()
  // Both codes are checked, one after the other, each refused in its address's words.
  const refusals: EmailLoginError[] = []
  const wrong: EmailChangeRejected['wrong'] = {}
  for (const [row, code, whose, which] of [
    [currentRow, request.currentCode, `${change.email} (your current address)`, 'current'],
    [newRow, request.newCode, `${change.new_email} (the new address)`, 'new'],
  ] as const) {
    const refused = await checkCode(context, project, row, code, refusalsFor(whose))
    if (!refused) continue
    refusals.push(refused)
    if (refused.code === 'emailCodeInvalid' && refused.triesLeft !== undefined)
      wrong[which] = refused.triesLeft
  }
  const refusal = oneRefusal(refusals)
  // Only wrong codes that keep tries: a typo, answered as a step of the change.
  if (refusal && Object.keys(wrong).length === refusals.length)
    return { status: 'rejected', code: 'emailCodeInvalid', message: refusal.message, wrong }
  if (refusal) throw refusal

  const from = { projectId: project.id, email: change.email }
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await useCodes(trx, [currentRow.id, newRow.id], at))) throw noChange()
      const confirmed = await trx
        .updateTable('email_changes')
        .set({ confirmed_at: new Date(at).toISOString() })
        .where('id', '=', change.id)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst()
      if (Number(confirmed.numUpdatedRows) !== 1) throw noChange()
      // Another change of the account may have moved it meanwhile.
      if (!(await sessionStillOf(trx, session.id, change.email))) throw noChange()
      if (await hasEmbeddedWallet(trx, { projectId: project.id, email: change.new_email }))
        throw taken(change.new_email)
      await moveEmbeddedWallet(trx, sealKey, from, change.new_email)
      await moveEmailSessions(trx, project.id, change.email, change.new_email)
      await moveSocialIdentities(trx, project.id, change.email, change.new_email)
    })
  } catch (error) {
    // A wallet made for the new address while this ran: its primary key refused the move.
    if (
      !(error instanceof EmailLoginError) &&
      (await hasEmbeddedWallet(db, { projectId: project.id, email: change.new_email }))
    )
      throw taken(change.new_email)
    throw error
  }
  // The address the wallet had is told (best effort: the change stands either way).
  await mailer
    ?.send(
      emailChangedNotice({
        to: change.email,
        newEmail: change.new_email,
        siteName: project.settings.name ?? project.id,
        hostOrigin: session.hostOrigin,
      }),
    )
    .catch(() => undefined)
  return { status: 'confirmed' }
}

const sessionStillOf = async (trx: Transaction<Database>, sessionId: string, email: string) =>
  (await trx
    .selectFrom('email_sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('email', '=', email)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()) !== undefined
