/**
 * Social accounts known on a project, and the account login each signs in to: the login of the
 * account it was linked to, else its own, `social:<provider>:<subject>` (the account made with
 * it). One social account never serves two accounts. Linked here only when the frame that asked
 * redeems its sign-in (socialSignIn.ts), never in a callback (issue 33). The visitor lists and
 * unlinks them (LinkedAccounts), with a proof of the wallet when it has a confirmed one; the
 * identity an account was made with is its key and stays.
 * Linked accounts follow their account's email change (`moveSocialIdentities`).
 */
import {
  type LinkedAccounts,
  type SocialProvider,
  socialLoginOf,
  socialProviderNames,
  socialProviders,
  type WalletProof,
} from '@airlock/protocol'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../storage/storage'
import { hasConfirmedEmbeddedWallet } from '../embeddedWallets/hasEmbeddedWallet'
import {
  type ProvingSession,
  spendWalletProof,
  walletProofRefusal,
} from '../embeddedWallets/walletProof'
import type { SocialAccount } from './providers'
import { SocialLoginError } from './socialLoginError'

/** A social account on a project: what keys it. */
export type SocialIdentityKey = { projectId: string; provider: SocialProvider; subject: string }

const whereKey = (key: SocialIdentityKey) =>
  [
    ['project_id', key.projectId],
    ['provider', key.provider],
    ['subject', key.subject],
  ] as const

/** The login `key` signs in to, when it is known on its project. */
export async function loginOfIdentity(
  db: Kysely<Database>,
  key: SocialIdentityKey,
): Promise<string | undefined> {
  let query = db.selectFrom('social_identities').select('login')
  for (const [column, value] of whereKey(key)) query = query.where(column, '=', value)
  return (await query.executeTakeFirst())?.login
}

const taken = (provider: SocialProvider) =>
  new SocialLoginError(
    'socialIdentityTaken',
    `This ${socialProviderNames[provider]} account is already linked to another wallet.`,
  )

/**
 * Links `key` to `login` (or finds it linked there), keeping `handle` as its name, in the caller's
 * transaction: the redeeming of a sign-in the visitor made (and, for a link, confirmed).
 * @throws SocialLoginError `socialIdentityTaken` when another sign-in linked it elsewhere first.
 */
export async function linkSocialIdentity(
  trx: Transaction<Database>,
  key: SocialIdentityKey,
  login: string,
  handle: string,
  at: number,
): Promise<void> {
  // A sign-in racing this one for the same new account finds the row this one made.
  await trx
    .insertInto('social_identities')
    .values({
      project_id: key.projectId,
      provider: key.provider,
      subject: key.subject,
      login,
      handle,
      created_at: new Date(at).toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['project_id', 'provider', 'subject']).doNothing())
    .execute()
  if ((await loginOfIdentity(trx, key)) !== login) throw taken(key.provider)
  let update = trx.updateTable('social_identities').set({ handle })
  for (const [column, value] of whereKey(key)) update = update.where(column, '=', value)
  await update.execute()
}

/** The account's handle as a session shows it: the provider's, else its id there. */
export const handleOf = (account: SocialAccount) => account.handle ?? account.subject

/** Whether `login` is an email address (a social account's own login never is). */
const isEmailLogin = (login: string) => login.includes('@')

/** The social account an account made socially was made with, from its login. */
function primaryOf(login: string): { provider: SocialProvider; subject: string } | undefined {
  const [scheme, provider, ...subject] = login.split(':')
  const known = socialProviders.find((name) => name === provider)
  if (scheme !== 'social' || !known || subject.length === 0) return undefined
  return { provider: known, subject: subject.join(':') }
}

/**
 * How the visitor knows the account `login` is: its email, or the social account it was made with
 * and that account's handle.
 */
export async function accountNamed(
  db: Kysely<Database>,
  projectId: string,
  login: string,
): Promise<{ email?: string; provider?: SocialProvider; handle?: string }> {
  if (isEmailLogin(login)) return { email: login }
  const primary = primaryOf(login)
  if (!primary) return {}
  const row = await db
    .selectFrom('social_identities')
    .select('handle')
    .where('project_id', '=', projectId)
    .where('provider', '=', primary.provider)
    .where('subject', '=', primary.subject)
    .executeTakeFirst()
  return { provider: primary.provider, ...(row && { handle: row.handle }) }
}

/** The ways into the account `login` on the project: its email, and its social accounts. */
export async function listLinkedAccounts(
  db: Kysely<Database>,
  projectId: string,
  login: string,
): Promise<LinkedAccounts> {
  const rows = await db
    .selectFrom('social_identities')
    .select(['provider', 'subject', 'handle', 'created_at'])
    .where('project_id', '=', projectId)
    .where('login', '=', login)
    .orderBy('created_at')
    .orderBy('provider')
    .orderBy('subject')
    .execute()
  const identities = rows.flatMap((row) => {
    const provider = socialProviders.find((name) => name === row.provider)
    if (!provider) return []
    return [
      {
        provider,
        subject: row.subject,
        handle: row.handle,
        linkedAt: new Date(row.created_at).toISOString(),
        primary: socialLoginOf(provider, row.subject) === login,
      },
    ]
  })
  return { ...(isEmailLogin(login) && { email: login }), identities }
}

/**
 * Unlinks `key` from the account `login`: it signs in there no more, and a later sign-in with it
 * makes or joins an account as a new social account would. The account keeps its own way in. An
 * account with a confirmed wallet unlinks only with a proof of it for `unlinkIdentity`, from the
 * session asking (issue 33, point 3: an inbox alone removes no way in), spent in the unlinking's
 * transaction: a refused unlink spends no proof and unlinks nothing. An account with no wallet,
 * or one still pending, has no key to sign with (as an email change).
 * @throws SocialLoginError `socialIdentityNotFound` (not this account's), `socialIdentityPrimary`;
 *   EmbeddedWalletError `embeddedWalletProofInvalid` (no proof, or one not valid for this).
 */
export async function unlinkSocialIdentity(
  db: Kysely<Database>,
  key: SocialIdentityKey,
  login: string,
  proving: { session: ProvingSession; proof: WalletProof | undefined },
  at: number,
): Promise<void> {
  const name = socialProviderNames[key.provider]
  const notLinked = () =>
    new SocialLoginError(
      'socialIdentityNotFound',
      `This ${name} account is not linked to your wallet.`,
    )
  await db.transaction().execute(async (trx) => {
    if ((await loginOfIdentity(trx, key)) !== login) throw notLinked()
    // The account's own login is made from it: unlinked, a sign-in with it would come back here.
    if (socialLoginOf(key.provider, key.subject) === login)
      throw new SocialLoginError(
        'socialIdentityPrimary',
        `Your wallet was made with this ${name} account: it is your wallet's own way in and can't be unlinked.`,
      )
    const owner = { projectId: key.projectId, email: login }
    if (await hasConfirmedEmbeddedWallet(trx, owner)) {
      if (!proving.proof) throw walletProofRefusal()
      await spendWalletProof(trx, owner, proving.session, 'unlinkIdentity', proving.proof, at)
    }
    let removal = trx.deleteFrom('social_identities').where('login', '=', login)
    for (const [column, value] of whereKey(key)) removal = removal.where(column, '=', value)
    // Unlinked meanwhile by another request: this one spends nothing.
    if (Number((await removal.executeTakeFirst()).numDeletedRows) !== 1) throw notLinked()
  })
}

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
