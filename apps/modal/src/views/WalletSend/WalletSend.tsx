/**
 * WalletSend: the Send form — a token from the account's Tokens data, an amount (with Max) and
 * its USD value, the receiver (an address, or on eip155 a name shown with its avatar once it
 * resolves), and the network fee — with the §5 messages as the visitor types.
 * With the embedded wallet the form's button asks the wallet at once: its approval screen, which
 * shows all the preview would and more (the fee's most, the total, the simulated changes), is the
 * one review, and the form then shows the send's progress or why it failed. Any other wallet
 * shows its own screen after the modal's, so the button opens the preview (WalletSendPreview),
 * which asks it.
 */
import {
  formatBalance,
  namespaceOf,
  sendErrors,
  type TokenBalance,
  truncateAddress,
} from '@airlock/protocol'
import { useId, useState } from 'react'
import { formatUnits, parseUnits } from 'viem/utils'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { useTokenBalances } from '../../components/useTokenBalances'
import { embeddedWalletId } from '../../connectors/embeddedWallet/embeddedWalletId'
import { localDecimal } from '../../i18n/localNumbers'
import { sendText } from '../../messages/sendText'
import { NameAvatar } from '../../names/NameAvatar'
import { amountInUsd, sendFormError } from '../../send/send'
import { activeNetworkOf } from '../../stores/store'
import { AssetIcon, initialOf } from '../Account/AssetIcon'
import styles from '../form.module.css'
import { useNetworkFee } from './useNetworkFee'
import { isReceiverName, useReceiverName } from './useReceiverName'
import { useSendTokens } from './useSendTokens'

const tokenKey = (token: TokenBalance) => token.address ?? 'native'
/** On Bitcoin, how soon the transfer should be mined: the fee rate's speed. */
const feeSpeeds = ['slow', 'normal', 'fast'] as const

