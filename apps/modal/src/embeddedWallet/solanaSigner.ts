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
  ProviderRpcError,
  type RequestArguments,
  UnauthorizedError,
  UnsupportedMethodError,
  UserRejectedRequestError,
  walletStandardChain,
} from '@airlock/protocol'
import {
  type Address,
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  createKeyPairFromBytes,
  createSolanaRpc,
  decompileTransactionMessageFetchingLookupTables,
  getAddressDecoder,
  getBase16Decoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  getTransactionSizeLimit,
  type Instruction,
  isSolanaError,
  partiallySignTransaction,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
  signBytes,
  signTransaction,
  type Transaction,
} from '@solana/kit'
import {
  identifySystemInstruction,
  parseTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from '@solana-program/system'
import {
  identifyTokenInstruction,
  parseTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'
import {
  identifyToken2022Instruction,
  parseTransferCheckedInstruction as parseTransferChecked2022Instruction,
  TOKEN_2022_PROGRAM_ADDRESS,
  Token2022Instruction,
} from '@solana-program/token-2022'
import { invalid, isRecord, networkList, readableText, shown } from './signerInput'

/**
 * An instruction of a transaction, as the approval shows it: the program it calls and, when the
 * wallet can read it, what it does.
 */
export type SolanaInstructionSummary = {
  /** The program the instruction calls (base58). */
  programId: Address
  /** A System program transfer of SOL: `from` pays (a signer, not always this wallet). */
  transfer?: { from: Address; to: Address; lamports: bigint }
  /**
   * An SPL Token or Token-2022 `transferChecked`. `from` and `to` are token accounts, not the
   * wallets that own them; `authority` is the owner or delegate of `from` that signs for it.
   * `amount` is in the token's base units, `decimals` as the instruction states them (the
   * program refuses the transfer when they are not the mint's).
   */
  tokenTransfer?: {
    mint: Address
    from: Address
    to: Address
    authority: Address
    amount: bigint
    decimals: number
  }
}

/** Where a request would be signed: the network it is for and the wallet's account. */
type SolanaApprovalContext = { network: CaipNetworkId; from: Address }

/**
 * What the visitor is asked to approve, in data, for the view that shows it.
 * - `message`: a `solana_signMessage`; `message` is the text when the bytes are readable UTF-8
 *   (no control characters but tab and line breaks, no bidirectional overrides), else the bytes
 *   in 0x-prefixed lowercase hex, as the EVM signer shows a personal_sign.
 * - `transaction`: a `solana_signTransaction` (`send: false`, the site gets it back signed) or
 *   `solana_signAndSendTransaction` (`send: true`, the wallet sends it); `instructions` are
 *   all of its instructions, in order.
 */
export type SolanaApprovalRequest =
  | (SolanaApprovalContext & { kind: 'message'; message: string })
  | (SolanaApprovalContext & {
      kind: 'transaction'
      send: boolean
      instructions: SolanaInstructionSummary[]
    })

/** Asks the visitor; resolves true only when they approve. */
export type SolanaApprove = (request: SolanaApprovalRequest) => Promise<boolean>

export type SolanaSignerOptions = {
  /**
   * The account's 64-byte keypair, ed25519 private key then public key
   * (`deriveWalletAccounts(secret).solana.secretKey`). Read, never changed or kept.
   */
  secretKey: Uint8Array
  /** The site's networks; the wallet uses the solana ones. */
  networks: readonly NetworkConfig[]
  /** The CAIP-2 id of the network requests go to when they name no chain, one of `networks`. */
  network: CaipNetworkId
  approve: SolanaApprove
}

export type SolanaSigner = {
  /** The account's address: base58 of its public key. */
  address: Address
  /** A Wallet Standard request, as the bridge carries it; fails with its EIP-1193 error. */
  request(args: RequestArguments): Promise<unknown>
  /** The network requests go to when they name no chain. */
  network(): CaipNetworkId
}

/** Messages to sign are kept under 64 KiB, as the modal's request routing keeps them. */
const maxMessageBytes = 65_536

/** The methods the wallet answers, each with the one parameter that carries its bytes. */
const bytesParameter: Record<string, 'message' | 'transaction'> = {
  solana_signMessage: 'message',
  solana_signTransaction: 'transaction',
  solana_signAndSendTransaction: 'transaction',
}

/**
 * Wallet Standard's `options` of each transaction method. Those of a signature only concern a
 * simulation the wallet does not run, so they are checked and have no effect; those of a send
 * go to the RPC's sendTransaction.
 */
const transactionOptions: Record<string, readonly string[]> = {
  solana_signTransaction: ['preflightCommitment', 'minContextSlot'],
  solana_signAndSendTransaction: [
    'preflightCommitment',
    'skipPreflight',
    'maxRetries',
    'minContextSlot',
  ],
}

const commitments: readonly string[] = ['processed', 'confirmed', 'finalized']

type SendOptions = {
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  skipPreflight?: boolean
  maxRetries?: bigint
  minContextSlot?: bigint
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
}: SolanaSignerOptions): SolanaSigner {
  if (!(secretKey instanceof Uint8Array) || secretKey.length !== 64)
    throw invalid(
      'The embedded wallet needs its 64-byte Solana keypair (private key then public key).',
    )
  const from = getAddressDecoder().decode(secretKey.subarray(32))
  const solanaNetworks = networks.filter(({ caipNetworkId }) => caipNetworkId.startsWith('solana:'))
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
    const { privateKey } = await signingKey()
    const signature = await signBytes(privateKey, bytes)
    return {
      signedMessage: bytes.slice(),
      signature: new Uint8Array(signature),
      signatureType: 'ed25519' as const,
    }
  }

  async function signTransactionRequest(method: string, params: RequestArguments['params']) {
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
    await approved({
      kind: 'transaction',
      network: on.caipNetworkId,
      from,
      send,
      instructions: [...message.instructions].map(summarize),
    })
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
  }

  return {
    address: from,
    network: () => start.caipNetworkId,
    async request({ method, params }) {
      switch (method) {
        case 'solana_signMessage':
          return signMessage(params)
        case 'solana_signTransaction':
        case 'solana_signAndSendTransaction':
          return signTransactionRequest(method, params)
        default:
          throw new UnsupportedMethodError({
            message: `The embedded wallet does not support ${method}.`,
          })
      }
    },
  }
}

