/**
 * Social accounts known on a project, and the account login each signs in to. A social account
 * seen for the first time takes the login of the email session the frame had when it started the
 * sign-in (it is linked to that account), else its own, `social:<provider>:<subject>`. Seen again,
 * it signs in to the login it has — and is refused when the frame is signed in as another account:
 * one social account never serves two. Its handle is refreshed at each sign-in. Linked accounts
 * follow their account's email change (`moveSocialIdentities`).
 */
import { type SocialProvider, socialLoginOf, socialProviderNames } from '@airlock/protocol'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../storage/storage'
import type { SocialAccount } from './providers'
import { SocialLoginError } from './socialLoginError'

/**
 * The login the social `account` signs in to on the project of its sign-in (a social login's
 * authorization, or a Farcaster channel), linking it first when it is new; `handle` is what the
 * session shows.
 * @throws SocialLoginError `socialIdentityTaken`.
 */
export async function linkSocialIdentity(
  db: Kysely<Database>,
  authorization: { projectId: string; provider: SocialProvider; linkLogin: string | null },
  account: { subject: string; handle: string },
  at: number,
): Promise<string> {
  const key = {
    project_id: authorization.projectId,
    provider: authorization.provider,
    subject: account.subject,
  }
  // A second callback for the same new account, racing this one, finds the row this one made.
  await db
    .insertInto('social_identities')
    .values({
      ...key,
      login: authorization.linkLogin ?? socialLoginOf(authorization.provider, account.subject),
      handle: account.handle,
      created_at: new Date(at).toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['project_id', 'provider', 'subject']).doNothing())
    .execute()
  const identity = await db
    .selectFrom('social_identities')
    .select('login')
    .where('project_id', '=', key.project_id)
    .where('provider', '=', key.provider)
    .where('subject', '=', key.subject)
    .executeTakeFirstOrThrow()
  if (authorization.linkLogin !== null && identity.login !== authorization.linkLogin)
    throw new SocialLoginError(
      'socialIdentityTaken',
      `This ${socialProviderNames[authorization.provider]} account is already linked to another wallet.`,
    )
  await db
    .updateTable('social_identities')
    .set({ handle: account.handle })
    .where('project_id', '=', key.project_id)
    .where('provider', '=', key.provider)
    .where('subject', '=', key.subject)
    .execute()
  return identity.login
}

/** The account's handle as a session shows it: the provider's, else its id there. */
export const handleOf = (account: SocialAccount) => account.handle ?? account.subject

/**
 * Moves the social accounts linked to `login` on the project to `newLogin` (a confirmed email
 * change), in the caller's transaction: they keep signing in to the same account.
 */
export async function moveSocialIdentities(
  trx: Transaction<Database>,
  projectId: string,
  login: string,
  newLogin: string,
): Promise<void> {
  await trx
    .updateTable('social_identities')
    .set({ login: newLogin })
    .where('project_id', '=', projectId)
    .where('login', '=', login)
    .execute()
}