export function WalletSend() {
  const { store, navigation } = useModal()
  const send = useModalState((state) => state.send)
  const namespace = useModalState((state) => namespaceOf(state.activeNetwork))
  const network = useModalState(activeNetworkOf)
  const { entry } = useTokenBalances()
  const tokens = entry?.tokens ?? []
  const [picking, setPicking] = useState(false)
  const fee = useNetworkFee()
  const id = useId()
  const receiverName = useReceiverName()
  // The connection's own word for which wallet it is (as sign-in asks it).
  const embedded = useModalState((state) => state.connectorId === embeddedWalletId)
  const sending = useSendTokens()
  const formError =
    receiverName.status === 'failed'
      ? receiverName.message
      : sendFormError(send, namespace, network)
  const blocked = !!formError || receiverName.status === 'resolving' || send.loading
  // A field left empty speaks for itself: the form asks for the amount and the receiver only
  // once both hold something (an amount of 0, say), never before the visitor has typed.
  const unasked =
    formError === sendErrors.amountAndReceiverRequired &&
    (!send.sendTokenAmount.trim() || !send.receiverAddress.trim())
  // What the form says: the send under way, a name being looked up, what blocks it, or why the
  // last send failed (kept until the form changes).
  const error = unasked ? undefined : (formError ?? (send.loading ? undefined : send.error))
  const message = send.loading
    ? sendText.sending
    : receiverName.status === 'resolving'
      ? receiverName.message
      : error

  const update = (patch: Partial<typeof send>) => {
    const next = { ...store.getState().send, ...patch, error: undefined }
    next.networkBalanceInUSD = amountInUsd(next.token, next.sendTokenAmount)
    store.setState({ send: next })
  }

  /** Max: the whole balance; for the native coin, less the fee when it is known. */
  function setMax() {
    const { token } = send
    if (!token) return
    let amount = token.quantity.numeric
    if (!token.address && fee.value) {
      const decimals = Number(token.quantity.decimals)
      const left = parseUnits(amount, decimals) - fee.value.amount
      amount = left > 0n ? formatUnits(left, decimals) : '0'
    }
    update({ sendTokenAmount: amount })
  }

  return (
    <form
      className={styles.form}
      aria-busy={send.loading}
      onSubmit={(event) => {
        event.preventDefault()
        if (blocked) return
        if (embedded) sending.mutate()
        else void navigation.push('WalletSendPreview')
      }}
    >
      <div className={styles.field}>
        <span className={styles.label} id={`${id}-token`}>
          {sendText.token}
        </span>
        <button
          type="button"
          className={styles.tokenOption}
          aria-expanded={picking}
          disabled={send.loading}
          aria-labelledby={`${id}-token ${id}-token-name`}
          onClick={() => setPicking(!picking)}
          data-send-token={send.token?.symbol ?? ''}
        >
          {send.token && (
            <AssetIcon
              src={send.token.iconUrl}
              fallback={initialOf(send.token.symbol)}
              shape="round"
              nativeOn={send.token.address ? undefined : network?.caipNetworkId}
            />
          )}
          <span id={`${id}-token-name`} className={styles.grow}>
            {send.token ? `${send.token.name || send.token.symbol}` : sendText.chooseToken}
          </span>
          <span aria-hidden="true">▾</span>
        </button>
        {picking && (
          <ul className={styles.tokens} aria-label={sendText.token}>
            {tokens.map((token) => (
              <li key={tokenKey(token)}>
                <button
                  type="button"
                  aria-pressed={send.token ? tokenKey(send.token) === tokenKey(token) : false}
                  className={styles.tokenOption}
                  data-symbol={token.symbol}
                  onClick={() => {
                    update({ token })
                    setPicking(false)
                  }}
                >
                  <AssetIcon
                    src={token.iconUrl}
                    fallback={initialOf(token.symbol)}
                    shape="round"
                    nativeOn={token.address ? undefined : network?.caipNetworkId}
                  />
                  <span className={styles.grow}>{token.name || token.symbol}</span>
                  <span>
                    {localDecimal(formatBalance(token.quantity.numeric))} {token.symbol}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-amount`}>
          {sendText.amount}
        </label>
        <div className={styles.row}>
          <input
            id={`${id}-amount`}
            className={`${styles.input} ${styles.amount}`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            disabled={send.loading}
            value={send.sendTokenAmount}
            onChange={(event) => update({ sendTokenAmount: event.target.value })}
          />
          <span>{send.token?.symbol}</span>
          <button
            type="button"
            className={styles.small}
            disabled={!send.token || send.loading}
            onClick={setMax}
          >
            {sendText.max}
          </button>
        </div>
        <div className={styles.hint}>
          <span data-send-usd="">{send.networkBalanceInUSD ?? ''}</span>
          {send.token && (
            <span>
              {sendText.available(
                localDecimal(`${formatBalance(send.token.quantity.numeric)} ${send.token.symbol}`),
              )}
            </span>
          )}
        </div>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-receiver`}>
          {sendText.receiver}
        </label>
        <input
          id={`${id}-receiver`}
          className={styles.input}
          autoComplete="off"
          spellCheck={false}
          disabled={send.loading}
          placeholder={sendText.receiverPlaceholder(namespace)}
          value={send.receiverInput}
          onChange={(event) => {
            const text = event.target.value
            update({
              receiverInput: text,
              receiverAddress: isReceiverName(text, namespace) ? '' : text,
              receiverProfileName: undefined,
              receiverProfileImage: undefined,
            })
          }}
        />
        {send.receiverProfileName && (
          <div className={styles.hint} data-send-receiver-name={send.receiverProfileName}>
            <span className={styles.row}>
              <NameAvatar className={styles.receiverAvatar} src={send.receiverProfileImage} />
              <span>{send.receiverProfileName}</span>
            </span>
            <span title={send.receiverAddress}>{truncateAddress(send.receiverAddress)}</span>
          </div>
        )}
      </div>
      {namespace === 'bip122' && (
        <fieldset className={styles.field} disabled={send.loading}>
          <legend className={styles.label}>{sendText.feeSpeed}</legend>
          <div className={styles.row}>
            {feeSpeeds.map((speed) => (
              <label key={speed} className={styles.small}>
                <input
                  type="radio"
                  name={`${id}-fee-speed`}
                  value={speed}
                  checked={send.feeSpeed === speed}
                  onChange={() => update({ feeSpeed: speed })}
                />{' '}
                {sendText.feeSpeeds[speed]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className={styles.hint}>
        <span>{sendText.networkFee}</span>
        <span data-send-fee="">{localDecimal(fee.text)}</span>
      </div>
      <p
        className={`${styles.message} ${error ? styles.error : ''}`}
        role="status"
        data-send-error=""
      >
        {message ?? ''}
      </p>
      <button type="submit" className={styles.primary} disabled={blocked}>
        {send.loading ? sendText.sending : sendText.preview}
      </button>
    </form>
  )
}
