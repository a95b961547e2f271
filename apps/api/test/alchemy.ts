/**
 * Alchemy's APIs as msw handlers, answering from a hand-written data set in the shapes Alchemy
 * documents: JSON-RPC (single or batch) at `{baseUrl}/v2/{apiKey}` for `eth_getBalance`,
 * `alchemy_getTokenBalances`, `alchemy_getTokenMetadata` and `alchemy_getAssetTransfers`, and
 * REST at `{baseUrl}/nft/v3/{apiKey}/getNFTsForOwner`. Lists page with opaque page keys like the
 * real ones. Every request is recorded, for tests that count calls.
 */

import { randomUUID } from 'node:crypto'
import { HttpResponse, http } from 'msw'

export type AlchemyTransfer = {
  blockNum: string
  uniqueId: string
  hash: string
  from: string
  to: string | null
  value: number | null
  erc721TokenId: string | null
  erc1155Metadata: null
  tokenId: string | null
  asset: string | null
  category: 'external' | 'erc20' | 'erc721'
  rawContract: { value: string | null; address: string | null; decimal: string | null }
  metadata: { blockTimestamp: string }
}

export type AlchemyOwnedNft = {
  contract: {
    address: string
    name: string | null
    symbol: string | null
    tokenType: 'ERC721' | 'ERC1155'
    openSeaMetadata: { collectionName: string | null }
    isSpam: boolean | null
    spamClassifications: string[]
  }
  tokenId: string
  tokenType: 'ERC721' | 'ERC1155'
  name: string | null
  description: string | null
  image: {
    cachedUrl: string | null
    thumbnailUrl: string | null
    pngUrl: string | null
    contentType: string | null
    size: number | null
    originalUrl: string | null
  }
  balance: string
  timeLastUpdated: string
}

export type AlchemyData = {
  /** Lower-case owner address → wei. */
  nativeBalances: Record<string, bigint>
  /** Lower-case owner → token balances as `alchemy_getTokenBalances` lists them (hex). */
  tokenBalances: Record<string, { contractAddress: string; tokenBalance: string }[]>
  tokenMetadata: Record<
    string,
    { name: string | null; symbol: string | null; decimals: number | null; logo: string | null }
  >
  transfers: AlchemyTransfer[]
  /** Lower-case owner → NFTs. */
  nfts: Record<string, AlchemyOwnedNft[]>
}

export type AlchemyCall = { method: string; params: unknown }

export type FakeAlchemy = {
  handlers: ReturnType<typeof http.post>[]
  calls: AlchemyCall[]
  /** Makes every call answer this HTTP status (e.g. 503) until set back to undefined. */
  failWith: number | undefined
}

