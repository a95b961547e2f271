/**
 * `airlock.bitcoin`: Bitcoin for the site, through whichever wallet the visitor connected (a
 * Bitcoin wallet on this page, or a WalletConnect phone wallet). The calls and their shapes are
 * WalletConnect's bip122 methods (`getAccountAddresses`, `signMessage`, `signPsbt`,
 * `sendTransfer`): PSBTs and signatures in base64, amounts in satoshis as decimal strings. They
 * cross the bridge; the modal checks them, adds the account and asks the wallet.
 */
import type { AirlockState, BitcoinAccount, OpenParams, RequestArguments } from '@airlock/protocol'
import { addressOn } from './provider'

export type AirlockBitcoin = {
  /** Opens the modal for Bitcoin unless connected there; resolves with the payment address. */
  connect(): Promise<{ address: string }>
  /** The connected wallet's addresses: payment first, then ordinals. */
  getAccountAddresses(): Promise<BitcoinAccount[]>
  /** Signs `message` with the payment address (or `address`): BIP-322 unless `ecdsa` is asked. */
  signMessage(parameters: {
    message: string
    address?: string
    protocol?: 'bip322' | 'ecdsa'
  }): Promise<{ address: string; signature: string }>
  /**
   * Has the wallet sign a PSBT's inputs (`signInputs`: which input each address signs; default:
   * the inputs the connected addresses own); `broadcast` sends it through the network's Esplora
   * API and answers its txid.
   */
  signPsbt(parameters: {
    psbt: string
    signInputs?: { address: string; index: number }[]
    broadcast?: boolean
  }): Promise<{ psbt: string; txid?: string }>
  /** Sends `amount` satoshis to `recipientAddress` from the payment address; the txid. */
  sendTransfer(parameters: { recipientAddress: string; amount: string }): Promise<{ txid: string }>
}

type BitcoinContext = {
  send(request: RequestArguments): Promise<unknown>
  open(params?: OpenParams): Promise<void>
  getState(): AirlockState
  subscribe(listener: (state: AirlockState) => void): () => void
}

export function createBitcoin(context: BitcoinContext): AirlockBitcoin {
  const call =
    (method: string) =>
    (params?: object): Promise<never> =>
      context.send({ method: `bitcoin_${method}`, params: params ?? {} }) as Promise<never>
  return {
    connect: () => addressOn(context, 'bip122'),
    getAccountAddresses: call('getAccountAddresses'),
    signMessage: call('signMessage'),
    signPsbt: call('signPsbt'),
    sendTransfer: call('sendTransfer'),
  }
}
