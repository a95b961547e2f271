/**
 * Sign in with a wallet (SIWX, spec §4), on the API's side: single-use nonces for a project's
 * host, the check that turns a signed message into a session, and the sessions themselves,
 * found by their token (only its SHA-256 is kept) and revocable.
 *
 * A sign-in is checked in this order, each refusal with its own code (`SiwxError`): the message
 * parses; it is for the host it was sent from (domain, scheme, URI), for the account the frame
 * connected, on one of the project's networks; its times hold (issued, not before, not
 * expired); the nonce was issued for this project and host and is unused; the signature is the
 * address's. Only then, in one transaction, is the nonce used up and the session stored: a
 * refused sign-in leaves nothing behind, and a nonce signs in once. `checkSignIn` runs the checks
 * alone, storing nothing: `offline`, the signature only as far as no network is asked, for the
 * route to refuse before the request spends the project's budget.
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  type NetworkConfig,
  SiwxError,
  type SiwxMessageData,
  type SiwxSession,
  type SiwxSignInRequest,
  siwxNonceTtlMs,
  siwxSessionTtlMs,
} from '@airlock/protocol'
import {
  assertSiwxForAccount,
  assertSiwxForHost,
  assertSiwxInTime,
  parseSiwxMessage,
} from '@airlock/protocol/siwx-messages'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/storage'
import { projectNetworks } from '../projectConfig'
import type { Project } from '../projects'
import { isSignedBy } from './signatures'

export type SiwxContext = {
  db: Kysely<Database>
  /** The API's network catalogue: the project's networks are from it, with their RPCs. */
  networks: readonly NetworkConfig[]
  now: () => number
}

/** A nonce for one sign-in on `hostOrigin` (which the caller checked the project allows). */
export async function issueNonce(
  { db, now }: SiwxContext,
  project: Project,
  hostOrigin: string,
): Promise<{ nonce: string; expiresAt: string }> {
  assertSiwxEnabled(project)
  const issuedAt = now()
  const expiresAt = new Date(issuedAt + siwxNonceTtlMs).toISOString()
  const nonce = randomBytes(16).toString('hex')
  // Expired nonces are of no use to anyone: cleared as new ones are made.
  await db
    .deleteFrom('siwx_nonces')
    .where('expires_at', '<=', new Date(issuedAt).toISOString())
    .execute()
  await db
    .insertInto('siwx_nonces')
    .values({
      nonce,
      project_id: project.id,
      host_origin: hostOrigin,
      expires_at: expiresAt,
      created_at: new Date(issuedAt).toISOString(),
    })
    .execute()
  return { nonce, expiresAt }
}

/**
 * Verifies a signed sign-in message and stores its session.
 * @returns the session and its token, which only the caller ever sees.
 * @throws SiwxError naming the check that failed; nothing is stored then.
 */
export async function signIn(
  context: SiwxContext,
  project: Project,
  request: SiwxSignInRequest,
): Promise<{ token: string; session: SiwxSession }> {
  const { db } = context
  const { hostOrigin, message, signature } = request
  const { data, at } = await checkSignIn(context, project, request)
  const token = randomBytes(32).toString('base64url')
  // At the message's Expiration Time, and never later than a session lasts.
  const longest = at + siwxSessionTtlMs
  const ends = data.expirationTime ? Math.min(Date.parse(data.expirationTime), longest) : longest
  const expiresAt = new Date(ends).toISOString()
  await db.transaction().execute(async (trx) => {
    const used = await trx
      .deleteFrom('siwx_nonces')
      .where('nonce', '=', data.nonce)
      .where('project_id', '=', project.id)
      .where('host_origin', '=', hostOrigin)
      .executeTakeFirst()
    // Another sign-in used it in the meantime.
    if (Number(used.numDeletedRows) !== 1) throw nonceInvalid()
    await trx
      .insertInto('siwx_sessions')
      .values({
        id: tokenId(token),
        project_id: project.id,
        host_origin: hostOrigin,
        chain_id: data.chainId,
        address: data.accountAddress,
        message,
        signature,
        data: JSON.stringify(data),
        expires_at: expiresAt,
        created_at: new Date(at).toISOString(),
        revoked_at: null,
      })
      .execute()
  })
  return { token, session: { data, message, signature, expiresAt } }
}

