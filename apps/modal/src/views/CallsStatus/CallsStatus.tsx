/**
 * CallsStatus (issue 35): a batch the embedded wallet sent, as EIP-5792's `wallet_showCallsStatus`
 * shows it, or a user operation past its timeout: Pending while it is followed
 * (embeddedWallet/callsStatusShown.ts asks again), then Confirmed with its transaction hashes,
 * Failed with what that means, Partly confirmed, or Cancelled. A pending one sent from this frame
 * has Speed up and Cancel (embeddedWallet/sentOperations.ts): each goes to the approval screen,
 * and what can't be done (bundled already) is said here. It reads the store's `callsStatus` only.
 */
import { isUserRejection } from '@airlock/protocol'
import { useState } from 'react'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { callsStatusText as text } from '../../messages/callsStatusText'
import { localizeMessage } from '../../messages/specText'
import form from '../form.module.css'
import list from '../list.module.css'
import styles from './CallsStatus.module.css'

export function CallsStatus() {
  const modal = useModal()
  const [refusal, setRefusal] = useState<string>()
  const shown = useModalState((state) => state.callsStatus)
  const networks = useModalState((state) => state.networks)
  if (!shown) return <p className={list.note}>{text.nothing}</p>
  const network = networks.find(({ caipNetworkId }) => caipNetworkId === shown.network)
  const replace = async (how: 'speedUp' | 'cancel') => {
    setRefusal(undefined)
    try {
      await (await modal.embeddedWallet.load()).approvals.replacePending(how)
    } catch (error) {
      // Declined on the approval screen: nothing to say.
      if (isUserRejection(error)) return
      setRefusal(error instanceof Error ? error.message : String(error))
    }
  }

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
      {shown.state === 'pending' && shown.replaceable && (
        <div className={form.buttons}>
          <button type="button" className={list.button} onClick={() => replace('cancel')}>
            {text.cancel}
          </button>
          <button type="button" className={list.button} onClick={() => replace('speedUp')}>
            {text.speedUp}
          </button>
        </div>
      )}
      {refusal && (
        <p className={form.error} role="alert">
          {localizeMessage(refusal)}
        </p>
      )}
    </div>
  )
}
