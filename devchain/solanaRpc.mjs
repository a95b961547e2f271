// @ts-check
// A local Solana chain for development and tests: the Solana JSON-RPC (HTTP, batches too) and its
// WebSocket subscriptions on one port, over an in-process LiteSVM (the Solana runtime as a
// library; no validator exists on npm or apt). It answers the methods @solana/kit's
// createSolanaRpc / createSolanaRpcSubscriptions and @solana/web3.js v1 use for balances, SPL
// tokens and sending transactions, in the real RPC's response shapes, so wallets and the modal
// talk to it as to a devnet. The browser modal calls it from another origin: CORS is open.
//
// A chain without blocks needs some bookkeeping the runtime does not do:
// - Every landed transaction (and airdrop) ends its slot: the slot advances by one and the latest
//   blockhash changes, so an identical follow-up transaction is a new one, not a duplicate.
// - LiteSVM only accepts the very latest blockhash, but real clients fetch one and send later.
//   Its check is off; this server keeps every blockhash it issued valid for 150 blocks, as a
//   cluster does, and rejects others with BlockhashNotFound (block height = slot: no skipped slots).
// - Slots only advance with transactions, so a fetched blockhash never expires while idle.
//
//   node devchain/solanaRpc.mjs [port]   (default 8899) runs one, seeded, until Ctrl-C
import { createServer } from 'node:http'
import { pathToFileURL } from 'node:url'
import {
  getAddressDecoder,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
} from '@solana/kit'
import { AccountState, getMintDecoder, getTokenDecoder } from '@solana-program/token'
import { LiteSVM } from 'litesvm'
import { WebSocketServer } from 'ws'
import { seedSolanaDev } from './solanaDev.mjs'

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const NATIVE_MINT = 'So11111111111111111111111111111111111111112'
/** Lamports per signature, the cluster default (and what LiteSVM charges). */
const LAMPORTS_PER_SIGNATURE = 5000n
/** How many blocks a blockhash stays usable, as on a cluster. */
const BLOCKHASH_VALID_BLOCKS = 150n
/** What the real RPC reports as rentEpoch for every rent-exempt account (u64::MAX). */
const RENT_EXEMPT_EPOCH = 18_446_744_073_709_551_615n
/** How long after subscribing a signature that already landed gets its notification. */
const ALREADY_LANDED_NOTIFY_DELAY_MS = 50
const TOKEN_ACCOUNT_SIZE = 165
const MINT_SIZE = 82
const SOLANA_CORE_VERSION = '2.2.0'
/** The genesis hash of this chain (wallets tell clusters apart by it); any fixed 32 bytes. */
const GENESIS_HASH = 'AirLockLocaLnet1111111111111111111111111111'

/** JSON-RPC error codes the real RPC uses. */
const errorCodes = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  preflightFailure: -32002,
  signatureVerificationFailure: -32003,
  unsupportedTransactionVersion: -32015,
}

/**
 * The names of LiteSVM's fieldless TransactionError values, in the order of its numeric enum
 * (litesvm/dist/internal.d.ts), as the RPC spells them in `err`.
 */
const transactionErrorNames = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
]

/** The same for InstructionError's fieldless values. */
const instructionErrorNames = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
]

/** The agave Display text of the errors a wallet user meets most; others show their name. */
/** @type {Record<string, string>} */
const transactionErrorMessages = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
}
/** @type {Record<string, string>} */
const instructionErrorMessages = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
}

/**
 * @typedef {import('@solana/kit').Address} Address
 * @typedef {import('@solana/kit').Transaction} Transaction
 * @typedef {import('@solana/kit').ReadonlyUint8Array} ReadonlyUint8Array
 * @typedef {string | { [key: string]: unknown }} RpcTransactionError
 *   A TransactionError as the RPC serializes it: 'BlockhashNotFound',
 *   { InstructionError: [0, { Custom: 1 }] }, { InsufficientFundsForRent: { account_index: 1 } }.
 * @typedef {{ [key: string]: unknown }} RpcConfig
 * @typedef {{ accountIndex: number, mint: string, owner: string, programId: string, uiTokenAmount: TokenAmount }} TokenBalance
 * @typedef {{ amount: string, decimals: number, uiAmount: number, uiAmountString: string }} TokenAmount
 * @typedef {{
 *   signature: string, slot: bigint, blockTime: bigint, err: RpcTransactionError | null,
 *   wire: Uint8Array, version: 'legacy' | number, accountKeys: string[], fee: bigint,
 *   logs: string[], unitsConsumed: bigint, preBalances: bigint[], postBalances: bigint[],
 *   preTokenBalances: TokenBalance[], postTokenBalances: TokenBalance[],
 * }} LandedTransaction
 * @typedef {{ kind: 'signature', signature: string, socket: import('ws').WebSocket } | { kind: 'slot', socket: import('ws').WebSocket }} Subscription
 */

/** A JSON-RPC error with the code and data the real RPC would answer. */
class RpcError extends Error {
  /**
   * @param {number} code
   * @param {string} message
   * @param {unknown} [data]
   */
  constructor(code, message, data) {
    super(message)
    this.name = 'RpcError'
    this.code = code
    this.data = data
  }
}

/**
 * Starts the RPC on `host:port` (port 0 picks a free one) over a fresh LiteSVM, seeded with the
 * dev accounts and sUSD (devchain/solanaDev.mjs) unless `seed` is false.
 * @param {{ port?: number, host?: string, seed?: boolean }} [options]
 * @returns {Promise<{ url: string, wsUrl: string, port: number, svm: LiteSVM, stop(): Promise<void> }>}
 * @example
 * const chain = await startSolanaRpc({ port: 0 })
 * const rpc = createSolanaRpc(chain.url)
 * const rpcSubscriptions = createSolanaRpcSubscriptions(chain.wsUrl)
 * await chain.stop()
 */
