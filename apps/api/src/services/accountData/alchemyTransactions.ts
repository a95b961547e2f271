/**
 * Alchemy's asset transfers as the §3 transaction list: the two directions' pages merged newest
 * block first into whole blocks, grouped by hash and labelled as the built-in indexer labels
 * them (mint, send, receive, trade).
 */

import type { Transaction, TransactionTransfer } from '@airlock/protocol'
import { formatUnits } from 'viem'
import { type AssetTransfer, hexToBigint, type StreamState } from './alchemyAnswers'

const zeroAddress = '0x0000000000000000000000000000000000000000'

export type StreamPage = {
  state: NonNullable<StreamState>
  transfers: AssetTransfer[]
  next?: string | undefined
}

/**
 * One page of transactions from the two directions' transfer pages, newest block first. Only
 * whole blocks are served, and only blocks both directions have finished listing: a direction
 * with more pages may still hold transfers of its last block, so blocks at or below the highest
 * such "frontier" wait for the next page. Each direction's new state then skips what was served.
 * Alchemy lists a direction newest first, so what is served is always a prefix of it.
 */
export function mergeStreams(
  pages: readonly (StreamPage | undefined)[],
  limit: number,
): { groups: AssetTransfer[][]; states: StreamState[] } {
  const remaining = pages.map((page) => page?.transfers.slice(page.state.s) ?? [])
  const frontiers = pages.flatMap((page) => {
    const last = page?.transfers.at(-1)
    return page?.next !== undefined && last !== undefined ? [blockOf(last)] : []
  })
  let floor = Math.max(-1, ...frontiers)
  let candidates = remaining.flatMap((list) => leading(list, (block) => block > floor))
  // Every remaining transfer sits in the frontier block itself (over 100 transfers of this
  // address in one block): serve what is here rather than stall. A transaction split across the
  // page boundary then shows in two entries, which beats never moving on.
  if (candidates.length === 0) {
    floor -= 1
    candidates = remaining.flatMap((list) => leading(list, (block) => block > floor))
  }

  // Whole blocks, newest first, while they fit in `limit` (the first block always does).
  const hashesByBlock = new Map<number, Set<string>>()
  for (const transfer of candidates) {
    const hashes = hashesByBlock.get(blockOf(transfer)) ?? new Set()
    hashes.add(transfer.hash)
    hashesByBlock.set(blockOf(transfer), hashes)
  }
  let cut = Number.POSITIVE_INFINITY
  let count = 0
  for (const block of [...hashesByBlock.keys()].sort((a, b) => b - a)) {
    const size = hashesByBlock.get(block)?.size ?? 0
    if (count > 0 && count + size > limit) break
    count += size
    cut = block
  }

  const served = remaining.map((list) => leading(list, (block) => block >= cut))
  const groups = new Map<string, AssetTransfer[]>()
  const seen = new Set<string>()
  for (const transfer of served.flat()) {
    // A transfer to oneself is listed in both directions.
    const id =
      transfer.uniqueId ?? `${transfer.hash}:${transfer.category}:${transfer.from}:${transfer.to}`
    if (seen.has(id)) continue
    seen.add(id)
    groups.set(transfer.hash, [...(groups.get(transfer.hash) ?? []), transfer])
  }
  const ordered = [...groups.values()].sort(
    (a, b) => blockOf(b[0]!) - blockOf(a[0]!) || compareText(a[0]!.hash, b[0]!.hash),
  )

  const states = pages.map((page, index): StreamState => {
    if (page === undefined) return null
    const skip = page.state.s + (served[index]?.length ?? 0)
    if (skip < page.transfers.length) return { ...page.state, s: skip }
    return page.next === undefined ? null : { p: page.next, s: 0 }
  })
  return { groups: ordered, states }
}

function leading(
  list: readonly AssetTransfer[],
  keep: (block: number) => boolean,
): AssetTransfer[] {
  const end = list.findIndex((transfer) => !keep(blockOf(transfer)))
  return end === -1 ? [...list] : list.slice(0, end)
}