export function fakeAlchemy(
  baseUrl: string,
  apiKey: string,
  data: AlchemyData,
  { tokenPageSize = 100 }: { tokenPageSize?: number } = {},
): FakeAlchemy {
  const pageKeys = new Map<string, number>()
  const pageKeyFor = (offset: number) => {
    const key = randomUUID()
    pageKeys.set(key, offset)
    return key
  }
  const fake: FakeAlchemy = { handlers: [], calls: [], failWith: undefined }

  const answer = (request: { id: number; method: string; params: unknown[] }) => {
    fake.calls.push({ method: request.method, params: request.params })
    const ok = (result: unknown) => ({ jsonrpc: '2.0', id: request.id, result })
    const error = (code: number, message: string) => ({
      jsonrpc: '2.0',
      id: request.id,
      error: { code, message },
    })
    const [first, second, third] = request.params as [unknown, unknown, unknown]
    switch (request.method) {
      case 'eth_getBalance':
        return ok(`0x${(data.nativeBalances[String(first).toLowerCase()] ?? 0n).toString(16)}`)
      case 'alchemy_getTokenBalances': {
        if (second !== 'erc20') return error(-32602, 'unsupported token spec in this fake')
        const all = data.tokenBalances[String(first).toLowerCase()] ?? []
        const pageKey = (third as { pageKey?: string } | undefined)?.pageKey
        const offset = pageKey === undefined ? 0 : pageKeys.get(pageKey)
        if (offset === undefined) return error(-32602, 'invalid page key')
        const end = offset + tokenPageSize
        return ok({
          address: String(first).toLowerCase(),
          tokenBalances: all.slice(offset, end),
          ...(end < all.length ? { pageKey: pageKeyFor(end) } : {}),
        })
      }
      case 'alchemy_getTokenMetadata': {
        const metadata = data.tokenMetadata[String(first).toLowerCase()]
        return metadata === undefined ? error(-32602, 'invalid contract address') : ok(metadata)
      }
      case 'alchemy_getAssetTransfers': {
        const filter = first as {
          fromAddress?: string
          toAddress?: string
          category: string[]
          order: 'asc' | 'desc'
          maxCount?: string
          pageKey?: string
          withMetadata?: boolean
        }
        const offset = filter.pageKey === undefined ? 0 : pageKeys.get(filter.pageKey)
        if (offset === undefined) return error(-32602, 'invalid page key')
        const maxCount = filter.maxCount === undefined ? 1000 : Number(filter.maxCount)
        const matching = data.transfers
          .filter(
            (transfer) =>
              filter.category.includes(transfer.category) &&
              (filter.fromAddress === undefined ||
                transfer.from.toLowerCase() === filter.fromAddress.toLowerCase()) &&
              (filter.toAddress === undefined ||
                transfer.to?.toLowerCase() === filter.toAddress.toLowerCase()),
          )
          .sort(
            (a, b) =>
              (filter.order === 'desc' ? -1 : 1) * (Number(a.blockNum) - Number(b.blockNum)),
          )
          .map(({ metadata, ...transfer }) =>
            filter.withMetadata ? { ...transfer, metadata } : transfer,
          )
        const end = offset + maxCount
        return ok({
          transfers: matching.slice(offset, end),
          ...(end < matching.length ? { pageKey: pageKeyFor(end) } : {}),
        })
      }
      default:
        return error(-32601, `Unsupported method: ${request.method}`)
    }
  }

  fake.handlers = [
    http.post(`${baseUrl}/v2/${apiKey}`, async ({ request }) => {
      const body = (await request.json()) as
        | Parameters<typeof answer>[0]
        | Parameters<typeof answer>[0][]
      if (fake.failWith !== undefined)
        return HttpResponse.json({ error: 'Service Unavailable' }, { status: fake.failWith })
      return HttpResponse.json(Array.isArray(body) ? body.map(answer) : answer(body))
    }),
    http.get(`${baseUrl}/nft/v3/${apiKey}/getNFTsForOwner`, ({ request }) => {
      const url = new URL(request.url)
      fake.calls.push({ method: 'getNFTsForOwner', params: Object.fromEntries(url.searchParams) })
      if (fake.failWith !== undefined)
        return HttpResponse.json({ error: 'Service Unavailable' }, { status: fake.failWith })
      const owned = data.nfts[url.searchParams.get('owner')?.toLowerCase() ?? ''] ?? []
      const pageKey = url.searchParams.get('pageKey')
      const offset = pageKey === null ? 0 : pageKeys.get(pageKey)
      if (offset === undefined)
        return HttpResponse.json({ error: { message: 'invalid pageKey' } }, { status: 400 })
      const end = offset + Number(url.searchParams.get('pageSize') ?? 100)
      return HttpResponse.json({
        ownedNfts: owned.slice(offset, end),
        totalCount: owned.length,
        pageKey: end < owned.length ? pageKeyFor(end) : null,
        validAt: {
          blockNumber: 21_000_000,
          blockHash: '0x8a0c4f4b5c3f0e2f4e1c7b1c9b9d3c0f7f8e6d5c4b3a29181716151413121110',
          blockTimestamp: '2024-10-17T12:00:11Z',
        },
      })
    }),
  ]
  return fake
}

/** Hex block number. */
export const block = (n: number) => `0x${n.toString(16)}`
/** A transaction hash from a small number, for readable fixtures. */
export const txHash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