export async function startSolanaRpc({ port = 8899, host = '127.0.0.1', seed = true } = {}) {
  const svm = new LiteSVM().withBlockhashCheck(false)
  // LiteSVM's clock starts at a mainnet-like slot; a fresh local cluster starts near 0.
  svm.warpToSlot(1n)
  if (seed) await seedSolanaDev(svm)
  const chain = createChainState(svm)
  if (seed) chain.advanceSlot()

  const server = createServer((request, response) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST, GET, OPTIONS',
      'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
      'access-control-max-age': '86400',
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end()
      return
    }
    if (request.method === 'GET' && request.url === '/health') {
      response.writeHead(200, { ...cors, 'content-type': 'text/plain' }).end('ok')
      return
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { ...cors, allow: 'POST, GET, OPTIONS' }).end()
      return
    }
    /** @type {Buffer[]} */
    const chunks = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => {
      const body = answerHttpBody(chain, Buffer.concat(chunks).toString('utf8'))
      response.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(body)
    })
  })

  const sockets = new WebSocketServer({ server })
  sockets.on('connection', (socket) => {
    socket.on('message', (raw) => {
      const reply = answerSocketMessage(chain, socket, raw.toString())
      if (reply !== undefined) socket.send(reply)
    })
    socket.on('close', () => chain.dropSubscriptions(socket))
  })

  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(undefined))
  })
  const address = server.address()
  const boundPort = typeof address === 'object' && address ? address.port : port

  return {
    url: `http://${host}:${boundPort}`,
    wsUrl: `ws://${host}:${boundPort}`,
    port: boundPort,
    svm,
    async stop() {
      for (const client of sockets.clients) client.terminate()
      await new Promise((resolve) => sockets.close(() => resolve(undefined)))
      server.closeAllConnections()
      await new Promise((resolve) => server.close(() => resolve(undefined)))
    },
  }
}

/**
 * The chain's bookkeeping around the runtime: slots, issued blockhashes, landed transactions and
 * subscriptions.
 * @param {LiteSVM} svm
 */
function createChainState(svm) {
  /** @type {Map<string, bigint>} issued blockhash → the last block height it is valid at. */
  const blockhashes = new Map()
  /** @type {Map<string, LandedTransaction>} signature → what landed, in landing order. */
  const transactions = new Map()
  /** @type {Map<number, Subscription>} */
  const subscriptions = new Map()
  let nextSubscriptionId = 1

  const slot = () => svm.getClock().slot
  const issueLatestBlockhash = () => {
    const blockhash = svm.latestBlockhash()
    if (!blockhashes.has(blockhash)) blockhashes.set(blockhash, slot() + BLOCKHASH_VALID_BLOCKS)
    return { blockhash, lastValidBlockHeight: /** @type {bigint} */ (blockhashes.get(blockhash)) }
  }
  issueLatestBlockhash()

  /** Ends the current slot: the next one starts with a new blockhash and the wall-clock time. */
  const advanceSlot = () => {
    const next = slot() + 1n
    svm.warpToSlot(next)
    const clock = svm.getClock()
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000))
    svm.setClock(clock)
    svm.expireBlockhash()
    issueLatestBlockhash()
    for (const [blockhash, lastValid] of blockhashes) {
      if (lastValid + BLOCKHASH_VALID_BLOCKS < next) blockhashes.delete(blockhash)
    }
    for (const [id, subscription] of subscriptions) {
      if (subscription.kind !== 'slot') continue
      notify(subscription.socket, 'slotNotification', id, {
        parent: next - 1n,
        root: next,
        slot: next,
      })
    }
  }

  /**
   * @param {string} blockhash
   */
  const isBlockhashValid = (blockhash) => {
    const lastValid = blockhashes.get(blockhash)
    return lastValid !== undefined && slot() <= lastValid
  }

  /**
   * Records a processed transaction, ends the slot and tells its signature subscribers.
   * @param {LandedTransaction} landed
   */
  const recordLanded = (landed) => {
    transactions.set(landed.signature, landed)
    advanceSlot()
    for (const [id, subscription] of subscriptions) {
      if (subscription.kind !== 'signature' || subscription.signature !== landed.signature) continue
      subscriptions.delete(id)
      notify(subscription.socket, 'signatureNotification', id, {
        context: { slot: landed.slot },
        value: { err: landed.err },
      })
    }
  }

  /**
   * Runs a transaction in the runtime and records it if it was processed (charged its fee), as a
   * cluster would include it in a block even when an instruction failed.
   * @param {Transaction} transaction
   */
  const execute = (transaction) => {
    const message = decodeMessage(transaction)
    const signature = transactionSignature(transaction)
    const feePayer = message.staticAccounts[0]
    const before = snapshotBalances(svm, message.staticAccounts)
    const landingSlot = slot()
    const result = svm.sendTransaction(transaction)
    const after = snapshotBalances(svm, message.staticAccounts)
    const meta = 'err' in result ? result.meta() : result
    const err = 'err' in result ? toRpcError(result.err()) : null
    const charged = feePayer !== undefined && before.lamports[0] !== after.lamports[0]
    if (charged) {
      recordLanded({
        signature,
        slot: landingSlot,
        blockTime: svm.getClock().unixTimestamp,
        err,
        wire: new Uint8Array(getTransactionEncoder().encode(transaction)),
        version: message.version,
        accountKeys: message.staticAccounts,
        fee: feeForHeader(message.header.numSignerAccounts, message),
        logs: meta.logs(),
        unitsConsumed: meta.computeUnitsConsumed(),
        preBalances: before.lamports,
        postBalances: after.lamports,
        preTokenBalances: before.tokens,
        postTokenBalances: after.tokens,
      })
    }
    return { err, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed(), charged }
  }

  /**
   * @param {Transaction} transaction
   * @param {{ sigVerify: boolean }} options
   */
  const simulate = (transaction, { sigVerify }) => {
    svm.withSigverify(sigVerify)
    try {
      const result = svm.simulateTransaction(transaction)
      if ('err' in result) {
        const meta = result.meta()
        return {
          err: toRpcError(result.err()),
          logs: meta.logs(),
          unitsConsumed: meta.computeUnitsConsumed(),
          returnData: meta.returnData(),
          postAccounts: /** @type {import('@solana/kit').EncodedAccount[]} */ ([]),
        }
      }
      const meta = result.meta()
      return {
        err: null,
        logs: meta.logs(),
        unitsConsumed: meta.computeUnitsConsumed(),
        returnData: meta.returnData(),
        postAccounts: result.postAccounts(),
      }
    } finally {
      svm.withSigverify(true)
    }
  }

  /**
   * @param {import('ws').WebSocket} socket
   * @param {string} method
   * @param {number} subscription
   * @param {unknown} result
   */
  const notify = (socket, method, subscription, result) => {
    socket.send(toJson({ jsonrpc: '2.0', method, params: { result, subscription } }))
  }

  return {
    svm,
    slot,
    issueLatestBlockhash,
    isBlockhashValid,
    advanceSlot,
    recordLanded,
    execute,
    simulate,
    transactions,
    /**
     * @param {Subscription} subscription
     * @returns {number}
     */
    subscribe(subscription) {
      const id = nextSubscriptionId++
      subscriptions.set(id, subscription)
      return id
    },
    /** @param {number} id */
    unsubscribe(id) {
      return subscriptions.delete(id)
    },
    /** @param {import('ws').WebSocket} socket */
    dropSubscriptions(socket) {
      for (const [id, subscription] of subscriptions) {
        if (subscription.socket === socket) subscriptions.delete(id)
      }
    },
    /**
     * Sends a signature's notification at once if it already landed (and drops the subscription,
     * as the real RPC does after its one notification).
     * @param {number} id
     */
    notifyIfLanded(id) {
      const subscription = subscriptions.get(id)
      if (subscription?.kind !== 'signature') return
      const landed = transactions.get(subscription.signature)
      if (!landed) return
      subscriptions.delete(id)
      notify(subscription.socket, 'signatureNotification', id, {
        context: { slot: landed.slot },
        value: { err: landed.err },
      })
    },
  }
}

