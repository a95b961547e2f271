/**
 * The social logins of Connect and of ProfileWallets' wallets to add (spec §1, §4 "Social login"):
 * the configured providers in the spec's order, the first as a row with its name and the rest as
 * a compact row of their marks (each named for assistive tech and in its tooltip), as AppKit
 * shows them — no "More" to open. A click starts the login (`startSocialLogin`: the popup, or
 * Farcaster's link).
 * Inside a Telegram mini app, the list is filtered by Telegram's platform, which the host tells
 * (`telegramSocials`).
 * Loaded as Connect first renders, out of the first bundle.
 */
import { type SocialProvider, socialProviderNames } from '@airlock/protocol'
import { preloadOnIntent } from '../../components/preloadOnIntent'
import { SocialMark } from '../../components/SocialMark'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { socialLoginsText } from '../../messages/socialLoginsText'
import { startSocialLogin } from '../../socialLogin/startSocialLogin'
import { telegramSocials } from '../../socialLogin/telegramSocials'
import list from '../list.module.css'

export default function SocialLogins({
  socials: configured,
  returnBack = false,
}: {
  socials: SocialProvider[]
  /** After the login, back to where it started (ProfileWallets) instead of closing. */
  returnBack?: boolean
}) {
  const modal = useModal()
  // Inside a Telegram mini app, those its platform can't sign in with are left out (spec §5).
  const socials = telegramSocials(
    configured,
    useModalState((state) => state.host?.telegram),
  )
  const [first, ...others] = socials
  const choose = (provider: SocialProvider) => ({
    type: 'button' as const,
    'data-method': 'social',
    'data-social': provider,
    ...preloadOnIntent(
      modal,
      provider === 'farcaster' ? 'ConnectingFarcaster' : 'ConnectingSocial',
    ),
    onClick: () => startSocialLogin(modal, provider, { returnBack }),
  })

  return (
    <>
      {first && (
        <button className={list.item} {...choose(first)}>
          <SocialMark provider={first} />
          <span className={list.name}>{socialProviderNames[first]}</span>
        </button>
      )}
      {others.length > 0 && (
        <fieldset className={list.socialRow} aria-label={socialLoginsText.otherSocials}>
          {others.map((provider) => (
            <button
              key={provider}
              className={list.socialButton}
              aria-label={socialProviderNames[provider]}
              title={socialProviderNames[provider]}
              {...choose(provider)}
            >
              <SocialMark provider={provider} />
            </button>
          ))}
        </fieldset>
      )}
    </>
  )
}
