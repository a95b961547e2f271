/**
 * Sign In With Farcaster's settings, from the environment:
 * - `AIRLOCK_FARCASTER_RPC_URL`: an Optimism RPC endpoint. A sign-in is believed only when its
 *   signer is the fid's custody address (IdRegistry) or one of its auth addresses (KeyRegistry)
 *   on Optimism, read there. Without it, Farcaster is not offered: it is left out of every
 *   project's `socials` and its sign-ins are refused.
 * - `AIRLOCK_FARCASTER_RELAY_URL` (optional): the Farcaster auth relay, default
 *   https://relay.farcaster.xyz. `npm start` and the tests point both at their loopback stand-ins
 *   (scripts/devFarcaster.mjs, and the registries on the dev chain).
 * Production mode takes https URLs only.
 */

import { ConfigError } from '../../configError'
import type { Environment } from '../../environment'

export type FarcasterConfig = { relayUrl: string; rpcUrl: string }

export const defaultFarcasterRelayUrl = 'https://relay.farcaster.xyz'

/** The `AIRLOCK_FARCASTER_*` settings, or undefined when Farcaster is off. @throws ConfigError */
export function readFarcasterConfig(
  env: Environment,
  { production }: { production: boolean },
): FarcasterConfig | undefined {
  const read = (name: string) => {
    const value = env[name]
    return value === undefined || value === '' ? undefined : value
  }
  const rpcUrl = read('AIRLOCK_FARCASTER_RPC_URL')
  const relayUrl = read('AIRLOCK_FARCASTER_RELAY_URL')
  if (rpcUrl === undefined) {
    if (relayUrl !== undefined)
      throw new ConfigError(
        'AIRLOCK_FARCASTER_RELAY_URL is set, but not AIRLOCK_FARCASTER_RPC_URL (an Optimism RPC, to check who owns a fid): set it too, or unset the relay.',
      )
    return undefined
  }
  return {
    rpcUrl: checkedUrl('AIRLOCK_FARCASTER_RPC_URL', rpcUrl, production),
    relayUrl: checkedUrl(
      'AIRLOCK_FARCASTER_RELAY_URL',
      relayUrl ?? defaultFarcasterRelayUrl,
      production,
    ).replace(/\/+$/, ''),
  }
}

/** `value` when it is an http(s) URL (https in production); the message never repeats it (an RPC URL may hold a key). */
function checkedUrl(name: string, value: string, production: boolean): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL.`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(`${name} must be an http(s) URL.`)
  if (production && url.protocol !== 'https:')
    throw new ConfigError(`${name} must be an https:// URL in production mode.`)
  return value
}
