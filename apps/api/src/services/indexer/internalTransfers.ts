/**
 * Native value moved inside transactions — a smart account's send in a user operation, the ETH a
 * swap router pays out, a contract's refund — which a block's transactions don't show (their
 * `value` is only what the sender attached). Read from the node's call traces of the block
 * (`debug_traceBlockByHash` with geth's `callTracer`, which anvil, geth, reth and erigon answer):
 * every call below the top one that carried value and did not fail, nor any call above it. A
 * node without the debug namespace gives none, and the indexer goes on with what the blocks and
 * logs show (the README says so).
 */
import type { Hash, Hex } from 'viem'
import { MethodNotFoundRpcError, MethodNotSupportedRpcError, RpcRequestError } from 'viem'
import { ChainMovedError, type IndexerContext } from './context'

/** A call in geth's `callTracer` output. */
type CallFrame = {
  type: string
  from: string
  to?: string
  value?: Hex
  error?: string
  calls?: CallFrame[]
}

/** One native transfer inside transaction `txHash`, in the order the calls ran. */
export type InternalTransfer = {
  txHash: Hash
  index: number
  from: string
  to: string
  value: bigint
}

/** The call types that move value (a DELEGATECALL's `value` is its caller's, not a transfer). */
const movesValue = new Set(['CALL', 'CALLCODE', 'CREATE', 'CREATE2', 'SELFDESTRUCT'])

/** Whether the node has no debug tracing for us: not an error of the chain's. */
function tracingUnavailable(error: unknown): boolean {
  if (error instanceof MethodNotFoundRpcError || error instanceof MethodNotSupportedRpcError)
    return true
  // Some nodes answer an unknown namespace with a plain error of their own words.
  return (
    error instanceof RpcRequestError &&
    /method .*(not (found|supported|available)|does not exist)|namespace .*disabled/i.test(
      error.details,
    )
  )
}

/** The value-moving calls of `frame`'s subtree, below the top call, that did not fail. */
function collect(frame: CallFrame, depth: number, into: CallFrame[]) {
  if (frame.error !== undefined) return
  if (depth > 0 && movesValue.has(frame.type) && frame.to && BigInt(frame.value ?? '0x0') > 0n)
    into.push(frame)
  for (const call of frame.calls ?? []) collect(call, depth + 1, into)
}

/**
 * The internal native transfers of block `blockHash`; none when the node can't trace.
 * @throws ChainMovedError when the block is no longer the node's (a reorg while reading).
 */
export async function internalTransfers(
  { client }: Pick<IndexerContext, 'client'>,
  blockHash: Hash,
): Promise<InternalTransfer[]> {
  let traces: { txHash?: Hash; result?: CallFrame; error?: string }[]
  try {
    traces = await client.request({
      method: 'debug_traceBlockByHash' as never,
      params: [blockHash, { tracer: 'callTracer' }] as never,
    })
  } catch (error) {
    if (tracingUnavailable(error)) return []
    if (error instanceof RpcRequestError && /not found|unknown block/i.test(error.details))
      throw new ChainMovedError(`block ${blockHash} is gone`, { cause: error })
    throw error
  }
  return traces.flatMap(({ txHash, result }) => {
    if (!txHash || !result) return []
    const moved: CallFrame[] = []
    collect(result, 0, moved)
    return moved.map((frame, index) => ({
      txHash,
      index,
      from: frame.from.toLowerCase(),
      to: (frame.to as string).toLowerCase(),
      value: BigInt(frame.value ?? '0x0'),
    }))
  })
}
