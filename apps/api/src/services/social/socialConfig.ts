/**
 * Social login's settings, from the environment, per provider (PROVIDER one of GOOGLE, X,
 * DISCORD, GITHUB, APPLE, FACEBOOK):
 * - `AIRLOCK_SOCIAL_<PROVIDER>_CLIENT_ID` and `AIRLOCK_SOCIAL_<PROVIDER>_CLIENT_SECRET`: the app
 *   registered at the provider, both or neither. A provider without them is not offered: it is
 *   left out of every project's `socials` and its sign-ins are refused.
 * - `AIRLOCK_SOCIAL_<PROVIDER>_ISSUER` (optional): an OpenID issuer whose discovery document is used
 *   instead of the provider's built-in endpoints (providers.ts), the provider then signing in as
 *   OpenID Connect whatever it is. Tests, `npm start` and self-hosters point a provider at any
 *   OpenID provider this way. Production mode takes https issuers only.
 *
 * Apple's client secret is a JWT the operator signs with their Apple key (ES256, for at most 6
 * months): it is taken as given, and must be renewed before it expires.
 */
import { type OAuthSocialProvider, oauthSocialProviders } from '@airlock/protocol'
import { ConfigError } from '../../configError'
import type { Environment } from '../../environment'

export type SocialProviderConfig = {
  clientId: string
  clientSecret: string
  /** An OpenID issuer replacing the provider's built-in endpoints. */
  issuer?: string | undefined
}

/** The providers this API has a client for; the others are not offered. */
export type SocialConfig = Partial<Record<OAuthSocialProvider, SocialProviderConfig>>

/** The environment variable of `provider`'s `setting`: `AIRLOCK_SOCIAL_GOOGLE_CLIENT_ID`. */
export const socialEnvName = (
  provider: OAuthSocialProvider,
  setting: 'CLIENT_ID' | 'CLIENT_SECRET' | 'ISSUER',
) => `AIRLOCK_SOCIAL_${provider.toUpperCase()}_${setting}`

/** The `AIRLOCK_SOCIAL_*` settings of every provider. @throws ConfigError naming the variable. */
export function readSocialConfig(
  env: Environment,
  { production }: { production: boolean },
): SocialConfig {
  const config: SocialConfig = {}
  for (const provider of oauthSocialProviders) {
    const read = (setting: 'CLIENT_ID' | 'CLIENT_SECRET' | 'ISSUER') => {
      const value = env[socialEnvName(provider, setting)]
      return value === undefined || value === '' ? undefined : value
    }
    const clientId = read('CLIENT_ID')
    const clientSecret = read('CLIENT_SECRET')
    const issuer = read('ISSUER')
    if (clientId === undefined && clientSecret === undefined) {
      if (issuer !== undefined)
        throw new ConfigError(
          `${socialEnvName(provider, 'ISSUER')} is set, but not ${socialEnvName(provider, 'CLIENT_ID')} and ${socialEnvName(provider, 'CLIENT_SECRET')}: set them too, or unset it.`,
        )
      continue
    }
    if (clientId === undefined || clientSecret === undefined) {
      const missing = clientId === undefined ? 'CLIENT_ID' : 'CLIENT_SECRET'
      const set = missing === 'CLIENT_ID' ? 'CLIENT_SECRET' : 'CLIENT_ID'
      // The message never repeats the secret.
      throw new ConfigError(
        `${socialEnvName(provider, set)} is set without ${socialEnvName(provider, missing)}: set both, or neither.`,
      )
    }
    config[provider] = {
      clientId,
      clientSecret,
      ...(issuer !== undefined && { issuer: checkedIssuer(provider, issuer, production) }),
    }
  }
  return config
}

/** An issuer URL: http(s) (https in production), no query or fragment. */
function checkedIssuer(provider: OAuthSocialProvider, issuer: string, production: boolean) {
  const name = socialEnvName(provider, 'ISSUER')
  let url: URL
  try {
    url = new URL(issuer)
  } catch {
    throw new ConfigError(
      `${name} must be an OpenID issuer URL such as https://accounts.google.com, got ${JSON.stringify(issuer)}.`,
    )
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(
      `${name} must be an https:// OpenID issuer URL, got ${JSON.stringify(issuer)}.`,
    )
  if (production && url.protocol !== 'https:')
    throw new ConfigError(
      `${name} must be an https:// URL in production mode, got ${JSON.stringify(issuer)}.`,
    )
  if (url.search !== '' || url.hash !== '' || issuer.includes('#'))
    throw new ConfigError(
      `${name} must be an issuer URL without a query or fragment, got ${JSON.stringify(issuer)}.`,
    )
  // Kept as written: the discovery document's `issuer` must be exactly this.
  return issuer
}
