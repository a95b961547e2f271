/**
 * What Alchemy answers, as zod reads it, and the cursors the adapter hands out around its page
 * keys: JSON-RPC envelopes, token balances and metadata, asset transfers, owned NFTs.
 */

import { z } from 'zod'

/**
 * Transfers per `alchemy_getAssetTransfers` page. Fixed, so a page key read again (to serve the
 * rest of a page) gives the same page.
 */
export const transfersPerPage = 100
// Our cursors wrap Alchemy's page keys and must stay within the route's 512 characters. Alchemy's
// keys are UUIDs for transfers and ~180 characters for NFTs; a longer one is an unexpected answer.
const maxTransferPageKeyChars = 150
const maxNftPageKeyChars = 340

export const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'must be hex')
export const hexToBigint = (value: string) => (value === '0x' ? 0n : BigInt(value))

export const rpcEnvelope = z.object({
  id: z.union([z.number(), z.string(), z.null()]),
  result: z.unknown().optional(),
  error: z.object({ code: z.number(), message: z.string() }).optional(),
})

export const tokenBalancesSchema = z.object({
  tokenBalances: z.array(
    z.object({
      contractAddress: z.string(),
      tokenBalance: hex.nullable(),
      error: z.unknown().optional(),
    }),
  ),
  pageKey: z.string().nullish(),
})

export const tokenMetadataSchema = z.object({
  name: z.string().nullish(),
  symbol: z.string().nullish(),
  decimals: z.number().int().min(0).max(255).nullish(),
  logo: z.string().nullish(),
})
export type TokenMetadata = { name: string; symbol: string; decimals: number; logo?: string }

const transferSchema = z.object({
  blockNum: hex,
  uniqueId: z.string().optional(),
  hash: z.string(),
  from: z.string(),
  to: z.string().nullable(),
  value: z.number().nullable(),
  erc721TokenId: z.string().nullish(),
  tokenId: z.string().nullish(),
  asset: z.string().nullable(),
  category: z.string(),
  rawContract: z.object({
    value: hex.nullable(),
    address: z.string().nullable(),
    decimal: hex.nullable(),
  }),
  metadata: z.object({ blockTimestamp: z.string() }).optional(),
})
export type AssetTransfer = z.output<typeof transferSchema>

export const assetTransfersSchema = z.object({
  transfers: z.array(transferSchema),
  pageKey: z.string().max(maxTransferPageKeyChars).nullish(),
})

export const ownedNftsSchema = z.object({
  ownedNfts: z.array(
    z.object({
      contract: z.object({
        address: z.string(),
        name: z.string().nullish(),
        isSpam: z.boolean().nullish(),
        openSeaMetadata: z.object({ collectionName: z.string().nullish() }).nullish(),
      }),
      tokenId: z.string(),
      name: z.string().nullish(),
      image: z
        .object({
          thumbnailUrl: z.string().nullish(),
          cachedUrl: z.string().nullish(),
          pngUrl: z.string().nullish(),
          originalUrl: z.string().nullish(),
        })
        .nullish(),
      collection: z.object({ name: z.string().nullish() }).nullish(),
      // NFT API v2 answers carried this; kept for hosts that still do.
      spamInfo: z.object({ isSpam: z.union([z.boolean(), z.string()]) }).nullish(),
    }),
  ),
  pageKey: z.string().max(maxNftPageKeyChars).nullish(),
})

export const nftCursorSchema = z.object({ p: z.string().min(1).max(maxNftPageKeyChars) })
const streamStateSchema = z
  .object({
    p: z.string().min(1).max(maxTransferPageKeyChars).optional(),
    s: z.int().min(0).max(transfersPerPage),
  })
  .nullable()
export const transactionCursorSchema = z.object({ f: streamStateSchema, t: streamStateSchema })
/**
 * Where one direction's listing stands: the page key of its current page (none for the first)
 * and how many of that page's transfers were served; null once done.
 */
export type StreamState = z.output<typeof streamStateSchema>
