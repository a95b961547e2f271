/** The words of the Send views (and of the send flow's outcomes), beside them so they load with them. */
export const sendText = {
  action: 'Send',
  token: 'Token',
  chooseToken: 'Select token',
  amount: 'Amount',
  max: 'Max',
  receiver: 'To',
  receiverPlaceholder: (namespace: string | undefined) =>
    namespace === 'solana'
      ? 'Solana address'
      : namespace === 'bip122'
        ? 'Bitcoin address'
        : '0x… address or name',
  resolvingName: (name: string) => `Looking up ${name}…`,
  nameNotFound: (name: string) => `No address found for ${name}`,
  available: (amount: string) => `${amount} available`,
  networkFee: 'Network fee',
  estimatingFee: 'Estimating…',
  feeUnavailable: 'Fee estimate unavailable',
  preview: 'Preview send',
  confirm: 'Send',
  sending: 'Sending…',
  cancel: 'Cancel',
  sendingTo: 'To',
  network: 'Network',
  createsTokenAccount: 'Includes creating the receiver’s token account',
  invalidAddress: 'Invalid address',
  notOnNetwork: (network: string) => `Not a ${network} address`,
  belowDust: (sats: number) => `Below the dust limit (${sats} sats) for that address`,
  feeSpeed: 'Fee',
  feeSpeeds: { slow: 'Slow', normal: 'Normal', fast: 'Fast' },
  unsupportedChain: 'Unsupported chain',
  reverted: 'The transaction failed on chain (reverted)',
  failed: 'The transaction failed',
  sent: (what: string) => `Sent ${what}`,
} as const
