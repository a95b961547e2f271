/**
 * Starts a social login from the visitor's click: Connect's social buttons, and ProfileWallets'
 * (a social account to add, or a social wallet to sign in to again, spec §4 "Switching
 * connections"). The 600x800 popup opens in the click itself, so no browser blocks it, and
 * ConnectingSocial follows the login; Farcaster, which signs in through a link instead, goes to
 * ConnectingFarcaster. `returnBack`: after the login the modal goes back to where it started
 * (ProfileWallets) instead of closing.
 */
import { connectionErrors, type SocialProvider } from '@airlock/protocol'
import { embeddedWalletId } from '../connectors/embeddedWallet/embeddedWalletId'
import type { FlowContext } from '../flows/context'
import { openSocialPopup } from './socialPopup'

export function startSocialLogin(
  modal: Pick<FlowContext, 'store' | 'navigation' | 'analytics' | 'embeddedWallet'>,
  provider: SocialProvider,
  { returnBack = false }: { returnBack?: boolean } = {},
) {
  modal.analytics.track('SELECT_WALLET', { name: provider, walletId: provider, platform: 'social' })
  modal.store.setState({
    connecting: returnBack ? { walletId: embeddedWalletId, returnBack } : undefined,
  })
  if (provider === 'farcaster') return modal.navigation.push('ConnectingFarcaster')
  const popup = openSocialPopup()
  const login = modal.embeddedWallet.load().then((wallet) => {
    if (!popup) throw new Error(connectionErrors.failedToInitiateSocial)
    return wallet.socialLogin(provider, popup)
  })
  login.catch(() => undefined)
  modal.store.setState({ social: { provider, login, popup: popup ?? undefined } })
  return modal.navigation.push('ConnectingSocial')
}
