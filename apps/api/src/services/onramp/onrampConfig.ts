/**
 * The onramp providers' keys (issue 22), from the environment; they stay on the server. Meld with
 * `AIRLOCK_ONRAMP_MELD_API_KEY` (the key its dashboard shows, sent as `Authorization: BASIC
 * <key>`); Coinbase with `AIRLOCK_ONRAMP_COINBASE_APP_ID` (the CDP project id),
 * `AIRLOCK_ONRAMP_COINBASE_API_KEY` (a CDP secret API key's id) and
 * `AIRLOCK_ONRAMP_COINBASE_API_SECRET` (its secret: a base64 Ed25519 key or an EC PEM), which sign
 * the JWT each Coinbase request carries. Neither: buying crypto is off. Messages never repeat a key.
 * Each provider's webhook secret (issue 36), `AIRLOCK_ONRAMP_MELD_WEBHOOK_SECRET` (the secret of
 * the Meld webhook profile) and `AIRLOCK_ONRAMP_COINBASE_WEBHOOK_SECRET` (the `secret` of the CDP
 * webhook subscription), lets the API take that provider's signed order updates; without it the
 * orders are followed by asking the provider only. `AIRLOCK_ONRAMP_TEST_PROVIDERS_URL` points both
 * at the development stand-ins instead (`scripts/devOnramp.mjs`, started by `npm start`), which
 * the modal labels as test providers; production refuses it.
 */

import { ConfigError } from '../../configError'
import type { Environment } from '../../environment'
import { type CdpApiKey, cdpSigningKey } from './coinbaseJwt'

export type OnrampConfig = {
  meld?: { apiKey: string; webhookSecret?: string | undefined }
  coinbase?: { appId: string; apiKey: CdpApiKey; webhookSecret?: string | undefined }
  /** The development stand-ins' origin, instead of Meld's and Coinbase's (dev only). */
  testProvidersUrl?: string | undefined
}

/** The stand-ins' origin: an http(s) URL with nothing after its host. */
function testProvidersUrl(env: Environment): string | undefined {
  const text = env.AIRLOCK_ONRAMP_TEST_PROVIDERS_URL?.trim()
  if (!text) return undefined
  let url: URL | undefined
  try {
    url = new URL(text)
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search)
    throw new ConfigError(
      `AIRLOCK_ONRAMP_TEST_PROVIDERS_URL ${text} must be the origin of the onramp stand-ins (scripts/devOnramp.mjs), e.g. http://127.0.0.1:8795.`,
    )
  return url.origin
}

/** A webhook secret: what the provider's dashboard gives, no spaces. */
function webhookSecret(env: Environment, name: string, provider: string): string | undefined {
  const secret = env[name]?.trim()
  if (!secret) return undefined
  if (!/^[\x21-\x7e]{16,512}$/.test(secret))
    throw new ConfigError(
      `${name} must be the webhook secret ${provider} gave: 16 to 512 printable characters, no spaces.`,
    )
  return secret
}

const coinbaseNames = [
  'AIRLOCK_ONRAMP_COINBASE_APP_ID',
  'AIRLOCK_ONRAMP_COINBASE_API_KEY',
  'AIRLOCK_ONRAMP_COINBASE_API_SECRET',
] as const

/**
 * @throws ConfigError naming the variable at fault.
 *
 * @example
 * readOnrampConfig({ AIRLOCK_ONRAMP_MELD_API_KEY: 'W9kZ…:3sYK…' }) // { meld: { apiKey: 'W9kZ…:3sYK…' } }
 */
export function readOnrampConfig(env: Environment): OnrampConfig | undefined {
  const config: OnrampConfig = {}
  const meldKey = env.AIRLOCK_ONRAMP_MELD_API_KEY?.trim()
  if (meldKey) {
    if (!/^[\x21-\x7e]{8,512}$/.test(meldKey))
      throw new ConfigError(
        'AIRLOCK_ONRAMP_MELD_API_KEY must be the API key from the Meld dashboard: 8 to 512 printable characters, no spaces.',
      )
    config.meld = {
      apiKey: meldKey,
      webhookSecret: webhookSecret(env, 'AIRLOCK_ONRAMP_MELD_WEBHOOK_SECRET', 'Meld'),
    }
  } else if (env.AIRLOCK_ONRAMP_MELD_WEBHOOK_SECRET?.trim())
    throw new ConfigError(
      'AIRLOCK_ONRAMP_MELD_WEBHOOK_SECRET is set without AIRLOCK_ONRAMP_MELD_API_KEY: Meld webhooks are for orders opened with its key.',
    )
  const [appId, keyId, secret] = coinbaseNames.map((name) => env[name]?.trim() ?? '')
  const set = coinbaseNames.filter((_, index) => [appId, keyId, secret][index] !== '')
  if (set.length > 0 && set.length < coinbaseNames.length) {
    const missing = coinbaseNames.filter((name) => !set.includes(name))
    throw new ConfigError(
      `${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set without ${missing.join(' and ')}: Coinbase needs all three, or none.`,
    )
  }
  if (appId && keyId && secret) {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(appId))
      throw new ConfigError(
        'AIRLOCK_ONRAMP_COINBASE_APP_ID must be a CDP project id: letters, digits and hyphens.',
      )
    if (!/^[A-Za-z0-9/_-]{1,256}$/.test(keyId))
      throw new ConfigError(
        'AIRLOCK_ONRAMP_COINBASE_API_KEY must be a CDP API key id, such as a UUID or organizations/…/apiKeys/….',
      )
    try {
      cdpSigningKey(secret)
    } catch (error) {
      throw new ConfigError(
        `AIRLOCK_ONRAMP_COINBASE_API_SECRET is not a CDP secret API key: ${error instanceof Error ? error.message : 'it does not parse'}.`,
      )
    }
    config.coinbase = {
      appId,
      apiKey: { id: keyId, secret },
      webhookSecret: webhookSecret(env, 'AIRLOCK_ONRAMP_COINBASE_WEBHOOK_SECRET', 'Coinbase'),
    }
  } else if (env.AIRLOCK_ONRAMP_COINBASE_WEBHOOK_SECRET?.trim())
    throw new ConfigError(
      'AIRLOCK_ONRAMP_COINBASE_WEBHOOK_SECRET is set without the AIRLOCK_ONRAMP_COINBASE_* keys: Coinbase webhooks are for orders opened with them.',
    )
  if (!config.meld && !config.coinbase) {
    if (env.AIRLOCK_ONRAMP_TEST_PROVIDERS_URL?.trim())
      throw new ConfigError(
        'AIRLOCK_ONRAMP_TEST_PROVIDERS_URL is set without the stand-ins’ keys (AIRLOCK_ONRAMP_MELD_API_KEY, AIRLOCK_ONRAMP_COINBASE_*): take them from scripts/devOnramp.mjs, as npm start does.',
      )
    return undefined
  }
  config.testProvidersUrl = testProvidersUrl(env)
  return config
}