/** @typedef {ReturnType<typeof createChainState>} ChainState */

/**
 * @param {ChainState} chain
 * @param {string} body
 * @returns {string}
 */
function answerHttpBody(chain, body) {
  /** @type {unknown} */
  let payload
  try {
    payload = JSON.parse(body)
  } catch {
    return toJson(errorResponse(null, new RpcError(errorCodes.parse, 'Parse error')))
  }
  if (Array.isArray(payload)) {
    if (payload.length === 0) {
      return toJson(errorResponse(null, new RpcError(errorCodes.invalidRequest, 'Invalid request')))
    }
    return toJson(payload.map((request) => answerRequest(chain, request)))
  }
  return toJson(answerRequest(chain, payload))
}

/**
 * @param {ChainState} chain
 * @param {unknown} request
 */
function answerRequest(chain, request) {
  if (typeof request !== 'object' || request === null || !('method' in request)) {
    return errorResponse(null, new RpcError(errorCodes.invalidRequest, 'Invalid request'))
  }
  const {
    id = null,
    method,
    params = [],
  } = /** @type {{ id?: unknown, method: unknown, params?: unknown }} */ (request)
  try {
    const handler =
      typeof method === 'string' && Object.hasOwn(methods, method) ? methods[method] : undefined
    if (!handler) throw new RpcError(errorCodes.methodNotFound, 'Method not found')
    if (!Array.isArray(params)) throw new RpcError(errorCodes.invalidParams, 'Invalid params')
    return { jsonrpc: '2.0', result: handler(chain, params), id }
  } catch (error) {
    return errorResponse(id, error)
  }
}

/**
 * @param {unknown} id
 * @param {unknown} error
 */
function errorResponse(id, error) {
  if (error instanceof RpcError) {
    return {
      jsonrpc: '2.0',
      error: {
        code: error.code,
        message: error.message,
        ...(error.data === undefined ? {} : { data: error.data }),
      },
      id,
    }
  }
  const message = error instanceof Error ? error.message : String(error)
  return { jsonrpc: '2.0', error: { code: errorCodes.internal, message }, id }
}

/**
 * Subscriptions over WebSocket; the real RPC answers nothing else there.
 * @param {ChainState} chain
 * @param {import('ws').WebSocket} socket
 * @param {string} text
 * @returns {string | undefined}
 */
function answerSocketMessage(chain, socket, text) {
  /** @type {unknown} */
  let request
  try {
    request = JSON.parse(text)
  } catch {
    return toJson(errorResponse(null, new RpcError(errorCodes.parse, 'Parse error')))
  }
  if (typeof request !== 'object' || request === null) return undefined
  const {
    id,
    method,
    params = [],
  } = /** @type {{ id?: unknown, method?: unknown, params?: unknown }} */ (request)
  // A message without an id (kit's keep-alive `ping`) wants no answer.
  if (id === undefined || id === null) return undefined
  const list = Array.isArray(params) ? params : []
  try {
    switch (method) {
      case 'signatureSubscribe': {
        const signature = requireString(list, 0, 'signature')
        const subscriptionId = chain.subscribe({ kind: 'signature', signature, socket })
        // Already landed: notify right after the reply, but not in the same breath. @solana/kit
        // listens for notifications only once it has read the subscription id, and drops what
        // arrives before; a cluster, too, notifies on its next commitment update.
        setTimeout(() => chain.notifyIfLanded(subscriptionId), ALREADY_LANDED_NOTIFY_DELAY_MS)
        return toJson({ jsonrpc: '2.0', result: subscriptionId, id })
      }
      case 'slotSubscribe':
        return toJson({ jsonrpc: '2.0', result: chain.subscribe({ kind: 'slot', socket }), id })
      case 'signatureUnsubscribe':
      case 'slotUnsubscribe': {
        const subscriptionId = list[0]
        if (typeof subscriptionId !== 'number') {
          throw new RpcError(errorCodes.invalidParams, 'Invalid subscription id.')
        }
        if (!chain.unsubscribe(subscriptionId)) {
          throw new RpcError(errorCodes.invalidParams, 'Invalid subscription id.')
        }
        return toJson({ jsonrpc: '2.0', result: true, id })
      }
      default:
        throw new RpcError(errorCodes.methodNotFound, 'Method not found')
    }
  } catch (error) {
    return toJson(errorResponse(id, error))
  }
}

