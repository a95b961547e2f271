/**
 * A local swap sent in one atomic batch after its approval (a smart account's user operation,
 * EIP-5792 `wallet_sendCalls`): alone, the swap would fail its estimate, since the allowance is
 * not in place yet. Here the approval and the swap run in sequence in one simulated block
 * (`eth_simulateV1`, viem's `simulateCalls`), the swap seeing the allowance the approval set; a
 * batch whose approval or swap reverts is refused, never handed to the wallet. Where the node has
 * no `eth_simulateV1`, nothing is checked here and no gas is given: the wallet's estimate of the
 * whole batch (the bundler's, for a user operation) sets it, and fails it first if it reverts.
 */
import { nodeLacksMethod } from '@airlock/protocol'
import { type Address, BaseError, type Hex, type PublicClient } from 'viem'
import { simulateCalls } from 'viem/actions'
import type { SwapProviderError } from './swapProviderError'

type Call = { to: Address; data: Hex; value?: bigint }

export declare namespace afterApproval {
  type Options = {
    /** The batch's sender: the account that approves and swaps. */
    from: Address
    /** The approve call (to the token), first in the batch. */
    approval: Call
    /** The swap call (to the router), after it. */
    swap: Call
    /** The refusal, in the adapter's words, for why the batch would fail. */
    refused(why: string, cause?: unknown): SwapProviderError
  }
}

/**
 * The swap's gas when run after its approval: the gas it used, plus a quarter for the refunds the
 * used gas is net of (at most a fifth of the gas spent is refunded, EIP-3529); undefined when the
 * node can't simulate the pair.
 *
 * @throws SwapProviderError (`refused`) when the approval or the swap reverts in sequence.
 * @example
 * await afterApproval(client, { from, approval: { to: ausd, data }, swap: { to: router, data }, refused })
 * // 131072n
 */
export async function afterApproval(
  client: PublicClient,
  { from, approval, swap, refused }: afterApproval.Options,
): Promise<bigint | undefined> {
  const simulated = await simulateCalls(client, { account: from, calls: [approval, swap] }).catch(
    (error: unknown) => {
      if (lacksSimulateV1(error)) return undefined
      throw error
    },
  )
  if (simulated === undefined) return undefined
  const [approved, swapped] = simulated.results
  if (approved?.status !== 'success')
    throw refused(`its approval reverts${reasonOf(approved)}`, approved?.error)
  if (swapped?.status !== 'success')
    throw refused(`it reverts after its approval${reasonOf(swapped)}`, swapped?.error)
  return swapped.gasUsed + swapped.gasUsed / 4n
}

/** A failed call's reason as viem read it, after a colon; nothing when it gave none. */
function reasonOf(result: { error?: unknown } | undefined): string {
  const error = result?.error
  const reason =
    error instanceof BaseError
      ? ((error as { reason?: unknown }).reason ?? error.shortMessage)
      : undefined
  return typeof reason === 'string' && reason ? `: ${reason}` : ''
}

/** The node has no `eth_simulateV1`: the method is unknown or unsupported there. */
const lacksSimulateV1 = (error: unknown): boolean =>
  error instanceof BaseError && nodeLacksMethod(error, (cause) => cause instanceof BaseError)
