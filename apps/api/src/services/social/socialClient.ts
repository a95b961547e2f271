/**
 * The API as the client of one social provider, through openid-client: the authorization URL the
 * popup opens (PKCE S256, state, and a nonce for OpenID providers), and the exchange of the code
 * the callback brings back for the account it signs in. OpenID providers are found by discovery
 * (once, kept; tried again after a failure) and their ID token is checked — signature, issuer,
 * audience, nonce, expiry — by openid-client; plain OAuth 2 providers are asked their user
 * endpoint with the access token. Whatever goes wrong is a `SocialLoginError` saying what.
 */
import { socialProviderNames } from '@airlock/protocol'
import * as openid from 'openid-client'
import type { SocialAccount, SocialProviderSetup } from './providers'
import { SocialLoginError } from './socialLoginError'

export type SocialClient = {
  readonly setup: SocialProviderSetup
  /** Whether the provider signs in with OpenID Connect: an ID token, checked against a nonce. */
  readonly usesNonce: boolean
  /** The URL the popup opens. @throws SocialLoginError `socialProviderUnavailable`. */
  authorizationUrl(request: {
    redirectUri: string
    state: string
    nonce: string | null
    codeVerifier: string
  }): Promise<string>
  /**
   * The account the callback's code signs in. `callbackUrl` is the redirect URI with the
   * callback's parameters (those of a form_post too).
   * @throws SocialLoginError `socialCodeInvalid`, `socialProviderUnavailable`.
   */
  exchange(
    callbackUrl: URL,
    checks: { state: string; nonce: string | null; codeVerifier: string },
  ): Promise<SocialAccount>
}

export type SocialClientOptions = {
  /** How long a request to the provider may take. Default 10 s. */
  timeoutMs?: number | undefined
}

/** Longest subject kept (OpenID's limit) and handle shown. */
const maxSubjectChars = 255
const maxHandleChars = 128

/** A handle as kept and shown: one trimmed line of at most 128 characters. */
const cleanHandle = (value: unknown) => {
  if (typeof value !== 'string') return undefined
  const handle = value
    .replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, '')
    .trim()
    .slice(0, maxHandleChars)
  return handle === '' ? undefined : handle
}

