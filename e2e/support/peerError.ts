// A WalletConnect wallet peer's refusal (walletPeer.ts and its Solana and Bitcoin sides): the
// code and message that go back to the dapp over the relay. No DOM here: Node-only projects
// (devchain's relay test) import the peer too.

export class PeerError extends Error {
  override readonly name = 'PeerError'
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}
