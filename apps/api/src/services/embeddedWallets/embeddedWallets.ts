/**
 * Embedded wallets of email logins, on the API's side: each email has at most one per project,
 * made in one insert (a second is refused, so a wallet is never half-replaced). The auth share is
 * sealed with AES-256-GCM under a key derived (HKDF) from the server key, with the project and
 * email as associated data: a stolen database does not open it, and a row moved to another email
 * does not decrypt. The recovery share is kept as the frame sealed it.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import {
  type ApiErrorCode,
  ApiRefusal,
  type EmbeddedWallet,
  type EmbeddedWalletCreate,
} from '@airlock/protocol'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/storage'

export type EmbeddedWalletErrorCode = Extract<ApiErrorCode, `embeddedWallet${string}`>

export class EmbeddedWalletError extends ApiRefusal<EmbeddedWalletErrorCode> {
  override name = 'EmbeddedWalletError'
}

export type EmbeddedWalletContext = {
  db: Kysely<Database>
  /** The key auth shares are sealed under: `embeddedWalletSealKey(AIRLOCK_SERVER_KEY)`, derived once. */
  sealKey: Uint8Array
  now: () => number
}

/** Whose wallet: an email session's project and address. */
export type WalletOwner = { projectId: string; email: string }

/** The key of auth shares' seals: the server key's, for this use only (HKDF-SHA256). */
export const embeddedWalletSealKey = (serverKey: Uint8Array) =>
  Buffer.from(
    hkdfSync('sha256', serverKey, new Uint8Array(), 'airlock embedded wallet auth shares', 32),
  )
const ownerData = ({ projectId, email }: WalletOwner) => Buffer.from(`${projectId}\n${email}`)

/** iv (12 bytes) ‖ tag (16) ‖ ciphertext, base64url. */
function seal(key: Uint8Array, owner: WalletOwner, share: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(ownerData(owner))
  const ciphertext = Buffer.concat([cipher.update(share, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')
}

function open(key: Uint8Array, owner: WalletOwner, sealed: string): string {
  try {
    const bytes = Buffer.from(sealed, 'base64url')
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
    decipher.setAAD(ownerData(owner))
    decipher.setAuthTag(bytes.subarray(12, 28))
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    throw new EmbeddedWalletError(
      'embeddedWalletCorrupt',
      'The kept auth share does not decrypt: it was changed where it is stored, or the server key changed.',
    )
  }
}

const hasWallet = async (db: Kysely<Database>, owner: WalletOwner) =>
  (await db
    .selectFrom('embedded_wallets')
    .select('email')
    .where('project_id', '=', owner.projectId)
    .where('email', '=', owner.email)
    .executeTakeFirst()) !== undefined

/**
 * Keeps the wallet an email session made.
 * @throws EmbeddedWalletError `embeddedWalletExists` when the email has one on this project.
 */
export async function keepEmbeddedWallet(
  { db, sealKey, now }: EmbeddedWalletContext,
  owner: WalletOwner,
  wallet: Omit<EmbeddedWalletCreate, 'hostOrigin'>,
): Promise<EmbeddedWallet> {
  const createdAt = new Date(now()).toISOString()
  const exists = () =>
    new EmbeddedWalletError(
      'embeddedWalletExists',
      'This email already has a wallet here: restore it instead of making another.',
    )
  try {
    await db
      .insertInto('embedded_wallets')
      .values({
        project_id: owner.projectId,
        email: owner.email,
        evm_address: wallet.evmAddress,
        solana_address: wallet.solanaAddress,
        auth_share: seal(sealKey, owner, wallet.authShare),
        recovery_share: wallet.recoveryShare,
        created_at: createdAt,
      })
      .execute()
  } catch (error) {
    // The primary key refused it: the email has one (made before, or by a request racing this).
    if (await hasWallet(db, owner)) throw exists()
    throw error
  }
  return { ...wallet, createdAt }
}

/**
 * The wallet of an email on a project, its auth share opened.
 * @throws EmbeddedWalletError `embeddedWalletNotFound`, `embeddedWalletCorrupt`.
 */
export async function readEmbeddedWallet(
  { db, sealKey }: EmbeddedWalletContext,
  owner: WalletOwner,
): Promise<EmbeddedWallet> {
  const row = await db
    .selectFrom('embedded_wallets')
    .selectAll()
    .where('project_id', '=', owner.projectId)
    .where('email', '=', owner.email)
    .executeTakeFirst()
  if (!row)
    throw new EmbeddedWalletError('embeddedWalletNotFound', 'This email has no wallet here yet.')
  return {
    evmAddress: row.evm_address,
    solanaAddress: row.solana_address,
    authShare: open(sealKey, owner, row.auth_share),
    recoveryShare: row.recovery_share,
    createdAt: new Date(row.created_at).toISOString(),
  }
}
