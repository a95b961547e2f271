/** Account: the connected address, the network, and the Tokens / NFTs / Activity tabs. */
import { truncateAddress } from '@airlock/protocol'
import { useId, useState } from 'react'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { ui } from '../../messages'
import list from '../list.module.css'
import styles from './Account.module.css'

const tabs = ['tokens', 'nfts', 'activity'] as const
type Tab = (typeof tabs)[number]
const empty: Record<Tab, string> = {
  tokens: ui.emptyTokens,
  nfts: ui.emptyNfts,
  activity: ui.emptyActivity,
}

export function Account() {
  const { navigation } = useModal()
  const address = useModalState((state) => state.address)
  const network = useModalState((state) =>
    state.networks.find((n) => n.caipNetworkId === state.activeNetwork),
  )
  const [tab, setTab] = useState<Tab>('tokens')
  const id = useId()

  return (
    <div className={styles.account}>
      <div className={styles.header}>
        <span className={styles.avatar} aria-hidden="true" />
        {address ? (
          <span className={styles.address} title={address}>
            {truncateAddress(address)}
          </span>
        ) : (
          <>
            <span className={styles.address}>{ui.notConnected}</span>
            <button type="button" className={list.item} onClick={() => navigation.push('Connect')}>
              <span className={list.name}>{ui.connectAWallet}</span>
            </button>
          </>
        )}
        {network && (
          <button
            type="button"
            className={styles.network}
            onClick={() => navigation.push('SwitchNetwork')}
          >
            {network.name}
          </button>
        )}
      </div>
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
