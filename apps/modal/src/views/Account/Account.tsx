/**
 * Account, laid out as wallet modals lay it out (AppKit's account view, issue 41): the active
 * network at the top (its mark, a chevron: it opens Choose Network; or a way out when the site
 * doesn't support it), the connected address (copyable) and its native balance big, one row of
 * the wallet's actions as round icons (Buy, Swap, Receive, Send, those that are on), the Tokens /
 * NFTs / Activity tabs with the account's data on that network, and everything else — names,
 * wallets, the email wallet's settings, Disconnect — as one compact list under them.
 */
import {
  type SocialProvider,
  socialProviderNames,
  toastMessages,
  truncateAddress,
  truncateEmail,
  type View,
} from '@airlock/protocol'
import { type KeyboardEvent, useId, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import common from '../../components/common.module.css'
import { copyWithToast } from '../../components/copyText'
import { preloadOnIntent } from '../../components/preloadOnIntent'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { useNativeBalance } from '../../components/useNativeBalance'
import { useTokenBalances } from '../../components/useTokenBalances'
import { accountText } from '../../messages/accountText'
import { avatarSource } from '../../names/avatarSource'
import { NameAvatar } from '../../names/NameAvatar'
import { usePrimaryName } from '../../names/usePrimaryName'
import type { AccountTab } from '../../stores/accountData'
import { activeConnection } from '../../stores/connections'
import { featureEnabled } from '../../stores/controllers'
import { activeNetworkOf } from '../../stores/store'
import { showToast } from '../../stores/toasts'
import { availableWalletFeatures } from '../../stores/walletFeatures'
import list from '../list.module.css'
import styles from './Account.module.css'
import { ActivityTab } from './ActivityTab'
import { NetworkMark } from './NetworkMark'
import { NftsTab } from './NftsTab'
import type { PanelIds } from './TabPanel'
import { TokensTab } from './TokensTab'
import { WalletFeatureIcon } from './WalletFeatureIcon'

const allTabs: readonly AccountTab[] = ['tokens', 'nfts', 'activity']
const tabKeys: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
}
const mirroredArrows: Record<string, string> = { ArrowRight: 'ArrowLeft', ArrowLeft: 'ArrowRight' }

