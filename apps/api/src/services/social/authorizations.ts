/**
 * Social logins under way. An authorization is made when the frame asks for one: a random state
 * (the row's key), a PKCE verifier and, for an OpenID provider, a nonce, kept with the project,
 * the host site and the login of the email session the frame had (the account a new social
 * account is linked to). The callback uses it once, within 10 minutes; expired ones are cleared
 * as new ones are made.
 */
import {
  type OAuthSocialProvider,
  oauthSocialProviders,
  socialAuthorizationTtlMs,
} from '@airlock/protocol'
import type { Kysely } from 'kysely'
import * as openid from 'openid-client'
import type { Database } from '../../storage/storage'
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
  linkLogin: string | null
}

/** A state: 32 random bytes, base64url (43 characters), as openid-client makes them. */
export const socialStatePattern = /^[A-Za-z0-9_-]{43}$/

/**
 * Makes an authorization of `client`'s provider for a sign-in on `hostOrigin` (which the caller
 * checked the project allows) and keeps it; the URL the popup opens. Nothing is kept when the
 * provider can't be reached.
 * @throws SocialLoginError `socialProviderUnavailable`.
 */
export async function createSocialAuthorization(
  db: Kysely<Database>,
  client: SocialClient,
  request: { projectId: string; hostOrigin: string; linkLogin: string | null; redirectUri: string },
  at: number,
): Promise<string> {
  const state = openid.randomState()
  const codeVerifier = openid.randomPKCECodeVerifier()
  const nonce = client.usesNonce ? openid.randomNonce() : null
  const url = await client.authorizationUrl({
    redirectUri: request.redirectUri,
    state,
    nonce,
    codeVerifier,
  })
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
      link_login: request.linkLogin,
      created_at: new Date(at).toISOString(),
      expires_at: new Date(at + socialAuthorizationTtlMs).toISOString(),
      used_at: null,
    })
    .execute()
  return url
}

const stateInvalid = (message: string) => new SocialLoginError('socialStateInvalid', message)

/**
 * Uses up the authorization of a callback's `state`: once, within its 10 minutes, even when two
 * callbacks race.
 * @throws SocialLoginError `socialStateInvalid` (missing, unknown, used or expired).
 */
export async function useSocialAuthorization(
  db: Kysely<Database>,
  state: string | undefined,
  at: number,
): Promise<SocialAuthorizationRecord> {
  if (state === undefined || state === '')
    throw stateInvalid('The provider sent you back without a state: start the sign-in again.')
  const row = socialStatePattern.test(state)
    ? await db
        .selectFrom('social_authorizations')
        .selectAll()
        .where('state', '=', state)
        .executeTakeFirst()
    : undefined
  const provider = oauthSocialProviders.find((name) => name === row?.provider)
  if (!row || !provider)
    throw stateInvalid(
      'This sign-in was not started here, or was cleared long ago: start the sign-in again.',
    )
  if (row.used_at !== null)
    throw stateInvalid('This sign-in was already completed: start the sign-in again.')
  const now = new Date(at).toISOString()
  const expired = () =>
    stateInvalid(
      `This sign-in took over ${socialAuthorizationTtlMs / 60_000} minutes: start the sign-in again.`,
    )
  if (new Date(row.expires_at).getTime() <= at) throw expired()
  const used = await db
    .updateTable('social_authorizations')
    .set({ used_at: now })
    .where('state', '=', state)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  if (Number(used.numUpdatedRows) !== 1)
    throw stateInvalid('This sign-in was already completed: start the sign-in again.')
  return {
    state,
    projectId: row.project_id,
    hostOrigin: row.host_origin,
    provider,
    codeVerifier: row.code_verifier,
    nonce: row.nonce,
    linkLogin: row.link_login,
  }
}
