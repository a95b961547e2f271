/**
 * Sign In With Farcaster channels under way. A channel is opened on the relay when the frame asks
 * for one, with a fresh SIWE nonce and the site's host as the message's domain, and kept with the
 * project, the site and the login of the email session the frame had (the account a new Farcaster
 * account is linked to). The frame asks about it until the visitor's app signed; the first
 * verified answer uses it up, within 10 minutes. Expired ones are cleared as new ones are opened.
 */
import { randomBytes } from 'node:crypto'
import {
  type EmailSession,
  farcasterChannelIdPattern,
  farcasterChannelTtlMs,
} from '@airlock/protocol'
import type { Kysely, Transaction } from 'kysely'
import { generateSiweNonce } from 'viem/siwe'
import type { Database } from '../../storage/storage'
import { startEmailSession } from '../email/sessions'
import { linkSocialIdentity } from '../social/identities'
import { SocialLoginError } from '../social/socialLoginError'
import type { FarcasterRelay } from './farcasterRelay'

/** A channel as the status request uses it. */
export type FarcasterChannelRecord = {
  id: string
  projectId: string
  hostOrigin: string
  channelToken: string
  nonce: string
  domain: string
  linkLogin: string | null
}

/**
 * Opens a relay channel for a sign-in on `hostOrigin` (which the caller checked the project
 * allows) and keeps it; its id and the sign-in URL. Nothing is kept when the relay fails.
 * @throws SocialLoginError `socialProviderUnavailable`.
 */
export async function openFarcasterChannel(
  db: Kysely<Database>,
  relay: FarcasterRelay,
  request: { projectId: string; hostOrigin: string; linkLogin: string | null },
  at: number,
): Promise<{ channel: string; url: string }> {
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
      link_login: request.linkLogin,
      created_at: new Date(at).toISOString(),
      expires_at: expiresAt,
      used_at: null,
    })
    .execute()
  return { channel: id, url }
}

const channelInvalid = (message: string) => new SocialLoginError('socialStateInvalid', message)

/**
 * The channel `id` of this project and site, while it is unused and young enough.
 * @throws SocialLoginError `socialStateInvalid` (unknown, another site's, used or expired).
 */
export async function findFarcasterChannel(
  db: Kysely<Database>,
  id: string,
  scope: { projectId: string; hostOrigin: string },
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
  return {
    id: row.id,
    projectId: row.project_id,
    hostOrigin: row.host_origin,
    channelToken: row.channel_token,
    nonce: row.nonce,
    domain: row.domain,
    linkLogin: row.link_login,
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
 * Signs the visitor in with the Farcaster account `fid` a channel proved, in one transaction:
 * uses the channel up, links the account to its login (or the frame's email login) and starts
 * the session.
 * @throws SocialLoginError `socialStateInvalid` (the channel used), `socialIdentityTaken`.
 */
export async function signInWithFarcasterChannel(
  db: Kysely<Database>,
  channel: FarcasterChannelRecord,
  scope: { projectId: string; hostOrigin: string },
  { fid, handle }: { fid: number; handle: string },
  at: number,
): Promise<{ token: string; session: EmailSession }> {
  return db.transaction().execute(async (trx) => {
    await useFarcasterChannel(trx, channel.id, at)
    const login = await linkSocialIdentity(
      trx,
      { projectId: scope.projectId, provider: 'farcaster', linkLogin: channel.linkLogin },
      { subject: String(fid), handle },
      at,
    )
    return startEmailSession(
      trx,
      { ...scope, email: login, social: { provider: 'farcaster', handle } },
      at,
    )
  })
}
