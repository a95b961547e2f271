// Types the dev chain's local servers share (the Solana RPC, the WalletConnect relay), so each
// one's declarations say only what is its own.

/** Where a local server listens. */
export type ListenOptions = {
  /** Defaults to 127.0.0.1. */
  host?: string
  /** 0 picks a free port; each server says its default. */
  port?: number
}
