/**
 * The Solana provider of an embedded wallet's Solana account: it signs with the ed25519 key
 * derived in the frame (walletAccounts.ts) and sends through the network's RPC. It answers the
 * requests the modal makes of a Wallet Standard wallet (connectors/walletStandard), in the same
 * shapes: `solana_signMessage`, `solana_signTransaction` and `solana_signAndSendTransaction`.
 * Each request is checked in full first (a transaction is decoded with @solana/kit and must be
 * paid by this wallet), then described in data (`SolanaApprovalRequest`) and put to the visitor
 * (`approve`); nothing is signed or sent without their yes. Not wired yet: the AUTH connector
 * will hold one.
 */
import {
  BaseError as AirlockError,
  type CaipNetworkId,
  ChainDisconnectedError,
  errorCodes,
  InternalError,
  type NetworkConfig,
  namespaceOf,
  ProviderRpcError,
  type RequestArguments,
  UnauthorizedError,
  UserRejectedRequestError,
  walletStandardChain,
} from '@airlock/protocol'
import {
  type Address,
  createKeyPairFromBytes,
  createSolanaRpc,
  decompileTransactionMessageFetchingLookupTables,
  getAddressDecoder,
  getBase16Decoder,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  isSolanaError,
  partiallySignTransaction,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
  signBytes,
  signTransaction,
} from '@solana/kit'
import type { Asker } from '../connectors/types'
import { afterApproval, type ReportFailure } from './afterApproval'
import {
  type AccountProvider,
  type ApprovalContext,
  type AskVisitor,
  askedBy,
  type ProviderOptions,
  requestDispatcher,
} from './requestDispatcher'
import { errorText, invalid, isRecord, networkList, readableText, shown } from './signerInput'
import { assertPriorityFeeWithinCap } from './solanaPriorityFee'
import {
  isTransactionMessage,
  readMessage,
  readOptions,
  readTransaction,
  type SolanaFee,
  type SolanaInstructionSummary,
  solanaFeeOf,
  summarize,
  transactionOptions,
} from './solanaTransaction'

export type { SolanaInstructionSummary } from './solanaTransaction'

/**
 * What the visitor is asked to approve, in data, for the view that shows it.
 * - `message`: a `solana_signMessage`; `message` is the text when the bytes are readable UTF-8
 *   (no control characters but tab and line breaks, no bidirectional overrides), else the bytes
 *   in 0x-prefixed lowercase hex, as the EVM signer shows a personal_sign.
 * - `transaction`: a `solana_signTransaction` (`send: false`, the site gets it back signed) or
 *   `solana_signAndSendTransaction` (`send: true`, the wallet sends it); `instructions` are
 *   all of its instructions, in order.
 */
export type SolanaApprovalRequest = ApprovalContext<Address> &
  (
    | { kind: 'message'; message: string }
    | {
        kind: 'transaction'
        send: boolean
        instructions: SolanaInstructionSummary[]
        /** The fee the transaction costs this wallet, its fee payer. */
        fee?: SolanaFee
        /** The transaction as asked, base64 wire bytes: what the approval screen simulates. */
        wireTransaction?: string
      }
  )

export type SolanaApprove = AskVisitor<SolanaApprovalRequest>

export type SolanaSignerOptions = ProviderOptions<SolanaApprovalRequest> & {
  /**
   * The account's 64-byte keypair, ed25519 private key then public key
   * (`deriveWalletAccounts(secret).solana.secretKey`). Read, never changed or kept.
   */
  secretKey: Uint8Array
  /** Told a failure after the visitor approved (the request still rejects to the site). */
  onFailedAfterApproval?: ReportFailure | undefined
}

/** The account's provider, answering Wallet Standard requests; its address base58 of its key. */
export type SolanaSigner = AccountProvider<Address>

/** Messages to sign are kept under 64 KiB, as the modal's request routing keeps them. */
const maxMessageBytes = 65_536

/** The methods the wallet answers, each with the one parameter that carries its bytes. */
const bytesParameter: Record<string, 'message' | 'transaction'> = {
  solana_signMessage: 'message',
  solana_signTransaction: 'transaction',
  solana_signAndSendTransaction: 'transaction',
}

/**
 * The Wallet Standard provider of an embedded wallet's Solana account, on the site's Solana
 * networks. It answers as a Wallet Standard wallet does through the bridge:
 * - `solana_signMessage` `{ message: Uint8Array }` →
 *   `{ signedMessage, signature, signatureType: 'ed25519' }`
 * - `solana_signTransaction` `{ transaction: Uint8Array }` (wire bytes) → `{ signedTransaction }`
 * - `solana_signAndSendTransaction` `{ transaction }` → `{ signature }` (64 bytes), once the RPC
 *   took it.
 *
 * Each may also carry `account` (this wallet's address) and `chain` (one of the site's Solana
 * networks, by CAIP-2 id or Wallet Standard name), as the Wallet Standard connector adds them.
 * Everything goes through `approve` first; false rejects with 4001 and nothing is signed or sent.
 *
 * @example
 * const { solana } = deriveWalletAccounts(secret)
 * const signer = createSolanaSigner({
 *   secretKey: solana.secretKey,
 *   networks: config.networks,
 *   network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
 *   approve: (request) => askTheVisitor(request),
 * })
 * await signer.request({
 *   method: 'solana_signMessage',
 *   params: { message: new TextEncoder().encode('hi') },
 * })
 * // { signedMessage, signature: Uint8Array(64), signatureType: 'ed25519' },
 * // once the visitor approves "hi"
 */
