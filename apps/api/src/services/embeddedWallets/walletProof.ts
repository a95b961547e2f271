/**
 * Proofs of the wallet on the API's side (`@airlock/protocol`'s embeddedWalletProof.ts): a
 * single-use challenge for one email session and one action, 5 minutes; the frame signs its
 * message with the wallet's EVM key, and spending it checks the signature against the address the
 * API keeps for the wallet. An email session alone (an inbox) cannot make one: the key needs a
 * device share of the wallet or its recovery code.
 */
import { randomBytes } from 'node:crypto'
import {
  type WalletProof,
  type WalletProofAction,
  type WalletProofChallenge,
  walletProofMessage,
  walletProofTtlMs,
} from '@airlock/protocol'
import type { Kysely } from 'kysely'
import { type Hex, recoverMessageAddress } from 'viem'
import type { Database } from '../../storage/storage'
import { EmbeddedWalletError } from './embeddedWalletError'
import type { WalletOwner } from './seal'

/** The session asking, and the site its frame is on. */
export type ProvingSession = { id: string; hostOrigin: string }

const iso = (at: number) => new Date(at).toISOString()

/** The refusal of an action without a valid proof of the wallet. */
export const walletProofRefusal = () =>
  new EmbeddedWalletError(
    'embeddedWalletProofInvalid',
    "This needs your wallet's confirmation, and it is missing, spent or not this wallet's: confirm again.",
  )

/**
 * A new challenge for `action`, for this session of the wallet's email.
 * @throws EmbeddedWalletError `embeddedWalletNotFound`.
 */
export async function issueWalletProofChallenge(
  db: Kysely<Database>,
  owner: WalletOwner,
  session: ProvingSession,
  action: WalletProofAction,
  at: number,
): Promise<WalletProofChallenge> {
  const wallet = await db
    .selectFrom('embedded_wallets')
    .select('confirmed_at')
    .where('project_id', '=', owner.projectId)
    .where('email', '=', owner.email)
    .executeTakeFirst()
  if (!wallet)
    throw new EmbeddedWalletError('embeddedWalletNotFound', 'This email has no wallet here yet.')
  await db.deleteFrom('embedded_wallet_challenges').where('expires_at', '<=', iso(at)).execute()
  const challengeId = randomBytes(32).toString('base64url')
  const expiresAt = iso(at + walletProofTtlMs)
  await db
    .insertInto('embedded_wallet_challenges')
    .values({
      id: challengeId,
      project_id: owner.projectId,
      host_origin: session.hostOrigin,
      email: owner.email,
      session_id: session.id,
      action,
      created_at: iso(at),
      expires_at: expiresAt,
      used_at: null,
    })
    .execute()
  return {
    challengeId,
    message: walletProofMessage({
      action,
      projectId: owner.projectId,
      hostOrigin: session.hostOrigin,
      challengeId,
    }),
    expiresAt,
  }
}

/**
 * Spends `proof` for `action`, in the caller's transaction when it gives one (so the action and
 * the spending stand or fall together).
 * @throws EmbeddedWalletError `embeddedWalletProofInvalid` (unknown, another session's, email's or
 *   action's, spent, expired, or not signed by the wallet's EVM key), `embeddedWalletNotFound`.
 */
export async function spendWalletProof(
  db: Kysely<Database>,
  owner: WalletOwner,
  session: ProvingSession,
  action: WalletProofAction,
  proof: WalletProof,
  at: number,
): Promise<void> {
  const spent = await db
    .updateTable('embedded_wallet_challenges')
    .set({ used_at: iso(at) })
    .where('id', '=', proof.challengeId)
    .where('project_id', '=', owner.projectId)
    .where('email', '=', owner.email)
    .where('session_id', '=', session.id)
    .where('host_origin', '=', session.hostOrigin)
    .where('action', '=', action)
    .where('used_at', 'is', null)
    .where('expires_at', '>', iso(at))
    .returning('id')
    .executeTakeFirst()
  if (!spent) throw walletProofRefusal()
  const wallet = await db
    .selectFrom('embedded_wallets')
    .select('evm_address')
    .where('project_id', '=', owner.projectId)
    .where('email', '=', owner.email)
    .executeTakeFirst()
  if (!wallet)
    throw new EmbeddedWalletError('embeddedWalletNotFound', 'This email has no wallet here yet.')
  let signer: string
  try {
    signer = await recoverMessageAddress({
      message: walletProofMessage({
        action,
        projectId: owner.projectId,
        hostOrigin: session.hostOrigin,
        challengeId: proof.challengeId,
      }),
      signature: proof.signature as Hex,
    })
  } catch {
    throw walletProofRefusal()
  }
  if (signer.toLowerCase() !== wallet.evm_address.toLowerCase()) throw walletProofRefusal()
}

/**
 * The frame is about to show the wallet's keys: the proof for `exportKey` is spent first.
 * @throws EmbeddedWalletError `embeddedWalletProofInvalid`, `embeddedWalletNotFound`.
 */
export async function allowKeyExport(
  db: Kysely<Database>,
  owner: WalletOwner,
  session: ProvingSession,
  proof: WalletProof,
  at: number,
): Promise<{ exportedAt: string }> {
  await spendWalletProof(db, owner, session, 'exportKey', proof, at)
  return { exportedAt: iso(at) }
}
