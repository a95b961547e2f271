/**
 * Account: the connected address (copyable), its native balance, the active network (with a
 * way out when the site doesn't support it), disconnect, and the Tokens / NFTs / Activity tabs.
 */
import { truncateAddress } from '@airlock/protocol'
import { useId, useState } from 'react'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { useNativeBalance } from '../../components/useNativeBalance'
import { ui } from '../../messages'
import { featureEnabled } from '../../state/controllers'
import { showToast } from '../../state/toasts'
import list from '../list.module.css'
import styles from './Account.module.css'

const tabs = ['tokens', 'nfts', 'activity'] as const
type Tab = (typeof tabs)[number]
const empty: Record<Tab, string> = {
  tokens: ui.emptyTokens,
  nfts: ui.emptyNfts,
  activity: ui.emptyActivity,
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // Some browsers refuse the async clipboard in frames; the selection fallback still works.
    const field = document.createElement('textarea')
    field.value = text
    document.body.append(field)
    field.select()
    const copied = document.execCommand('copy')
    field.remove()
    return copied
  }
}

export function Account() {
  const modal = useModal()
  const { navigation, store } = modal
  const address = useModalState((state) =>
    state.status === 'connected' ? state.address : undefined,
  )
  const activeNetwork = useModalState((state) => state.activeNetwork)
  const network = useModalState((state) =>
    state.networks.find((n) => n.caipNetworkId === state.activeNetwork),
  )
  const multiWallet = useModalState((state) => featureEnabled(state, 'multiWallet'))
  const { balance, loading } = useNativeBalance()
  const [tab, setTab] = useState<Tab>('tokens')
  const id = useId()

  async function copyAddress() {
    if (!address) return
    const copied = await copyText(address)
    showToast(store, {
      message: copied ? ui.addressCopied : ui.copyFailed,
      variant: copied ? 'success' : 'error',
      autoClose: true,
    })
  }

  return (
    <div className={styles.account}>
      <div className={styles.header}>
        <span className={styles.avatar} aria-hidden="true" />
        {address ? (
          <>
            <div className={styles.addressRow}>
              <span className={styles.address} title={address} data-address={address}>
                {truncateAddress(address)}
              </span>
              <button
                type="button"
                className={styles.copy}
                aria-label={ui.copyAddress}
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
            <span className={styles.balance} aria-live="polite">
              {balance ?? (loading ? ui.balanceLoading : '')}
            </span>
          </>
        ) : (
          <>
            <span className={styles.address}>{ui.notConnected}</span>
            <button type="button" className={list.item} onClick={() => navigation.push('Connect')}>
              <span className={list.name}>{ui.connectAWallet}</span>
            </button>
          </>
        )}
        {network ? (
          <button
            type="button"
            className={styles.network}
            onClick={() => navigation.push('SwitchNetwork')}
          >
            {network.name}
          </button>
        ) : (
          activeNetwork && (
            <>
              <p className={list.warning} role="alert">
                {ui.unsupportedNetwork}
              </p>
              <button
                type="button"
                className={list.button}
                onClick={() => navigation.push('SwitchNetwork')}
              >
                {ui.switchNetwork}
              </button>
            </>
          )
        )}
      </div>
      {address && (
        <div className={list.actions}>
          {multiWallet && (
            <button
              type="button"
              className={list.button}
              onClick={() => navigation.push('ProfileWallets')}
            >
              {ui.wallets}
            </button>
          )}
          <button
            type="button"
            className={list.button}
            onClick={async () => {
              await modal.connection.disconnect()
              await modal.closeModal({ fromFrame: true })
            }}
          >
            {ui.disconnect}
          </button>
        </div>
      )}
      <div role="tablist" className={styles.tabs} aria-label="Account">
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(name)}
          >
            {ui.tabs[name]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-${tab}-panel`}
        aria-labelledby={`${id}-${tab}`}
        className={styles.panel}
      >
        <p className={list.note}>{empty[tab]}</p>
      </div>
    </div>
  )
}
