/**
 * The devices of an embedded wallet. The frame keeps its device share encrypted under a key of
 * its device, which only the API holds (sealed, `seal.ts`) and gives only to a session of the
 * wallet's email. Revoking a device (`shares.ts`, with a re-split of the wallet) wipes its key and
 * ends the sessions on it, in one transaction: the share left on a lost device then opens for
 * nobody, even someone who later gets into the email, and would combine with nothing the API
 * keeps anyway. A wallet has at most 10 live devices.
 */
import { randomBytes } from 'node:crypto'
import {
  type EmbeddedWalletDevice,
  type EmbeddedWalletDeviceKey,
  embeddedWalletLimits,
  type WalletProof,
} from '@airlock/protocol'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../storage/storage'
import { EmbeddedWalletError, walletNotFound } from './embeddedWalletError'
import { hasEmbeddedWallet } from './hasEmbeddedWallet'
import { deviceKeyData, open, seal, type WalletOwner } from './seal'
import { type ProvingSession, spendWalletProof } from './walletProof'
import { deviceOf, holdConfirmedWallet, isLiveDevice, iso, walletOf } from './walletRows'

export type DevicesContext = {
  db: Kysely<Database>
  /** `embeddedWalletSealKey(AIRLOCK_SERVER_KEY)`, derived once. */
  sealKey: Uint8Array
  now: () => number
}

/** A new device, for the email session `sessionId`, which is put on it. */
export type NewDevice = { label: string; sessionId: string }

const noDevice = () =>
  new EmbeddedWalletError('embeddedWalletDeviceNotFound', 'This wallet has no such device.')

/**
 * Adds a device to the owner's wallet in the caller's transaction (the one that keeps the wallet,
 * or `addEmbeddedWalletDevice`'s), and puts the session on it.
 */
export async function insertDevice(
  trx: Transaction<Database>,
  sealKey: Uint8Array,
  owner: WalletOwner,
  { label, sessionId }: NewDevice,
  at: number,
): Promise<EmbeddedWalletDeviceKey> {
  const deviceId = randomBytes(16).toString('base64url')
  const deviceKey = randomBytes(32).toString('base64url')
  await trx
    .insertInto('embedded_wallet_devices')
    .values({
      project_id: owner.projectId,
      email: owner.email,
      device_id: deviceId,
      sealed_key: seal(sealKey, deviceKeyData(owner, deviceId), deviceKey),
      label,
      created_at: iso(at),
      last_used_at: iso(at),
      revoked_at: null,
    })
    .execute()
  await trx
    .updateTable('email_sessions')
    .set({ device_id: deviceId })
    .where('id', '=', sessionId)
    .execute()
  return { deviceId, deviceKey }
}

/**
 * A device that restored the wallet with the recovery code joins it, with a proof of the wallet
 * for `addDevice` spent in the same transaction.
 * @throws EmbeddedWalletError `embeddedWalletProofInvalid`, `embeddedWalletNotFound`,
 *   `embeddedWalletPending`, `embeddedWalletDeviceLimit`.
 */
export async function addEmbeddedWalletDevice(
  { db, sealKey, now }: DevicesContext,
  owner: WalletOwner,
  device: NewDevice,
  proving: { session: ProvingSession; proof: WalletProof },
): Promise<EmbeddedWalletDeviceKey> {
  return db.transaction().execute(async (trx) => {
    // The wallet's row held first, so of two devices added at once the second counts the first.
    // A pending wallet takes no device by recovery: it is finished on its first, or started over.
    await holdConfirmedWallet(trx, owner)
    await spendWalletProof(trx, owner, proving.session, 'addDevice', proving.proof, now())
    const { live } = await trx
      .selectFrom('embedded_wallet_devices')
      .select((eb) => eb.fn.countAll<number | string>().as('live'))
      .where((eb) => eb.and(walletOf(owner)))
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow()
    if (Number(live) >= embeddedWalletLimits.devices)
      throw new EmbeddedWalletError(
        'embeddedWalletDeviceLimit',
        `This wallet is on ${embeddedWalletLimits.devices} devices already: remove one of them to add this one.`,
      )
    return insertDevice(trx, sealKey, owner, device, now())
  })
}

/** A device's key as its email's session gets it, with what it has waiting from a re-split. */
export type OpenedDevice = EmbeddedWalletDeviceKey & {
  transportKey: boolean
  nextShare: string | null
}

