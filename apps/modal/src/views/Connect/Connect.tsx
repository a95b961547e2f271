/**
 * Connect: the page's browser wallets in the spec's connector-type order (recent first, then
 * the other installed ones), and WalletConnect, which arrives in a later release.
 */
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { WalletIcon } from '../../components/WalletIcon'
import { ui } from '../../messages'
import { orderHostWallets } from '../../navigation/ordering'
import list from '../list.module.css'

function WalletConnectIcon({ className }: { className?: string | undefined }) {
  return (
    <svg className={className} viewBox="0 0 36 36" aria-hidden="true">
      <rect width="36" height="36" rx="10" fill="#3b99fc" />
      <path
        d="M11.2 14.4c3.8-3.7 9.8-3.7 13.6 0l.5.4c.2.2.2.5 0 .7l-1.6 1.5a.3.3 0 0 1-.3 0l-.6-.6a6.6 6.6 0 0 0-9.6 0l-.6.6a.3.3 0 0 1-.3 0l-1.6-1.5a.5.5 0 0 1 0-.7zm16.8 3.1 1.4 1.4c.2.2.2.5 0 .7l-6.4 6.2a.5.5 0 0 1-.7 0L18 21.5a.1.1 0 0 0-.2 0l-4.5 4.3a.5.5 0 0 1-.7 0l-6.4-6.2a.5.5 0 0 1 0-.7l1.4-1.4a.5.5 0 0 1 .7 0l4.5 4.4c.1 0 .2 0 .2 0l4.5-4.4a.5.5 0 0 1 .7 0l4.5 4.4c0 0 .1 0 .2 0l4.5-4.4a.5.5 0 0 1 .7 0z"
        fill="#fff"
      />
    </svg>
  )
}

export function Connect() {
  const modal = useModal()
  const unavailable = useModalState((state) => !state.config.project)
  const hostWallets = useModalState((state) => state.hostWallets)
  const recent = useModalState((state) => state.recentWallets)
  const options = useModalState((state) => state.options)
  const isMobile = useModalState((state) => state.isMobile)
  if (unavailable) return <p className={list.note}>{ui.unavailable}</p>
  const wallets = orderHostWallets({
    hostWallets,
    recent,
    featuredWalletIds: options?.featuredWalletIds ?? [],
    excludeWallets: options?.excludeWallets ?? [],
    isMobile,
  })
  return (
    <>
      <ul className={list.list} aria-label="Wallets">
        <li>
          <button
            type="button"
            className={list.item}
            disabled
            aria-describedby="walletconnect-coming"
          >
            <WalletConnectIcon className={list.icon} />
            <span className={list.name}>{ui.walletConnect}</span>
            <span className={list.tag}>{ui.comingSoon}</span>
          </button>
        </li>
        {wallets.map(({ section, wallet }) => (
          <li key={wallet.id}>
            <button
              type="button"
              className={list.item}
              data-wallet-id={wallet.id}
              data-section={section}
              onClick={() => modal.connectWallet(wallet.id, { returnBack: false })}
            >
              <WalletIcon name={wallet.name} icon={wallet.icon} />
              <span className={list.name}>{wallet.name}</span>
              <span className={list.tag}>{section === 'recent' ? ui.recent : ui.installed}</span>
            </button>
          </li>
        ))}
      </ul>
      {wallets.length === 0 && <p className={list.note}>{ui.noBrowserWallets}</p>}
      <p id="walletconnect-coming" className={list.note}>
        {ui.walletConnectComing}
      </p>
    </>
  )
}
