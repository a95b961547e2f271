/**
 * ApproveTransaction: what the site asks the embedded wallet to sign or send, in words — the
 * network, the account, the receiver, the value, an ERC-20 transfer or approval decoded, the
 * typed data's fields, a Solana transaction's transfers — and the visitor's Approve or Reject.
 * Amounts and addresses are shown whole: this is where the visitor checks them. Nothing is
 * signed until Approve (approvals.ts).
 */
import type { NetworkConfig } from '@airlock/protocol'
import { type ReactNode, useRef } from 'react'
import { formatUnits } from 'viem'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import type { PendingApproval } from '../../embeddedWallet/approvals'
import type { ApprovalCall } from '../../embeddedWallet/evmSigner'
import type { SolanaInstructionSummary } from '../../embeddedWallet/solanaSigner'
import { approveText as text } from '../../messages/approveText'
import type { ModalState } from '../../stores/store'
import styles from '../form.module.css'
import list from '../list.module.css'
import own from './ApproveTransaction.module.css'
import { AskingSite } from './AskingSite'
import { BalanceChanges } from './BalanceChanges'
import { DecodedCall } from './DecodedCall'
import { FeeRows } from './FeeRows'
import { TypedDataSummary } from './TypedDataSummary'
import { TypedReceiverName } from './TypedReceiverName'
import { useSecondConfirmation } from './useSecondConfirmation'
import { canProveVisibility, seenForMs, useSeenArming } from './useSeenArming'
import { useSimulation } from './useSimulation'

const lamportsPerSol = 9

function networkOf(state: ModalState, approval: PendingApproval) {
  return state.networks.find((network) => network.caipNetworkId === approval.network)
}

function SolanaInstruction({ instruction }: { instruction: SolanaInstructionSummary }) {
  const { transfer, tokenTransfer } = instruction
  if (transfer)
    return (
      <>{text.solTransfer(`${formatUnits(transfer.lamports, lamportsPerSol)} SOL`, transfer.to)}</>
    )
  if (tokenTransfer)
    return (
      <>
        {text.tokenTransfer(
          formatUnits(tokenTransfer.amount, tokenTransfer.decimals),
          tokenTransfer.mint,
          tokenTransfer.to,
        )}
      </>
    )
  return <>{text.program(instruction.programId)}</>
}

/** What a send is: the visitor's own (built in the modal), or the site's request. */
const explainSendOf = (approval: PendingApproval) =>
  approval.fromModal ? text.explainOwnSend : text.explainSend

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  )
}

function Summary({ approval, state }: { approval: PendingApproval; state: ModalState }) {
  const network = networkOf(state, approval)
  const common = (
    <>
      <Row label={text.network}>{network?.name ?? approval.network}</Row>
      <Row label={text.from}>{approval.from}</Row>
    </>
  )
  // What it costs, after what it does: the most its fee can be, and the total with its value.
  const fees = (
    <dl className={styles.details}>
      <FeeRows approval={approval} network={network} />
    </dl>
  )
  if (approval.kind === 'message')
    return (
      <>
        <p className={list.note}>{text.explainMessage}</p>
        <pre className={`${styles.field} ${styles.input} ${own.message}`} data-approval-message>
          {approval.message}
        </pre>
        <dl className={styles.details}>{common}</dl>
      </>
    )
  if (approval.kind === 'typedData')
    return (
      <>
        <p className={list.note}>{text.explainTypedData}</p>
        <dl className={styles.details}>{common}</dl>
        <TypedDataSummary approval={approval} network={network} />
      </>
    )
  if ('instructions' in approval)
    return (
      <>
        <p className={list.note}>
          {approval.send ? explainSendOf(approval) : text.explainSignTransaction}
        </p>
        <ul className={list.list}>
          {approval.instructions.map((instruction, index) => (
            // Instructions have no id but their place in the transaction.
            // biome-ignore lint/suspicious/noArrayIndexKey: the order is the transaction's
            <li key={index} className={list.note} data-instruction>
              <SolanaInstruction instruction={instruction} />
            </li>
          ))}
        </ul>
        <dl className={styles.details}>{common}</dl>
        {fees}
      </>
    )
  if (approval.kind === 'calls')
    return (
      <>
        <p className={list.note}>{text.explainCalls(approval.calls.length)}</p>
        <dl className={styles.details}>{common}</dl>
        <ol className={list.list}>
          {approval.calls.map((call, index) => (
            // Calls have no id but their place in the batch, which runs them in that order.
            // biome-ignore lint/suspicious/noArrayIndexKey: the order is the batch's
            <li key={index} className={styles.batchCall} data-batch-call>
              <p className={list.note}>{text.callOf(index + 1, approval.calls.length)}</p>
              <CallRows call={call} network={network} />
            </li>
          ))}
        </ol>
        {fees}
      </>
    )
  return (
    <>
      <p className={list.note}>{explainSendOf(approval)}</p>
      <dl className={styles.details}>{common}</dl>
      <CallRows call={approval} network={network} />
      {fees}
    </>
  )
}

/** One call: decoded in words (DecodedCall, the raw data behind it), the receiver or contract, value. */
function CallRows({ call, network }: { call: ApprovalCall; network: NetworkConfig | undefined }) {
  const symbol = network?.nativeCurrency.symbol ?? ''
  const decimals = network?.nativeCurrency.decimals ?? 18
  return (
    <>
      <DecodedCall call={call} network={network} />
      <dl className={styles.details}>
        <Row label={call.data ? text.contract : text.to}>{call.to}</Row>
        <TypedReceiverName call={call} />
        <Row label={text.value}>
          <span data-value>{`${formatUnits(call.value, decimals)} ${symbol}`}</span>
        </Row>
      </dl>
    </>
  )
}

const titleOf = (approval: PendingApproval) =>
  approval.kind === 'message'
    ? text.signMessage
    : approval.kind === 'typedData'
      ? text.signTypedData
      : approval.kind === 'calls'
        ? text.sendCalls
        : 'send' in approval && !approval.send
          ? text.signTransaction
          : text.sendTransaction

export function ApproveTransaction() {
  const modal = useModal()
  const state = useModalState((current) => current)
  const { approval } = state
  // Approve answers only once the card has been seen (useSeenArming), not merely on screen.
  const card = useRef<HTMLDivElement>(null)
  const arming = useSeenArming(card, approval)
  const network = approval && networkOf(state, approval)
  const simulation = useSimulation(approval, network)
  const second = useSecondConfirmation(approval, simulation, seenForMs)
  if (!approval) return <p className={list.note}>{text.nothing}</p>
  const decide = async (approved: boolean) =>
    (await modal.embeddedWallet.load()).approvals.decide(approved)
  return (
    <div ref={card} className={styles.form} data-approval-kind={approval.kind}>
      <p className={styles.title}>{titleOf(approval)}</p>
      <AskingSite fromModal={approval.fromModal === true} />
      <Summary approval={approval} state={state} />
      <BalanceChanges simulation={simulation} network={network} />
      {second.asking && (
        <p className={list.warning} role="alert">
          {text.approveAnywayQuestion}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="button" className={list.button} onClick={() => decide(false)}>
          {text.reject}
        </button>
        <button
          type="button"
          className={styles.primary}
          disabled={arming !== 'armed' || simulation?.isPending === true || second.waiting}
          data-arming={arming}
          onClick={() => second.confirm() && decide(true)}
        >
          {second.asking ? text.approveAnyway : text.approveButton}
        </button>
      </div>
      {!canProveVisibility() && <p className={list.note}>{text.visibilityUnproven}</p>}
    </div>
  )
}
