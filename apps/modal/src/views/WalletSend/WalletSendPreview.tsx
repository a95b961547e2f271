/**
 * WalletSendPreview: the modal's review of a send for a wallet that shows its own after it (an
 * extension, WalletConnect): what will be sent, to whom (by name too, when one was typed), on
 * which network, and the fee; Send asks the wallet (loading while it and the chain work), success
 * returns to Account with a toast, a decline or a failure stays here saying why. The embedded
 * wallet's send has no preview: its approval screen is the review (WalletSend.tsx).
 */
import { truncateAddress } from '@airlock/protocol'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { localDecimal } from '../../i18n/localNumbers'
import { sendText } from '../../messages/sendText'
import { NameAvatar } from '../../names/NameAvatar'
import { activeNetworkOf } from '../../stores/store'
import styles from '../form.module.css'
import { useNetworkFee } from './useNetworkFee'
import { useSendTokens } from './useSendTokens'

export function WalletSendPreview() {
  const { navigation } = useModal()
  const send = useModalState((state) => state.send)
  const network = useModalState(activeNetworkOf)
  const fee = useNetworkFee()
  const receiver = send.receiverAddress.trim()

  const sending = useSendTokens()
  const confirm = () => sending.mutate()

  return (
    <div className={styles.form} aria-busy={send.loading}>
      <div className={styles.summary}>
        <span className={styles.big} data-send-summary="">
          {send.sendTokenAmount.trim()} {send.token?.symbol}
        </span>
        {send.networkBalanceInUSD && <span>{send.networkBalanceInUSD}</span>}
      </div>
      <dl className={styles.details}>
        <dt>{sendText.sendingTo}</dt>
        <dd title={receiver} data-send-receiver={receiver}>
          {send.receiverProfileName ? (
            <span className={styles.row} data-send-receiver-name={send.receiverProfileName}>
              <NameAvatar className={styles.receiverAvatar} src={send.receiverProfileImage} />
              <span>{send.receiverProfileName}</span>
              <span className={styles.muted}>{truncateAddress(receiver)}</span>
            </span>
          ) : (
            truncateAddress(receiver)
          )}
        </dd>
        <dt>{sendText.network}</dt>
        <dd>{network?.name}</dd>
        <dt>{sendText.networkFee}</dt>
        <dd data-send-fee="">{localDecimal(fee.text)}</dd>
      </dl>
      <p
        className={`${styles.message} ${send.error ? styles.error : ''}`}
        role="status"
        data-send-error=""
      >
        {send.loading ? sendText.sending : (send.error ?? '')}
      </p>
      <div className={styles.buttons}>
        <button
          type="button"
          className={styles.small}
          disabled={send.loading}
          onClick={() => navigation.back()}
        >
          {sendText.cancel}
        </button>
        <button
          type="button"
          className={styles.primary}
          disabled={send.loading || !send.token}
          onClick={confirm}
        >
          {send.loading ? sendText.sending : sendText.confirm}
        </button>
      </div>
    </div>
  )
}
