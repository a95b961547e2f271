/**
 * The one-time grants a social login's callback hands the popup's opener: 32 random bytes, good
 * once, for 2 minutes, for the project and host site of the sign-in; only their SHA-256 is kept.
 * A grant carries the social account the provider proved and the frame its authorization was
 * bound to (its secret's hash, its email session): nothing is linked when it is made. The frame
 * that asked redeems it (`redeemSocialGrant`), and only then does it sign in or link
 * (socialSignIn.ts). Expired grants are cleared as new ones are made.
 */
import { createHash, randomBytes } from 'node:crypto'
import { oauthSocialProviders, socialGrantTtlMs } from '@airlock/protocol'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/storage'
import { checkFrameBinding, type FrameBinding, type RedeemingFrame } from './frameBinding'
import { SocialLoginError } from './socialLoginError'
import { type ProvenIdentity, type SocialSignInOutcome, signInWithIdentity } from './socialSignIn'

const grantId = (grant: string) => createHash('sha256').update(grant).digest('hex')

/** Makes and keeps a grant of `identity`; the grant, which only the callback page sees. */
export async function issueSocialGrant(
  db: Kysely<Database>,
  signIn: { projectId: string; hostOrigin: string; identity: ProvenIdentity; frame: FrameBinding },
  at: number,
): Promise<string> {
  const grant = randomBytes(32).toString('base64url')
  const now = new Date(at).toISOString()
  await db.deleteFrom('social_grants').where('expires_at', '<=', now).execute()
  await db
    .insertInto('social_grants')
    .values({
      id: grantId(grant),
      project_id: signIn.projectId,
      host_origin: signIn.hostOrigin,
      provider: signIn.identity.provider,
      subject: signIn.identity.subject,
      handle: signIn.identity.handle,
      secret_hash: signIn.frame.secretHash,
      session_id: signIn.frame.sessionId,
      created_at: now,
      expires_at: new Date(at + socialGrantTtlMs).toISOString(),
      used_at: null,
    })
    .execute()
  return grant
}

const grantInvalid = () =>
  new SocialLoginError(
    'socialGrantInvalid',
    'This sign-in has expired, was used, or is for another site: sign in again.',
  )

/**
 * Redeems `grant` on this project and site for `frame`: the visitor's question of a link, or the
 * sign-in, the grant used up in the same transaction — once, even when two requests race.
 * @throws SocialLoginError `socialGrantInvalid` (unknown, used, expired, another project's or
 *   site's), `socialFrameMismatch`, `socialSessionMismatch`, `socialIdentityTaken`.
 */
export async function redeemSocialGrant(
  db: Kysely<Database>,
  grant: string,
  scope: { projectId: string; hostOrigin: string },
  frame: RedeemingFrame,
  options: { link: boolean },
  at: number,
): Promise<SocialSignInOutcome> {
  const now = new Date(at).toISOString()
  const id = grantId(grant)
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('social_grants')
      .selectAll()
      .where('id', '=', id)
      .where('project_id', '=', scope.projectId)
      .where('host_origin', '=', scope.hostOrigin)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst()
    const provider = oauthSocialProviders.find((name) => name === row?.provider)
    if (!row || !provider || row.subject === null) throw grantInvalid()
    checkFrameBinding({ secretHash: row.secret_hash, sessionId: row.session_id }, frame)
    const identity = { provider, subject: row.subject, handle: row.handle }
    return signInWithIdentity(trx, scope, identity, frame.session, options, at, async () => {
      const used = await trx
        .updateTable('social_grants')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst()
      if (Number(used.numUpdatedRows) !== 1) throw grantInvalid()
    })
  })
}