export function createSocialClient(
  setup: SocialProviderSetup,
  options: SocialClientOptions = {},
): SocialClient {
  const { endpoints } = setup
  const name = socialProviderNames[setup.provider]
  const timeout = Math.ceil((options.timeoutMs ?? 10_000) / 1000)
  // http only ever off production (socialConfig.ts refuses it there): a local OpenID provider.
  const insecure = new URL(endpoints.issuer).protocol === 'http:'

  async function configure(): Promise<openid.Configuration> {
    if (endpoints.kind === 'oidc') {
      const execute = [openid.enableNonRepudiationChecks]
      if (insecure) execute.unshift(openid.allowInsecureRequests)
      return openid.discovery(
        new URL(endpoints.issuer),
        setup.clientId,
        setup.clientSecret,
        openid.ClientSecretPost(setup.clientSecret),
        { execute, timeout },
      )
    }
    const config = new openid.Configuration(
      {
        issuer: endpoints.issuer,
        authorization_endpoint: endpoints.authorizationEndpoint,
        token_endpoint: endpoints.tokenEndpoint,
      },
      setup.clientId,
      setup.clientSecret,
      endpoints.clientAuth === 'basic'
        ? openid.ClientSecretBasic(setup.clientSecret)
        : openid.ClientSecretPost(setup.clientSecret),
    )
    config.timeout = timeout
    if (insecure || new URL(endpoints.tokenEndpoint).protocol === 'http:')
      openid.allowInsecureRequests(config)
    return config
  }

  let configuration: Promise<openid.Configuration> | undefined
  /** The provider's configuration: discovered once; a failed discovery is tried again next time. */
  const configured = () => {
    configuration ??= configure().catch((error: unknown) => {
      configuration = undefined
      throw unavailable(error)
    })
    return configuration
  }

  const unavailable = (error: unknown) =>
    new SocialLoginError(
      'socialProviderUnavailable',
      `${name} could not be reached to sign in (${reason(error)}). Try again later.`,
    )
  const codeInvalid = (message: string) => new SocialLoginError('socialCodeInvalid', message)

  /** The refusal of a failed exchange, saying what failed when openid-client tells. */
  function exchangeRefusal(error: unknown): SocialLoginError {
    if (error instanceof SocialLoginError) return error
    if (error instanceof openid.ResponseBodyError) {
      const said = error.error_description
        ? `${error.error}: ${error.error_description}`
        : error.error
      return codeInvalid(
        `${name} refused the sign-in code (${said}): it is wrong, expired or was used. Sign in again.`,
      )
    }
    if (isNetworkError(error)) return unavailable(error)
    if (!(error instanceof openid.ClientError)) throw error
    if (
      error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
      error.code === 'OAUTH_RESPONSE_IS_NOT_JSON' ||
      error.code === 'OAUTH_TIMEOUT'
    )
      return unavailable(error)
    const claim = claimOf(error)
    const idToken = `${name}'s ID token`
    if (claim === 'aud' || claim === 'azp')
      return codeInvalid(`${idToken} is for another app (wrong audience): the sign-in is refused.`)
    if (claim === 'iss')
      return codeInvalid(`${idToken} is from another issuer: the sign-in is refused.`)
    if (claim === 'nonce')
      return codeInvalid(`${idToken} is for another sign-in (wrong nonce): the sign-in is refused.`)
    if (claim === 'exp') return codeInvalid(`${idToken} has expired: sign in again.`)
    if (claim === 'iat' || claim === 'nbf' || claim === 'auth_time')
      return codeInvalid(`${idToken} is not valid now (its "${claim}" claim): sign in again.`)
    return codeInvalid(`${name}'s answer could not be verified (${reason(error)}): sign in again.`)
  }

  /** The account of an OpenID sign-in: the ID token's, or the user info's when it names none. */
  async function openIdAccount(
    config: openid.Configuration,
    tokens: Awaited<ReturnType<typeof openid.authorizationCodeGrant>>,
  ): Promise<SocialAccount> {
    const claims = tokens.claims()
    if (!claims) throw codeInvalid(`${name} sent no ID token: the sign-in is refused.`)
    const handleOf = (source: Record<string, unknown>) =>
      cleanHandle(source.preferred_username) ??
      cleanHandle(source.name) ??
      cleanHandle(source.email)
    let handle = handleOf(claims)
    if (handle === undefined && config.serverMetadata().userinfo_endpoint)
      try {
        handle = handleOf(await openid.fetchUserInfo(config, tokens.access_token, claims.sub))
      } catch {
        // The handle is a courtesy: the account is the ID token's subject.
      }
    return { subject: claims.sub, handle }
  }

  /** The account of a plain OAuth 2 sign-in, from the provider's user endpoint. */
  async function userEndpointAccount(
    config: openid.Configuration,
    accessToken: string,
  ): Promise<SocialAccount> {
    if (endpoints.kind !== 'oauth2') throw new Error('not an OAuth 2 provider')
    const response = await openid.fetchProtectedResource(
      config,
      accessToken,
      new URL(endpoints.userEndpoint),
      'GET',
      null,
      new Headers({ accept: 'application/json' }),
    )
    if (!response.ok) throw unavailable(new Error(`its user endpoint answered ${response.status}`))
    const account = endpoints.account(await response.json().catch(() => undefined))
    if (!account) throw unavailable(new Error('its user endpoint named no account'))
    return { subject: account.subject, handle: cleanHandle(account.handle) }
  }

  return {
    setup,
    usesNonce: endpoints.kind === 'oidc',
    async authorizationUrl({ redirectUri, state, nonce, codeVerifier }) {
      const config = await configured()
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: endpoints.scope,
        state,
        code_challenge: await openid.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      }
      if (nonce !== null) parameters.nonce = nonce
      if (endpoints.kind === 'oidc' && endpoints.responseMode)
        parameters.response_mode = endpoints.responseMode
      return openid.buildAuthorizationUrl(config, parameters).href
    },
    async exchange(callbackUrl, { state, nonce, codeVerifier }) {
      const config = await configured()
      try {
        const tokens = await openid.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          ...(nonce !== null && { expectedNonce: nonce, idTokenExpected: true }),
        })
        const account =
          endpoints.kind === 'oidc'
            ? await openIdAccount(config, tokens)
            : await userEndpointAccount(config, tokens.access_token)
        if (account.subject.length > maxSubjectChars)
          throw codeInvalid(`${name} named the account with an id over 255 characters.`)
        return account
      } catch (error) {
        throw exchangeRefusal(error)
      }
    },
  }
}

/** The claim an ID token check failed on, when openid-client's error names one. */
function claimOf(error: openid.ClientError): string | undefined {
  const processing = error.cause
  const detail = processing instanceof Error ? processing.cause : undefined
  const claim =
    typeof detail === 'object' && detail !== null && 'claim' in detail ? detail.claim : undefined
  return typeof claim === 'string' ? claim : undefined
}

/** A request that did not get an answer: refused, reset, unresolvable, timed out. */
const isNetworkError = (error: unknown) =>
  error instanceof TypeError && error.message === 'fetch failed'

/** What failed, in a few words: the innermost message openid-client and fetch give. */
function reason(error: unknown): string {
  const messages: string[] = []
  for (let at: unknown = error; at instanceof Error && messages.length < 4; at = at.cause)
    messages.push(at.message)
  return messages.join(': ') || String(error)
}
