/**
 * A sent user operation followed to its end by its hash (issue 35 point 6). A slow one is not a
 * failed one: the bundler may include it a minute later, so when it has not landed after
 * `pendingAfterMs` the visitor is told it is pending (`onPending`) and it is followed still, until
 * its receipt says how it ended. Only then does the site's request settle: with the receipt (the
 * caller resolves its transaction hash, or its revert). A bundler that stops answering or errs
 * meanwhile is asked again (its error is not the operation's outcome); after `followMs` in all the request fails saying the operation may still land,
 * and under which hash: nothing waits forever, and nothing is called failed that may not be.
 */
import { RequestTimeoutError } from '@airlock/protocol'
import type { Hex } from 'viem'
import {
  type BundlerClient,
  type UserOperationReceipt,
  WaitForUserOperationReceiptTimeoutError,
} from 'viem/account-abstraction'

/** How long a pending user operation is followed before the site's request gives up on it. */
export const followUserOperationMs = 30 * 60_000

export type FollowOptions = {
  bundler: BundlerClient
  hash: Hex
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
): Promise<{ receipt: UserOperationReceipt; wasPending: boolean }> {
  const { bundler, hash, pendingAfterMs, followMs = followUserOperationMs } = options
  const started = Date.now()
  let pending = false
  for (;;) {
    const waited = Date.now() - started
    const left = followMs - waited
    if (!pending && waited >= pendingAfterMs) {
      pending = true
      options.onPending(hash)
    }
    if (left <= 0)
      throw new RequestTimeoutError({
        message: `The user operation ${hash} was not included within ${Math.round(followMs / 1000)} s; it may still be: follow it by its hash.`,
      })
    try {
      const receipt = await bundler.waitForUserOperationReceipt({
        hash,
        timeout: pending ? left : Math.min(left, pendingAfterMs - waited),
      })
      return { receipt, wasPending: pending }
    } catch (error) {
      if (error instanceof WaitForUserOperationReceiptTimeoutError) continue
      // The bundler out of reach or erring: not how the operation ended, so it is asked again.
      await new Promise((resolve) => setTimeout(resolve, bundler.pollingInterval))
    }
  }
}
