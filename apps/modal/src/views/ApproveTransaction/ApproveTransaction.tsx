/**
 * ApproveTransaction: what the site asks the embedded wallet to sign or send, in words — the
 * network, the account, the receiver, the value, an ERC-20 transfer or approval decoded, the
 * typed data's fields, a Solana transaction's transfers — and the visitor's Approve or Reject.
 * Amounts and addresses are shown whole: this is where the visitor checks them. Nothing is
 * signed until Approve (approvals.ts).
 */
import type { NetworkConfig } from '@airlock/protocol'
import { type ReactNode, useRef } from 'react'
import { createPortal } from 'react-dom'
import { formatUnits } from 'viem'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import type { AccountUpgrade } from '../../embeddedWallet/accountUpgrade'
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
import { asksInWindow, useApprovalWindow } from './useApprovalWindow'
import { useSecondConfirmation } from './useSecondConfirmation'
import { type Arming, canProveVisibility, seenForMs, useSeenArming } from './useSeenArming'
import { type SimulationQuery, useSimulation } from './useSimulation'
import { useWindowArming } from './useWindowArming'

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
      {approval.account && <Row label={text.smartAccount}>{approval.account}</Row>}
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
        <p className={list.note}>
          {approval.replacing === 'speedUp'
            ? text.explainSpeedUp
            : approval.replacing === 'cancel'
              ? text.explainCancel
              : text.explainCalls(approval.calls.length)}
        </p>
        <dl className={styles.details}>{common}</dl>
        {approval.upgrade && <Upgrade upgrade={approval.upgrade} />}
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
      {'upgrade' in approval && approval.upgrade && <Upgrade upgrade={approval.upgrade} />}
      {'removal' in approval && approval.removal && <Upgrade upgrade={approval.removal} removal />}
      <CallRows call={approval} network={network} />
      {fees}
    </>
  )
}

/**
 * The EIP-7702 upgrade a send starts with (the contract the account will run, and its address),
 * or its `removal` (the contract it stops running).
 */
function Upgrade({ upgrade, removal }: { upgrade: AccountUpgrade; removal?: boolean }) {
  return (
    <section data-upgrade={removal ? 'remove' : 'upgrade'}>
      <p className={list.warning} role="note">
        {removal ? text.removeUpgrade : text.upgradeAccount}
      </p>
      <p className={list.note}>{removal ? text.explainRemoveUpgrade : text.explainUpgrade}</p>
      <dl className={styles.details}>
        <Row label={text.upgradeContract}>{upgrade.contract}</Row>
        <Row label={text.upgradeAddress}>{upgrade.address}</Row>
      </dl>
    </section>
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
        ? approval.replacing
          ? approval.replacing === 'speedUp'
            ? text.speedUpPending
            : text.cancelPending
          : approval.upgrade
            ? text.upgradeAndSendCalls
            : text.sendCalls
        : 'upgrade' in approval && approval.upgrade
          ? text.upgradeAndSendTransaction
          : 'removal' in approval && approval.removal
            ? text.removeUpgradeTitle
            : 'send' in approval && !approval.send
              ? text.signTransaction
              : text.sendTransaction

/** The request on screen, the modal's state it is read with, and its simulation. */
type ShownApproval = {
  approval: PendingApproval
  state: ModalState
  simulation: SimulationQuery | undefined
}

/** What is asked, in words: the title, the site, the request and what it would change. */
function ApprovalDetails({ approval, state, simulation }: ShownApproval) {
  return (
    <>
      <p className={styles.title}>{titleOf(approval)}</p>
      <AskingSite fromModal={approval.fromModal === true} />
      <Summary approval={approval} state={state} />
      <BalanceChanges simulation={simulation} network={networkOf(state, approval)} />
    </>
  )
}

/** Reject and Approve; Approve answers once `arming` says the visitor has seen the request. */
function ApprovalButtons({
  approval,
  arming,
  simulation,
}: {
  approval: PendingApproval
  arming: Arming
  simulation: SimulationQuery | undefined
}) {
  const modal = useModal()
  const second = useSecondConfirmation(approval, simulation, seenForMs)
  const decide = async (approved: boolean) =>
    (await modal.embeddedWallet.load()).approvals.decide(approved)
  return (
    <>
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
    </>
  )
}

/** The approval in the approval window: the same screen, armed by the window being in front. */
function WindowApproval({
  approval,
  state,
  target,
}: {
  approval: PendingApproval
  state: ModalState
  target: Window
}) {
  const simulation = useSimulation(approval, networkOf(state, approval))
  const arming = useWindowArming(target, approval)
  return (
    <div className={`${styles.form} ${own.window}`} data-approval-kind={approval.kind}>
      <ApprovalDetails approval={approval} state={state} simulation={simulation} />
      <ApprovalButtons approval={approval} arming={arming} simulation={simulation} />
    </div>
  )
}

/**
 * Where the browser can't prove the frame is seen, a request that moves value or grants an
 * approval is approved in the approval window (useApprovalWindow): the frame shows it, with
 * Reject, and the button that opens the window.
 */
function InWindow({ approval, state, simulation }: ShownApproval) {
  const modal = useModal()
  const approvalWindow = useApprovalWindow(approval)
  const { status } = approvalWindow.state
  const decline = async () => (await modal.embeddedWallet.load()).approvals.decide(false)
  return (
    <div className={styles.form} data-approval-kind={approval.kind} data-approval-window={status}>
      <ApprovalDetails approval={approval} state={state} simulation={simulation} />
      <p className={list.note}>
        {status === 'open' || status === 'opening' ? text.inWindowOpen : text.inWindowWhy}
      </p>
      {status === 'blocked' && (
        <p className={list.warning} role="alert">
          {text.inWindowBlocked}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="button" className={list.button} onClick={decline}>
          {text.reject}
        </button>
        <button type="button" className={styles.primary} onClick={approvalWindow.open}>
          {status === 'open' || status === 'opening' ? text.showWindow : text.approveInWindow}
        </button>
      </div>
      {approvalWindow.state.status === 'open' &&
        createPortal(
          <WindowApproval approval={approval} state={state} target={approvalWindow.state.window} />,
          approvalWindow.state.root,
        )}
    </div>
  )
}

export function ApproveTransaction() {
  const state = useModalState((current) => current)
  const { approval } = state
  // Approve answers only once the card has been seen (useSeenArming), not merely on screen.
  const card = useRef<HTMLDivElement>(null)
  const arming = useSeenArming(card, approval)
  const network = approval && networkOf(state, approval)
  const simulation = useSimulation(approval, network)
  if (!approval) return <p className={list.note}>{text.nothing}</p>
  if (asksInWindow(approval))
    return <InWindow approval={approval} state={state} simulation={simulation} />
  return (
    <div ref={card} className={styles.form} data-approval-kind={approval.kind}>
      <ApprovalDetails approval={approval} state={state} simulation={simulation} />
      <ApprovalButtons approval={approval} arming={arming} simulation={simulation} />
      {!canProveVisibility() && <p className={list.note}>{text.visibilityUnproven}</p>}
    </div>
  )
}
