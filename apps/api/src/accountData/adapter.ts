/**
 * Where account data comes from. Each network is served by one adapter the operator chooses:
 * the built-in indexer (follows the chain over its RPC) or a hosted indexer API. Prices come
 * from a price source. Routes add prices and values and cache the answers; adapters only fetch.
 */
import type { NftItem, Page, Transaction } from '@airlock/protocol'
import type { NetworkConfig } from '../networks'

export type Address = `0x${string}`

/** A fungible holding before prices: the native coin (no `address`) or an ERC-20. */
export type TokenHolding = {
  address?: Address
  name: string
  symbol: string
  decimals: number
  /** Raw units. */
  balance: bigint
  iconUrl?: string
}

export type AccountQuery = { address: Address; network: NetworkConfig }
export type PageQuery = AccountQuery & { cursor?: string | undefined; limit: number }

export type AccountDataAdapter = {
  /** For logs and health: 'builtin', 'alchemy', … */
  readonly kind: string
  /** Native balance first, then every ERC-20 the address holds (zero balances left out). */
  balances(query: AccountQuery): Promise<TokenHolding[]>
  /** NFTs the address holds now, spam flagged (not removed). */
  nfts(query: PageQuery): Promise<Page<NftItem>>
  /** The address's transactions on this network, newest first. */
  transactions(query: PageQuery): Promise<Page<Transaction>>
}

/** USD prices; keys are lower-case token addresses, or 'native'. Unknown tokens are absent. */
export type PriceSource = {
  readonly kind: string
  usdPrices(
    network: NetworkConfig,
    tokens: readonly (Address | 'native')[],
  ): Promise<Map<string, number>>
}

/** The adapter cannot answer (RPC down, hosted API failing): the route answers 502/503. */
export class AccountDataUnavailableError extends Error {
  override readonly name = 'AccountDataUnavailableError'
}

/** A cursor the adapter did not issue: the route answers 400. */
export class InvalidCursorError extends Error {
  override readonly name = 'InvalidCursorError'
}
