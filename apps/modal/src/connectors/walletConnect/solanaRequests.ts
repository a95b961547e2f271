/**
 * A site's Solana request as WalletConnect carries it to a phone wallet, and the wallet's answer
 * back as the site expects it. Airlock's Solana API is bytes in, bytes out, as in Wallet Standard
 * (packages/sdk/src/solana.ts): `{ message }` / `{ transaction }` as Uint8Array, answered with a
 * 64-byte `signature` or the `signedTransaction`. WalletConnect's Solana RPC is JSON text:
 *
 * - `solana_signMessage` `{ message: base58, pubkey }` → `{ signature: base58 }`
 * - `solana_signTransaction` `{ transaction: base64 wire bytes, pubkey }` →
 *   `{ transaction: base64 }` (the signed transaction), or from older wallets `{ signature: base58 }`
 *   (this account's signature only, which goes into the transaction's slot for it)
 * - `solana_signAndSendTransaction` `{ transaction: base64, pubkey }` → `{ signature: base58 }`
 *
 * as WalletConnect documents them (https://docs.walletconnect.network/wallet-sdk/chain-support/solana)
 * and Reown's AppKit sends them (reown-com/appkit,
 * packages/adapters/solana/src/providers/SolanaWalletConnectProvider.ts). A wallet's answer of
 * another shape is refused in words rather than handed to the site as bytes it can't use.
 */
import {
  errorCodes,
  InvalidParamsError,
  ProviderRpcError,
  type RequestArguments,
} from '@airlock/protocol'
import {
  type Address,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit'

/** The Solana methods a site may send over WalletConnect, each with the parameter of its bytes. */
const bytesParameter: Record<string, 'message' | 'transaction'> = {
  solana_signMessage: 'message',
  solana_signTransaction: 'transaction',
  solana_signAndSendTransaction: 'transaction',
}

const base58 = { text: getBase58Decoder(), bytes: getBase58Encoder() }
const base64 = { text: getBase64Decoder(), bytes: getBase64Encoder() }

/** The bytes a site's request carries ({ message } or { transaction }). */
function bytesOf({ method, params }: RequestArguments): Uint8Array {
  const key = bytesParameter[method]
  const bytes = key ? (params as Record<string, unknown> | undefined)?.[key] : undefined
  if (!key || !(bytes instanceof Uint8Array))
    throw new InvalidParamsError({ message: `${method} takes { ${key ?? 'bytes'}: Uint8Array }.` })
  return bytes
}

/**
 * The site's request as WalletConnect's Solana RPC names its parameters, for the account
 * `address` (the wallet's `pubkey`).
 */
export function toWalletConnect(request: RequestArguments, address: string): RequestArguments {
  const bytes = bytesOf(request)
  const encoded =
    request.method === 'solana_signMessage'
      ? { message: base58.text.decode(bytes) }
      : { transaction: base64.text.decode(bytes) }
  return { method: request.method, params: { ...encoded, pubkey: address } }
}

/** The wallet answered something unusable: said so, with the method, never passed on. */
const badAnswer = (method: string, what: string) =>
  new ProviderRpcError(errorCodes.internal, `The wallet's answer to ${method} ${what}.`)

/** A field of the wallet's answer, as text. */
function field(result: unknown, name: string): string | undefined {
  const value = (result as Record<string, unknown> | null | undefined)?.[name]
  return typeof value === 'string' ? value : undefined
}

/** A base58 ed25519 signature from the wallet, as its 64 bytes. */
function signatureBytes(method: string, text: string | undefined): SignatureBytes {
  let bytes: Uint8Array | undefined
  try {
    bytes = text === undefined ? undefined : new Uint8Array(base58.bytes.encode(text))
  } catch {
    bytes = undefined
  }
  if (bytes?.length !== 64) throw badAnswer(method, 'has no 64-byte base58 signature')
  return bytes as SignatureBytes
}

/** Wire bytes as a transaction, or undefined when they are not one. */
function decodeTransaction(bytes: Uint8Array): Transaction | undefined {
  try {
    return getTransactionDecoder().decode(bytes)
  } catch {
    return undefined
  }
}

/** The signed transaction of a solana_signTransaction answer, in wire bytes. */
function signedTransactionOf(
  method: string,
  result: unknown,
  sent: Uint8Array,
  address: string,
): Uint8Array {
  const text = field(result, 'transaction')
  if (text !== undefined) {
    // Wallet Standard lets a wallet return a transaction it changed (a multisig, a fee payer of
    // its own), so the message may differ; it must still be a transaction this account signed.
    let bytes: Uint8Array | undefined
    try {
      bytes = new Uint8Array(base64.bytes.encode(text))
    } catch {
      bytes = undefined
    }
    const signed = bytes && decodeTransaction(bytes)
    if (!bytes || !signed) throw badAnswer(method, 'is not a base64 Solana transaction')
    if (!signed.signatures[address as Address])
      throw badAnswer(method, `is a transaction without the signature of ${address}`)
    return bytes
  }
  // An older wallet gives only its signature: it goes into the slot of this account.
  const signature = signatureBytes(method, field(result, 'signature'))
  const transaction = decodeTransaction(sent)
  if (!transaction || !(address in transaction.signatures))
    throw badAnswer(method, `is a signature, and ${address} does not sign this transaction`)
  return new Uint8Array(
    getTransactionEncoder().encode({
      ...transaction,
      signatures: { ...transaction.signatures, [address]: signature },
    }),
  )
}

/**
 * The wallet's answer to `request` as the site expects it:
 * - `solana_signMessage` → `{ signedMessage, signature }` (64 bytes)
 * - `solana_signTransaction` → `{ signedTransaction }` (wire bytes)
 * - `solana_signAndSendTransaction` → `{ signature }` (64 bytes)
 */
export function fromWalletConnect(
  request: RequestArguments,
  result: unknown,
  address: string,
): unknown {
  const { method } = request
  const sent = bytesOf(request)
  if (method === 'solana_signMessage')
    return { signedMessage: sent, signature: signatureBytes(method, field(result, 'signature')) }
  if (method === 'solana_signTransaction')
    return { signedTransaction: signedTransactionOf(method, result, sent, address) }
  return { signature: signatureBytes(method, field(result, 'signature')) }
}
