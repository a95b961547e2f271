/**
 * Whether an email has an embedded wallet on a project (and whether it is confirmed): queries the
 * wallets, their devices and the email change all ask (their own module, so devices.ts needs
 * nothing of embeddedWallets.ts).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/storage'
import type { WalletOwner } from './seal'
import { walletOf } from './walletRows'

const walletRow = (db: Kysely<Database>, owner: WalletOwner) =>
  db
    .selectFrom('embedded_wallets')
    .select('email')
    .where((eb) => eb.and(walletOf(owner)))

export const hasEmbeddedWallet = async (db: Kysely<Database>, owner: WalletOwner) =>
  (await walletRow(db, owner).executeTakeFirst()) !== undefined

/** Whether an email has a confirmed embedded wallet on a project: one a proof of it can guard. */
export const hasConfirmedEmbeddedWallet = async (db: Kysely<Database>, owner: WalletOwner) =>
  (await walletRow(db, owner).where('confirmed_at', 'is not', null).executeTakeFirst()) !==
  undefined
