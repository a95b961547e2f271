/**
 * Reads blocks `from`..`to` from the RPC and turns them into transfer rows: native value sends
 * from the blocks' transactions and from calls inside them (internalTransfers.ts, the node's call
 * traces), ERC-20 and ERC-721 `Transfer` logs from `eth_getLogs`. It checks
 * that what it read is one chain (parent hashes link up, every log's block hash matches) and
 * throws `ChainMovedError` when a reorg happened while it read.
 */

import type { Insertable } from 'kysely'
import {
  BlockNotFoundError,
  type Hash,
  type Hex,
  type RpcLog,
  TransactionReceiptNotFoundError,
  toHex,
} from 'viem'
import type { IndexerTransfersTable } from '../../storage/storage'
import { ChainMovedError, type IndexerContext } from './context'
import { isTransportError, mapLimit } from './contractReader'
import { internalTransfers } from './internalTransfers'

export type TransferRow = Insertable<IndexerTransfersTable>
export type BlockRow = { number: number; hash: Hash; parentHash: Hash }
export type RangeContents = { blocks: BlockRow[]; transfers: TransferRow[] }

/** keccak256('Transfer(address,address,uint256)'), the same topic for ERC-20 and ERC-721. */
export const transferTopic: Hex =
  '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

const rpcConcurrency = 8

/**
 * The `log_index` of a transaction's internal native transfers (internalTransfers.ts): below its
 * own value's -1 and every log's, in the order the calls ran.
 */
export const internalTransferLogIndex = (index: number) => -1_000_000 + index

/** Whether a row's `log_index` is an internal transfer's (the transaction's own value is -1). */
export const isInternalTransferLogIndex = (logIndex: number) => logIndex < -1

export async function readRange(
  context: IndexerContext,
  from: number,
  to: number,
): Promise<RangeContents> {
  const { client, chainId } = context
  const numbers = Array.from({ length: to - from + 1 }, (_, offset) => from + offset)
  const [blocks, logs] = await Promise.all([
    mapLimit(numbers, rpcConcurrency, async (number) => {
      try {
        return await client.getBlock({ blockNumber: BigInt(number), includeTransactions: true })
      } catch (error) {
        if (error instanceof BlockNotFoundError)
          throw new ChainMovedError(`block ${number} is gone`, { cause: error })
        throw error
      }
    }),
    transferLogs(context, from, to),
  ])

  const blockRows: BlockRow[] = blocks.map((block) => ({
    number: Number(block.number),
    hash: block.hash as Hash,
    parentHash: block.parentHash,
  }))
  for (let index = 1; index < blockRows.length; index++)
    if (blockRows[index]?.parentHash !== blockRows[index - 1]?.hash)
      throw new ChainMovedError(`block ${from + index} does not follow block ${from + index - 1}`)

  const blockByNumber = new Map(blocks.map((block) => [Number(block.number), block]))
  const transactions = new Map(
    blocks.flatMap((block) => block.transactions.map((tx) => [tx.hash, tx] as const)),
  )
  const transfers: TransferRow[] = []
  const succeeded = new Set<Hash>()

  for (const log of logs) {
    if (log.removed) continue
    const number = Number(log.blockNumber)
    const block = blockByNumber.get(number)
    if (block === undefined || block.hash !== log.blockHash)
      throw new ChainMovedError(`log of block ${number} is from another fork`)
    const transfer = decodeTransfer(log)
    if (transfer === undefined) continue
    const txHash = log.transactionHash as Hash
    const tx = transactions.get(txHash)
    if (tx === undefined) throw new ChainMovedError(`transaction ${txHash} is not in its block`)
    // Logs exist only for transactions that succeeded.
    succeeded.add(txHash)
    transfers.push({
      chain_id: chainId,
      block_number: number,
      block_hash: block.hash as Hash,
      block_timestamp: Number(block.timestamp),
      tx_hash: txHash,
      tx_index: tx.transactionIndex,
      log_index: Number(log.logIndex),
      ...transfer,
      tx_status: 'success',
      tx_from: tx.from.toLowerCase(),
      tx_to: tx.to?.toLowerCase() ?? null,
    })
  }

  // Native sends: transactions carrying value to an account. Contract creations are left out.
  const nativeSends = blocks.flatMap((block) =>
    block.transactions.filter((tx) => tx.value > 0n && tx.to !== null).map((tx) => ({ block, tx })),
  )
  const statuses = await mapLimit(nativeSends, rpcConcurrency, async ({ tx }) => {
    if (succeeded.has(tx.hash)) return 'success' as const
    const receipt = await client.getTransactionReceipt({ hash: tx.hash }).catch((error) => {
      if (error instanceof TransactionReceiptNotFoundError)
        throw new ChainMovedError(`receipt of ${tx.hash} is gone`, { cause: error })
      throw error
    })
    return receipt.status === 'success' ? ('success' as const) : ('reverted' as const)
  })
  /** A native transfer's row in `tx` of `block`. */
  const nativeRow = (
    block: (typeof blocks)[number],
    tx: (typeof block.transactions)[number],
    moved: Pick<TransferRow, 'log_index' | 'from_address' | 'to_address' | 'tx_status'> & {
      value: bigint
    },
  ): TransferRow => ({
    chain_id: chainId,
    block_number: Number(block.number),
    block_hash: block.hash as Hash,
    block_timestamp: Number(block.timestamp),
    tx_hash: tx.hash,
    tx_index: tx.transactionIndex,
    kind: 'native',
    token_address: null,
    ...moved,
    value: moved.value.toString(),
    tx_from: tx.from.toLowerCase(),
    tx_to: tx.to?.toLowerCase() ?? null,
  })
  nativeSends.forEach(({ block, tx }, index) => {
    transfers.push(
      nativeRow(block, tx, {
        log_index: -1,
        from_address: tx.from.toLowerCase(),
        to_address: (tx.to as Hex).toLowerCase(),
        value: tx.value,
        tx_status: statuses[index] ?? 'success',
      }),
    )
  })

  // Native value moved by calls inside transactions: only blocks with a contract call have any.
  const traced = blocks.filter((block) => block.transactions.some((tx) => tx.input !== '0x'))
  const internal = await mapLimit(traced, rpcConcurrency, (block) =>
    internalTransfers(context, block.hash as Hash).then((moved) => ({ block, moved })),
  )
  for (const { block, moved } of internal)
    for (const transfer of moved) {
      const tx = transactions.get(transfer.txHash)
      if (tx === undefined)
        throw new ChainMovedError(`traced transaction ${transfer.txHash} is not in its block`)
      transfers.push(
        nativeRow(block, tx, {
          log_index: internalTransferLogIndex(transfer.index),
          from_address: transfer.from,
          to_address: transfer.to,
          value: transfer.value,
          // A call moved value only in a transaction that succeeded (internalTransfers.ts).
          tx_status: 'success',
        }),
      )
    }

  return { blocks: blockRows, transfers }
}

