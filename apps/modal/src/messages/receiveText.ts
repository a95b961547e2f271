/** The words of the Receive view, beside it so they load with it. */
export const receiveText = {
  action: 'Receive',
  qrLabel: (address: string) => `QR code of ${address}`,
  copy: 'Copy address',
  networks: 'Networks',
  /** Said above the list: sending on another network to this address may lose the funds. */
  onlyTheseNetworks: 'Send only assets on these networks to this address.',
  notConnected: 'Connect a wallet to receive.',
} as const
