/**
 * The end of a social sign-in, where the provider sends the visitor back (spec §1, issue 19):
 * uses up the authorization the state names, exchanges the code for the account, links it to its
 * login and issues the one-time grant the callback page posts to the frame — or a
 * `SocialLoginError` in words, the provider's own words cleaned of control characters.
 */
import { socialProviderNames } from '@airlock/protocol'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/storage'
import { useSocialAuthorization } from './authorizations'
import { issueSocialGrant } from './grants'
import { handleOf, linkSocialIdentity } from './identities'
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
 * query or form), the code exchanged at `callbackUrl`.
 * @throws SocialLoginError
 */
export async function completeSocialSignIn(
  { db, clients }: { db: Kysely<Database>; clients: ReadonlyMap<string, SocialClient> },
  parameters: URLSearchParams,
  callbackUrl: string,
  at: number,
): Promise<{ state: string; grant: string }> {
  const authorization = await useSocialAuthorization(db, parameters.get('state') ?? undefined, at)
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
  const handle = handleOf(account)
  const grant = await db.transaction().execute(async (trx) => {
    const login = await linkSocialIdentity(
      trx,
      authorization,
      { subject: account.subject, handle },
      at,
    )
    return issueSocialGrant(
      trx,
      {
        projectId: authorization.projectId,
        hostOrigin: authorization.hostOrigin,
        login,
        provider: authorization.provider,
        handle,
      },
      at,
    )
  })
  return { state: authorization.state, grant }
}
