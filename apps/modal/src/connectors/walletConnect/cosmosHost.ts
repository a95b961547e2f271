/**
 * A WalletConnect session's Cosmos side, as cosmos/cosmosRequests.ts asks a wallet: its
 * `cosmos_*` host calls (`airlock-cosmos.js`'s shapes) become WalletConnect's cosmos methods
 * (Reown's reference, https://docs.reown.com/advanced/multichain/rpc-reference/cosmos-rpc):
 *
 *   cosmos_getAccounts {}                          → [{ address, algo, pubkey (base64) }]
 *   cosmos_signDirect  { signerAddress, signDoc }  → { signature: StdSignature, signed }
 *                      (signDoc: chainId, accountNumber, authInfoBytes and bodyBytes in base64)
 *   cosmos_signAmino   { signerAddress, signDoc }  → { signature: StdSignature, signed }
 *
 * WalletConnect has no ADR-036 method: `cosmos_signArbitrary` is `cosmos_signAmino` of the
 * ADR-036 document, whose signature cosmosRequests.ts checks against the account. Accounts are
 * the session's on the chain asked for (its `cosmos:<chainId>:<address>`es); the phone's
 * `cosmos_getAccounts` gives their public keys. Loaded with the first Cosmos request.
 */
import { InvalidParamsError, type RequestArguments } from '@airlock/protocol'
import { adr036SignDoc } from '@airlock/protocol/cosmos'
import type { HostWalletCall } from '../hostWalletKind'
import type { WalletConnectSessions } from './sessions'

type Params = Record<string, unknown>

/** The wallet's answer to a sign request: its signature and the document it signed. */
function signedAnswer(answer: unknown, method: string) {
  const { signature, signed } = (answer ?? {}) as Params
  if (typeof signature !== 'object' || signature === null)
    throw new Error(`The wallet answered ${method} without a signature.`)
  return { signed, signature }
}

export function walletConnectCosmos(sessions: WalletConnectSessions): HostWalletCall {
  /** The session's accounts on `chainId`; a chain the phone did not approve has none. */
  const sessionAccounts = (chainId: unknown) => {
    const view = sessions.current('cosmos')
    return view.network === `cosmos:${String(chainId)}` ? view.accounts : []
  }
  /** Asks the phone, on a chain of the session only. */
  const ask = (chainId: unknown, method: string, params: Params) => {
    if (sessionAccounts(chainId).length === 0)
      throw new InvalidParamsError({
        message: `The wallet did not approve cosmos:${String(chainId)} for this session.`,
      })
    return sessions.request({ method, params })
  }
  return async ({ method, params }: RequestArguments) => {
    const input = (params ?? {}) as Params
    switch (method) {
      case 'cosmos_connect': {
        const approved = sessionAccounts(input.chainId)
        if (approved.length === 0) return []
        const answer = await ask(input.chainId, 'cosmos_getAccounts', {})
        if (!Array.isArray(answer)) return []
        // Only the session's accounts: the phone may hold others it did not approve.
        return answer.flatMap((item) => {
          const { address, algo, pubkey } = (item ?? {}) as Params
          return typeof address === 'string' && approved.includes(address)
            ? [{ address, publicKey: pubkey, algo }]
            : []
        })
      }
      case 'cosmos_signArbitrary': {
        const address = String(input.address)
        const answer = await ask(input.chainId, 'cosmos_signAmino', {
          signerAddress: address,
          signDoc: adr036SignDoc(address, String(input.message)),
        })
        return signedAnswer(answer, 'cosmos_signAmino').signature
      }
      case 'cosmos_signDirect':
      case 'cosmos_signAmino':
        return signedAnswer(
          await ask(input.chainId, method, {
            signerAddress: input.address,
            signDoc: input.signDoc,
          }),
          method,
        )
      // The session ends with the connector's disconnect.
      case 'cosmos_disconnect':
        return null
      default:
        throw new InvalidParamsError({ message: `${method} is not a Cosmos wallet call.` })
    }
  }
}
