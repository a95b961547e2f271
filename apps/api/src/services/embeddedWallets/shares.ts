/**
 * Re-splitting a wallet on the API's side (`@airlock/protocol`'s embeddedWalletShares.ts): the
 * devices' transport keys, checked against the wallet's EVM key; and the re-split itself — a new
 * auth share, a new sealed recovery share, each live device's new share sealed to its transport
 * key, and with it the revocation of a device — in one transaction with the proof of the wallet
 * it spends, or nothing. The API never opens a device's sealed share: the frames do.
 */
import {
  type EmbeddedWalletReshare,
  type EmbeddedWalletReshared,
  type EmbeddedWalletTransportKey,
  transportKeyMessage,
} from '@airlock/protocol'
import type { Kysely, Transaction } from 'kysely'
import { type Hex, recoverMessageAddress } from 'viem'
import type { Database } from '../../storage/storage'
import { EmbeddedWalletError, walletNotFound } from './embeddedWalletError'
import type { EmbeddedWalletContext } from './embeddedWallets'
import { authShareData, seal, type WalletOwner } from './seal'
import { type ProvingSession, spendWalletProof } from './walletProof'
import { deviceOf, holdConfirmedWallet, iso, walletOf } from './walletRows'

const noLiveDevice = () =>
  new EmbeddedWalletError('embeddedWalletDeviceNotFound', 'This wallet has no such live device.')

/** The session on a device: who registers a transport key or re-splits. */
export type DeviceSession = ProvingSession & { deviceId: string | null }

async function evmAddressOf(db: Kysely<Database>, owner: WalletOwner) {
  const wallet = await db
    .selectFrom('embedded_wallets')
    .select(['evm_address', 'confirmed_at'])
    .where((eb) => eb.and(walletOf(owner)))
    .executeTakeFirst()
  if (!wallet) throw walletNotFound()
  return wallet
}

/**
 * Registers the transport key of the session's own device, signed by the wallet's EVM key.
 * @throws EmbeddedWalletError `embeddedWalletNotFound`, `embeddedWalletDeviceNotFound` (not the
 *   session's device, or revoked), `embeddedWalletSignatureInvalid`.
 */
export async function registerTransportKey(
  { db }: EmbeddedWalletContext,
  owner: WalletOwner,
  session: DeviceSession,
  deviceId: string,
  { publicKey, signature }: Omit<EmbeddedWalletTransportKey, 'hostOrigin'>,
): Promise<{ deviceId: string; publicKey: string }> {
  const wallet = await evmAddressOf(db, owner)
  if (session.deviceId !== deviceId) throw noLiveDevice()
  let signer: string
  try {
    signer = await recoverMessageAddress({
      message: transportKeyMessage({ projectId: owner.projectId, deviceId, publicKey }),
      signature: signature as Hex,
    })
  } catch {
    signer = ''
  }
  if (signer.toLowerCase() !== wallet.evm_address.toLowerCase())
    throw new EmbeddedWalletError(
      'embeddedWalletSignatureInvalid',
      "This transport key is not signed by the wallet's key.",
    )
  const registered = await db
    .updateTable('embedded_wallet_devices')
    .set({ transport_public_key: publicKey, transport_signature: signature })
    .where((eb) => eb.and(deviceOf(owner, deviceId)))
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  if (Number(registered.numUpdatedRows) === 0) throw noLiveDevice()
  return { deviceId, publicKey }
}

/** Revokes `deviceId` in `trx`: its key, its next share and its sessions go. */
async function revokeIn(
  trx: Transaction<Database>,
  owner: WalletOwner,
  deviceId: string,
  at: string,
): Promise<void> {
  const revoked = await trx
    .updateTable('embedded_wallet_devices')
    .set({ sealed_key: null, next_share: null, revoked_at: at })
    .where((eb) => eb.and(deviceOf(owner, deviceId)))
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  if (Number(revoked.numUpdatedRows) === 0) throw noLiveDevice()
  await trx
    .updateTable('email_sessions')
    .set({ revoked_at: at })
    .where((eb) => eb.and(deviceOf(owner, deviceId)))
    .where('revoked_at', 'is', null)
    .execute()
}

/**
 * Replaces the wallet's shares with a new split of its secret, from the session on one of its
 * live devices with a proof of the wallet (`revokeDevice` when it revokes one, else
 * `newRecoveryCode`); the live devices with a transport key get their new share, and must be
 * exactly those `deviceShares` names (a live device without one gets none: it will need the
 * recovery code). All in one transaction, or nothing.
 * @throws EmbeddedWalletError `embeddedWalletProofInvalid`, `embeddedWalletNotFound`,
 *   `embeddedWalletPending`, `embeddedWalletDeviceNotFound`, `embeddedWalletSharesStale`.
 */
export async function reshareEmbeddedWallet(
  { db, sealKey, now }: EmbeddedWalletContext,
  owner: WalletOwner,
  session: DeviceSession,
  reshare: Omit<EmbeddedWalletReshare, 'hostOrigin'>,
): Promise<EmbeddedWalletReshared> {
  const at = now()
  const resharedAt = iso(at)
  return db.transaction().execute(async (trx) => {
    await spendWalletProof(
      trx,
      owner,
      session,
      reshare.revokeDeviceId === undefined ? 'newRecoveryCode' : 'revokeDevice',
      reshare.proof,
      at,
    )
    // The wallet's row held: no device joins meanwhile.
    await holdConfirmedWallet(trx, owner)
    const caller =
      session.deviceId === null
        ? undefined
        : await trx
            .selectFrom('embedded_wallet_devices')
            .select('device_id')
            .where((eb) => eb.and(deviceOf(owner, session.deviceId ?? '')))
            .where('revoked_at', 'is', null)
            .executeTakeFirst()
    if (!caller) throw noLiveDevice()
    if (reshare.revokeDeviceId !== undefined)
      await revokeIn(trx, owner, reshare.revokeDeviceId, resharedAt)

    const live = await trx
      .selectFrom('embedded_wallet_devices')
      .select(['device_id', 'transport_public_key'])
      .where((eb) => eb.and(walletOf(owner)))
      .where('revoked_at', 'is', null)
      .execute()
    const receiving = live.filter((device) => device.transport_public_key !== null)
    const named = new Set(reshare.deviceShares.map((device) => device.deviceId))
    if (
      named.size !== reshare.deviceShares.length ||
      named.size !== receiving.length ||
      receiving.some((device) => !named.has(device.device_id))
    )
      throw new EmbeddedWalletError(
        'embeddedWalletSharesStale',
        "The wallet's devices changed meanwhile: split it again for the devices it has now.",
      )

    await trx
      .updateTable('embedded_wallets')
      .set({
        auth_share: seal(sealKey, authShareData(owner), reshare.authShare),
        recovery_share: reshare.recoveryShare,
      })
      .where((eb) => eb.and(walletOf(owner)))
      .execute()
    await trx
      .updateTable('embedded_wallet_devices')
      .set({ next_share: null })
      .where((eb) => eb.and(walletOf(owner)))
      .execute()
    for (const { deviceId, nextShare } of reshare.deviceShares)
      await trx
        .updateTable('embedded_wallet_devices')
        .set({ next_share: nextShare })
        .where((eb) => eb.and(deviceOf(owner, deviceId)))
        .execute()
    return {
      resharedAt,
      ...(reshare.revokeDeviceId === undefined ? {} : { revokedAt: resharedAt }),
    }
  })
}
