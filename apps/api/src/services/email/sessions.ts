/**
 * Email sessions: started by a right code (codes.ts) or a social login's grant (social/grants.ts),
 * found by their token — which lives only in the visitor's HttpOnly cookie of the modal's origin;
 * the API keeps its SHA-256 — and revocable. A session belongs to one project and one host site,
 * and to its account's login (an address, or a social account's own login), which it follows
 * when an email change is confirmed. Once the frame has the embedded wallet's device key,
 * the session is on that device: revoking the device ends it.
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  type EmailSession,
  emailSessionTtlMs,
  type SocialProvider,
  socialProviders,
} from '@airlock/protocol'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../storage/storage'
import { hasWallet } from '../embeddedWallets/walletRows'
import { EmailLoginError } from './emailLoginError'

/** A session token: 32 random bytes, base64url (43 characters). */
export const emailSessionTokenPattern = /^[A-Za-z0-9_-]{43}$/

const tokenId = (token: string) => createHash('sha256').update(token).digest('hex')

const noSession = () =>
  new EmailLoginError('emailSessionInvalid', 'No email session: signed out, revoked or expired.')

/**
 * Starts a session, in the transaction that used the code (or a social login's grant) up. A
 * social login's session names its provider and the account's handle there.
 */
export async function startEmailSession(
  trx: Transaction<Database>,
  account: {
    projectId: string
    hostOrigin: string
    email: string
    social?: { provider: SocialProvider; handle: string } | undefined
  },
  at: number,
): Promise<{ token: string; session: EmailSession }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(at + emailSessionTtlMs).toISOString()
  await trx
    .insertInto('email_sessions')
    .values({
      id: tokenId(token),
      project_id: account.projectId,
      host_origin: account.hostOrigin,
      email: account.email,
      expires_at: expiresAt,
      created_at: new Date(at).toISOString(),
      revoked_at: null,
      provider: account.social?.provider ?? null,
      handle: account.social?.handle ?? null,
    })
    .execute()
  const session = { email: account.email, hostOrigin: account.hostOrigin, expiresAt }
  return { token, session: { ...session, ...account.social } }
}

/**
 * A session as the API's routes know it: what the frame reads, plus its id (the SHA-256 of its
 * token) and the embedded wallet device it is on, if any.
 */
export type EmailSessionRecord = EmailSession & { id: string; deviceId: string | null }

/**
 * The session of `token` on this project and site, while it is neither expired nor revoked.
 * @throws EmailLoginError `emailSessionInvalid`.
 */
export async function findEmailSession(
  db: Kysely<Database>,
  token: string,
  scope: { projectId: string; hostOrigin: string },
  at: number,
): Promise<EmailSessionRecord> {
  const row = await db
    .selectFrom('email_sessions')
    .selectAll()
    .where('id', '=', tokenId(token))
    .where('project_id', '=', scope.projectId)
    .where('host_origin', '=', scope.hostOrigin)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(at).toISOString())
    .executeTakeFirst()
  if (!row) throw noSession()
  const provider = socialProviders.find((name) => name === row.provider)
  return {
    id: row.id,
    email: row.email,
    hostOrigin: row.host_origin,
    expiresAt: new Date(row.expires_at).toISOString(),
    ...(provider && { provider, handle: row.handle ?? '' }),
    deviceId: row.device_id,
  }
}

/**
 * The session of `token` as the frame reads it (`findEmailSession`), with whether its account
 * has a wallet yet.
 * @throws EmailLoginError `emailSessionInvalid`.
 */
export async function readEmailSession(
  db: Kysely<Database>,
  token: string,
  scope: { projectId: string; hostOrigin: string },
  at: number,
): Promise<EmailSession> {
  const { id: _, deviceId: __, ...session } = await findEmailSession(db, token, scope, at)
  const walletMade = await hasWallet(db, { projectId: scope.projectId, email: session.email })
  return { ...session, hasWallet: walletMade }
}

/**
 * Moves every session of `email` on the project to `newEmail` (a confirmed email change), in the
 * caller's transaction: a visitor's cookies stay signed in, now as the new address.
 */
export async function moveEmailSessions(
  trx: Transaction<Database>,
  projectId: string,
  email: string,
  newEmail: string,
): Promise<void> {
  await trx
    .updateTable('email_sessions')
    .set({ email: newEmail })
    .where('project_id', '=', projectId)
    .where('email', '=', email)
    .execute()
}

/** Ends the session of `token` (sign-out); true when there was one to end. */
export async function revokeEmailSession(
  db: Kysely<Database>,
  token: string,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable('email_sessions')
    .set({ revoked_at: new Date(at).toISOString() })
    .where('id', '=', tokenId(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
