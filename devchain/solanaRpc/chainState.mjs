// @ts-check
// The local Solana chain's bookkeeping around the runtime: slots, issued blockhashes, landed
// transactions and subscriptions. A chain without blocks needs some the runtime does not do:
// - Every landed transaction (and airdrop) ends its slot: the slot advances by one and the latest
//   blockhash changes, so an identical follow-up transaction is a new one, not a duplicate.
// - LiteSVM only accepts the very latest blockhash, but real clients fetch one and send later.
//   Its check is off; this server keeps every blockhash it issued valid for 150 blocks, as a
//   cluster does, and rejects others with BlockhashNotFound (block height = slot: no skipped slots).
// - Slots only advance with transactions, so a fetched blockhash never expires while idle.
import { getTransactionEncoder } from '@solana/kit'
import { snapshotBalances } from './accounts.mjs'
import { toRpcError } from './rpcErrors.mjs'
import { toJson } from './rpcValues.mjs'
import { decodeMessage, feeForHeader, transactionSignature } from './transactions.mjs'

/** How many blocks a blockhash stays usable, as on a cluster. */
const BLOCKHASH_VALID_BLOCKS = 150n

/**
 * @typedef {import('litesvm').LiteSVM} LiteSVM
 * @typedef {import('@solana/kit').Transaction} Transaction
 * @typedef {import('./rpcErrors.mjs').RpcTransactionError} RpcTransactionError
 * @typedef {import('./accounts.mjs').TokenBalance} TokenBalance
 * @typedef {{
 *   signature: string, slot: bigint, blockTime: bigint, err: RpcTransactionError | null,
 *   wire: Uint8Array, version: 'legacy' | number, accountKeys: string[], fee: bigint,
 *   logs: string[], unitsConsumed: bigint, preBalances: bigint[], postBalances: bigint[],
 *   preTokenBalances: TokenBalance[], postTokenBalances: TokenBalance[],
 * }} LandedTransaction
 * @typedef {{ kind: 'signature', signature: string, socket: import('ws').WebSocket } | { kind: 'slot', socket: import('ws').WebSocket }} Subscription
 */

/**
 * The chain's bookkeeping around the runtime: slots, issued blockhashes, landed transactions and
 * subscriptions.
 * @param {LiteSVM} svm
 */
export function createChainState(svm) {
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