/** @typedef {(chain: ChainState, params: unknown[]) => unknown} MethodHandler */

/** @type {Record<string, MethodHandler>} */
const methods = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 3_294_202_862 }),
  getGenesisHash: () => GENESIS_HASH,
  getSlot: (chain) => chain.slot(),
  getBlockHeight: (chain) => chain.slot(),
  getTransactionCount: (chain) => BigInt(chain.transactions.size),
  getEpochInfo: (chain) => ({
    ...epochOfSlot(chain.svm, chain.slot()),
    absoluteSlot: chain.slot(),
    blockHeight: chain.slot(),
    transactionCount: BigInt(chain.transactions.size),
  }),
  getRecentPrioritizationFees: () => [],
  getLatestBlockhash: (chain) => withContext(chain, chain.issueLatestBlockhash()),
  isBlockhashValid: (chain, params) =>
    withContext(chain, chain.isBlockhashValid(requireString(params, 0, 'blockhash'))),
  getMinimumBalanceForRentExemption: (chain, params) => {
    const size = params[0]
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) {
      throw new RpcError(errorCodes.invalidParams, 'Invalid params: data length must be a number')
    }
    return chain.svm.minimumBalanceForRentExemption(BigInt(size))
  },
  getBalance: (chain, params) =>
    withContext(chain, chain.svm.getBalance(requireAddress(params, 0)) ?? 0n),
  getAccountInfo: (chain, params) => {
    const address = requireAddress(params, 0)
    const config = optionalConfig(params, 1)
    return withContext(chain, encodeAccount(chain.svm, address, config, 'binary'))
  },
  getMultipleAccounts: (chain, params) => {
    const addresses = params[0]
    if (!Array.isArray(addresses)) {
      throw new RpcError(errorCodes.invalidParams, 'Invalid params: expected an array of addresses')
    }
    const config = optionalConfig(params, 1)
    return withContext(
      chain,
      addresses.map((_, index) =>
        encodeAccount(chain.svm, requireAddress(addresses, index), config, 'base64'),
      ),
    )
  },
  getTokenAccountsByOwner: (chain, params) => {
    const owner = requireAddress(params, 0)
    const filter = optionalConfig(params, 1)
    const config = optionalConfig(params, 2)
    /** @type {string[]} */
    let programs
    /** @type {string | undefined} */
    let mint
    if (typeof filter.mint === 'string') {
      mint = filter.mint
      const mintAccount = chain.svm.getAccount(/** @type {Address} */ (mint))
      if (!mintAccount.exists) {
        throw new RpcError(errorCodes.invalidParams, 'Invalid param: could not find mint')
      }
      programs = [mintAccount.programAddress]
    } else if (typeof filter.programId === 'string') {
      programs = [filter.programId]
    } else {
      throw new RpcError(
        errorCodes.invalidParams,
        'Invalid params: expected a mint or programId filter',
      )
    }
    if (!programs.every((program) => program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM)) {
      throw new RpcError(errorCodes.invalidParams, 'Invalid param: unrecognized Token program id')
    }
    const ownerBytes = getBase58Encoder().encode(owner)
    const value = []
    for (const program of programs) {
      for (const account of chain.svm.getProgramAccounts(/** @type {Address} */ (program))) {
        const data = account.data
        if (data.length < TOKEN_ACCOUNT_SIZE || !isTokenAccountData(data)) continue
        if (!bytesEqual(data.subarray(32, 64), ownerBytes)) continue
        if (mint && getAddressDecoder().decode(data.subarray(0, 32)) !== mint) continue
        value.push({
          pubkey: account.address,
          account: encodeAccount(chain.svm, account.address, config, 'binary'),
        })
      }
    }
    return withContext(chain, value)
  },
  getTokenAccountBalance: (chain, params) => {
    const address = requireAddress(params, 0)
    const parsed = parseTokenAccount(chain.svm, address)
    if (parsed?.type !== 'account') {
      throw new RpcError(errorCodes.invalidParams, 'Invalid param: not a Token account')
    }
    return withContext(chain, parsed.info.tokenAmount)
  },
  getTokenSupply: (chain, params) => {
    const address = requireAddress(params, 0)
    const parsed = parseTokenAccount(chain.svm, address)
    if (parsed?.type !== 'mint') {
      throw new RpcError(errorCodes.invalidParams, 'Invalid param: not a Token mint')
    }
    return withContext(chain, tokenAmount(BigInt(parsed.info.supply), parsed.info.decimals))
  },
  getFeeForMessage: (chain, params) => {
    const encoded = requireString(params, 0, 'message')
    /** @type {ReturnType<typeof decodeCompiledMessage>} */
    let message
    try {
      message = decodeCompiledMessage(new Uint8Array(getBase64Encoder().encode(encoded)))
    } catch {
      throw new RpcError(errorCodes.invalidParams, 'invalid message: failed to deserialize')
    }
    return withContext(chain, feeForHeader(message.header.numSignerAccounts, message))
  },
  requestAirdrop: (chain, params) => {
    const address = requireAddress(params, 0)
    const amount = params[1]
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
      throw new RpcError(
        errorCodes.invalidParams,
        'Invalid params: lamports must be a positive integer',
      )
    }
    const landingSlot = chain.slot()
    const result = chain.svm.airdrop(address, lamports(BigInt(amount)))
    if (!result || 'err' in result)
      throw new RpcError(errorCodes.internal, 'airdrop request failed')
    const signature = getBase58Decoder().decode(result.signature())
    chain.recordLanded({
      signature,
      slot: landingSlot,
      blockTime: chain.svm.getClock().unixTimestamp,
      err: null,
      wire: new Uint8Array(),
      version: 'legacy',
      accountKeys: [address],
      fee: LAMPORTS_PER_SIGNATURE,
      logs: result.logs(),
      unitsConsumed: result.computeUnitsConsumed(),
      preBalances: [],
      postBalances: [],
      preTokenBalances: [],
      postTokenBalances: [],
    })
    return signature
  },
  sendTransaction: (chain, params) => {
    const config = optionalConfig(params, 1)
    const transaction = decodeTransactionParam(params, config)
    const signature = transactionSignature(transaction)
    if (!hasAllSignatures(transaction)) {
      throw new RpcError(
        errorCodes.signatureVerificationFailure,
        'Transaction signature verification failure',
      )
    }
    const message = decodeMessage(transaction)
    const blockhashValid =
      usesDurableNonce(message) || chain.isBlockhashValid(message.lifetimeToken)
    if (config.skipPreflight !== true) {
      const preflight = blockhashValid
        ? chain.simulate(transaction, { sigVerify: true })
        : {
            err: 'BlockhashNotFound',
            logs: [],
            unitsConsumed: 0n,
            returnData: null,
            postAccounts: [],
          }
      if (preflight.err === 'SignatureFailure') {
        throw new RpcError(
          errorCodes.signatureVerificationFailure,
          'Transaction signature verification failure',
        )
      }
      if (preflight.err !== null) {
        throw new RpcError(
          errorCodes.preflightFailure,
          `Transaction simulation failed: ${describeTransactionError(preflight.err)}`,
          {
            accounts: null,
            err: preflight.err,
            innerInstructions: null,
            loadedAccountsDataSize: 0,
            logs: preflight.logs,
            replacementBlockhash: null,
            returnData: null,
            unitsConsumed: preflight.unitsConsumed,
          },
        )
      }
    }
    // Skipping preflight, a transaction with an unknown blockhash is accepted and never lands.
    if (blockhashValid) chain.execute(transaction)
    return signature
  },
  simulateTransaction: (chain, params) => {
    const config = optionalConfig(params, 1)
    const transaction = decodeTransactionParam(params, config)
    const sigVerify = config.sigVerify === true
    const replaceRecentBlockhash = config.replaceRecentBlockhash === true
    if (sigVerify && replaceRecentBlockhash) {
      throw new RpcError(
        errorCodes.invalidParams,
        'sigVerify may not be used with replaceRecentBlockhash',
      )
    }
    const signatureFailure = () =>
      new RpcError(
        errorCodes.signatureVerificationFailure,
        'Transaction signature verification failure',
      )
    if (sigVerify && !hasAllSignatures(transaction)) throw signatureFailure()
    const message = decodeMessage(transaction)
    const latest = chain.issueLatestBlockhash()
    const blockhashValid =
      replaceRecentBlockhash ||
      usesDurableNonce(message) ||
      chain.isBlockhashValid(message.lifetimeToken)
    const result = blockhashValid
      ? chain.simulate(transaction, { sigVerify })
      : {
          err: 'BlockhashNotFound',
          logs: [],
          unitsConsumed: 0n,
          returnData: null,
          postAccounts: [],
        }
    if (sigVerify && result.err === 'SignatureFailure') throw signatureFailure()
    const accountsConfig = config.accounts
    /** @type {unknown[] | null} */
    let accounts = null
    if (
      typeof accountsConfig === 'object' &&
      accountsConfig !== null &&
      'addresses' in accountsConfig
    ) {
      const addresses = Array.isArray(accountsConfig.addresses) ? accountsConfig.addresses : []
      const encoding = 'encoding' in accountsConfig ? accountsConfig.encoding : 'base64'
      accounts = addresses.map((address) => {
        const account = result.postAccounts.find((candidate) => candidate.address === address)
        return account ? encodeAccountData(chain.svm, account, { encoding }, 'base64') : null
      })
    }
    const returnData = result.returnData
    const returnBytes = returnData?.data()
    return withContext(chain, {
      err: result.err,
      logs: result.logs,
      accounts,
      unitsConsumed: result.unitsConsumed,
      returnData:
        returnData && returnBytes && returnBytes.length > 0
          ? {
              programId: getAddressDecoder().decode(returnData.programId()),
              data: [getBase64Decoder().decode(returnBytes), 'base64'],
            }
          : null,
      innerInstructions: null,
      loadedAccountsDataSize: 0,
      replacementBlockhash: replaceRecentBlockhash ? latest : null,
      fee: feeForHeader(message.header.numSignerAccounts, message),
    })
  },
  getSignatureStatuses: (chain, params) => {
    const signatures = params[0]
    if (!Array.isArray(signatures)) {
      throw new RpcError(
        errorCodes.invalidParams,
        'Invalid params: expected an array of signatures',
      )
    }
    return withContext(
      chain,
      signatures.map((signature) => {
        const landed = typeof signature === 'string' ? chain.transactions.get(signature) : undefined
        if (!landed) return null
        return {
          slot: landed.slot,
          confirmations: null,
          err: landed.err,
          status: landed.err === null ? { Ok: null } : { Err: landed.err },
          confirmationStatus: 'finalized',
        }
      }),
    )
  },
  getSignaturesForAddress: (chain, params) => {
    const address = requireAddress(params, 0)
    const config = optionalConfig(params, 1)
    const limit = typeof config.limit === 'number' ? Math.min(config.limit, 1000) : 1000
    const landed = [...chain.transactions.values()].reverse()
    let start = 0
    if (typeof config.before === 'string') {
      const index = landed.findIndex((entry) => entry.signature === config.before)
      start = index === -1 ? landed.length : index + 1
    }
    const result = []
    for (const entry of landed.slice(start)) {
      if (entry.signature === config.until) break
      if (!entry.accountKeys.includes(address)) continue
      result.push({
        signature: entry.signature,
        slot: entry.slot,
        err: entry.err,
        memo: null,
        blockTime: entry.blockTime,
        confirmationStatus: 'finalized',
      })
      if (result.length >= limit) break
    }
    return result
  },
  getTransaction: (chain, params) => {
    const signature = requireString(params, 0, 'signature')
    const config = optionalConfig(params, 1)
    const landed = chain.transactions.get(signature)
    if (!landed || landed.wire.length === 0) return null
    const maxVersion = config.maxSupportedTransactionVersion
    if (
      landed.version !== 'legacy' &&
      (typeof maxVersion !== 'number' || maxVersion < landed.version)
    ) {
      throw new RpcError(
        errorCodes.unsupportedTransactionVersion,
        `Transaction version (${landed.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${landed.version}`,
      )
    }
    const encoding = typeof config.encoding === 'string' ? config.encoding : 'json'
    return {
      slot: landed.slot,
      blockTime: landed.blockTime,
      version: landed.version,
      transaction:
        encoding === 'base64'
          ? [getBase64Decoder().decode(landed.wire), 'base64']
          : encoding === 'base58'
            ? [getBase58Decoder().decode(landed.wire), 'base58']
            : transactionJson(landed.wire),
      meta: {
        err: landed.err,
        status: landed.err === null ? { Ok: null } : { Err: landed.err },
        fee: landed.fee,
        preBalances: landed.preBalances,
        postBalances: landed.postBalances,
        preTokenBalances: landed.preTokenBalances,
        postTokenBalances: landed.postTokenBalances,
        innerInstructions: [],
        logMessages: landed.logs,
        rewards: [],
        loadedAddresses: { writable: [], readonly: [] },
        computeUnitsConsumed: landed.unitsConsumed,
      },
    }
  },
}

