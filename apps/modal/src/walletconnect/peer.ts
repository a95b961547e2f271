/**
 * The wallet at the other end of a WalletConnect session (its peer) as the rest of the modal
 * names it. Apart from walletConnect.ts so the store and the connection controller can name it
 * without importing the client, which imports them.
 */

/** The connection id and wallet id a WalletConnect session goes by in the modal. */
export const walletConnectId = 'walletConnect'

/** The connected wallet as the modal shows it: its metadata from the session. */
export type WalletConnectPeer = { name: string; icon: string }
