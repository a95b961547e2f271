/** The words of ApproveTransaction, beside the view so they load with it. */
export const approveText = {
  signMessage: 'Sign a message',
  signTypedData: 'Sign typed data',
  sendTransaction: 'Send a transaction',
  signTransaction: 'Sign a transaction',
  sendCalls: 'Send a batch of calls',
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
  // Fees (FeeRows): the most a transaction's fee can be, the total with its value, Solana's fees.
  maxFee: 'Max network fee',
  total: 'Total',
  sponsoredFee: 'None: a sponsor pays it',
  baseFee: 'Network fee',
  priorityFee: 'Priority fee',
  inUsd: (amount: string, usd: string) => `${amount} (${usd})`,
  // Issue 34 points 4 and 5: seen before armed, the site named, what is asked.
  visibilityUnproven:
    "This browser can't prove the request is shown to you: approve only what you came here to do.",
  askedBy: 'Asked by',
  unknownSite: 'an unknown site',
} as const