/**
 * @param {ChainState} chain
 * @param {unknown} value
 */
function withContext(chain, value) {
  return { context: { apiVersion: SOLANA_CORE_VERSION, slot: chain.slot() }, value }
}

/**
 * @param {unknown[]} params
 * @param {number} index
 * @param {string} name
 */
function requireString(params, index, name) {
  const value = params[index]
  if (typeof value !== 'string')
    throw new RpcError(errorCodes.invalidParams, `Invalid params: ${name} must be a string`)
  return value
}

/**
 * @param {unknown[]} params
 * @param {number} index
 * @returns {Address}
 */
function requireAddress(params, index) {
  const value = params[index]
  if (typeof value !== 'string')
    throw new RpcError(errorCodes.invalidParams, 'Invalid param: expected a pubkey string')
  try {
    if (getBase58Encoder().encode(value).length === 32) return /** @type {Address} */ (value)
  } catch {
    // not base58: answered below like the real RPC
  }
  throw new RpcError(errorCodes.invalidParams, 'Invalid param: Invalid')
}

/**
 * @param {unknown[]} params
 * @param {number} index
 * @returns {RpcConfig}
 */
function optionalConfig(params, index) {
  const value = params[index]
  return typeof value === 'object' && value !== null ? /** @type {RpcConfig} */ (value) : {}
}

