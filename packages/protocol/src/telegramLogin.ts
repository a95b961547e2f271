/**
 * Social login inside a Telegram mini app (spec §5): which platform Telegram reports, as far as
 * the social list cares, and the socials offered on each (some providers' sign-in pages don't
 * open in Telegram's in-app browser there).
 */
import type { SocialProvider } from './validation'

/** The platforms Telegram reports, as far as the social list cares. */
export type TelegramPlatform = 'ios' | 'mac' | 'android' | 'other'

const telegramHiddenSocials = {
  ios: ['google'],
  mac: ['x'],
  android: ['facebook', 'x'],
  other: [],
} as const satisfies Record<TelegramPlatform, readonly SocialProvider[]>

/**
 * The socials to offer inside Telegram on `platform`: iOS drops google, Mac drops x, Android
 * drops facebook and x. Order is kept.
 *
 * @example
 * filterSocialsForTelegram(['google', 'x', 'github'], 'ios') // ['x', 'github']
 */
export function filterSocialsForTelegram(
  socials: readonly SocialProvider[],
  platform: TelegramPlatform,
): SocialProvider[] {
  const hidden: readonly SocialProvider[] = telegramHiddenSocials[platform]
  return socials.filter((social) => !hidden.includes(social))
}

/**
 * The platform of `Telegram.WebApp.platform` as the social list cares ('ios', 'android' and
 * 'android_x', 'macos'; any other is 'other'); undefined outside Telegram (no platform told).
 *
 * @example
 * telegramPlatformOf('android_x') // 'android'
 */
export function telegramPlatformOf(platform: string | undefined): TelegramPlatform | undefined {
  if (platform === undefined) return undefined
  if (platform === 'ios') return 'ios'
  if (platform === 'macos') return 'mac'
  if (platform === 'android' || platform === 'android_x') return 'android'
  return 'other'
}
