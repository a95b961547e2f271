/**
 * The Account view's tokens, NFTs and activity as the store holds them (its `accountData`
 * slice), apart from accountData.ts, which loads them, so the store can hold them without
 * importing the loaders.
 */
import type { NftItem, TokenBalance, Transaction } from '@airlock/protocol'

/** How the last load of an entry went. */
export type EntryStatus = 'loading' | 'loaded' | 'failed'

/** The token list of one (network, address). */
export type BalancesEntry = {
  status: EntryStatus
  /** Sorted by value, low-quality tokens left out. Kept while a refresh loads. */
  tokens: TokenBalance[]
  source: 'wallet' | 'api' | undefined
  /** When the last answer or failure came; 0 before the first. */
  at: number
  /** Set by `refreshAccountData`: the next load fetches again whatever the cache says. */
  stale: boolean
  request: number
}

/** A list read by cursor: the pages so far, merged without duplicates. */
export type ListEntry<item> = {
  status: EntryStatus
  items: item[]
  /** The cursor of the next page; null on the last page (and after a failed first page). */
  next: string | null
  loadingMore: boolean
  /** The last "more" page failed; the list waits for an explicit retry instead of scrolling. */
  moreFailed: boolean
  at: number
  stale: boolean
  request: number
}

export type AccountDataState = {
  /** Keyed by `accountKey`. */
  balances: Record<string, BalancesEntry>
  nfts: Record<string, ListEntry<NftItem>>
  transactions: Record<string, ListEntry<Transaction>>
  /** Bumped by `refreshAccountData`; the mounted view loads its data again when it changes. */
  generation: number
}