/**
 * @param {unknown[]} params
 * @param {RpcConfig} config
 * @returns {Transaction}
 */
function decodeTransactionParam(params, config) {
  const encoded = requireString(params, 0, 'transaction')
  const encoding = config.encoding ?? 'base58'
  try {
    const bytes =
      encoding === 'base64'
        ? getBase64Encoder().encode(encoded)
        : encoding === 'base58'
          ? getBase58Encoder().encode(encoded)
          : undefined
    if (!bytes) {
      throw new RpcError(
        errorCodes.invalidParams,
        `unsupported encoding: ${String(encoding)}. Supported encodings: base58, base64`,
      )
    }
    return getTransactionDecoder().decode(bytes)
  } catch (error) {
    if (error instanceof RpcError) throw error
    throw new RpcError(
      errorCodes.invalidParams,
      `invalid transaction: failed to deserialize (${String(error)})`,
    )
  }
}

/** @param {Transaction} transaction */
function decodeMessage(transaction) {
  return decodeCompiledMessage(new Uint8Array(transaction.messageBytes))
}

/** @param {Uint8Array} bytes */
function decodeCompiledMessage(bytes) {
  const message = getCompiledTransactionMessageDecoder().decode(bytes)
  return {
    version: message.version,
    header: message.header,
    staticAccounts: /** @type {string[]} */ (message.staticAccounts),
    lifetimeToken: message.lifetimeToken,
    instructions:
      'instructions' in message
        ? message.instructions.map((instruction) => ({
            programAddressIndex: instruction.programAddressIndex,
            accountIndices: instruction.accountIndices ?? [],
            data: instruction.data ?? new Uint8Array(),
          }))
        : [],
  }
}

/**
 * A durable-nonce transaction carries the nonce where the blockhash goes, and starts with the
 * System program's AdvanceNonceAccount (instruction 4); the runtime checks the nonce itself.
 * @param {ReturnType<typeof decodeCompiledMessage>} message
 */
function usesDurableNonce(message) {
  const first = message.instructions[0]
  if (!first || message.staticAccounts[first.programAddressIndex] !== SYSTEM_PROGRAM) return false
  return first.data.length === 4 && first.data[0] === 4 && first.data[1] === 0
}

/** @param {Transaction} transaction */
function transactionSignature(transaction) {
  const [first] = Object.values(transaction.signatures)
  return getBase58Decoder().decode(first ?? new Uint8Array(64))
}

/** @param {Transaction} transaction */
function hasAllSignatures(transaction) {
  return Object.values(transaction.signatures).every((signature) => signature !== null)
}

/**
 * The fee a cluster charges: 5,000 lamports per signature plus the priority fee the message's
 * ComputeBudget instructions ask for (compute-unit price × limit, in micro-lamports).
 * @param {number} signatures
 * @param {ReturnType<typeof decodeCompiledMessage>} message
 */
