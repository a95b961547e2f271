/**
 * A WalletConnect session's Bitcoin side, as bitcoin/bitcoinRequests.ts asks a wallet: its
 * `bitcoin_*` calls become WalletConnect's bip122 methods (Reown's reference,
 * https://docs.reown.com/advanced/multichain/rpc-reference/bitcoin-rpc, as AppKit's
 * BitcoinAdapter sends them):
 *
 *   getAccountAddresses { account, intentions? }            → [{ address, publicKey?, intention? }]
 *   signMessage         { account, address, message, protocol? } → { address, signature }
 *   signPsbt            { account, psbt, signInputs, broadcast } → { psbt, txid? }
 *   sendTransfer        { account, recipientAddress, amount }    → { txid }
 *
 * The session's accounts (its `bip122:<ref>:<address>`es) answer a silent connect; the modal
 * still holds a PSBT the phone signed to the one it gave, and broadcasts it itself.
 */
import { InternalError, type RequestArguments } from '@airlock/protocol'
import type { HostWalletCall } from '../hostWalletKind'
import type { WalletConnectSessions } from './sessions'

type Params = Record<string, unknown>

export function walletConnectBitcoin(sessions: WalletConnectSessions) {
  const account = () => sessions.current('bip122').accounts[0] ?? ''
  const ask = (method: string, params: Params) =>
    sessions.request({ method, params: { account: account(), ...params } })
  const host: HostWalletCall = async ({ method, params }: RequestArguments) => {
    const input = (params ?? {}) as Params
    switch (method) {
      case 'bitcoin_connect': {
        if (input.silent) return sessions.current('bip122').accounts.map((address) => ({ address }))
        const answer = await ask('getAccountAddresses', { intentions: ['payment', 'ordinals'] })
        return Array.isArray(answer) ? answer : []
      }
      case 'bitcoin_signMessage':
        return ask('signMessage', {
          address: input.address,
          message: input.message,
          ...(input.protocol ? { protocol: input.protocol } : {}),
        })
      case 'bitcoin_signPsbt':
        return ask('signPsbt', { psbt: input.psbt, signInputs: input.signInputs, broadcast: false })
      default:
        return null
    }
  }
  return {
    host,
    async sendTransfer(recipientAddress: string, amount: string) {
      const answer = (await ask('sendTransfer', { recipientAddress, amount })) as { txid?: unknown }
      if (typeof answer?.txid !== 'string' || !/^[0-9a-f]{64}$/.test(answer.txid))
        throw new InternalError({ message: 'The wallet answered sendTransfer without a txid.' })
      return answer.txid
    },
  }
}
