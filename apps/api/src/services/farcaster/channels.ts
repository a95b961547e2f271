/**
 * Sign In With Farcaster channels under way. A channel is opened on the relay when the frame asks
 * for one, with a fresh SIWE nonce and the site's host as the message's domain, and kept with the
 * project, the site and what binds it to that frame (issue 33): the hash of a secret only the
 * frame keeps (in no URL, not in the QR code) and the email session it had. Only that frame, with
 * that session, asks about it until the visitor's app signed; the first verified answer uses it
 * up, within 10 minutes — or, when it would link a new Farcaster account to the frame's account,
 * keeps the fid it proved until the visitor says yes. Expired ones are cleared as new ones are
 * opened.
 */
import { randomBytes } from 'node:crypto'
import { farcasterChannelIdPattern, farcasterChannelTtlMs } from '@airlock/protocol'
import type { Kysely, Transaction } from 'kysely'
import { generateSiweNonce } from 'viem/siwe'
import type { Database } from '../../storage/storage'
import { checkFrameBinding, frameSecret, type RedeemingFrame } from '../social/frameBinding'
import { SocialLoginError } from '../social/socialLoginError'
import {
  type ProvenIdentity,
  type SocialSignInOutcome,
  signInWithIdentity,
} from '../social/socialSignIn'
import type { FarcasterRelay } from './farcasterRelay'

/** A channel as the status request uses it. */
export type FarcasterChannelRecord = {
  id: string
  projectId: string
  hostOrigin: string
  channelToken: string
  nonce: string
  domain: string
  /** The Farcaster account the app's signature proved, once verified and kept for a link. */
  proven: ProvenIdentity | undefined
}

/**
 * Opens a relay channel for a sign-in on `hostOrigin` (which the caller checked the project
 * allows) by a frame whose session is `sessionId`, and keeps it; its id, the sign-in URL and the
 * frame's secret. Nothing is kept when the relay fails.
 * @throws SocialLoginError `socialProviderUnavailable`.
 */
export async function openFarcasterChannel(
  db: Kysely<Database>,
  relay: FarcasterRelay,
  request: { projectId: string; hostOrigin: string; sessionId: string | null },
  at: number,
): Promise<{ channel: string; url: string; secret: string }> {
  const id = randomBytes(32).toString('base64url')
  const nonce = generateSiweNonce()
  const domain = new URL(request.hostOrigin).host
  const expiresAt = new Date(at + farcasterChannelTtlMs).toISOString()
  const { channelToken, url } = await relay.openChannel({
    siweUri: request.hostOrigin,
    domain,
    nonce,
    notBefore: new Date(at).toISOString(),
    expirationTime: expiresAt,
  })
  const { secret, secretHash } = frameSecret()
  await db
    .deleteFrom('farcaster_channels')
    .where('expires_at', '<=', new Date(at).toISOString())
    .execute()
  await db
    .insertInto('farcaster_channels')
    .values({
      id,
      project_id: request.projectId,
      host_origin: request.hostOrigin,
      channel_token: channelToken,
      nonce,
      domain,
      secret_hash: secretHash,
      session_id: request.sessionId,
      created_at: new Date(at).toISOString(),
      expires_at: expiresAt,
      used_at: null,
    })
    .execute()
  return { channel: id, url, secret }
}

const channelInvalid = (message: string) => new SocialLoginError('socialStateInvalid', message)

/**
 * The channel `id` of this project and site, while it is unused and young enough, for the frame
 * that opened it (its secret, its session).
 * @throws SocialLoginError `socialStateInvalid` (unknown, another site's, used or expired),
 *   `socialFrameMismatch`, `socialSessionMismatch`.
 */
export async function findFarcasterChannel(
  db: Kysely<Database>,
  id: string,
  scope: { projectId: string; hostOrigin: string },
  frame: RedeemingFrame,
  at: number,
): Promise<FarcasterChannelRecord> {
  const row = farcasterChannelIdPattern.test(id)
    ? await db
        .selectFrom('farcaster_channels')
        .selectAll()
        .where('id', '=', id)
        .where('project_id', '=', scope.projectId)
        .where('host_origin', '=', scope.hostOrigin)
        .executeTakeFirst()
    : undefined
  if (!row)
    throw channelInvalid(
      'This Farcaster sign-in was not started here, or was cleared long ago: start it again.',
    )
  if (row.used_at !== null)
    throw channelInvalid('This Farcaster sign-in was already completed: start it again.')
  if (new Date(row.expires_at).getTime() <= at)
    throw channelInvalid(
      `This Farcaster sign-in took over ${farcasterChannelTtlMs / 60_000} minutes: start it again.`,
    )
  checkFrameBinding({ secretHash: row.secret_hash, sessionId: row.session_id }, frame)
  return {
    id: row.id,
    projectId: row.project_id,
    hostOrigin: row.host_origin,
    channelToken: row.channel_token,
    nonce: row.nonce,
    domain: row.domain,
    proven:
      row.fid === null
        ? undefined
        : { provider: 'farcaster', subject: row.fid, handle: row.handle ?? `fid ${row.fid}` },
  }
}

/**
 * Uses up the channel, in the transaction that starts its session: once, even when two status
 * requests race. @throws SocialLoginError `socialStateInvalid` when another one used it first.
 */
export async function useFarcasterChannel(
  trx: Transaction<Database>,
  id: string,
  at: number,
): Promise<void> {
  const now = new Date(at).toISOString()
  const used = await trx
    .updateTable('farcaster_channels')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  if (Number(used.numUpdatedRows) !== 1)
    throw channelInvalid('This Farcaster sign-in was already completed: start it again.')
}

/**
 * Redeems the channel with the Farcaster account `identity` it proved, for the frame whose session
 * is `frame` (null when none), in one transaction: the visitor's question of a link (the proven
 * account kept on the channel meanwhile), or the sign-in, the channel used up with it.
 * @throws SocialLoginError `socialStateInvalid` (the channel used), `socialIdentityTaken`.
 */
export async function redeemFarcasterChannel(
  db: Kysely<Database>,
  channel: FarcasterChannelRecord,
  scope: { projectId: string; hostOrigin: string },
  identity: ProvenIdentity,
  frame: RedeemingFrame['session'],
  options: { link: boolean },
  at: number,
): Promise<SocialSignInOutcome> {
  return db.transaction().execute(async (trx) => {
    const outcome = await signInWithIdentity(trx, scope, identity, frame, options, at, () =>
      useFarcasterChannel(trx, channel.id, at),
    )
    if ('confirmLink' in outcome && channel.proven === undefined)
      await trx
        .updateTable('farcaster_channels')
        .set({ fid: identity.subject, handle: identity.handle })
        .where('id', '=', channel.id)
        .execute()
    return outcome
  })
}