/**
 * A sign-in's checks, in `signIn`'s order, storing nothing.
 * @param offline the signature only as far as it is checked without its network: a contract
 *   wallet's is taken as it may be, and left to `signIn`.
 * @returns the message's data and when it was checked.
 * @throws SiwxError naming the check that failed.
 */
export async function checkSignIn(
  context: SiwxContext,
  project: Project,
  request: SiwxSignInRequest,
  { offline = false }: { offline?: boolean } = {},
): Promise<{ data: SiwxMessageData; at: number }> {
  assertSiwxEnabled(project)
  const { db, now } = context
  const { hostOrigin, message, signature } = request
  const data = parseSiwxMessage(message)
  assertSiwxForHost(data, hostOrigin)
  assertSiwxForAccount(data, request)
  const network = projectNetworks(project, context.networks).find(
    (candidate) => candidate.caipNetworkId === data.chainId,
  )
  if (!network)
    throw new SiwxError(
      'siwxChainNotAllowed',
      `The message is for ${data.chainId}, which is not one of project "${project.id}"'s networks.`,
    )
  const at = now()
  assertSiwxInTime(data, at)
  const nonce = await db
    .selectFrom('siwx_nonces')
    .select('nonce')
    .where('nonce', '=', data.nonce)
    .where('project_id', '=', project.id)
    .where('host_origin', '=', hostOrigin)
    .where('expires_at', '>', new Date(at).toISOString())
    .executeTakeFirst()
  if (!nonce) throw nonceInvalid()
  if (!(await isSignedBy(data, message, signature, network.rpcUrl, { offline })))
    throw new SiwxError(
      'siwxSignatureMismatch',
      `The signature is not ${data.accountAddress}'s signature of this message.`,
    )
  return { data, at }
}

/** The session of `token`, while it is neither expired nor revoked. */
export async function readSession(
  { db, now }: SiwxContext,
  token: string,
): Promise<{ projectId: string; hostOrigin: string; session: SiwxSession }> {
  const row = await db
    .selectFrom('siwx_sessions')
    .selectAll()
    .where('id', '=', tokenId(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(now()).toISOString())
    .executeTakeFirst()
  if (!row)
    throw new SiwxError('siwxSessionInvalid', 'No session for this token: signed out or expired.')
  return {
    projectId: row.project_id,
    hostOrigin: row.host_origin,
    session: {
      data: JSON.parse(row.data) as SiwxMessageData,
      message: row.message,
      signature: row.signature,
      expiresAt: new Date(row.expires_at).toISOString(),
    },
  }
}

/** Ends the session of `token` (sign-out); true when there was one to end. */
export async function revokeSession({ db, now }: SiwxContext, token: string): Promise<boolean> {
  const result = await db
    .updateTable('siwx_sessions')
    .set({ revoked_at: new Date(now()).toISOString() })
    .where('id', '=', tokenId(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Ends every session of `address` on a project, on all its sites (the operator's revocation); how many. */
export async function revokeSessionsOf(
  { db, now }: SiwxContext,
  projectId: string,
  address: string,
): Promise<number> {
  const result = await db
    .updateTable('siwx_sessions')
    .set({ revoked_at: new Date(now()).toISOString() })
    .where('project_id', '=', projectId)
    .where((eb) => eb(eb.fn('lower', ['address']), '=', address.toLowerCase()))
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

const tokenId = (token: string) => createHash('sha256').update(token).digest('hex')

const nonceInvalid = () =>
  new SiwxError(
    'siwxNonceInvalid',
    'The nonce was not issued for this site, was used already, or expired.',
  )

/** Refuses a project that has SIWX off. @throws SiwxError `siwxNotEnabled` */
export function assertSiwxEnabled(project: Project): void {
  if (project.settings.siwx === 'off') throw new SiwxError('siwxNotEnabled', 'SIWX is not enabled')
}
