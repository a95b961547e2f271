/**
 * The account-data API's response shapes (spec §3 Token balance, Transaction; NFTs), shared by
 * the API that serves them and the modal that shows them. Declared once as zod schemas; the
 * types are what the schemas read.
 *
 *   GET /v1/accounts/:address/balances?projectId=&chainId=          → BalancesResponse
 *   GET /v1/accounts/:address/nfts?projectId=&chainId=&cursor=&limit= → Page<NftItem>
 *   GET /v1/accounts/:address/transactions?projectId=&chainId=&cursor=&limit= → Page<Transaction>
 *
 * `chainId` is a CAIP-2 id. Errors answer `{ error: { code, message } }`: 400 `invalidRequest`
 * (bad address, cursor, limit), 400 `unsupportedChain`, 404 `invalidProjectId`.
 */
import * as z from 'zod/mini'
import type { TokenBalance, Transaction } from './validation'

/**
 * A token balance (spec §3) as the API sends it.
 *
 * @example
 * tokenBalanceSchema.safeParse(item).success
 */
export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string(),
  address: z.optional(z.string()),
  value: z.optional(z.number()),
  price: z.number(),
  quantity: z.object({ decimals: z.string(), numeric: z.string() }),
  iconUrl: z.string(),
}) satisfies z.ZodMiniType<TokenBalance>

const transferSchema = z.object({
  // Optional: entries stored or sent before it was added still parse.
  direction: z.optional(z.enum(['in', 'out', 'self'])),
  fungible_info: z.optional(
    z.object({
      symbol: z.string(),
      icon: z.optional(z.object({ url: z.string() })),
      quantity: z.object({ numeric: z.string() }),
    }),
  ),
  nft_info: z.optional(
    z.object({
      name: z.string(),
      content: z.optional(z.object({ preview: z.optional(z.object({ url: z.string() })) })),
      flags: z.object({ is_spam: z.boolean() }),
    }),
  ),
})

/**
 * An activity entry (spec §3) as the API sends it.
 *
 * @example
 * transactionSchema.safeParse(item).success
 */
export const transactionSchema = z.object({
  id: z.string(),
  metadata: z.object({
    minedAt: z.string(),
    chain: z.string(),
    operationType: z.string(),
    status: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
  }),
  transfers: z.array(transferSchema),
}) satisfies z.ZodMiniType<Transaction>

/**
 * One NFT of an account.
 *
 * @example
 * nftItemSchema.parse({ id: '0xab…:1', chainId: 'eip155:1', contract: '0xab…', tokenId: '1',
 *   name: 'Punk', collection: 'Punks', isSpam: false })
 */
export const nftItemSchema = z.object({
  /** `${contract}:${tokenId}` */
  id: z.string(),
  /** CAIP-2 */
  chainId: z.string(),
  contract: z.string(),
  /** Decimal string. */
  tokenId: z.string(),
  name: z.string(),
  collection: z.string(),
  imageUrl: z.optional(z.string()),
  isSpam: z.boolean(),
})
export type NftItem = z.infer<typeof nftItemSchema>

/**
 * `GET …/balances`: the envelope, its items read one by one ({@link tokenBalanceSchema}) so one
 * odd item doesn't cost the list.
 *
 * @example
 * balancesResponseSchema.parse({ balances: [] })
 */
export const balancesResponseSchema = z.object({ balances: z.array(z.unknown()) })
export type BalancesResponse = { balances: TokenBalance[] }

/**
 * A page of a list: `next` is an opaque cursor, null (or absent, or empty) on the last page.
 * Items are read one by one, like {@link balancesResponseSchema}'s.
 *
 * @example
 * pageResponseSchema.parse({ data: [], next: null })
 */
export const pageResponseSchema = z.object({
  data: z.array(z.unknown()),
  next: z.pipe(
    z.optional(z.nullable(z.string())),
    z.transform((next) => next || null),
  ),
})

/** One page of a list; `next` is an opaque cursor, null on the last page. */
export type Page<item> = { data: item[]; next: string | null }

export type TransactionsPage = Page<Transaction>
export type NftsPage = Page<NftItem>

export const accountDataPageSize = { default: 20, max: 100 } as const