export function Account() {
  const modal = useModal()
  const { navigation, store } = modal
  const address = useModalState((state) =>
    state.status === 'connected' ? state.address : undefined,
  )
  const activeNetwork = useModalState((state) => state.activeNetwork)
  const network = useModalState(activeNetworkOf)
  const multiWallet = useModalState((state) => featureEnabled(state, 'multiWallet'))
  // An email or social wallet's login: the email (spec §5: truncated beyond 30 characters), or
  // the provider and the handle.
  const login = useModalState((state) =>
    state.status === 'connected' ? activeConnection(state) : undefined,
  )
  const social =
    login?.authProvider && login.authProvider !== 'email' ? login.authProvider : undefined
  const email = login?.authName
  const activity = useModalState((state) => featureEnabled(state, 'activity'))
  const features = useModalState(useShallow(availableWalletFeatures))
  // The embedded wallet's EVM account type, and the switch spec §6 allows: to the smart
  // account where it is available, back to the EOA always.
  const accountType = useModalState((state) =>
    state.status === 'connected' && login?.authProvider && login.namespace !== 'solana'
      ? state.accountType
      : undefined,
  )
  const smartAccountAvailable = useModalState((state) => state.smartAccountAvailable)
  const switchTo =
    accountType === 'smartAccount'
      ? 'eoa'
      : accountType === 'eoa' && smartAccountAvailable
        ? 'smartAccount'
        : undefined
  // Its primary name (eip155, names on); null: none yet, so one may be chosen.
  const primary = usePrimaryName()
  const primaryName = primary === null ? null : primary?.name
  const balances = useTokenBalances()
  const { balance, total, loading } = useNativeBalance(balances)
  const tabs = activity ? allTabs : allTabs.filter((name) => name !== 'activity')
  const [selected, setTab] = useState<AccountTab>('tokens')
  // A tab the site switched off falls back to Tokens.
  const tab = tabs.includes(selected) ? selected : 'tokens'
  const id = useId()
  const ids = (name: AccountTab): PanelIds => ({
    tabId: `${id}-${name}`,
    panelId: `${id}-${name}-panel`,
  })

  /**
   * Arrow keys, Home and End move between tabs, selecting as they go (WAI-ARIA tabs); right to
   * left (Arabic), the arrows follow the tabs' order on screen: ArrowLeft goes to the next.
   */
  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const rightToLeft = getComputedStyle(event.currentTarget).direction === 'rtl'
    const key = rightToLeft ? (mirroredArrows[event.key] ?? event.key) : event.key
    const move = tabKeys[key]
    if (!move) return
    event.preventDefault()
    const next = tabs[move(tabs.indexOf(tab), tabs.length)]
    if (!next) return
    setTab(next)
    document.getElementById(ids(next).tabId)?.focus()
  }

  /**
   * Switches the embedded wallet's EVM account; the toast says so, or warns when the site keeps
   * its own sign-ins, whose check may not know a smart account's signatures.
   */
  async function switchAccountType(to: 'eoa' | 'smartAccount') {
    const toast = (message: string, variant: 'success' | 'error') =>
      showToast(store, { message, variant, autoClose: true })
    try {
      await (await modal.embeddedWallet.load()).switchAccountType(to)
    } catch (error) {
      return toast((error as Error).message, 'error')
    }
    const siteSignIn =
      to === 'smartAccount' &&
      store.getState().siwx !== 'off' &&
      (await modal.siwx.load()).siteKeepsSessions()
    if (siteSignIn) toast(toastMessages.smartAccountsMaybeUnsupported, 'error')
    else toast(accountText.accountTypeSwitched[to], 'success')
  }

  async function copyAddress() {
    if (!address) return
    const copied = await copyWithToast(store, address, {
      copied: accountText.addressCopied,
      failed: accountText.copyFailed,
    })
    if (copied) modal.analytics.track('COPY_ADDRESS')
  }

  /** A row of the options list under the tabs: one thing to do. */
  const option = (label: string, onClick: () => void, data: Record<string, string> = {}) => (
    <li>
      <button type="button" className={styles.option} onClick={onClick} {...data}>
        {label}
      </button>
    </li>
  )
  /** A row of the options list that opens `view`, loading it on intent. */
  const opensView = (label: string, view: View) => (
    <li>
      <button
        type="button"
        className={styles.option}
        data-opens={view}
        {...preloadOnIntent(modal, view)}
        onClick={() => navigation.push(view)}
      >
        {label}
      </button>
    </li>
  )

  return (
    <div className={styles.account}>
      <div className={styles.networkBar}>
        {network ? (
          <button
            type="button"
            className={styles.network}
            data-active-network={network.caipNetworkId}
            {...preloadOnIntent(modal, 'SwitchNetwork')}
            onClick={() => navigation.push('SwitchNetwork')}
          >
            <NetworkMark network={network.caipNetworkId} size="inline" />
            {network.name}
          </button>
        ) : (
          activeNetwork && (
            <>
              <p className={list.warning} role="alert">
                {accountText.unsupportedNetwork}
              </p>
              <button
                type="button"
                className={list.button}
                {...preloadOnIntent(modal, 'SwitchNetwork')}
                onClick={() => navigation.push('SwitchNetwork')}
              >
                {accountText.switchNetwork}
              </button>
            </>
          )
        )}
      </div>
      <div className={styles.header}>
        <NameAvatar className={styles.avatar} src={avatarSource(primary)} />
        {address ? (
          <>
            {primaryName && (
              <span className={styles.name} data-account-name={primaryName}>
                {primaryName}
              </span>
            )}
            <div className={styles.addressRow}>
              <span
                className={primaryName ? styles.addressUnderName : styles.address}
                title={address}
                data-address={address}
              >
                {truncateAddress(address)}
              </span>
              <button
                type="button"
                className={styles.copy}
                aria-label={accountText.copyAddress}
                onClick={copyAddress}
              >
                <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
                  <rect
                    x="5"
                    y="5"
                    width="9"
                    height="9"
                    rx="2"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.5"
                  />
                  <path
                    d="M11 3.5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.5"
                  />
                </svg>
              </button>
            </div>
            {(email || (accountType && switchTo)) && (
              <div className={styles.tags}>
                {email && (
                  <span
                    className={styles.tag}
                    title={email}
                    {...(social ? { 'data-social-login': social } : { 'data-email': email })}
                  >
                    {social
                      ? `${socialProviderNames[social as SocialProvider]} · ${email}`
                      : truncateEmail(email)}
                  </span>
                )}
                {/* Said only where there is a choice: a lone "EOA" is jargon with nothing to do. */}
                {accountType && switchTo && (
                  <span className={styles.tag} data-account-type={accountType}>
                    {accountText.accountTypes[accountType]}
                  </span>
                )}
              </div>
            )}
            <div className={styles.balanceLine} aria-live="polite">
              <span className={styles.balance} data-native-balance="">
                {balance ??
                  (loading && (
                    <span
                      className={`${common.skeleton} ${styles.balanceSkeleton}`}
                      role="status"
                      aria-label={accountText.balanceLoading}
                    />
                  ))}
              </span>
              {total && (
                <span className={styles.total} data-total-value="">
                  {total}
                </span>
              )}
            </div>
          </>
        ) : (
          <>
            <span className={styles.address}>{accountText.notConnected}</span>
            <button type="button" className={list.item} onClick={() => navigation.push('Connect')}>
              <span className={list.name}>{accountText.connectAWallet}</span>
            </button>
          </>
        )}
      </div>
      {address && features.length > 0 && (
        <ul className={styles.walletActions} aria-label={accountText.walletActions}>
          {features.map(([feature, view]) => (
            <li key={feature}>
              <button
                type="button"
                className={styles.walletAction}
                data-wallet-feature={feature}
                {...preloadOnIntent(modal, view)}
                onClick={() => navigation.push(view)}
              >
                <span className={styles.walletActionIcon}>
                  <WalletFeatureIcon feature={feature} />
                </span>
                {accountText.walletFeatures[feature]}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div
        role="tablist"
        className={styles.tabs}
        aria-label={accountText.accountTabs}
        onKeyDown={onTabKeyDown}
      >
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={ids(name).tabId}
            aria-selected={tab === name}
            aria-controls={tab === name ? ids(name).panelId : undefined}
            tabIndex={tab === name ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(name)}
          >
            {accountText.tabs[name]}
          </button>
        ))}
      </div>
      {tab === 'tokens' && <TokensTab balances={balances} ids={ids('tokens')} />}
      {tab === 'nfts' && <NftsTab ids={ids('nfts')} />}
      {tab === 'activity' && <ActivityTab ids={ids('activity')} />}
      {address && (
        <ul className={styles.options} aria-label={accountText.accountOptions}>
          {primaryName === null && opensView(accountText.chooseName, 'RegisterAccountName')}
          {primaryName && opensView(accountText.yourNames, 'AccountNames')}
          {multiWallet && opensView(accountText.wallets, 'ProfileWallets')}
          {email && (
            <>
              {!social && opensView(accountText.updateEmail, 'UpdateEmailWallet')}
              {opensView(accountText.devices, 'WalletDevices')}
              {opensView(accountText.linkedAccounts, 'LinkedAccounts')}
              {opensView(accountText.recoveryCode, 'WalletRecoveryCode')}
              {opensView(accountText.exportKey, 'WalletExportKey')}
              {switchTo &&
                option(accountText.switchAccountType[switchTo], () => switchAccountType(switchTo))}
            </>
          )}
          {option(
            accountText.disconnect,
            async () => {
              await modal.disconnect()
              await modal.closeModal({ fromFrame: true })
            },
            { 'data-disconnect': '' },
          )}
        </ul>
      )}
    </div>
  )
}