function feeForHeader(signatures, message) {
  let unitPrice = 0n
  /** @type {bigint | undefined} */
  let unitLimit
  let otherInstructions = 0n
  for (const instruction of message.instructions) {
    const program = message.staticAccounts[instruction.programAddressIndex]
    const data = instruction.data
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (program === COMPUTE_BUDGET_PROGRAM && data[0] === 2 && data.length >= 5) {
      unitLimit = BigInt(view.getUint32(1, true))
    } else if (program === COMPUTE_BUDGET_PROGRAM && data[0] === 3 && data.length >= 9) {
      unitPrice = view.getBigUint64(1, true)
    } else if (program !== COMPUTE_BUDGET_PROGRAM) {
      otherInstructions += 1n
    }
  }
  const limit =
    unitLimit ??
    (otherInstructions * 200_000n > 1_400_000n ? 1_400_000n : otherInstructions * 200_000n)
  const priorityFee = (unitPrice * limit + 999_999n) / 1_000_000n
  return BigInt(signatures) * LAMPORTS_PER_SIGNATURE + priorityFee
}

/**
 * A runtime TransactionError in the RPC's JSON form.
 * @param {unknown} error
 * @returns {RpcTransactionError}
 */
function toRpcError(error) {
  if (typeof error === 'number') return transactionErrorNames[error] ?? `TransactionError(${error})`
  if (typeof error !== 'object' || error === null) return String(error)
  const kind = error.constructor.name
  if ('err' in error && 'index' in error && typeof error.err === 'function') {
    return { InstructionError: [error.index, toRpcInstructionError(error.err())] }
  }
  if (kind.endsWith('DuplicateInstruction') && 'index' in error)
    return { DuplicateInstruction: error.index }
  if ('accountIndex' in error) {
    const name = kind.endsWith('ProgramExecutionTemporarilyRestricted')
      ? 'ProgramExecutionTemporarilyRestricted'
      : 'InsufficientFundsForRent'
    return { [name]: { account_index: error.accountIndex } }
  }
  return kind
}

/** @param {unknown} error */
function toRpcInstructionError(error) {
  if (typeof error === 'number') return instructionErrorNames[error] ?? `InstructionError(${error})`
  if (typeof error === 'object' && error !== null) {
    if ('code' in error) return { Custom: error.code }
    if ('msg' in error) return { BorshIoError: error.msg }
  }
  return String(error)
}

/**
 * The agave Display text of a TransactionError, for the preflight failure's message.
 * @param {RpcTransactionError} error
 */
