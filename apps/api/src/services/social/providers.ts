/**
 * Where and how the API signs in with each social provider. Google, Apple and Facebook are OpenID
 * providers (discovery, an ID token checked for issuer, audience, nonce and expiry); X, Discord and
 * GitHub are plain OAuth 2 (the account is read from a user endpoint with the access token: its id
 * is the subject, its username the handle). An `AIRLOCK_SOCIAL_<PROVIDER>_ISSUER` replaces a
 * provider's endpoints with an OpenID issuer's (socialConfig.ts).
 */
import type { OAuthSocialProvider } from '@airlock/protocol'
import type { SocialConfig } from './socialConfig'

/** A social account as the API keys it: the provider's id for it, and its name there. */
export type SocialAccount = {
  subject: string
  /** Username, else name, else email; undefined when the provider tells none. */
  handle: string | undefined
}

/** An OpenID provider, found by discovery from its issuer. */
export type OidcEndpoints = {
  kind: 'oidc'
  issuer: string
  scope: string
  /** Apple posts its answer to the callback when a name or email is asked for. */
  responseMode?: 'form_post' | undefined
}

/** A plain OAuth 2 provider: its endpoints, and how its user endpoint's answer names the account. */
export type OAuth2Endpoints = {
  kind: 'oauth2'
  /** What the provider calls itself; none of them sends it back, but the client needs one. */
  issuer: string
  authorizationEndpoint: string
  tokenEndpoint: string
  userEndpoint: string
  scope: string
  /** How the client authenticates at the token endpoint: X takes only HTTP Basic. */
  clientAuth: 'basic' | 'post'
  /** The account in the user endpoint's JSON; undefined when it has no id. */
  account(user: unknown): SocialAccount | undefined
}

export type SocialEndpoints = OidcEndpoints | OAuth2Endpoints

/** A provider this API signs in with: its client and endpoints. */
export type SocialProviderSetup = {
  provider: OAuthSocialProvider
  clientId: string
  clientSecret: string
  endpoints: SocialEndpoints
}

/** `value[key]` as text, when it is a non-empty string or a number (GitHub's ids are numbers). */
function textAt(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const field = (value as Record<string, unknown>)[key]
  if (typeof field === 'number' && Number.isSafeInteger(field)) return String(field)
  return typeof field === 'string' && field !== '' ? field : undefined
}

/** An account from a user object's id and username fields. */
const accountFrom =
  (idKey: string, handleKey: string) =>
  (user: unknown): SocialAccount | undefined => {
    const subject = textAt(user, idKey)
    return subject === undefined ? undefined : { subject, handle: textAt(user, handleKey) }
  }

/** The endpoints of each provider, when no issuer replaces them. */
export const builtinSocialEndpoints: Readonly<Record<OAuthSocialProvider, SocialEndpoints>> = {
  google: { kind: 'oidc', issuer: 'https://accounts.google.com', scope: 'openid email profile' },
  // `name email` make Apple answer with form_post; the email is the handle (Apple has no username).
  apple: {
    kind: 'oidc',
    issuer: 'https://appleid.apple.com',
    scope: 'openid email name',
    responseMode: 'form_post',
  },
  // Facebook Login's OpenID Connect issuer (the ID token of its Limited Login).
  facebook: {
    kind: 'oidc',
    issuer: 'https://www.facebook.com',
    scope: 'openid email public_profile',
  },
  x: {
    kind: 'oauth2',
    issuer: 'https://x.com',
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    userEndpoint: 'https://api.x.com/2/users/me',
    // X's users.read needs tweet.read too.
    scope: 'users.read tweet.read',
    clientAuth: 'basic',
    // `{ data: { id, name, username } }`
    account: (user) =>
      accountFrom(
        'id',
        'username',
      )(typeof user === 'object' && user !== null && 'data' in user ? user.data : undefined),
  },
  discord: {
    kind: 'oauth2',
    issuer: 'https://discord.com',
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userEndpoint: 'https://discord.com/api/users/@me',
    scope: 'identify',
    clientAuth: 'post',
    account: accountFrom('id', 'username'),
  },
  github: {
    kind: 'oauth2',
    issuer: 'https://github.com',
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userEndpoint: 'https://api.github.com/user',
    scope: 'read:user',
    clientAuth: 'post',
    account: accountFrom('id', 'login'),
  },
}

/** The scope asked of an issuer that replaces a provider's endpoints. */
export const issuerOverrideScope = 'openid email profile'

/** The providers `config` has a client for, with their endpoints (an issuer's, or the built-in). */
export function socialProviderSetups(config: SocialConfig): SocialProviderSetup[] {
  return Object.entries(config).flatMap(([name, settings]) => {
    const provider = name as OAuthSocialProvider
    if (!settings) return []
    const endpoints: SocialEndpoints = settings.issuer
      ? { kind: 'oidc', issuer: settings.issuer, scope: issuerOverrideScope }
      : builtinSocialEndpoints[provider]
    return [
      { provider, clientId: settings.clientId, clientSecret: settings.clientSecret, endpoints },
    ]
  })
}