/**
 * The wire transaction in `bytes` (signatures, then the message), read whole: no byte left over,
 * no more than a transaction of its version may hold.
 */
function readTransaction(method: string, bytes: Uint8Array): Transaction {
  let transaction: Transaction
  let end: number
  try {
    ;[transaction, end] = getTransactionDecoder().read(bytes, 0)
  } catch (error) {
    throw invalid(`${method}: transaction is not a Solana wire transaction.`, errorText(error))
  }
  if (end !== bytes.length)
    throw invalid(
      `${method}: transaction has ${bytes.length - end} bytes after its end; it is not one wire transaction.`,
    )
  const limit = getTransactionSizeLimit(transaction)
  if (bytes.length > limit)
    throw invalid(
      `${method}: the transaction is ${bytes.length} bytes; a Solana transaction holds at most ${limit}.`,
    )
  return transaction
}

/** The compiled message of a transaction, read whole, with a signature slot for each signer. */
function readMessage(method: string, transaction: Transaction) {
  let compiled: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime
  let end: number
  try {
    ;[compiled, end] = getCompiledTransactionMessageDecoder().read(transaction.messageBytes, 0) as [
      CompiledTransactionMessage & CompiledTransactionMessageWithLifetime,
      number,
    ]
  } catch (error) {
    throw invalid(`${method}: the transaction's message can't be decoded.`, errorText(error))
  }
  if (end !== transaction.messageBytes.length)
    throw invalid(`${method}: the transaction's message has bytes after its end.`)
  const signers = compiled.staticAccounts.slice(0, compiled.header.numSignerAccounts)
  const slots = Object.keys(transaction.signatures)
  if (signers.length === 0 || signers.some((signer, index) => slots[index] !== signer))
    throw invalid(`${method}: the transaction's signatures do not match its signers.`)
  return compiled
}

