/**
 * Embedded wallets of email logins, on the API's side: each email has at most one per project,
 * made in one insert (a second is refused, so a wallet is never half-replaced), together with its
 * first device (`devices.ts`) in one transaction. It is kept pending until its first device
 * confirms it (`pendingWallets.ts`, which may also start a pending one over). The auth share is sealed (`seal.ts`) with the
 * project and email as associated data: a stolen database does not open it, and a row moved to
 * another email does not decrypt — except by `moveEmbeddedWallet`, which seals it again. The
 * recovery share is kept as the frame sealed it.
 */
import type {
  EmbeddedWallet,
  EmbeddedWalletCreate,
  EmbeddedWalletCreated,
  EmbeddedWalletDeviceKey,
} from '@airlock/protocol'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../storage/storage'
import { insertDevice, type NewDevice, openDeviceKey, resealDeviceKeys } from './devices'
import { walletExists, walletNotFound } from './embeddedWalletError'
import { hasEmbeddedWallet } from './hasEmbeddedWallet'
import { authShareData, open, seal, type WalletOwner } from './seal'
import { iso, walletOf } from './walletRows'

export type EmbeddedWalletContext = {
  db: Kysely<Database>
  /** The key auth shares are sealed under: `embeddedWalletSealKey(AIRLOCK_SERVER_KEY)`, derived once. */
  sealKey: Uint8Array
  now: () => number
}

/** The wallet a frame just made, as its session sends it. */
export type NewWallet = Omit<EmbeddedWalletCreate, 'hostOrigin' | 'deviceLabel'>

/**
 * How a wallet a frame just made is kept, pending, with the session's device as its first:
 * `keepEmbeddedWallet`, or `startEmbeddedWalletOver` (pendingWallets.ts) in place of a pending one.
 */
export type NewWalletKeeping = (
  context: EmbeddedWalletContext,
  owner: WalletOwner,
  wallet: NewWallet,
  device: NewDevice,
) => Promise<EmbeddedWalletCreated>

/** A new wallet's row, but for its owner and its confirmation: its auth share sealed. */
export const newWalletValues = (
  sealKey: Uint8Array,
  owner: WalletOwner,
  wallet: NewWallet,
  createdAt: string,
) => ({
  evm_address: wallet.evmAddress,
  solana_address: wallet.solanaAddress,
  auth_share: seal(sealKey, authShareData(owner), wallet.authShare),
  recovery_share: wallet.recoveryShare,
  created_at: createdAt,
})

/**
 * Keeps the wallet an email session made, pending, and the session's device as its first.
 * @throws EmbeddedWalletError `embeddedWalletExists` when the email has one on this project.
 */
export const keepEmbeddedWallet: NewWalletKeeping = async (context, owner, wallet, device) => {
  const { db, sealKey } = context
  const at = context.now()
  const createdAt = iso(at)
  let deviceKey: EmbeddedWalletDeviceKey
  try {
    deviceKey = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('embedded_wallets')
        .values({
          ...walletOf(owner),
          ...newWalletValues(sealKey, owner, wallet, createdAt),
          confirmed_at: null,
        })
        .execute()
      return insertDevice(trx, sealKey, owner, device, at)
    })
  } catch (error) {
    // The primary key refused it: the email has one (made before, or by a request racing this).
    if (await hasEmbeddedWallet(db, owner)) throw walletExists()
    throw error
  }
  return { ...wallet, createdAt, confirmedAt: null, device: deviceKey }
}

/**
 * The wallet of an email on a project, its auth share opened; with `device`, that device's key
 * too (see `openDeviceKey`).
 * @throws EmbeddedWalletError `embeddedWalletNotFound`, `embeddedWalletCorrupt`, and with
 *   `device`: `embeddedWalletDeviceNotFound`, `embeddedWalletDeviceRevoked`.
 */
export async function readEmbeddedWallet(
  context: EmbeddedWalletContext,
  owner: WalletOwner,
  device?: { deviceId: string; session: { id: string; deviceId: string | null } },
): Promise<EmbeddedWallet> {
  const row = await context.db
    .selectFrom('embedded_wallets')
    .selectAll()
    .where((eb) => eb.and(walletOf(owner)))
    .executeTakeFirst()
  if (!row) throw walletNotFound()
  const wallet: EmbeddedWallet = {
    evmAddress: row.evm_address,
    solanaAddress: row.solana_address,
    authShare: open(context.sealKey, authShareData(owner), row.auth_share, 'auth share'),
    recoveryShare: row.recovery_share,
    createdAt: iso(row.created_at),
    confirmedAt: row.confirmed_at === null ? null : iso(row.confirmed_at),
  }
  if (device === undefined) return wallet
  return {
    ...wallet,
    device: await openDeviceKey(context, owner, device.deviceId, device.session),
  }
}

/**
 * Moves the wallet of `from` (and its devices) to another email of the same project, in the
 * caller's transaction, its auth share and device keys sealed again for their new owner. False
 * when `from` has no wallet.
 * @throws EmbeddedWalletError `embeddedWalletCorrupt`; the database's error when `toEmail` has one.
 */
export async function moveEmbeddedWallet(
  trx: Transaction<Database>,
  sealKey: Uint8Array,
  from: WalletOwner,
  toEmail: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('embedded_wallets')
    .select('auth_share')
    .where((eb) => eb.and(walletOf(from)))
    .executeTakeFirst()
  if (!row) return false
  const to = { projectId: from.projectId, email: toEmail }
  const authShare = open(sealKey, authShareData(from), row.auth_share, 'auth share')
  await trx
    .updateTable('embedded_wallets')
    .set({ email: toEmail, auth_share: seal(sealKey, authShareData(to), authShare) })
    .where((eb) => eb.and(walletOf(from)))
    .execute()
  await resealDeviceKeys(trx, sealKey, from, to)
  return true
}
