/**
 * ApproveTransaction: what the site asks the embedded wallet to sign or send, in words — the
 * network, the account, the receiver, the value, an ERC-20 transfer or approval decoded, the
 * typed data's fields, a Solana transaction's transfers — and the visitor's Approve or Reject.
 * Amounts and addresses are shown whole: this is where the visitor checks them. Nothing is
 * signed until Approve (approvals.ts).
 */
import type { NetworkConfig } from '@airlock/protocol'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { formatUnits } from 'viem'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import type { PendingApproval } from '../../embeddedWallet/approvals'
import type { ApprovalCall, Erc20Call } from '../../embeddedWallet/evmSigner'
import type { SolanaInstructionSummary } from '../../embeddedWallet/solanaSigner'
import { approveText as text } from '../../messages/approveText'
import { queryClientOf } from '../../queries/queryClient'
import { tokenUnitsQuery } from '../../queries/tokenUnits'
import type { ModalState } from '../../stores/store'
import styles from '../form.module.css'
import list from '../list.module.css'
import { BalanceChanges } from './BalanceChanges'
import { useSecondConfirmation } from './useSecondConfirmation'
import { useSimulation } from './useSimulation'

const lamportsPerSol = 9

/**
 * Approve answers only after the request has been on screen this long: a click the host page
 * timed to land as the view appears (a double-click it asked for elsewhere) does not approve.
 */
const approveDelayMs = 500

function networkOf(state: ModalState, approval: PendingApproval) {
  return state.networks.find((network) => network.caipNetworkId === approval.network)
}

/** A token call in the token's units once its contract has said them; raw units until then. */
function Erc20CallText({ call, network }: { call: Erc20Call; network: NetworkConfig | undefined }) {
  const { store } = useModal()
  const { data: units } = useQuery(tokenUnitsQuery(network, call.token), queryClientOf(store))
  const amount =
    call.name === 'approve' && call.amount === 2n ** 256n - 1n
      ? text.unlimited
      : units
        ? `${formatUnits(call.amount, units.decimals)} ${units.symbol}`
        : `${call.amount} units of ${call.token}`
  return (
    <p className={styles.big} data-call={call.name}>
      {call.name === 'transfer'
        ? text.transfer(amount, call.to)
        : text.approve(amount, call.spender)}
    </p>
  )
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

/** Typed data's fields, nested ones indented, each value as it will be signed. */
function Fields({ value }: { value: Record<string, unknown> }) {
  return (
    <dl className={styles.details}>
      {Object.entries(value).map(([key, field]) => (
        <Row key={key} label={key}>
          {field !== null && typeof field === 'object' && !Array.isArray(field) ? (
            <Fields value={field as Record<string, unknown>} />
          ) : (
            JSON.stringify(field, (_, item) => (typeof item === 'bigint' ? String(item) : item))
          )}
        </Row>
      ))}
    </dl>
  )
}

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
  if (approval.kind === 'message')
    return (
      <>
        <p className={list.note}>{text.explainMessage}</p>
        <pre className={`${styles.field} ${styles.input}`} data-approval-message>
          {approval.message}
        </pre>
        <dl className={styles.details}>{common}</dl>
      </>
    )
  if (approval.kind === 'typedData')
    return (
      <>
        <p className={list.note}>{text.explainTypedData}</p>
        <dl className={styles.details}>
          {common}
          <Row label={text.domain}>
            <Fields value={approval.domain as Record<string, unknown>} />
          </Row>
          <Row label={text.primaryType}>{approval.primaryType}</Row>
        </dl>
        <Fields value={approval.message} />
      </>
    )
  if ('instructions' in approval)
    return (
      <>
        <p className={list.note}>
          {approval.send ? text.explainSend : text.explainSignTransaction}
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
      </>
    )
  return (
    <>
      <p className={list.note}>{text.explainSend}</p>
      <dl className={styles.details}>{common}</dl>
      <CallRows call={approval} network={network} />
    </>
  )
}

/** One call: its ERC-20 transfer or approval in words, the receiver or contract, value, data. */
function CallRows({ call, network }: { call: ApprovalCall; network: NetworkConfig | undefined }) {
  const symbol = network?.nativeCurrency.symbol ?? ''
  const decimals = network?.nativeCurrency.decimals ?? 18
  return (
    <>
      {call.call && <Erc20CallText call={call.call} network={network} />}
      <dl className={styles.details}>
        <Row label={call.call ? text.contract : text.to}>{call.to}</Row>
        <Row label={text.value}>
          <span data-value>{`${formatUnits(call.value, decimals)} ${symbol}`}</span>
        </Row>
        {call.data && !call.call && <Row label={text.data}>{call.data}</Row>}
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
  const [armed, setArmed] = useState<PendingApproval | undefined>()
  useEffect(() => {
    const timer = setTimeout(() => setArmed(approval), approveDelayMs)
    return () => clearTimeout(timer)
  }, [approval])
  const network = approval && networkOf(state, approval)
  const simulation = useSimulation(approval, network)
  const second = useSecondConfirmation(approval, simulation, approveDelayMs)
  if (!approval) return <p className={list.note}>{text.nothing}</p>
  const decide = async (approved: boolean) =>
    (await modal.embeddedWallet.load()).approvals.decide(approved)
  return (
    <div className={styles.form} data-approval-kind={approval.kind}>
      <p className={styles.title}>{titleOf(approval)}</p>
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
          disabled={armed !== approval || simulation?.isPending === true || second.waiting}
          onClick={() => second.confirm() && decide(true)}
        >
          {second.asking ? text.approveAnyway : text.approveButton}
        </button>
      </div>
    </div>
  )
}
