/**
 * Social logins under way. An authorization is made when the frame asks for one: a random state
 * (the row's key), a PKCE verifier and, for an OpenID provider, a nonce, kept with the project,
 * the host site, the provider's URL, and what binds it to the frame (the hash of the secret the
 * frame keeps, its email session: frameBinding.ts). The popup's first page starts it, once: a
 * random cookie is set in that browser, its hash kept, and the popup sent to the provider. The
 * callback uses it once, within 10 minutes, only with that cookie: a sign-in someone else started
 * and sent to a victim (their browser has no cookie of it) is refused (issue 33). Expired ones are
 * cleared as new ones are made.
 */
import {
  type OAuthSocialProvider,
  oauthSocialProviders,
  socialAuthorizationTtlMs,
} from '@airlock/protocol'
import type { Kysely } from 'kysely'
import * as openid from 'openid-client'
import type { Database } from '../../storage/storage'
import { type FrameBinding, frameSecret, hashMatches } from './frameBinding'
import type { SocialClient } from './socialClient'
import { SocialLoginError } from './socialLoginError'

/** An authorization as the callback uses it. */
export type SocialAuthorizationRecord = {
  state: string
  projectId: string
  hostOrigin: string
  provider: OAuthSocialProvider
  codeVerifier: string
  nonce: string | null
  frame: FrameBinding
}

/** A state: 32 random bytes, base64url (43 characters), as openid-client makes them. */
export const socialStatePattern = /^[A-Za-z0-9_-]{43}$/

/**
 * Makes an authorization of `client`'s provider for a sign-in on `hostOrigin` (which the caller
 * checked the project allows) by a frame whose session is `sessionId`, and keeps it; its state,
 * and the secret the frame keeps. Nothing is kept when the provider can't be reached.
 * @throws SocialLoginError `socialProviderUnavailable`.
 */
export async function createSocialAuthorization(
  db: Kysely<Database>,
  client: SocialClient,
  request: { projectId: string; hostOrigin: string; sessionId: string | null; redirectUri: string },
  at: number,
): Promise<{ state: string; secret: string }> {
  const state = openid.randomState()
  const codeVerifier = openid.randomPKCECodeVerifier()
  const nonce = client.usesNonce ? openid.randomNonce() : null
  const providerUrl = await client.authorizationUrl({
    redirectUri: request.redirectUri,
    state,
    nonce,
    codeVerifier,
  })
  const { secret, secretHash } = frameSecret()
  await db
    .deleteFrom('social_authorizations')
    .where('expires_at', '<=', new Date(at).toISOString())
    .execute()
  await db
    .insertInto('social_authorizations')
    .values({
      state,
      project_id: request.projectId,
      host_origin: request.hostOrigin,
      provider: client.setup.provider,
      code_verifier: codeVerifier,
      nonce,
      provider_url: providerUrl,
      secret_hash: secretHash,
      session_id: request.sessionId,
      created_at: new Date(at).toISOString(),
      expires_at: new Date(at + socialAuthorizationTtlMs).toISOString(),
      used_at: null,
    })
    .execute()
  return { state, secret }
}

const stateInvalid = (message: string) => new SocialLoginError('socialStateInvalid', message)
const restart = 'start the sign-in again.'

/** The row of `state` while it can still be started or completed. @throws SocialLoginError */
async function liveAuthorization(db: Kysely<Database>, state: string | undefined, at: number) {
  if (state === undefined || state === '')
    throw stateInvalid(`The provider sent you back without a state: ${restart}`)
  const row = socialStatePattern.test(state)
    ? await db
        .selectFrom('social_authorizations')
        .selectAll()
        .where('state', '=', state)
        .executeTakeFirst()
    : undefined
  const provider = oauthSocialProviders.find((name) => name === row?.provider)
  if (!row || !provider)
    throw stateInvalid(`This sign-in was not started here, or was cleared long ago: ${restart}`)
  if (row.used_at !== null) throw stateInvalid(`This sign-in was already completed: ${restart}`)
  if (new Date(row.expires_at).getTime() <= at)
    throw stateInvalid(
      `This sign-in took over ${socialAuthorizationTtlMs / 60_000} minutes: ${restart}`,
    )
  return { row: { ...row, state }, provider }
}

/**
 * Starts the authorization of `state` in the browser asking, once: the provider's URL to send it
 * to, and the cookie value that browser keeps (its hash is kept here).
 * @throws SocialLoginError `socialStateInvalid` (unknown, used, expired, or started already).
 */
export async function startSocialAuthorization(
  db: Kysely<Database>,
  state: string | undefined,
  at: number,
): Promise<{ providerUrl: string; browserKey: string }> {
  const { row } = await liveAuthorization(db, state, at)
  const { secret: browserKey, secretHash: browserHash } = frameSecret()
  const now = new Date(at).toISOString()
  const started = await db
    .updateTable('social_authorizations')
    .set({ browser_hash: browserHash, started_at: now })
    .where('state', '=', row.state)
    .where('started_at', 'is', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  if (Number(started.numUpdatedRows) !== 1 || row.provider_url === null)
    throw stateInvalid(`This sign-in was already opened in a window: ${restart}`)
  return { providerUrl: row.provider_url, browserKey }
}

/**
 * Uses up the authorization of a callback's `state`, in the browser whose state cookie is
 * `browserKey`: once, within its 10 minutes, even when two callbacks race. A callback without
 * the cookie of its start leaves the authorization as it was.
 * @throws SocialLoginError `socialStateInvalid` (missing, unknown, used or expired),
 *   `socialBrowserMismatch`.
 */
export async function useSocialAuthorization(
  db: Kysely<Database>,
  state: string | undefined,
  browserKey: string | undefined,
  at: number,
): Promise<SocialAuthorizationRecord> {
  const { row, provider } = await liveAuthorization(db, state, at)
  if (!hashMatches(browserKey, row.browser_hash))
    throw new SocialLoginError(
      'socialBrowserMismatch',
      `This sign-in was started in another browser, or this one keeps no cookies: nothing was signed in or linked. Close this window and ${restart}`,
    )
  const now = new Date(at).toISOString()
  const used = await db
    .updateTable('social_authorizations')
    .set({ used_at: now })
    .where('state', '=', row.state)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  if (Number(used.numUpdatedRows) !== 1)
    throw stateInvalid(`This sign-in was already completed: ${restart}`)
  return {
    state: row.state,
    projectId: row.project_id,
    hostOrigin: row.host_origin,
    provider,
    codeVerifier: row.code_verifier,
    nonce: row.nonce,
    frame: { secretHash: row.secret_hash, sessionId: row.session_id },
  }
}

/** A state cookie's value: 32 random bytes, base64url. */
export const browserKeyPattern = /^[A-Za-z0-9_-]{43}$/
