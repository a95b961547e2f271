/**
 * Whether an email has an embedded wallet on a project (and whether it is confirmed): queries the
 * wallets, their devices and the email change all ask (their own module, so devices.ts needs
 * nothing of embeddedWallets.ts).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/storage'
import type { WalletOwner } from './seal'

export const hasEmbeddedWallet = async (db: Kysely<Database>, owner: WalletOwner) =>
  (await db
    .selectFrom('embedded_wallets')
    .select('email')
    .where('project_id', '=', owner.projectId)
    .where('email', '=', owner.email)
    .executeTakeFirst()) !== undefined

/** Whether an email has a confirmed embedded wallet on a project: one a proof of it can guard. */
export const hasConfirmedEmbeddedWallet = async (db: Kysely<Database>, owner: WalletOwner) =>
  (await db
    .selectFrom('embedded_wallets')
    .select('email')
    .where('project_id', '=', owner.projectId)
    .where('email', '=', owner.email)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst()) !== undefined