function describeTransactionError(error) {
  if (typeof error === 'string') return transactionErrorMessages[error] ?? error
  const instruction = error.InstructionError
  if (Array.isArray(instruction)) {
    const [index, inner] = instruction
    const text =
      typeof inner === 'string'
        ? (instructionErrorMessages[inner] ?? inner)
        : typeof inner === 'object' && inner !== null && 'Custom' in inner
          ? `custom program error: 0x${Number(inner.Custom).toString(16)}`
          : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${text}`
  }
  const rent = error.InsufficientFundsForRent
  if (typeof rent === 'object' && rent !== null && 'account_index' in rent) {
    return `Transaction results in an account (${rent.account_index}) with insufficient funds for rent`
  }
  return JSON.stringify(error)
}

/**
 * @param {LiteSVM} svm
 * @param {bigint} slot
 */
function epochOfSlot(svm, slot) {
  const schedule = svm.getEpochSchedule()
  const minimum = 32n
  if (schedule.warmup && slot < schedule.firstNormalSlot) {
    // Warmup epochs double in length from 32 slots: epoch e spans [32·(2^e − 1), 32·(2^(e+1) − 1)).
    let epoch = 0n
    let length = minimum
    let start = 0n
    while (slot >= start + length) {
      start += length
      length *= 2n
      epoch += 1n
    }
    return { epoch, slotIndex: slot - start, slotsInEpoch: length }
  }
  const normal = slot - schedule.firstNormalSlot
  return {
    epoch: schedule.firstNormalEpoch + normal / schedule.slotsPerEpoch,
    slotIndex: normal % schedule.slotsPerEpoch,
    slotsInEpoch: schedule.slotsPerEpoch,
  }
}

/**
 * Lamports and SPL token balances of a transaction's accounts, for getTransaction's meta.
 * @param {LiteSVM} svm
 * @param {string[]} addresses
 */
function snapshotBalances(svm, addresses) {
  /** @type {TokenBalance[]} */
  const tokens = []
  const balances = addresses.map((address, accountIndex) => {
    const parsed = parseTokenAccount(svm, /** @type {Address} */ (address))
    if (parsed?.type === 'account') {
      tokens.push({
        accountIndex,
        mint: parsed.info.mint,
        owner: parsed.info.owner,
        programId: parsed.program === 'spl-token' ? TOKEN_PROGRAM : TOKEN_2022_PROGRAM,
        uiTokenAmount: parsed.info.tokenAmount,
      })
    }
    return svm.getBalance(/** @type {Address} */ (address)) ?? 0n
  })
  return { lamports: balances, tokens }
}

/**
 * An account in the RPC's shape, or null when it does not exist.
 * @param {LiteSVM} svm
 * @param {Address} address
 * @param {RpcConfig} config `encoding` (base58, base64, jsonParsed) and `dataSlice`.
 * @param {'binary' | 'base64'} defaultEncoding 'binary' is the legacy plain base58 string.
 */
function encodeAccount(svm, address, config, defaultEncoding) {
  const account = svm.getAccount(address)
  if (!account.exists) return null
  return encodeAccountData(svm, account, config, defaultEncoding)
}

/**
 * @param {LiteSVM} svm
 * @param {import('@solana/kit').EncodedAccount} account
 * @param {RpcConfig} config
 * @param {'binary' | 'base64'} defaultEncoding
 */
function encodeAccountData(svm, account, config, defaultEncoding) {
  const encoding = config.encoding ?? defaultEncoding
  const parsed = encoding === 'jsonParsed' ? parseTokenAccount(svm, account.address) : undefined
  let bytes = account.data
  const slice = config.dataSlice
  if (typeof slice === 'object' && slice !== null && 'offset' in slice && 'length' in slice) {
    const offset = Number(slice.offset)
    bytes = bytes.subarray(offset, offset + Number(slice.length))
  }
  /** @type {unknown} */
  let data
  if (parsed)
    data = {
      program: parsed.program,
      parsed: { type: parsed.type, info: parsed.info },
      space: BigInt(account.data.length),
    }
  else if (encoding === 'binary') data = getBase58Decoder().decode(bytes)
  else if (encoding === 'base58') data = [getBase58Decoder().decode(bytes), 'base58']
  else if (encoding === 'base64' || encoding === 'jsonParsed')
    data = [getBase64Decoder().decode(bytes), 'base64']
  else
    throw new RpcError(
      errorCodes.invalidParams,
      `Invalid params: unsupported encoding ${String(encoding)}`,
    )
  return {
    data,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: BigInt(account.data.length),
  }
}

/**
 * A Token-2022 account carries its type after the base layout; a plain Token account is exactly
 * 165 bytes (a mint is 82).
 * @param {ReadonlyUint8Array} data
 */
function isTokenAccountData(data) {
  return (
    data.length === TOKEN_ACCOUNT_SIZE ||
    (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] === 2)
  )
}

/** @param {ReadonlyUint8Array} data */
function isMintData(data) {
  return (
    data.length === MINT_SIZE ||
    (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] === 1)
  )
}

/**
 * An SPL Token or Token-2022 account or mint as `jsonParsed` shows it (base layout; Token-2022
 * extensions are left out). Undefined for anything else.
 * @param {LiteSVM} svm
 * @param {Address} address
 */
function parseTokenAccount(svm, address) {
  const account = svm.getAccount(address)
  if (!account.exists) return undefined
  const owner = account.programAddress
  if (owner !== TOKEN_PROGRAM && owner !== TOKEN_2022_PROGRAM) return undefined
  const program = owner === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022'
  const data = account.data
  if (isTokenAccountData(data)) {
    const token = getTokenDecoder().decode(data.subarray(0, TOKEN_ACCOUNT_SIZE))
    const mint = svm.getAccount(token.mint)
    const decimals =
      token.mint === NATIVE_MINT
        ? 9
        : mint.exists && isMintData(mint.data)
          ? getMintDecoder().decode(mint.data.subarray(0, MINT_SIZE)).decimals
          : undefined
    if (decimals === undefined) return undefined
    const isNative = token.isNative.__option === 'Some'
    /** @type {{ [key: string]: unknown }} */
    const extra = {}
    if (token.delegate.__option === 'Some') {
      extra.delegate = token.delegate.value
      extra.delegatedAmount = tokenAmount(token.delegatedAmount, decimals)
    }
    if (token.isNative.__option === 'Some')
      extra.rentExemptReserve = tokenAmount(token.isNative.value, decimals)
    if (token.closeAuthority.__option === 'Some') extra.closeAuthority = token.closeAuthority.value
    return {
      program,
      type: /** @type {const} */ ('account'),
      info: {
        isNative,
        mint: token.mint,
        owner: token.owner,
        state:
          token.state === AccountState.Frozen
            ? 'frozen'
            : token.state === AccountState.Initialized
              ? 'initialized'
              : 'uninitialized',
        tokenAmount: tokenAmount(token.amount, decimals),
        ...extra,
      },
    }
  }
  if (isMintData(data)) {
    const mint = getMintDecoder().decode(data.subarray(0, MINT_SIZE))
    return {
      program,
      type: /** @type {const} */ ('mint'),
      info: {
        decimals: mint.decimals,
        freezeAuthority:
          mint.freezeAuthority.__option === 'Some' ? mint.freezeAuthority.value : null,
        isInitialized: mint.isInitialized,
        mintAuthority: mint.mintAuthority.__option === 'Some' ? mint.mintAuthority.value : null,
        supply: mint.supply.toString(),
      },
    }
  }
  return undefined
}

/**
 * A token amount as the RPC shows it: raw units as a string, and the decimal value as a number
 * and as a string without trailing zeros.
 * @param {bigint} amount
 * @param {number} decimals
 * @returns {TokenAmount}
 */
function tokenAmount(amount, decimals) {
  const scale = 10n ** BigInt(decimals)
  const whole = amount / scale
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : `${whole}`
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

/**
 * A transaction in the RPC's `json` encoding.
 * @param {Uint8Array} wire
 */
function transactionJson(wire) {
  const transaction = getTransactionDecoder().decode(wire)
  const message = decodeMessage(transaction)
  return {
    signatures: Object.values(transaction.signatures).map((signature) =>
      getBase58Decoder().decode(signature ?? new Uint8Array(64)),
    ),
    message: {
      accountKeys: message.staticAccounts,
      header: {
        numRequiredSignatures: message.header.numSignerAccounts,
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
      },
      recentBlockhash: message.lifetimeToken,
      instructions: message.instructions.map((instruction) => ({
        programIdIndex: instruction.programAddressIndex,
        accounts: instruction.accountIndices,
        data: getBase58Decoder().decode(instruction.data),
        stackHeight: null,
      })),
      ...(message.version === 'legacy' ? {} : { addressTableLookups: [] }),
    },
  }
}

/**
 * @param {ReadonlyUint8Array} left
 * @param {ReadonlyUint8Array} right
 */
function bytesEqual(left, right) {
  return left.length === right.length && left.every((byte, index) => byte === right[index])
}

/** Marks bigints while stringifying, so they come out as plain JSON numbers (u64 values). */
const BIGINT_MARK = '@@airlock-bigint@@'

/**
 * JSON with bigints as numbers, as the real RPC writes u64 values.
 * @param {unknown} value
 */
function toJson(value) {
  return JSON.stringify(value, (_key, item) =>
    typeof item === 'bigint' ? `${BIGINT_MARK}${item}` : item,
  ).replace(new RegExp(`"${BIGINT_MARK}(-?\\d+)"`, 'g'), '$1')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const chain = await startSolanaRpc({ port: Number(process.argv[2] ?? 8899) })
  console.log(`solana rpc: ${chain.url} (ws ${chain.wsUrl})`)
}
