/**
 * Where the provider sends the visitor back (spec §1, issue 19): uses up the authorization the
 * state names — only in the browser its start set the state cookie in — exchanges the code for
 * the account, and issues the one-time grant of it the callback page posts to the frame; or a
 * `SocialLoginError` in words, the provider's own words cleaned of control characters. Nothing
 * is linked or signed in here: the frame that asked does that with the grant (issue 33).
 */
import { socialProviderNames } from '@airlock/protocol'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/storage'
import { useSocialAuthorization } from './authorizations'
import { issueSocialGrant } from './grants'
import { handleOf } from './identities'
import type { SocialClient } from './socialClient'
import { SocialLoginError } from './socialLoginError'

const maxProviderErrorChars = 300

const providerWords = (text: string) =>
  text
    .replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]+/gu, ' ')
    .trim()
    .slice(0, maxProviderErrorChars)

/**
 * The state and the grant of a sign-in the provider answered with `parameters` (the callback's
 * query or form) in the browser whose state cookie is `browserKey`, the code exchanged at
 * `callbackUrl`.
 * @throws SocialLoginError
 */
export async function completeSocialSignIn(
  { db, clients }: { db: Kysely<Database>; clients: ReadonlyMap<string, SocialClient> },
  parameters: URLSearchParams,
  browserKey: string | undefined,
  callbackUrl: string,
  at: number,
): Promise<{ state: string; grant: string }> {
  const authorization = await useSocialAuthorization(
    db,
    parameters.get('state') ?? undefined,
    browserKey,
    at,
  )
  const label = socialProviderNames[authorization.provider]
  const providerError = parameters.get('error')
  if (providerError !== null) {
    const description = providerWords(parameters.get('error_description') ?? '')
    throw new SocialLoginError(
      'socialProviderError',
      `${label} did not sign you in (${providerWords(providerError)}${description ? `: ${description}` : ''}).`,
    )
  }
  if (!parameters.get('code'))
    throw new SocialLoginError(
      'socialCodeInvalid',
      `${label} sent you back without a sign-in code: start the sign-in again.`,
    )
  const client = clients.get(authorization.provider)
  if (!client)
    throw new SocialLoginError(
      'socialProviderUnavailable',
      `This Airlock API no longer has a ${label} app to sign in with.`,
    )
  const returned = new URL(callbackUrl)
  for (const [key, value] of parameters) returned.searchParams.append(key, value)
  const account = await client.exchange(returned, {
    state: authorization.state,
    nonce: authorization.nonce,
    codeVerifier: authorization.codeVerifier,
  })
  const grant = await issueSocialGrant(
    db,
    {
      projectId: authorization.projectId,
      hostOrigin: authorization.hostOrigin,
      identity: {
        provider: authorization.provider,
        subject: account.subject,
        handle: handleOf(account),
      },
      frame: authorization.frame,
    },
    at,
  )
  return { state: authorization.state, grant }
}
