/**
 * A sent user operation followed to its end by its hash (issue 35 point 6). A slow one is not a
 * failed one: the bundler may include it a minute later, so when it has not landed after
 * `pendingAfterMs` the visitor is told it is pending (`onPending`) and it is followed still, until
 * its receipt says how it ended. Only then does the site's request settle: with the receipt (the
 * caller resolves its transaction hash, or its revert). A bundler that stops answering or errs
 * meanwhile is asked again (its error is not the operation's outcome); after `followMs` in all the request fails saying the operation may still land,
 * and under which hash: nothing waits forever, and nothing is called failed that may not be.
 * A pending operation the visitor sped up or cancelled (userOperationReplacement.ts) is followed
 * by all its hashes, the original's and each replacement's: whichever lands is its outcome.
 */
import { RequestTimeoutError } from '@airlock/protocol'
import type { Hex } from 'viem'
import type { BundlerClient, UserOperationReceipt } from 'viem/account-abstraction'

/** How long a pending user operation is followed before the site's request gives up on it. */
export const followUserOperationMs = 30 * 60_000

export type FollowOptions = {
  bundler: BundlerClient
  hash: Hex
  /**
   * Every hash the operation was sent under, `hash` first (its replacements after, as the visitor
   * sends them); without it, `hash` only.
   */
  hashes?: () => readonly Hex[]
  /** How long it may take before the visitor is told it is pending. */
  pendingAfterMs: number
  /** How long it is followed in all. */
  followMs?: number
  /** It was not included within `pendingAfterMs`: it is followed still. */
  onPending(hash: Hex): void
}

/**
 * The user operation's receipt, once it is included (successful or reverted), and whether the
 * visitor was told it was pending first.
 *
 * @example
 * const { receipt } = await followUserOperation({ bundler, hash, pendingAfterMs: 60_000, onPending })
 * receipt.success ? receipt.receipt.transactionHash : receipt.reason
 */
export async function followUserOperation(
  options: FollowOptions,
): Promise<{ receipt: UserOperationReceipt; hash: Hex; wasPending: boolean }> {
  const { bundler, hash, pendingAfterMs, followMs = followUserOperationMs } = options
  const hashesOf = options.hashes ?? (() => [hash])
  const started = Date.now()
  let pending = false
  for (;;) {
    const waited = Date.now() - started
    if (!pending && waited >= pendingAfterMs) {
      pending = true
      options.onPending(hash)
    }
    if (waited >= followMs)
      throw new RequestTimeoutError({
        message: `The user operation ${hash} was not included within ${Math.round(followMs / 1000)} s; it may still be: follow it by its hash.`,
      })
    // The latest replacement first: it is the one the bundler holds, when none landed yet.
    for (const sent of [...hashesOf()].reverse()) {
      // Not included yet (UserOperationReceiptNotFoundError); or the bundler out of reach or
      // erring, which is not how the operation ended: asked again after the polling interval.
      const receipt = await bundler.getUserOperationReceipt({ hash: sent }).catch(() => undefined)
      if (receipt) return { receipt, hash: sent, wasPending: pending }
    }
    await new Promise((resolve) => setTimeout(resolve, bundler.pollingInterval))
  }
}
