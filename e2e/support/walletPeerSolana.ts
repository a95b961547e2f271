// The Solana side of the WalletConnect wallet peer (walletPeer.ts): an ed25519 key made with
// @solana/kit in the test process, funded on the e2e stack's local Solana chain by an airdrop,
// answering WalletConnect's Solana methods as phone wallets implement them
// (https://docs.walletconnect.network/wallet-sdk/chain-support/solana; Reown's AppKit sends
// them the same way, reown-com/appkit packages/adapters/solana/src/providers/
// SolanaWalletConnectProvider.ts):
//
//   solana_signMessage             { message: base58, pubkey }     → { signature: base58 }
//   solana_signTransaction         { transaction: base64, pubkey } → { signature: base58,
//                                                                      transaction: base64 }
//   solana_signAndSendTransaction  { transaction: base64, pubkey,  → { signature: base58 }
//                                    sendOptions? }                   (sent and confirmed)
import {
  type Address,
  generateKeyPair,
  getAddressFromPublicKey,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type Transaction,
} from '@solana/kit'
import { PeerError } from './peerError'
import { ports } from './ports'

// Imported by walletPeer.ts, which Node-only projects check too (devchain's relay test): nothing
// here names the DOM, so the page-side helpers of solanaTestWallet.ts and walletCore.ts stay out.

/** The e2e stack's local Solana JSON-RPC. */
const solanaRpcUrl = `http://127.0.0.1:${ports.solana}`

const invalidParams = (detail: string) => new PeerError(-32602, `Invalid parameters: ${detail}`)
const unauthorized = () =>
  new PeerError(4100, 'The requested account and/or method has not been authorized by the user.')

let rpcId = 0
/** One call to the Solana node; its error comes back as the wallet's (code and message). */
async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  })
  const body = (await response.json()) as {
    result?: unknown
    error?: { code: number; message: string }
  }
  if (body.error) throw new PeerError(body.error.code, body.error.message)
  return body.result ?? null
}

async function balanceOf(address: string, rpcUrl: string): Promise<bigint> {
  const { value } = (await rpc(rpcUrl, 'getBalance', [address, { commitment: 'confirmed' }])) as {
    value: number
  }
  return BigInt(value)
}

/** A CAIP-2 Solana chain id: `solana:localnet`, the e2e stack's chain as the modal names it. */
export type SolanaChainId = `solana:${string}`

/** The phone's Solana account: its key pair and address. */
export type SolanaPeerAccount = {
  keyPair: Awaited<ReturnType<typeof generateKeyPair>>
  address: Address
}

const base58 = { text: getBase58Decoder(), bytes: getBase58Encoder() }
const base64 = { text: getBase64Decoder(), bytes: getBase64Encoder() }

/** A fresh Solana account holding `sol` SOL on the local chain (airdropped, then confirmed). */
export async function fundedSolanaAccount(
  sol = 10n,
  rpcUrl = solanaRpcUrl,
): Promise<SolanaPeerAccount> {
  const keyPair = await generateKeyPair()
  const address = await getAddressFromPublicKey(keyPair.publicKey)
  const lamports = sol * 1_000_000_000n
  await rpc(rpcUrl, 'requestAirdrop', [address, Number(lamports)])
  const deadline = Date.now() + 10_000
  while ((await balanceOf(address, rpcUrl)) < lamports) {
    if (Date.now() > deadline) throw new Error(`The airdrop to ${address} did not land`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { keyPair, address }
}

/** The named fields of a request's params object. */
function paramsOf(method: string, params: unknown): Record<string, unknown> {
  if (!params || typeof params !== 'object' || Array.isArray(params))
    throw invalidParams(`${method} takes an object`)
  return params as Record<string, unknown>
}

function decoded(text: unknown, encoding: typeof base58 | typeof base64, field: string) {
  if (typeof text !== 'string') throw invalidParams(`${field} must be a string`)
  try {
    return new Uint8Array(encoding.bytes.encode(text))
  } catch {
    throw invalidParams(`${field} is not ${encoding === base58 ? 'base58' : 'base64'}`)
  }
}

/**
 * The peer's Solana methods for `account`, sending to `rpcUrl`; `perform` answers one request
 * (its method and params as they came over WalletConnect) or throws the wallet's error.
 */
export function solanaPeerMethods(account: SolanaPeerAccount, rpcUrl = solanaRpcUrl) {
  /** The wallet signs for its own account only. */
  const requireOwnKey = (pubkey: unknown) => {
    if (pubkey !== undefined && pubkey !== account.address) throw unauthorized()
  }
  const transactionOf = (text: unknown): Transaction => {
    const bytes = decoded(text, base64, 'transaction')
    let transaction: Transaction
    try {
      transaction = getTransactionDecoder().decode(bytes)
    } catch {
      throw invalidParams('transaction is not a Solana transaction')
    }
    if (!(account.address in transaction.signatures))
      throw invalidParams(`${account.address} does not sign this transaction`)
    return transaction
  }
  const sign = async (transaction: Transaction) => {
    const signed = await partiallySignTransaction([account.keyPair], transaction)
    return {
      signature: base58.text.decode(signed.signatures[account.address] as Uint8Array),
      wire: base64.text.decode(getTransactionEncoder().encode(signed)),
    }
  }
  /** Waits until the node has the transaction, failing with its error if it failed. */
  const confirm = async (signature: string) => {
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline) {
      const { value } = (await rpc(rpcUrl, 'getSignatureStatuses', [[signature]])) as {
        value: ({ err: unknown } | null)[]
      }
      if (value[0]?.err)
        throw new PeerError(-32003, `Transaction failed: ${JSON.stringify(value[0].err)}`)
      if (value[0]) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new PeerError(-32603, `Transaction ${signature} was not confirmed in time`)
  }

  return {
    async perform(method: string, raw: unknown): Promise<unknown> {
      switch (method) {
        case 'solana_getAccounts':
        case 'solana_requestAccounts':
          return [{ pubkey: account.address }]
        case 'solana_signMessage': {
          const params = paramsOf(method, raw)
          requireOwnKey(params.pubkey)
          const message = decoded(params.message, base58, 'message')
          const signature = await signBytes(account.keyPair.privateKey, message)
          return { signature: base58.text.decode(signature) }
        }
        case 'solana_signTransaction': {
          const params = paramsOf(method, raw)
          requireOwnKey(params.pubkey)
          const { signature, wire } = await sign(transactionOf(params.transaction))
          return { signature, transaction: wire }
        }
        case 'solana_signAndSendTransaction': {
          const params = paramsOf(method, raw)
          requireOwnKey(params.pubkey)
          const { wire } = await sign(transactionOf(params.transaction))
          const sendOptions = (params.sendOptions ?? {}) as Record<string, unknown>
          const signature = (await rpc(rpcUrl, 'sendTransaction', [
            wire,
            { ...sendOptions, encoding: 'base64' },
          ])) as string
          await confirm(signature)
          return { signature }
        }
        default:
          throw new PeerError(4200, `The method "${method}" is not supported.`)
      }
    },
  }
}