/** The options of a transaction request, each of a known name and of its type. */
function readOptions(method: string, options: unknown): SendOptions {
  if (options === undefined) return {}
  const names = transactionOptions[method] ?? []
  if (!isRecord(options)) throw invalid(`${method}: options must be an object.`)
  const unknown = Object.keys(options).filter(
    (name) => !names.includes(name) && options[name] !== undefined,
  )
  if (unknown.length > 0)
    throw invalid(`${method}: the embedded wallet does not take the options ${unknown.join(', ')}.`)
  const { preflightCommitment, skipPreflight, maxRetries, minContextSlot } = options
  if (
    preflightCommitment !== undefined &&
    (typeof preflightCommitment !== 'string' || !commitments.includes(preflightCommitment))
  )
    throw invalid(
      `${method}: preflightCommitment must be one of ${commitments.join(', ')}, not ${shown(preflightCommitment)}.`,
    )
  if (skipPreflight !== undefined && typeof skipPreflight !== 'boolean')
    throw invalid(`${method}: skipPreflight must be true or false.`)
  const count = (name: string, value: unknown) => {
    if (value === undefined) return undefined
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      throw invalid(`${method}: ${name} must be a whole number, not ${shown(value)}.`)
    return BigInt(value)
  }
  const retries = count('maxRetries', maxRetries)
  const slot = count('minContextSlot', minContextSlot)
  return {
    ...(preflightCommitment !== undefined
      ? {
          preflightCommitment: preflightCommitment as NonNullable<
            SendOptions['preflightCommitment']
          >,
        }
      : {}),
    ...(skipPreflight !== undefined ? { skipPreflight } : {}),
    ...(retries !== undefined ? { maxRetries: retries } : {}),
    ...(slot !== undefined ? { minContextSlot: slot } : {}),
  }
}

/** An instruction for the approval: its program, and a SOL or token transfer read from it. */
function summarize(instruction: Instruction): SolanaInstructionSummary {
  const programId = instruction.programAddress
  const { accounts, data } = instruction
  if (!accounts || !data) return { programId }
  const readable = { ...instruction, accounts, data }
  try {
    if (
      programId === SYSTEM_PROGRAM_ADDRESS &&
      identifySystemInstruction(data) === SystemInstruction.TransferSol
    ) {
      const parsed = parseTransferSolInstruction(readable)
      return {
        programId,
        transfer: {
          from: parsed.accounts.source.address,
          to: parsed.accounts.destination.address,
          lamports: parsed.data.amount,
        },
      }
    }
    const parsed =
      programId === TOKEN_PROGRAM_ADDRESS &&
      identifyTokenInstruction(data) === TokenInstruction.TransferChecked
        ? parseTransferCheckedInstruction(readable)
        : programId === TOKEN_2022_PROGRAM_ADDRESS &&
            identifyToken2022Instruction(data) === Token2022Instruction.TransferChecked
          ? parseTransferChecked2022Instruction(readable)
          : undefined
    if (parsed)
      return {
        programId,
        tokenTransfer: {
          mint: parsed.accounts.mint.address,
          from: parsed.accounts.source.address,
          to: parsed.accounts.destination.address,
          authority: parsed.accounts.authority.address,
          amount: parsed.data.amount,
          decimals: parsed.data.decimals,
        },
      }
  } catch {
    // Not an instruction these programs' clients can read (too few accounts, short data): the
    // view shows its program only, and the program will refuse it as well.
  }
  return { programId }
}

/** Whether `bytes` begin with a Solana transaction message: what a transaction's signature signs. */
function isTransactionMessage(bytes: Uint8Array): boolean {
  try {
    const compiled = getCompiledTransactionMessageDecoder().decode(bytes)
    return compiled.header.numSignerAccounts > 0 && compiled.staticAccounts.length > 0
  } catch {
    return false
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

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : shown(error)
}
