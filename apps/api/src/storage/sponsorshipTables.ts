/**
 * The tables of gas sponsorship (issue 33; `services/bundlers/sponsorship.ts`): what the paymaster
 * was asked to sponsor, counted per UTC day against a project's caps, per account and for the
 * whole project. In the database, so every replica spends from one count and a restart forgets
 * nothing.
 */
import type { Int53, Timestamp } from './columnTypes'

/**
 * One day's sponsorship of a project: of one account (`account`, its address in lower case), or
 * of all its accounts together (`account` '*').
 */
export type SponsorshipUsageTable = {
  project_id: string
  /** `YYYY-MM-DD`, UTC. */
  day: string
  account: string
  operations: Int53
  /** The sum of the sponsored operations' gas limits. */
  gas: Int53
}

/**
 * A user operation sponsored, once per sender and nonce on a network (only one of them can ever
 * be included): asked again, it is counted again only for the gas it asks beyond its largest yet.
 */
export type SponsoredOperationsTable = {
  project_id: string
  /** CAIP-2 network id. */
  network: string
  /** Lower case. */
  sender: string
  /** Decimal text (a uint256). */
  nonce: string
  /** Its largest gas limits' sum yet. */
  gas: Int53
  /** The day it was first counted on. */
  day: string
  created_at: Timestamp
}
