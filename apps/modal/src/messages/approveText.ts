/** The words of ApproveTransaction, beside the view so they load with it. */
export const approveText = {
  signMessage: 'Sign message',
  signTypedData: 'Sign data',
  sendTransaction: 'Send transaction',
  signTransaction: 'Sign transaction',
  sendCalls: 'Send calls',
  explainMessage: 'The site asks your wallet to sign this message. Signing costs nothing.',
  explainTypedData:
    'The site asks your wallet to sign this data. A signature can authorise what the data says: check it.',
  explainSend: 'The site asks your wallet to send this transaction.',
  explainCalls: (count: number) =>
    `The site asks your smart account to make these ${count} calls together: all of them happen, or none.`,
  callOf: (number: number, count: number) => `Call ${number} of ${count}`,
  explainSignTransaction:
    'The site asks your wallet to sign this transaction; the site may send it afterwards.',
  network: 'Network',
  from: 'From',
  to: 'To',
  value: 'Value',
  data: 'Data',
  contract: 'Contract',
  primaryType: 'Type',
  domain: 'Domain',
  transfer: (amount: string, to: string) => `Transfer ${amount} to ${to}`,
  approve: (amount: string, spender: string) => `Allow ${spender} to spend ${amount}`,
  unlimited: 'an unlimited amount',
  program: (programId: string) => `Calls program ${programId}`,
  solTransfer: (amount: string, to: string) => `Send ${amount} to ${to}`,
  tokenTransfer: (amount: string, mint: string, to: string) =>
    `Send ${amount} of token ${mint} to token account ${to}`,
  reject: 'Reject',
  approveButton: 'Approve',
  nothing: 'Nothing is waiting for your approval.',
  // Simulation (issue 34 point 2): what the request would do, found before the visitor decides.
  simulating: 'Simulating what this does…',
  expectedChanges: 'Expected changes',
  noBalanceChanges: 'No balance changes expected.',
  untraced: "Balance changes can't be shown on this network.",
  simulationTimedOut:
    "The simulation timed out: what this does can't be shown. You can still reject.",
  simulationFailed: (reason: string) =>
    `The simulation failed (${reason}): what this does can't be shown. You can still reject.`,
  splTokenChange: (amount: string, mint: string) => `${amount} of token ${mint}`,
  likelyFail: 'This transaction will likely fail',
  failReason: (reason: string, call: number | undefined) =>
    call === undefined ? reason : `Call ${call + 1}: ${reason}`,
  approveAnywayQuestion: 'It will likely fail and may still cost a fee. Approve anyway?',
  approveAnyway: 'Approve anyway',
  nftIn: (tokenId: string, token: string, amount: string) =>
    `+${amount === '1' ? '' : `${amount} × `}NFT #${tokenId} of ${token}`,
  nftOut: (tokenId: string, token: string, amount: string) =>
    `−${amount === '1' ? '' : `${amount} × `}NFT #${tokenId} of ${token}`,
  approvalGranted: 'Approvals granted',
  grantsToken: (spender: string, amount: string) => `${spender} may spend ${amount}`,
  grantsNft: (spender: string, tokenId: string, token: string) =>
    `${spender} may move NFT #${tokenId} of ${token}`,
  grantsAll: (operator: string, token: string) => `${operator} may move all your NFTs of ${token}`,
  revokesAll: (operator: string, token: string) =>
    `${operator} may no longer move your NFTs of ${token}`,
} as const
