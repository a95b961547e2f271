/**
 * ProfileWallets (multiWallet): the visitor's connections with their status relative to the
 * namespace (spec §4), switching between them, and the page's other wallets to add. The embedded
 * wallet is one of them, named by its email or by its social account ("Google · handle"); locked
 * on this page, choosing it runs the login it was made with (email, or its social account's).
 */
import { isSocialProvider, socialProviderNames } from '@airlock/protocol'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { WalletIcon } from '../../components/WalletIcon'
import { embeddedWalletId } from '../../connectors/embeddedWallet/embeddedWalletId'
import { stableWalletId } from '../../connectors/hostWalletIdentity'
import { ui } from '../../messages'
import { profileWalletsText } from '../../messages/profileWalletsText'
import { startSocialLogin } from '../../socialLogin/startSocialLogin'
import { connectionStatus } from '../../stores/connections'
import { featureEnabled } from '../../stores/controllers'
import { showToast } from '../../stores/toasts'
import SocialLogins from '../Connect/SocialLogins'
import list from '../list.module.css'

/**
 * A connection's name: the embedded wallet's login ("Google · ada", or "Google" while locked
 * after a reload), else the wallet's.
 */
function nameOf(item: { name: string; authName?: string; authProvider?: string }) {
  const provider = item.authProvider
  if (provider && isSocialProvider(provider))
    return [socialProviderNames[provider], item.authName].filter(Boolean).join(' · ')
  return item.authName ?? item.name
}

export function ProfileWallets() {
  const modal = useModal()
  const { store, connection } = modal
  const state = useModalState((current) => current)
  const known = new Set(state.connections.map((item) => item.id))
  // Email and social logins add the embedded wallet, when the page offers them and it is not
  // among them yet.
  const emailToAdd = featureEnabled(state, 'email') && !known.has(embeddedWalletId)
  const socialsToAdd =
    featureEnabled(state, 'socials') && !known.has(embeddedWalletId)
      ? (state.config.project?.features.socials ?? [])
      : []
  const addEmail = () => {
    store.setState({ connecting: { walletId: embeddedWalletId, returnBack: true } })
    return modal.navigation.push('EmailLogin')
  }
  const others = state.hostWallets.filter(
    (wallet) => wallet.type === 'ANNOUNCED' && !known.has(stableWalletId(wallet)),
  )

  async function choose(id: string) {
    const item = store.getState().connections.find((candidate) => candidate.id === id)
    // The embedded wallet's login flow, when it is not unlocked on this page (spec §4): its
    // social account's popup (or Farcaster's link) in this click, or the email code.
    const unlocked = connection.connectors.byConnection(id, item?.namespace ?? 'eip155')
    if (id === embeddedWalletId && !unlocked) {
      const provider = item?.authProvider
      if (provider && isSocialProvider(provider))
        return startSocialLogin(modal, provider, { returnBack: true })
      return addEmail()
    }
    if (item && connectionStatus(store.getState(), item) === 'disconnected') {
      const wallet = store.getState().hostWallets.find((w) => stableWalletId(w) === id)
      if (wallet) return modal.connectWallet(wallet.id, { returnBack: true })
    }
    try {
      const result = await connection.switchConnection(id)
      const message = result.hasSwitchedWallet
        ? profileWalletsText.switchedWallet
        : result.hasSwitchedAccount
          ? profileWalletsText.switchedAccount
          : undefined
      if (message) showToast(store, { message, variant: 'success', autoClose: true })
    } catch (error) {
      const message = (error as { shortMessage?: string }).shortMessage ?? String(error)
      showToast(store, { message, variant: 'error', autoClose: true })
    }
  }

  return (
    <>
      <ul className={list.list} aria-label={profileWalletsText.connections}>
        {state.connections.map((item) => {
          const status = connectionStatus(state, item)
          return (
            <li key={item.id}>
              <button
                type="button"
                className={list.item}
                data-connection-status={status}
                onClick={() => choose(item.id)}
              >
                <WalletIcon name={item.name} icon={item.icon} />
                <span className={list.name}>
                  {nameOf(item)}
                  {item.accounts[0] && (
                    <span className={list.note}> {item.accounts[0].slice(0, 6)}…</span>
                  )}
                </span>
                <span className={status === 'connected' ? list.tagActive : list.tag}>
                  {profileWalletsText.connectionStatus[status]}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
      <h2 className={list.section}>{profileWalletsText.addWallet}</h2>
      {others.length === 0 && !emailToAdd && socialsToAdd.length === 0 && (
        <p className={list.note}>{profileWalletsText.noOtherWallets}</p>
      )}
      <ul className={list.list} aria-label={profileWalletsText.addWallet}>
        {emailToAdd && (
          <li>
            <button type="button" className={list.item} onClick={addEmail}>
              <span className={list.name}>{ui.continueWithEmail}</span>
            </button>
          </li>
        )}
        {socialsToAdd.length > 0 && (
          <li>
            <SocialLogins socials={socialsToAdd} returnBack />
          </li>
        )}
        {others.map((wallet) => (
          <li key={wallet.id}>
            <button
              type="button"
              className={list.item}
              onClick={() => modal.connectWallet(wallet.id, { returnBack: true })}
            >
              <WalletIcon name={wallet.name} icon={wallet.icon} />
              <span className={list.name}>{wallet.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  )
}
