/**
 * Where the modal's WalletConnect client connects, read from the environment once at start:
 * `AIRLOCK_WC_RELAY_URL` (the public relay by default), `AIRLOCK_WC_PROJECT_ID` (the WalletConnect
 * / Reown Cloud project id the public relay requires) and `AIRLOCK_WC_VERIFY` (`on` by default;
 * `off` skips the Verify attestation, for local relays). The API serves it in each project's
 * config; without a project id for the public relay, WalletConnect is off and the modal says so.
 */
import type { WalletConnectConfig } from '@airlock/protocol'
import { ConfigError } from './configError'

export const publicRelayUrl = 'wss://relay.walletconnect.org'

/** A relay on loopback takes any project id; this one names local development. */
const localProjectId = 'airlock-local'

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)

export type WalletConnectEnvironment = {
  AIRLOCK_WC_RELAY_URL?: string | undefined
  AIRLOCK_WC_PROJECT_ID?: string | undefined
  AIRLOCK_WC_VERIFY?: string | undefined
}

export function readWalletConnectConfig(env: WalletConnectEnvironment): WalletConnectConfig | null {
  const relayUrl = env.AIRLOCK_WC_RELAY_URL || publicRelayUrl
  let url: URL
  try {
    url = new URL(relayUrl)
  } catch {
    throw new ConfigError(
      `AIRLOCK_WC_RELAY_URL must be a ws:// or wss:// URL, got ${JSON.stringify(relayUrl)}.`,
    )
  }
  if (url.protocol !== 'wss:' && !(url.protocol === 'ws:' && isLoopback(url)))
    throw new ConfigError(
      'AIRLOCK_WC_RELAY_URL must be a wss:// URL (ws:// only on loopback, for development).',
    )
  const verifySetting = env.AIRLOCK_WC_VERIFY || 'on'
  if (verifySetting !== 'on' && verifySetting !== 'off')
    throw new ConfigError(
      `AIRLOCK_WC_VERIFY must be on or off, got ${JSON.stringify(verifySetting)}.`,
    )
  const projectId = env.AIRLOCK_WC_PROJECT_ID || (isLoopback(url) ? localProjectId : '')
  if (projectId && !/^[A-Za-z0-9-]{1,64}$/.test(projectId))
    throw new ConfigError('AIRLOCK_WC_PROJECT_ID must be letters, digits or hyphens.')
  if (!projectId) return null
  return { relayUrl: url.href.replace(/\/$/, ''), projectId, verify: verifySetting === 'on' }
}
