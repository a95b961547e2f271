/**
 * Swap's approve and swap as one atomic batch (issue 35 point 5), for a wallet that makes calls
 * atomically (EIP-5792 `wallet_getCapabilities`: `atomic` supported or ready, the embedded
 * wallet's smart account among them): one `wallet_sendCalls` with `atomicRequired: true`, one
 * approval in the wallet, then `wallet_getCallsStatus` until the batch is final. All or nothing:
 * a batch that reverts leaves no approval standing either. A wallet that can't (an EOA, one
 * without EIP-5792) keeps Swap's two steps, approve then swap, each its own transaction.
 */
import type { NetworkConfig, RequestArguments } from '@airlock/protocol'
import { evmChainId } from '@airlock/protocol'
import { numberToHex } from 'viem/utils'
import { swapText } from '../messages/swapText'
import { SwapError } from './swapError'

type Hex = `0x${string}`

/** What the batch needs of the connected wallet (`SwapContext.walletRequest`). */
type WalletRequest = (request: RequestArguments) => Promise<unknown> | undefined

/** A transaction the API built (decimal wei), as a call of the batch takes it. */
type BuiltCall = { to: string; data: string; value: string }

/** How long a batch is followed before the flow gives up on it (the wallet follows it on). */
export const swapBatchTimeoutMs = 120_000
/** How often its status is asked: blocks come every 2 s on many L2s, as `sendAndConfirm` does. */
const statusPollMs = 1_000

/**
 * Whether the wallet makes approve and swap one atomic batch on `network` for `owner`: its
 * EIP-5792 capabilities say `atomic` is supported (or ready: an account it upgrades on first use).
 * A wallet that doesn't know the method, or answers anything else, does not.
 *
 * @example
 * await batchesAtomically(walletRequest, owner, network) // true for the smart account
 */
export async function batchesAtomically(
  walletRequest: WalletRequest,
  owner: string,
  network: NetworkConfig,
): Promise<boolean> {
  const chainId = evmChainId(network.caipNetworkId)
  try {
    const answer = await walletRequest({
      method: 'wallet_getCapabilities',
      params: [owner, [chainId]],
    })
    const status = (answer as Record<string, { atomic?: { status?: unknown } } | undefined>)?.[
      chainId
    ]?.atomic?.status
    return status === 'supported' || status === 'ready'
  } catch {
    return false
  }
}

/** What the flow reads of a final batch: the logs of its receipts (what was received). */
export type SwapBatchOutcome = {
  logs: readonly { address: string; topics: readonly Hex[]; data: Hex }[]
}

type CallsStatus = {
  status?: unknown
  receipts?: { logs?: SwapBatchOutcome['logs'] }[]
}

/**
 * Sends `calls` from `from` as one atomic batch and follows it to its end. `onSent` is called
 * once the wallet took it (approved and handed on), before it is included.
 *
 * @throws SwapError: the wallet's refusal (a decline is the wallet's 4001, read by swapErrorOf),
 *   `reverted` when the batch reverted (nothing of it stands), `pending` when it is still pending.
 */
export async function sendSwapBatch(
  walletRequest: WalletRequest,
  request: {
    network: NetworkConfig
    from: string
    calls: readonly BuiltCall[]
    onSent?: () => void
    timeoutMs?: number
  },
): Promise<SwapBatchOutcome> {
  const { network, from, calls } = request
  const pending = walletRequest({
    method: 'wallet_sendCalls',
    params: [
      {
        version: '2.0.0',
        chainId: evmChainId(network.caipNetworkId),
        from,
        atomicRequired: true,
        calls: calls.map(({ to, data, value }) => ({
          to,
          data,
          value: numberToHex(BigInt(value)),
        })),
      },
    ],
  })
  if (!pending) throw new SwapError(swapText.noWallet, { code: 'noWallet' })
  const sent = (await pending) as { id?: unknown } | undefined
  const id = sent?.id
  if (typeof id !== 'string' || id === '') throw new SwapError(swapText.noBatchId)
  request.onSent?.()
  const until = Date.now() + (request.timeoutMs ?? swapBatchTimeoutMs)
  for (;;) {
    const status = (await walletRequest({ method: 'wallet_getCallsStatus', params: [id] })) as
      | CallsStatus
      | undefined
    const code = typeof status?.status === 'number' ? status.status : 100
    if (code === 200)
      return { logs: (status?.receipts ?? []).flatMap((receipt) => receipt.logs ?? []) }
    // 400 not included, 500 reverted, 600 partly (never for an atomic batch): nothing stands.
    if (code >= 400) throw new SwapError(swapText.reverted, { code: 'reverted' })
    if (Date.now() >= until) throw new SwapError(swapText.stillPending, { code: 'pending' })
    await new Promise((resolve) => setTimeout(resolve, statusPollMs))
  }
}