/**
 * The key of one of the wallet's devices, for a session of its email (with whether it registered
 * its transport key, and its share of the latest re-split); the device is marked used and, when
 * the session is on no device yet, the session is put on it.
 * @throws EmbeddedWalletError `embeddedWalletDeviceNotFound`, `embeddedWalletDeviceRevoked`,
 *   `embeddedWalletCorrupt`.
 */
export async function openDeviceKey(
  { db, sealKey, now }: DevicesContext,
  owner: WalletOwner,
  deviceId: string,
  session: { id: string; deviceId: string | null },
): Promise<OpenedDevice> {
  const used = await db
    .updateTable('embedded_wallet_devices')
    .set({ last_used_at: iso(now()) })
    .where((eb) => eb.and(deviceOf(owner, deviceId)))
    .where('revoked_at', 'is', null)
    .returning(['sealed_key', 'transport_public_key', 'next_share'])
    .executeTakeFirst()
  if (used?.sealed_key == null) {
    const known = await db
      .selectFrom('embedded_wallet_devices')
      .select('device_id')
      .where((eb) => eb.and(deviceOf(owner, deviceId)))
      .executeTakeFirst()
    if (!known) throw noDevice()
    throw new EmbeddedWalletError(
      'embeddedWalletDeviceRevoked',
      'This device was removed from the wallet: restore it with the recovery code.',
    )
  }
  const deviceKey = open(sealKey, deviceKeyData(owner, deviceId), used.sealed_key, 'device key')
  if (session.deviceId === null)
    await db
      .updateTable('email_sessions')
      .set({ device_id: deviceId })
      .where('id', '=', session.id)
      .where('device_id', 'is', null)
      // Not onto a device revoked meanwhile: that revocation would miss this session.
      .where(isLiveDevice(owner, deviceId))
      .execute()
  return {
    deviceId,
    deviceKey,
    transportKey: used.transport_public_key !== null,
    nextShare: used.next_share,
  }
}

/**
 * The wallet's devices, newest first, revoked ones too; `current` is the session's.
 * @throws EmbeddedWalletError `embeddedWalletNotFound`.
 */
export async function listEmbeddedWalletDevices(
  { db }: DevicesContext,
  owner: WalletOwner,
  currentDeviceId: string | null,
): Promise<EmbeddedWalletDevice[]> {
  if (!(await hasEmbeddedWallet(db, owner))) throw walletNotFound()
  const rows = await db
    .selectFrom('embedded_wallet_devices')
    .select([
      'device_id',
      'label',
      'created_at',
      'last_used_at',
      'revoked_at',
      'transport_public_key',
      'transport_signature',
    ])
    .where((eb) => eb.and(walletOf(owner)))
    .orderBy('created_at', 'desc')
    .orderBy('device_id', 'desc')
    .execute()
  return rows.map((row) => ({
    deviceId: row.device_id,
    label: row.label,
    createdAt: iso(row.created_at),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
    current: row.device_id === currentDeviceId,
    transportKey:
      row.transport_public_key === null || row.transport_signature === null
        ? null
        : { publicKey: row.transport_public_key, signature: row.transport_signature },
  }))
}

/**
 * Seals the devices' keys again for their wallet's new owner, in the transaction that moved the
 * wallet (its devices followed it: ON UPDATE CASCADE).
 * @throws EmbeddedWalletError `embeddedWalletCorrupt`.
 */
export async function resealDeviceKeys(
  trx: Transaction<Database>,
  sealKey: Uint8Array,
  from: WalletOwner,
  to: WalletOwner,
): Promise<void> {
  const rows = await trx
    .selectFrom('embedded_wallet_devices')
    .select(['device_id', 'sealed_key'])
    .where((eb) => eb.and(walletOf(to)))
    .where('sealed_key', 'is not', null)
    .execute()
  for (const row of rows) {
    const key = open(
      sealKey,
      deviceKeyData(from, row.device_id),
      row.sealed_key ?? '',
      'device key',
    )
    await trx
      .updateTable('embedded_wallet_devices')
      .set({ sealed_key: seal(sealKey, deviceKeyData(to, row.device_id), key) })
      .where((eb) => eb.and(deviceOf(to, row.device_id)))
      .execute()
  }
}