type DecodedTransfer = Pick<
  TransferRow,
  'kind' | 'token_address' | 'from_address' | 'to_address' | 'value'
>

/** ERC-20: 3 topics and the amount as data. ERC-721: 4 topics (the token id indexed), no data. */
function decodeTransfer(log: RpcLog): DecodedTransfer | undefined {
  const [, from, to, tokenId] = log.topics
  if (from === undefined || to === undefined) return undefined
  if (!isWord(from) || !isWord(to)) return undefined
  const base = {
    token_address: log.address.toLowerCase(),
    from_address: topicAddress(from),
    to_address: topicAddress(to),
  }
  if (log.topics.length === 3 && isWord(log.data))
    return { kind: 'erc20', ...base, value: BigInt(log.data).toString() }
  if (log.topics.length === 4 && tokenId !== undefined && isWord(tokenId) && log.data === '0x')
    return { kind: 'erc721', ...base, value: BigInt(tokenId).toString() }
  return undefined
}

function isWord(value: string): boolean {
  return /^0x[0-9a-fA-F]{64}$/.test(value)
}

function topicAddress(topic: string): string {
  return `0x${topic.slice(26)}`.toLowerCase()
}

/**
 * `Transfer` logs of the range. Providers cap `eth_getLogs` (block span, result count), so a
 * refused range is split in halves until the pieces pass; unreachable RPCs still throw at once.
 */
async function transferLogs(context: IndexerContext, from: number, to: number): Promise<RpcLog[]> {
  try {
    return await context.client.request({
      method: 'eth_getLogs',
      params: [{ fromBlock: toHex(from), toBlock: toHex(to), topics: [transferTopic] }],
    })
  } catch (error) {
    if (from === to || isTransportError(error)) throw error
    const middle = Math.floor((from + to) / 2)
    const [first, second] = await Promise.all([
      transferLogs(context, from, middle),
      transferLogs(context, middle + 1, to),
    ])
    return [...first, ...second]
  }
}
