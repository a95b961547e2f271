/**
 * The one-time grants a social login's callback hands the popup's opener: 32 random bytes,
 * good once, for 2 minutes, for the project and host site of the sign-in; only their SHA-256 is
 * kept. The frame's grant starts its session (`startSocialSession`), the same email session an
 * email code starts, naming the provider and handle. Expired grants are cleared as new ones are
 * made.
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  type OAuthSocialProvider,
  oauthSocialProviders,
  type SocialSession,
  socialGrantTtlMs,
} from '@airlock/protocol'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/storage'
import { startEmailSession } from '../email/sessions'
import { SocialLoginError } from './socialLoginError'

const grantId = (grant: string) => createHash('sha256').update(grant).digest('hex')

/** Makes and keeps a grant of a sign-in to `login`; the grant, which only the callback page sees. */
export async function issueSocialGrant(
  db: Kysely<Database>,
  signIn: {
    projectId: string
    hostOrigin: string
    login: string
    provider: OAuthSocialProvider
    handle: string
  },
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
      login: signIn.login,
      provider: signIn.provider,
      handle: signIn.handle,
      created_at: now,
      expires_at: new Date(at + socialGrantTtlMs).toISOString(),
      used_at: null,
    })
    .execute()
  return grant
}

/**
 * Uses up `grant` for a sign-in on this project and site and starts its session, in one
 * transaction: a grant starts one session, even when two requests race.
 * @throws SocialLoginError `socialGrantInvalid` (unknown, used, expired, another project's or site's).
 */
export async function startSocialSession(
  db: Kysely<Database>,
  grant: string,
  scope: { projectId: string; hostOrigin: string },
  at: number,
): Promise<{ token: string; session: SocialSession }> {
  const now = new Date(at).toISOString()
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('social_grants')
      .set({ used_at: now })
      .where('id', '=', grantId(grant))
      .where('project_id', '=', scope.projectId)
      .where('host_origin', '=', scope.hostOrigin)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['login', 'provider', 'handle'])
      .executeTakeFirst()
    const provider = used && oauthProvider(used.provider)
    if (!used || !provider)
      throw new SocialLoginError(
        'socialGrantInvalid',
        'This sign-in has expired, was used, or is for another site: sign in again.',
      )
    const { token, session } = await startEmailSession(
      trx,
      { ...scope, email: used.login, social: { provider, handle: used.handle } },
      at,
    )
    return { token, session: { ...session, provider, handle: used.handle } }
  })
}

const oauthProvider = (name: string): OAuthSocialProvider | undefined =>
  oauthSocialProviders.find((known) => known === name)
