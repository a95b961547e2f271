/**
 * Social login inside a Telegram mini app (spec §5): the host tells Telegram's platform
 * (`host.telegram`, checked by the bridge), and the social list leaves out the providers whose
 * sign-in pages don't open in Telegram's in-app browser there (the protocol's rules,
 * `filterSocialsForTelegram`).
 */
import {
  filterSocialsForTelegram,
  type SocialProvider,
  telegramPlatformOf,
} from '@airlock/protocol'

/**
 * The socials to offer, in order: all of `configured` outside Telegram (no platform told), those
 * Telegram's `platform` can sign in with inside it.
 */
export function telegramSocials(
  configured: SocialProvider[],
  platform: string | undefined,
): SocialProvider[] {
  const telegram = telegramPlatformOf(platform)
  return telegram ? filterSocialsForTelegram(configured, telegram) : configured
}
