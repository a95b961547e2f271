/**
 * ConnectingExternal: waiting for a browser wallet to approve. A rejection shows 'Connection
 * rejected' with the 500 ms shake and a retry; any other failure shows 'Failed to connect'.
 */
import { connectionErrors } from '@airlock/protocol'
import shake from '../../components/shake.module.css'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { useShake } from '../../components/useShake'
import { WalletIcon } from '../../components/WalletIcon'
import { ui } from '../../messages'
import { connectingText } from '../../messages/connectingText'
import list from '../list.module.css'
import styles from './ConnectingExternal.module.css'

export function ConnectingExternal() {
  const modal = useModal()
  const connecting = useModalState((state) => state.connecting)
  const wallet = useModalState((state) =>
    state.hostWallets.find((item) => item.id === state.connecting?.walletId),
  )
  const error = connecting?.error
  const shaking = useShake(error === 'rejected')
  if (!wallet) return <p className={list.note}>{connectionErrors.failedToConnect}</p>
  const message =
    error === 'rejected'
      ? connectionErrors.connectionRejected
      : error === 'failed'
        ? connectionErrors.failedToConnect
        : connectingText.continueIn(wallet.name)
  return (
    <div className={styles.connecting} data-state={error ?? 'waiting'}>
      <div className={shaking ? shake.shake : undefined}>
        <div className={error ? styles.iconError : styles.iconWaiting}>
          <WalletIcon name={wallet.name} icon={wallet.icon} />
        </div>
      </div>
      <p className={styles.title} role={error ? 'alert' : 'status'}>
        {message}
      </p>
      {!error && <p className={list.note}>{connectingText.approveInWallet}</p>}
      {error && (
        <div className={list.actions}>
          <button
            type="button"
            className={list.button}
            onClick={() => modal.connectWallet(wallet.id)}
          >
            {ui.retry}
          </button>
        </div>
      )}
    </div>
  )
}
