/**
 * The account-data API's response shapes (spec §3 Token balance, Transaction; NFTs), shared by
 * the API that serves them and the modal that shows them.
 *
 *   GET /v1/accounts/:address/balances?projectId=&chainId=          → BalancesResponse
 *   GET /v1/accounts/:address/nfts?projectId=&chainId=&cursor=&limit= → Page<NftItem>
 *   GET /v1/accounts/:address/transactions?projectId=&chainId=&cursor=&limit= → Page<Transaction>
 *
 * `chainId` is a CAIP-2 id. Errors answer `{ error: { code, message } }`: 400 `invalidRequest`
 * (bad address, cursor, limit), 400 `unsupportedChain`, 404 `invalidProjectId`.
 */
import type { TokenBalance, Transaction } from './validation'

export type BalancesResponse = { balances: TokenBalance[] }

export type NftItem = {
  /** `${contract}:${tokenId}` */
  id: string
  /** CAIP-2 */
  chainId: string
  contract: string
  /** Decimal string. */
  tokenId: string
  name: string
  collection: string
  imageUrl?: string
  isSpam: boolean
}

/** One page of a list; `next` is an opaque cursor, null on the last page. */
export type Page<item> = { data: item[]; next: string | null }

export type TransactionsPage = Page<Transaction>
export type NftsPage = Page<NftItem>

export const accountDataPageSize = { default: 20, max: 100 } as const