export function createSolanaSigner({
  secretKey,
  networks,
  network,
  approve,
  onFailedAfterApproval,
}: SolanaSignerOptions): SolanaSigner {
  if (!(secretKey instanceof Uint8Array) || secretKey.length !== 64)
    throw invalid(
      'The embedded wallet needs its 64-byte Solana keypair (private key then public key).',
    )
  const from = getAddressDecoder().decode(secretKey.subarray(32))
  const solanaNetworks = networks.filter(
    ({ caipNetworkId }) => namespaceOf(caipNetworkId) === 'solana',
  )
  const start = solanaNetworks.find(({ caipNetworkId }) => caipNetworkId === network)
  if (!start)
    throw invalid(
      `The embedded wallet can't start on ${network}: it is not one of the site's Solana networks (${networkList(solanaNetworks)}).`,
    )

  // Imported once, not extractable. Kit checks that the public half matches the private one; a
  // keypair that fails fails every request, not the page (hence the catch kept aside).
  const keyPair = createKeyPairFromBytes(secretKey.slice())
  keyPair.catch(() => undefined)
  const signingKey = () =>
    keyPair.catch((error: unknown) => {
      throw new InternalError({
        message: "The embedded wallet's Solana keypair can't sign.",
        details: (error as Error).message,
        cause: error,
      })
    })

  // RPC clients per network, made on first use and kept.
  const rpcs = new Map<CaipNetworkId, ReturnType<typeof createSolanaRpc>>()
  const rpcOf = (on: NetworkConfig) => {
    const made = rpcs.get(on.caipNetworkId) ?? createSolanaRpc(on.rpcUrl)
    rpcs.set(on.caipNetworkId, made)
    return made
  }

  async function approved(request: SolanaApprovalRequest) {
    if ((await approve(request)) !== true) throw new UserRejectedRequestError()
  }

  /** The params of `method`: its keys all known, `account` this wallet's, `chain` the site's. */
  function readParams(method: string, params: RequestArguments['params']) {
    const key = bytesParameter[method] as 'message' | 'transaction'
    if (!isRecord(params))
      throw invalid(`${method} takes { ${key}: Uint8Array }, not ${shown(params)}.`)
    const known = [key, 'account', 'chain', ...(transactionOptions[method] ? ['options'] : [])]
    const unknown = Object.keys(params).filter(
      (name) => !known.includes(name) && params[name] !== undefined,
    )
    if (unknown.length > 0)
      throw invalid(`${method}: the embedded wallet does not take ${unknown.join(', ')}.`)
    const bytes = params[key]
    if (!(bytes instanceof Uint8Array) || bytes.length === 0)
      throw invalid(`${method}: ${key} must be a Uint8Array of at least one byte.`)
    const account = params.account
    if (account !== undefined) {
      if (typeof account !== 'string') throw invalid(`${method}: account must be an address.`)
      if (account !== from)
        throw new UnauthorizedError({
          message: `${method}: ${account} is not this wallet's account (${from}).`,
        })
    }
    return { bytes, on: networkOf(method, params.chain), options: params.options }
  }

  /** The network a request's `chain` names; the signer's own when it names none. */
  function networkOf(method: string, chain: unknown): NetworkConfig {
    if (chain === undefined) return start as NetworkConfig
    const found =
      typeof chain === 'string'
        ? solanaNetworks.find(
            ({ caipNetworkId }) =>
              caipNetworkId === chain || walletStandardChain(caipNetworkId) === chain,
          )
        : undefined
    if (!found)
      throw invalid(
        `${method}: chain ${shown(chain)} is not one of the site's Solana networks (${networkList(solanaNetworks)}).`,
      )
    return found
  }

  async function signMessage(params: RequestArguments['params']) {
    const method = 'solana_signMessage'
    const { bytes, on } = readParams(method, params)
    if (bytes.length > maxMessageBytes)
      throw invalid(`${method}: the message is ${bytes.length} bytes; at most ${maxMessageBytes}.`)
    // A transaction's signature is the signature of its message bytes: signing such bytes as a
    // "message" would sign a transaction the visitor never saw as one.
    if (isTransactionMessage(bytes))
      throw invalid(
        `${method}: the message is a Solana transaction message; sign it with solana_signTransaction.`,
      )
    await approved({
      kind: 'message',
      network: on.caipNetworkId,
      from,
      message: messageText(bytes),
    })
    return afterApproval(onFailedAfterApproval, async () => {
      const { privateKey } = await signingKey()
      const signature = await signBytes(privateKey, bytes)
      return {
        signedMessage: bytes.slice(),
        signature: new Uint8Array(signature),
        signatureType: 'ed25519' as const,
      }
    })
  }

  async function signTransactionRequest(
    params: RequestArguments['params'],
    method: string,
    asker: Asker,
  ) {
    const send = method === 'solana_signAndSendTransaction'
    const { bytes, on, options } = readParams(method, params)
    const sendOptions = readOptions(method, options)
    const transaction = readTransaction(method, bytes)
    const compiled = readMessage(method, transaction)
    const feePayer = compiled.staticAccounts[0]
    if (feePayer !== from)
      throw new UnauthorizedError({
        message: `${method}: the transaction's fee payer is ${feePayer ?? 'missing'}, not this wallet's account (${from}).`,
      })
    if (send) {
      // What the RPC would refuse anyway, refused before the visitor is asked.
      const unsigned = Object.entries(transaction.signatures)
        .filter(([signer, signature]) => signer !== from && signature === null)
        .map(([signer]) => signer)
      if (unsigned.length > 0)
        throw invalid(
          `${method}: the transaction also needs the signature of ${unsigned.join(', ')}; get theirs first, or ask for solana_signTransaction.`,
        )
    }
    const rpc = rpcOf(on)
    const message = await decompileTransactionMessageFetchingLookupTables(compiled, rpc).catch(
      (error: unknown) => {
        if (isUnreachable(error)) throw providerErrorOf(error, on)
        throw invalid(
          `${method}: the transaction can't be read (its address lookup tables not found on ${on.name}?).`,
          errorText(error),
        )
      },
    )
    const instructions = [...message.instructions].map(summarize)
    // A priority fee above 3× the wallet's estimate is refused, never shown.
    await assertPriorityFeeWithinCap(method, instructions, rpc).catch((error: unknown) => {
      throw providerErrorOf(error, on)
    })
    await approved({
      kind: 'transaction',
      network: on.caipNetworkId,
      from,
      ...askedBy(asker),
      send,
      instructions,
      fee: solanaFeeOf(compiled.header.numSignerAccounts, instructions),
      wireTransaction: getBase64EncodedWireTransaction(transaction),
    })
    return afterApproval(onFailedAfterApproval, async () => {
      const { privateKey, publicKey } = await signingKey()
      const keys = [{ privateKey, publicKey }]
      if (!send) {
        const signed = await partiallySignTransaction(keys, transaction)
        return { signedTransaction: new Uint8Array(getTransactionEncoder().encode(signed)) }
      }
      const signed = await signTransaction(keys, transaction)
      await rpc
        .sendTransaction(getBase64EncodedWireTransaction(signed), {
          encoding: 'base64',
          ...sendOptions,
        })
        .send()
        .catch((error: unknown) => {
          throw providerErrorOf(error, on)
        })
      // The fee payer's signature is the transaction's id, and the fee payer is this wallet.
      return { signature: new Uint8Array(signed.signatures[from] as Uint8Array) }
    })
  }

  return {
    address: from,
    network: () => start.caipNetworkId,
    request: requestDispatcher({
      solana_signMessage: signMessage,
      solana_signTransaction: signTransactionRequest,
      solana_signAndSendTransaction: signTransactionRequest,
    }),
  }
}

