/**
 * `airlock.solana`: Solana for the site, through whichever wallet the visitor connected (a
 * Wallet Standard wallet on this page or a WalletConnect phone wallet). Calls cross the bridge;
 * the modal adds the account and chain and asks the wallet. Bytes in, bytes out, as in Wallet
 * Standard: a serialized transaction (`Uint8Array`), a 64-byte signature.
 */
import type { AirlockState, OpenParams, RequestArguments } from '@airlock/protocol'
import { addressOn } from './provider'

export type AirlockSolana = {
  /** Opens the modal for Solana unless connected there; resolves with the address. */
  connect(): Promise<{ address: string }>
  signMessage(message: Uint8Array): Promise<{ signature: Uint8Array }>
  signTransaction(transaction: Uint8Array): Promise<{ signedTransaction: Uint8Array }>
  signAndSendTransaction(transaction: Uint8Array): Promise<{ signature: Uint8Array }>
}

type SolanaContext = {
  send(request: RequestArguments): Promise<unknown>
  open(params?: OpenParams): Promise<void>
  getState(): AirlockState
  subscribe(listener: (state: AirlockState) => void): () => void
}

export function createSolana(context: SolanaContext): AirlockSolana {
  const call =
    (method: string, key: string) =>
    (value: Uint8Array): Promise<never> =>
      context.send({ method, params: { [key]: value } }) as Promise<never>
  return {
    connect: () => addressOn(context, 'solana'),
    signMessage: call('solana_signMessage', 'message'),
    signTransaction: call('solana_signTransaction', 'transaction'),
    signAndSendTransaction: call('solana_signAndSendTransaction', 'transaction'),
  }
}
