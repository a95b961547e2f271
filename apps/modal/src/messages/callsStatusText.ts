/**
 * The words of a sent batch's or user operation's status (EIP-5792 `wallet_showCallsStatus`'s
 * view, and the toasts of a user operation followed past its timeout).
 */
export const callsStatusText = {
  pendingToast: 'Pending: not included yet. It is followed until it lands.',
  confirmedToast: 'Transaction confirmed',
}