/** A message as the visitor reads it: its text when it is plain UTF-8, else 0x-prefixed hex. */
function messageText(bytes: Uint8Array): string {
  return readableText(bytes) ?? `0x${getBase16Decoder().decode(bytes)}`
}

/** Whether an RPC error means the RPC could not be reached or answered no JSON-RPC. */
function isUnreachable(error: unknown): boolean {
  return !isSolanaError(error) || isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)
}

/**
 * An error of the RPC as the EIP-1193 error a site expects: an RPC that can't be reached is
 * 4901; a JSON-RPC error keeps its code, and its message (with the cluster's reason, such as a
 * preflight's) in the details.
 */
function providerErrorOf(error: unknown, network: NetworkConfig): Error {
  if (error instanceof AirlockError) return error
  if (isUnreachable(error))
    return new ChainDisconnectedError({
      message: `The RPC of ${network.name} (${network.caipNetworkId}) can't be used.`,
      details: errorText(error),
      cause: error,
    })
  const code = isSolanaError(error) ? error.context.__code : undefined
  const cause = (error as Error).cause
  const details = cause === undefined ? undefined : errorText(cause)
  return new ProviderRpcError(
    typeof code === 'number' && code <= -32000 && code >= -32768 ? code : errorCodes.internal,
    errorText(error),
    { cause: error, ...(details ? { details } : {}) },
  )
}
