/**
 * What the host may say of its wallets and of itself, checked before the frame believes it:
 * the protocol's validators (`frameValidators.ts`) with the frame's own session left out, and
 * the host's description of its page held to the origin penpal observed.
 */
import {
  type HostInfo,
  type HostWalletEvent,
  type HostWalletInfo,
  invalidBridgeMessage,
  parseHostWalletEvent as parseHostWalletEventPayload,
  parseHostWallets as parseHostWalletsPayload,
} from '@airlock/protocol'
import { walletConnectId } from '../walletconnect/peer'

/** `walletConnect` is the frame's own session: no host may speak for it. */
export const frameWalletIds = [walletConnectId]

/** A host wallet's event, checked by the protocol's validator (`frameValidators.ts`). */
export const parseHostWalletEvent = (value: unknown): HostWalletEvent =>
  parseHostWalletEventPayload(value, frameWalletIds)

/** The page's wallets as the host describes them (`frameValidators.ts`). */
export const parseHostWallets = (value: unknown): HostWalletInfo[] =>
  parseHostWalletsPayload(value, frameWalletIds)

const semver = /^\d{1,5}\.\d{1,5}\.\d{1,5}(?:-[0-9A-Za-z.-]{1,20})?$/

/**
 * What the host says of itself, checked: its href must be on the origin penpal observed, so
 * analytics can't be told another page. An SDK from before `sdkVersion` existed reports
 * 'unknown'. The origin is the observed one (an origin the host claims is ignored). Telegram's
 * platform, when told, is a short word.
 */
export function parseHostInfo(value: unknown, observedOrigin: string): HostInfo {
  const info = value as { href?: unknown; sdkVersion?: unknown; telegram?: unknown } | undefined
  const href = info?.href
  if (typeof href !== 'string' || href.length > 8192 || !URL.canParse(href))
    invalidBridgeMessage('href must be a URL.')
  if (new URL(href).origin !== observedOrigin)
    invalidBridgeMessage('The host href is not on its origin.')
  const sdkVersion = info?.sdkVersion ?? 'unknown'
  if (sdkVersion !== 'unknown' && (typeof sdkVersion !== 'string' || !semver.test(sdkVersion)))
    invalidBridgeMessage('sdkVersion must be a version such as 1.2.3.')
  const telegram = info?.telegram
  if (telegram !== undefined && !(typeof telegram === 'string' && /^\w{1,20}$/.test(telegram)))
    invalidBridgeMessage('telegram must be a Telegram platform such as ios.')
  return {
    origin: observedOrigin,
    href,
    sdkVersion: sdkVersion as string,
    telegram,
  }
}
