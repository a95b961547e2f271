/** The words the Connecting views share, loaded with them. */
export const connectingText = {
  continueIn: (name: string) => `Continue in ${name}`,
  approveInWallet: 'Accept the connection request in your wallet.',
} as const
