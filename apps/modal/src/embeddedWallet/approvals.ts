/**
 * The visitor's yes or no to each signature the site asks of the embedded wallet: the request,
 * described in data by the signer, is put in the store for ApproveTransaction, the view is shown
 * (the modal opening for it when closed), and the signer waits for the visitor's choice. One at a
 * time, in the order they came; closing the modal is a no. Only the view's buttons decide.
 * A request that fails after the visitor's yes (signing, sending, the bundler) is told to them
 * in the modal (`failedAfterApproval`) as well as rejected to the site by its signer.
 */
import { approveText } from '../messages/approveText'
import type { ModalStore } from '../stores/store'
import { type CallsStatusOf, callsStatusShower, type ReplaceShown } from './callsStatusShown'
import type { ApprovalRequest } from './evmSigner'
import type { SolanaApprovalRequest } from './solanaSigner'

/** What ApproveTransaction shows: an EVM or a Solana request. */
export type PendingApproval = ApprovalRequest | SolanaApprovalRequest

export type ApprovalViews = {
  /** Shows ApproveTransaction; resolves whether the modal was opened for it. */
  showApproval(): Promise<boolean>
  /** The visitor decided: back to where they were, or closed again if opened for this. */
  endApproval(openedForIt: boolean): Promise<void>
  /** Tells the visitor, in the modal (opened again if closed), why what they approved failed. */
  showFailure(message: string): Promise<void>
  /** Shows CallsStatus on the store's `callsStatus` (callsStatusShown.ts), opening the modal if closed. */
  showCallsStatus(): Promise<void>
}

/** An error's own words, whatever was thrown. */
function failureReason(error: unknown) {
  const message = error instanceof Error ? error.message : String(error)
  return message.trim() || approveText.unknownFailure
}

export function createApprovals(store: ModalStore, views: ApprovalViews) {
  let queue: Promise<unknown> = Promise.resolve()
  const callsStatus = callsStatusShower(store, () => views.showCallsStatus())
  let decide: ((approved: boolean) => void) | undefined
  // Bumped when the wallet locks: requests still queued from before are declined unseen.
  let generation = 0

  // Closing the modal (✕, Esc, the site's close) while a request waits declines it.
  store.subscribe((state, previous) => {
    if (previous.open && !state.open) decide?.(false)
  })

  /** Asks the visitor about `request`; true only when they approve it in the view. */
  function ask(request: PendingApproval): Promise<boolean> {
    const asked = generation
    const turn = queue.then(async () => {
      if (asked !== generation) return false
      const decision = new Promise<boolean>((resolve) => {
        decide = resolve
      })
      store.setState({ approval: request })
      let openedForIt = false
      try {
        openedForIt = await views.showApproval()
        return await decision
      } finally {
        decide = undefined
        store.setState({ approval: undefined })
        await views.endApproval(openedForIt)
      }
    })
    queue = turn.catch(() => undefined)
    return turn
  }

  return {
    ask,
    /** ApproveTransaction's Approve (true) and Reject (false). */
    decide: (approved: boolean) => decide?.(approved),
    /**
     * What the visitor approved failed (the signer still rejects to the site): said in the modal,
     * after the approval has gone away.
     */
    failedAfterApproval(error: unknown) {
      const message = approveText.failedAfterApproval(failureReason(error))
      queue = queue.then(() => views.showFailure(message)).catch(() => undefined)
    },
    /**
     * Shows a sent batch's status, followed while pending (callsStatusShown.ts), in its turn: a
     * request the visitor is deciding on is never covered (leaving it would decline it).
     */
    showCallsStatus(id: string, statusOf: CallsStatusOf, replace?: ReplaceShown): Promise<void> {
      const turn = queue.then(() => callsStatus.show(id, statusOf, replace))
      queue = turn.catch(() => undefined)
      return turn
    },
    /**
     * CallsStatus's Speed up and Cancel: the pending batch shown replaced, once the visitor
     * approves (its approval takes its turn as any); rejects with why it could not be.
     */
    replacePending: (how: 'speedUp' | 'cancel') => callsStatus.replaceShown(how),
    /** Declines what waits: the wallet is being locked. */
    declineAll() {
      generation++
      decide?.(false)
    },
  }
}
export type Approvals = ReturnType<typeof createApprovals>