function blockOf(transfer: AssetTransfer): number {
  return Number(BigInt(transfer.blockNum === '0x' ? '0x0' : transfer.blockNum))
}

/** The §3 transaction for the transfers of one hash, seen from `account`. */
export function toTransaction(
  transfers: readonly AssetTransfer[],
  account: string,
  caipNetworkId: string,
  spamContracts: ReadonlySet<string>,
): Transaction {
  const first = transfers[0]!
  // The top-level transfer, when there is one, is the transaction itself.
  const main = transfers.find((transfer) => transfer.category === 'external') ?? first
  const from = (transfer: AssetTransfer) => transfer.from.toLowerCase()
  const to = (transfer: AssetTransfer) => transfer.to?.toLowerCase() ?? ''
  // The built-in indexer's rule, so both adapters label alike: `mint` when everything came from
  // the zero address, `send` when only outgoing, `receive` when only incoming, `trade` when
  // both ways (a swap).
  const incoming = transfers.filter(
    (transfer) => to(transfer) === account && from(transfer) !== account,
  )
  const outgoing = transfers.filter((transfer) => from(transfer) === account)
  const operationType =
    incoming.length > 0 && outgoing.length > 0
      ? 'trade'
      : outgoing.length > 0
        ? 'send'
        : incoming.every((transfer) => from(transfer) === zeroAddress)
          ? 'mint'
          : 'receive'
  return {
    id: first.hash,
    metadata: {
      minedAt: first.metadata?.blockTimestamp ?? '',
      chain: caipNetworkId,
      operationType,
      // Alchemy lists mined transfers only.
      status: 'confirmed',
      sentFrom: from(main),
      sentTo: to(main),
    },
    transfers: transfers.map((transfer) => ({
      ...directionOf(from(transfer), to(transfer), account),
      ...toTransfer(transfer, spamContracts),
    })),
  }
}

/** The account's side of a transfer, as Zerion gives it; none when it is not the account's. */
function directionOf(
  from: string,
  to: string,
  account: string,
): Pick<TransactionTransfer, 'direction'> {
  if (from === account) return { direction: to === account ? 'self' : 'out' }
  return to === account ? { direction: 'in' } : {}
}

function toTransfer(
  transfer: AssetTransfer,
  spamContracts: ReadonlySet<string>,
): TransactionTransfer {
  const contract = transfer.rawContract.address?.toLowerCase()
  if (transfer.category === 'erc721') {
    const tokenId = toDecimal(transfer.erc721TokenId ?? transfer.tokenId ?? '0')
    return {
      nft_info: {
        name: clip(nftFallbackName(transfer.asset ?? '', tokenId)),
        flags: { is_spam: contract !== undefined && spamContracts.has(contract) },
      },
    }
  }
  return {
    fungible_info: {
      symbol: clip(transfer.asset ?? ''),
      quantity: { numeric: transferAmount(transfer) },
    },
  }
}

/** The exact amount from the raw units and decimals when Alchemy gives them, else its float. */
function transferAmount(transfer: AssetTransfer): string {
  const { value, decimal } = transfer.rawContract
  if (value !== null && decimal !== null)
    return formatUnits(hexToBigint(value), Number(hexToBigint(decimal)))
  if (transfer.value !== null)
    return transfer.value.toLocaleString('en-US', {
      useGrouping: false,
      maximumFractionDigits: 20,
    })
  return '0'
}

export function nftFallbackName(collection: string, tokenId: string): string {
  return collection === '' ? `#${tokenId}` : `${collection} #${tokenId}`
}

/** A token id as a decimal string, whether Alchemy wrote it in hex or decimal. */
export function toDecimal(tokenId: string): string {
  try {
    return BigInt(tokenId).toString()
  } catch {
    return tokenId
  }
}

/** Names and symbols are chain data anyone can set; keep them to a sane length. */
export function clip(text: string): string {
  return text.trim().slice(0, 100)
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
