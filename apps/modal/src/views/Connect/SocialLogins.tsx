/**
 * Connect's social logins (spec §1, §4 "Social login"): the configured providers in the spec's
 * order, the first two as buttons and the rest behind More, as peers show them. A click opens the
 * 600x800 popup in the click itself (no browser blocks it) and ConnectingSocial follows the login;
 * Farcaster's goes to ConnectingFarcaster instead.
 * Inside a Telegram mini app, the list is filtered by Telegram's platform, which the host tells.
 * Loaded as Connect first renders, out of the first bundle.
 */
import {
  connectionErrors,
  filterSocialsForTelegram,
  type SocialProvider,
  socialProviderNames,
  telegramPlatformOf,
} from '@airlock/protocol'
import { useState } from 'react'
import { preloadOnIntent } from '../../components/preloadOnIntent'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { WalletIcon } from '../../components/WalletIcon'
import { openSocialPopup } from '../../embeddedWallet/socialPopup'
import list from '../list.module.css'
import { socialLoginsText } from './socialLoginsText'

export default function SocialLogins({ socials: configured }: { socials: SocialProvider[] }) {
  const modal = useModal()
  // Inside a Telegram mini app, those its platform can't sign in with are left out (spec §5).
  const platform = telegramPlatformOf(useModalState((state) => state.host?.telegram))
  const socials = platform ? filterSocialsForTelegram(configured, platform) : configured
  const [more, setMore] = useState(false)
  const shown = more ? socials : socials.slice(0, 2)

  function connectSocial(provider: SocialProvider) {
    modal.analytics.track('SELECT_WALLET', {
      name: provider,
      walletId: provider,
      platform: 'social',
    })
    // Farcaster signs in on the visitor's phone or app, through a link: no popup.
    if (provider === 'farcaster') return modal.navigation.push('ConnectingFarcaster')
    const popup = openSocialPopup()
    const login = modal.embeddedWallet.load().then((wallet) => {
      if (!popup) throw new Error(connectionErrors.failedToInitiateSocial)
      return wallet.socialLogin(provider, popup)
    })
    login.catch(() => undefined)
    modal.store.setState({ social: { provider, login } })
    return modal.navigation.push('ConnectingSocial')
  }

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
          onClick={() => connectSocial(provider)}
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
