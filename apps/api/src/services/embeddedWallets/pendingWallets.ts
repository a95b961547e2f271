/**
 * A wallet's birth in two phases. `keepEmbeddedWallet` keeps it pending; it is confirmed only by
 * the session on its first device, which the frame asks for once it read its device share back
 * from its storage, rebuilt the wallet with it, and the visitor typed part of the recovery code
 * back. Until then nothing else joins it (no device is added by recovery), and a session of its
 * email may start it over: a new secret's addresses and shares replace the old ones and a new
 * first device replaces the old one, in one transaction. So a lost answer, a storage write that
 * failed, or a tab closed on the recovery screen never leaves a wallet nobody can open: the
 * visitor finishes it or starts it over.
 */
import type { EmbeddedWalletCreated } from '@airlock/protocol'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/storage'
import { insertDevice } from './devices'
import {
  EmbeddedWalletError,
  walletExists,
  walletNotFound,
  walletPending,
} from './embeddedWalletError'
import {
  type EmbeddedWalletContext,
  type NewWalletKeeping,
  newWalletValues,
} from './embeddedWallets'
import { hasEmbeddedWallet } from './hasEmbeddedWallet'
import type { WalletOwner } from './seal'
import { isLiveDevice, iso, walletOf } from './walletRows'

/** Whether the owner's wallet is pending; undefined when there is none. */
async function pendingOf(db: Kysely<Database>, owner: WalletOwner) {
  const row = await db
    .selectFrom('embedded_wallets')
    .select('confirmed_at')
    .where((eb) => eb.and(walletOf(owner)))
    .executeTakeFirst()
  return row && { confirmedAt: row.confirmed_at === null ? null : iso(row.confirmed_at) }
}

/**
 * Starts the owner's pending wallet over with the one the frame just made (or keeps it, when the
 * email has none): its addresses and shares replace the old ones, its devices go (the sessions on
 * them stay signed in, on no device) and the session's device is its first. One transaction.
 * @throws EmbeddedWalletError `embeddedWalletExists` when the wallet is confirmed.
 */
export const startEmbeddedWalletOver: NewWalletKeeping = async (context, owner, wallet, device) => {
  const { db, sealKey } = context
  const at = context.now()
  const createdAt = iso(at)
  const values = newWalletValues(sealKey, owner, wallet, createdAt)
  let deviceKey: EmbeddedWalletCreated['device']
  try {
    deviceKey = await db.transaction().execute(async (trx) => {
      // The update holds the row until commit, so two starts over at once end as the second.
      const replaced = await trx
        .updateTable('embedded_wallets')
        .set(values)
        .where((eb) => eb.and(walletOf(owner)))
        .where('confirmed_at', 'is', null)
        .executeTakeFirst()
      if (Number(replaced.numUpdatedRows) === 0) {
        if (await hasEmbeddedWallet(trx, owner)) throw walletExists()
        await trx
          .insertInto('embedded_wallets')
          .values({ ...walletOf(owner), ...values, confirmed_at: null })
          .execute()
      } else {
        await trx
          .updateTable('email_sessions')
          .set({ device_id: null })
          .where((eb) => eb.and(walletOf(owner)))
          .where('device_id', 'in', (eb) =>
            eb
              .selectFrom('embedded_wallet_devices')
              .select('device_id')
              .where((inner) => inner.and(walletOf(owner))),
          )
          .execute()
        await trx
          .deleteFrom('embedded_wallet_devices')
          .where((eb) => eb.and(walletOf(owner)))
          .execute()
      }
      return insertDevice(trx, sealKey, owner, device, at)
    })
  } catch (error) {
    if (error instanceof EmbeddedWalletError) throw error
    // A wallet kept by a request racing this one: that one is the wallet.
    if ((await pendingOf(db, owner))?.confirmedAt) throw walletExists()
    throw error
  }
  return { ...wallet, createdAt, confirmedAt: null, device: deviceKey }
}

/**
 * Confirms the owner's pending wallet, asked by the session on its device `deviceId`; a
 * confirmed wallet answers when it was.
 * @throws EmbeddedWalletError `embeddedWalletNotFound`; `embeddedWalletPending` when the session
 *   is not on the wallet's live first device (another device's, or one a start over replaced).
 */
export async function confirmEmbeddedWallet(
  { db, now }: EmbeddedWalletContext,
  owner: WalletOwner,
  deviceId: string | null,
): Promise<{ confirmedAt: string }> {
  const confirmedAt = iso(now())
  if (deviceId !== null) {
    const confirmed = await db
      .updateTable('embedded_wallets')
      .set({ confirmed_at: confirmedAt })
      .where((eb) => eb.and(walletOf(owner)))
      .where('confirmed_at', 'is', null)
      .where(isLiveDevice(owner, deviceId))
      .executeTakeFirst()
    if (Number(confirmed.numUpdatedRows) > 0) return { confirmedAt }
  }
  const wallet = await pendingOf(db, owner)
  if (!wallet) throw walletNotFound()
  if (wallet.confirmedAt !== null) return { confirmedAt: wallet.confirmedAt }
  throw walletPending()
}
