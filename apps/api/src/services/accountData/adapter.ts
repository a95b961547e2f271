/**
 * Where account data comes from. Each network is served by one adapter the operator chooses:
 * the built-in indexer (follows the chain over its RPC) or a hosted indexer API for EVM chains,
 * the Solana RPC itself for Solana (`solanaRpc.ts`), the network's Esplora API for Bitcoin
 * (`esplora.ts`), the network's REST API (LCD) for Cosmos (`cosmosRest.ts`), the node and
 * Subscan for Polkadot (`substrate.ts`). Prices come from a price source. Routes add prices and
 * values and cache the answers; adapters only fetch.
 */

import type { NetworkConfig, NftItem, Page, Transaction } from '@airlock/protocol'
import { namespaceOf } from '@airlock/protocol'
import type { Address as SolanaAddress } from '@solana/kit'

/** An EVM address, as the eip155 adapters take and give it. */
export type Address = `0x${string}`
/** A Solana account or mint address: 32 bytes in base58, case-sensitive. */
export type { SolanaAddress }
/**
 * An address in its network's own form. The registry holds every adapter as taking this; the
 * route checks the address against the network's namespace before it reaches an adapter, so an
 * eip155 adapter only ever sees an {@link Address} and a Solana one a {@link SolanaAddress}.
 */
export type AccountAddress =
  | Address
  | SolanaAddress
  | BitcoinAddress
  | CosmosAddress
  | PolkadotAddress
/** A Bitcoin address in its network's own form (bech32 or base58), checked against the network. */
export type BitcoinAddress = string & { readonly __brand: 'BitcoinAddress' }
/** A Cosmos account address (bech32) with its network's prefix, checked against the network. */
export type CosmosAddress = string & { readonly __brand: 'CosmosAddress' }
/** A Polkadot (SS58) address with its network's prefix, checked against the network. */
export type PolkadotAddress = string & { readonly __brand: 'PolkadotAddress' }

/**
 * A fungible holding before prices: the native coin (no `address`), an ERC-20 or an SPL token
 * (its mint).
 */
export type TokenHolding<address extends AccountAddress = Address> = {
  address?: address
  name: string
  symbol: string
  decimals: number
  /** Raw units. */
  balance: bigint
  iconUrl?: string
}

export type AccountQuery<address extends AccountAddress = Address> = {
  address: address
  network: NetworkConfig
}
export type PageQuery<address extends AccountAddress = Address> = AccountQuery<address> & {
  cursor?: string | undefined
  limit: number
}

export type AccountDataAdapter<address extends AccountAddress = Address> = {
  /** For logs and health: 'builtin', 'alchemy', 'solanaRpc', … */
  readonly kind: string
  /** Native balance first, then every token the address holds (zero balances left out). */
  balances(query: AccountQuery<address>): Promise<TokenHolding<address>[]>
  /** NFTs the address holds now, spam flagged (not removed). */
  nfts(query: PageQuery<address>): Promise<Page<NftItem>>
  /** The address's transactions on this network, newest first. */
  transactions(query: PageQuery<address>): Promise<Page<Transaction>>
}

/**
 * USD prices; keys are {@link tokenKey}s (lower-case EVM addresses, Solana mints as they are), or
 * 'native'. Unknown tokens are absent.
 */
export type PriceSource = {
  readonly kind: string
  usdPrices(
    network: NetworkConfig,
    tokens: readonly (AccountAddress | 'native')[],
  ): Promise<Map<string, number>>
}

/**
 * How a token or account address is compared and keyed on its network: EVM addresses lower-cased
 * (hex, so case only carries a checksum), Solana's and other namespaces' as they are (base58 is
 * case-sensitive: lower-casing names another key).
 *
 * @example
 * tokenKey('eip155:1', '0xA0b8…eB48') // '0xa0b8…eb48'
 * tokenKey('solana:localnet', '7P4c…DnA3') // '7P4c…DnA3'
 */
export function tokenKey(caipNetworkId: string, address: string): string {
  return namespaceOf(caipNetworkId) === 'eip155' ? address.toLowerCase() : address
}

/**
 * The network does not have this kind of account data at all (Solana activity and NFTs: spec §6
 * has activity for eip155 only): the route answers 400 unsupportedChain with the message.
 */
export class UnsupportedAccountDataError extends Error {
  override readonly name = 'UnsupportedAccountDataError'
}

/** The adapter cannot answer (RPC down, hosted API failing): the route answers 502/503. */
export class AccountDataUnavailableError extends Error {
  override readonly name = 'AccountDataUnavailableError'
}

/** A cursor the adapter did not issue: the route answers 400. */
export class InvalidCursorError extends Error {
  override readonly name = 'InvalidCursorError'
}
