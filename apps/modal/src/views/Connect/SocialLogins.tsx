/**
 * The social logins of Connect and of ProfileWallets' wallets to add (spec §1, §4 "Social login"):
 * the configured providers in the spec's order, the first two as buttons and the rest behind
 * More, as peers show them. A click starts the login (`startSocialLogin`: the popup, or
 * Farcaster's link).
 * Inside a Telegram mini app, the list is filtered by Telegram's platform, which the host tells
 * (`telegramSocials`).
 * Loaded as Connect first renders, out of the first bundle.
 */
import { type SocialProvider, socialProviderNames } from '@airlock/protocol'
import { useState } from 'react'
import { preloadOnIntent } from '../../components/preloadOnIntent'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { WalletIcon } from '../../components/WalletIcon'
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
  const [more, setMore] = useState(false)
  const shown = more ? socials : socials.slice(0, 2)

  return (
    <>
      {shown.map((provider) => (
        <button
          key={provider}
          type="button"
          className={list.item}
          data-method="social"
          data-social={provider}
          {...preloadOnIntent(
            modal,
            provider === 'farcaster' ? 'ConnectingFarcaster' : 'ConnectingSocial',
          )}
          onClick={() => startSocialLogin(modal, provider, { returnBack })}
        >
          <WalletIcon name={socialProviderNames[provider]} icon="" />
          <span className={list.name}>{socialProviderNames[provider]}</span>
        </button>
      ))}
      {shown.length < socials.length && (
        <button type="button" className={list.item} onClick={() => setMore(true)}>
          <span className={list.name}>{socialLoginsText.moreSocials}</span>
        </button>
      )}
    </>
  )
}
