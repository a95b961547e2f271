/**
 * The words of CallsStatus (a sent batch's status: EIP-5792 `wallet_showCallsStatus`, or a user
 * operation followed past its timeout) and of the toasts of a user operation followed to its end.
 */
import { defineMessages } from '../i18n/defineMessages'
export const callsStatusText = defineMessages('callsStatus', {
  /** The state's word, as the status line says it. */
  state: {
    pending: 'Pending',
    confirmed: 'Confirmed',
    failed: 'Failed',
    partial: 'Partly confirmed',
    cancelled: 'Cancelled',
  },
  /** What the state means for the visitor. */
  explain: {
    pending:
      'Sent, not included yet. It is followed until it lands: do not send it again, or it may happen twice.',
    confirmed: 'Included on the network: every call was made.',
    failed:
      'Included, but it reverted: none of its calls took effect (the network fee may have been paid).',
    partial: 'Some of the calls were made, others reverted: check what each transaction did.',
    cancelled:
      'A no-op took its place: none of its calls were made (the no-op’s network fee may have been paid).',
  },
  /** Sends the same calls again with higher fees, in place of the pending one. */
  speedUp: 'Speed up',
  /** Sends a no-op in place of the pending one. */
  cancel: 'Cancel',
  notReplaceable:
    'It was already sent to the network in a bundle: it can no longer be sped up or cancelled.',
  notSentHere: 'It was not sent from this window: it can’t be sped up or cancelled here.',
  network: 'Network',
  transactions: 'Transactions',
  nothing: 'No batch to show: a site shows one it sent.',
  pendingToast: 'Pending: not included yet. It is followed until it lands.',
  confirmedToast: 'Transaction confirmed',
})
