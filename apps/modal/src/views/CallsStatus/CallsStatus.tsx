/**
 * CallsStatus (issue 35): a batch the embedded wallet sent, as EIP-5792's `wallet_showCallsStatus`
 * shows it, or a user operation past its timeout: Pending while it is followed
 * (embeddedWallet/callsStatusShown.ts asks again), then Confirmed with its transaction hashes,
 * Failed with what that means, or Partly confirmed. It reads the store's `callsStatus` only.
 */
import { useModalState } from '../../components/useModalState'
import { callsStatusText as text } from '../../messages/callsStatusText'
import form from '../form.module.css'
import list from '../list.module.css'
import styles from './CallsStatus.module.css'

export function CallsStatus() {
  const shown = useModalState((state) => state.callsStatus)
  const networks = useModalState((state) => state.networks)
  if (!shown) return <p className={list.note}>{text.nothing}</p>
  const network = networks.find(({ caipNetworkId }) => caipNetworkId === shown.network)

  return (
    <div className={form.form} data-calls-status={shown.state}>
      <p role="status" className={styles.state} data-state={shown.state}>
        {text.state[shown.state]}
      </p>
      <p className={form.message}>{text.explain[shown.state]}</p>
      <dl className={form.details}>
        <dt>{text.network}</dt>
        <dd>{network?.name ?? shown.network}</dd>
      </dl>
      {shown.transactionHashes.length > 0 && (
        <ul className={styles.hashes} aria-label={text.transactions}>
          {shown.transactionHashes.map((hash) => (
            <li key={hash}>{hash}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
