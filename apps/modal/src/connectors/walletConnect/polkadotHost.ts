/**
 * A WalletConnect session's Polkadot side, as polkadot/polkadotRequests.ts asks a wallet: its
 * `polkadot_*` host calls (`airlock-polkadot.js`'s shapes) become WalletConnect's polkadot
 * methods (Reown's reference, https://docs.reown.com/advanced/multichain/rpc-reference/polkadot-rpc):
 *
 *   polkadot_signMessage     { address, message }             → { signature }
 *                            (message: the raw data in 0x-hex, signed wrapped in <Bytes>)
 *   polkadot_signTransaction { address, transactionPayload }  → { signature }
 *                            (transactionPayload: a SignerPayloadJSON)
 *
 * The accounts are the session's (its `polkadot:<ref>:<address>`es), which polkadotRequests.ts
 * writes with the network's SS58 prefix and holds every request to; it also checks a message's
 * signature against the account before the site gets it.
 */
import { InvalidParamsError, type RequestArguments } from '@airlock/protocol'
import type { HostWalletCall } from '../hostWalletKind'
import type { WalletConnectSessions } from './sessions'

type Params = Record<string, unknown>

/** The phone's `{ signature }`, a 0x-hex string. */
function signatureOf(answer: unknown, method: string) {
  const { signature } = (answer ?? {}) as Params
  if (typeof signature !== 'string' || !/^0x([0-9a-f]{2})+$/i.test(signature))
    throw new Error(`The wallet answered ${method} without a signature.`)
  return { signature }
}

export function walletConnectPolkadot(sessions: WalletConnectSessions): HostWalletCall {
  return async ({ method, params }: RequestArguments) => {
    const input = (params ?? {}) as Params
    switch (method) {
      case 'polkadot_connect':
        return sessions.current('polkadot').accounts.map((address) => ({ address }))
      case 'polkadot_signRaw':
        return signatureOf(
          await sessions.request({
            method: 'polkadot_signMessage',
            params: { address: input.address, message: input.data },
          }),
          'polkadot_signMessage',
        )
      case 'polkadot_signPayload': {
        const payload = input.payload as Params | undefined
        if (typeof payload !== 'object' || payload === null)
          throw new InvalidParamsError({ message: 'payload must be a signer payload.' })
        return signatureOf(
          await sessions.request({
            method: 'polkadot_signTransaction',
            params: { address: payload.address, transactionPayload: payload },
          }),
          'polkadot_signTransaction',
        )
      }
      // The session ends with the connector's disconnect.
      case 'polkadot_disconnect':
        return null
      default:
        throw new InvalidParamsError({ message: `${method} is not a Polkadot wallet call.` })
    }
  }
}
