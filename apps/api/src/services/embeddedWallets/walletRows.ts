/**
 * How the embedded wallet's services find its rows: filters of the wallet's and its devices'
 * tables keyed by the wallet's owner (and a device), whether the owner has a wallet at all, the condition that a device is one of the
 * wallet's live ones, the hold on a confirmed wallet's row, and the stored timestamps as the
 * answers give them.
 */
import { expressionBuilder, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../../storage/storage'
import { walletNotFound, walletPending } from './embeddedWalletError'
import type { WalletOwner } from './seal'

/** A stored timestamp (or ms since the epoch) as ISO text. */
export const iso = (at: Date | string | number) => new Date(at).toISOString()

/** The rows of the owner's wallet: a filter of each table keyed so (`eb.and(walletOf(owner))`). */
export const walletOf = (owner: WalletOwner) => ({
  project_id: owner.projectId,
  email: owner.email,
})

/** Whether the owner has an embedded wallet on the project, pending or confirmed. */
export async function hasWallet(
  db: Kysely<Database> | Transaction<Database>,
  owner: WalletOwner,
): Promise<boolean> {
  const wallet = await db
    .selectFrom('embedded_wallets')
    .select('email')
    .where((eb) => eb.and(walletOf(owner)))
    .executeTakeFirst()
  return wallet !== undefined
}

/** The rows of one of the owner's wallet's devices, likewise. */
export const deviceOf = (owner: WalletOwner, deviceId: string) => ({
  ...walletOf(owner),
  device_id: deviceId,
})

/**
 * That `deviceId` is a live (not revoked) device of the owner's wallet: the condition of a write
 * that puts a session or a confirmation on it, so that a device revoked meanwhile gets neither.
 */
export function isLiveDevice(owner: WalletOwner, deviceId: string) {
  const eb = expressionBuilder<Database, never>()
  return eb.exists(
    eb
      .selectFrom('embedded_wallet_devices')
      .select('embedded_wallet_devices.device_id')
      .where('embedded_wallet_devices.project_id', '=', owner.projectId)
      .where('embedded_wallet_devices.email', '=', owner.email)
      .where('embedded_wallet_devices.device_id', '=', deviceId)
      .where('embedded_wallet_devices.revoked_at', 'is', null),
  )
}

/**
 * Holds the owner's wallet row until `trx` ends, with a write to it (Postgres makes a second
 * writer wait; SQLite's transactions take the write lock anyway), for what only a confirmed
 * wallet allows.
 * @throws EmbeddedWalletError `embeddedWalletNotFound`, `embeddedWalletPending`.
 */
export async function holdConfirmedWallet(
  trx: Transaction<Database>,
  owner: WalletOwner,
): Promise<void> {
  const wallet = await trx
    .updateTable('embedded_wallets')
    .set((eb) => ({ evm_address: eb.ref('evm_address') }))
    .where((eb) => eb.and(walletOf(owner)))
    .returning('confirmed_at')
    .executeTakeFirst()
  if (wallet === undefined) throw walletNotFound()
  if (wallet.confirmed_at === null) throw walletPending()
}
