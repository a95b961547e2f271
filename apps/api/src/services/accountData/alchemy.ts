/**
 * Account data from Alchemy's hosted APIs, for operators who would rather not run the built-in
 * indexer on a busy chain. Balances: `eth_getBalance`, `alchemy_getTokenBalances` and
 * `alchemy_getTokenMetadata` (cached a day). NFTs: NFT API v3 `getNFTsForOwner`. Transactions:
 * `alchemy_getAssetTransfers` from and to the address, merged newest first and grouped by hash.
 * Any failure of Alchemy is an {@link AccountDataUnavailableError}; the API key never appears in
 * a message.
 */

import type { NftItem, Page, Transaction } from '@airlock/protocol'
import { z } from 'zod'
import type { Cache } from '../../storage/cache/cache'
import {
  type AccountDataAdapter,
  AccountDataUnavailableError,
  type Address,
  InvalidCursorError,
  type TokenHolding,
} from './adapter'
import {
  assetTransfersSchema,
  hex,
  hexToBigint,
  nftCursorSchema,
  ownedNftsSchema,
  rpcEnvelope,
  type StreamState,
  type TokenMetadata,
  tokenBalancesSchema,
  tokenMetadataSchema,
  transactionCursorSchema,
  transfersPerPage,
} from './alchemyAnswers'
import {
  clip,
  mergeStreams,
  nftFallbackName,
  toDecimal,
  toTransaction,
} from './alchemyTransactions'
import { decodeCursor, encodeCursor } from './cursor'
import { fetchJson, UpstreamError } from './http'

export declare namespace createAlchemyAdapter {
  type Options = {
    apiKey: string
    /** The network's Alchemy host, e.g. `https://eth-mainnet.g.alchemy.com`. */
    baseUrl: string
    /** Lower-case contracts to flag as spam on top of Alchemy's own classification. */
    spamContracts?: ReadonlySet<string> | undefined
    /** Keeps token metadata (name, symbol, decimals, logo) for a day. */
    cache?: Cache | undefined
    timeoutMs?: number | undefined
  }
}

/**
 * Whether Alchemy lists native value moved inside transactions (its `internal` category) on the
 * network of `baseUrl`: on Ethereum and Polygon mainnets only (its Transfers API table); asked
 * elsewhere, the whole query fails.
 */
export function hasInternalTransfers(baseUrl: string): boolean {
  return /^https:\/\/(eth|polygon)-mainnet\./.test(baseUrl)
}

/** Token metadata does not change; a day keeps Alchemy calls per balance request to three. */
export const tokenMetadataCacheMs = 24 * 60 * 60_000
/** ERC-20 pages of 100 read per balance request; an address with more is mostly spam. */
const maxTokenPages = 5
/**
 * @example
 * const adapter = createAlchemyAdapter({ apiKey, baseUrl: 'https://eth-mainnet.g.alchemy.com', cache })
 * await adapter.balances({ address, network })
 */
export function createAlchemyAdapter(options: createAlchemyAdapter.Options): AccountDataAdapter {
  const { apiKey, baseUrl, spamContracts = new Set(), cache, timeoutMs = 10_000 } = options
  const rpcUrl = `${baseUrl}/v2/${encodeURIComponent(apiKey)}`
  const nftUrl = `${baseUrl}/nft/v3/${encodeURIComponent(apiKey)}`
  const internal = hasInternalTransfers(baseUrl)
  let requestId = 0

  /**
   * One JSON-RPC call; an error answer throws. With `pageKeyFromCursor`, Alchemy rejecting the
   * call's page key means the cursor was bad (expired or forged), not that Alchemy is down.
   */
  async function rpc<schema extends z.ZodType>(
    method: string,
    params: unknown[],
    schema: schema,
    pageKeyFromCursor = false,
  ): Promise<z.output<schema>> {
    const [answer] = await rpcBatch([{ method, params }], pageKeyFromCursor)
    if (answer?.error !== undefined) throw rpcError(method, answer.error, pageKeyFromCursor)
    const parsed = schema.safeParse(answer?.result)
    if (!parsed.success)
      throw new UpstreamError(`Alchemy answered ${method} with an unexpected shape`)
    return parsed.data
  }

  /** Several JSON-RPC calls in one HTTP request; answers in the order of `calls`. */
  async function rpcBatch(
    calls: readonly { method: string; params: unknown[] }[],
    pageKeyFromCursor = false,
  ): Promise<(z.output<typeof rpcEnvelope> | undefined)[]> {
    const requests = calls.map((call) => ({ jsonrpc: '2.0', id: ++requestId, ...call }))
    let answers: z.output<typeof rpcEnvelope>[]
    try {
      answers = await fetchJson(rpcUrl, {
        service: 'Alchemy',
        schema: z.union([z.array(rpcEnvelope), rpcEnvelope.transform((one) => [one])]),
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(requests.length === 1 ? requests[0] : requests),
        },
        timeoutMs,
      })
    } catch (error) {
      if (pageKeyFromCursor && error instanceof UpstreamError && error.status === 400)
        throw new InvalidCursorError('Alchemy rejected the page key in this cursor.')
      throw error
    }
    const byId = new Map(answers.map((answer) => [answer.id, answer]))
    return requests.map((request) => byId.get(request.id))
  }

  async function tokenMetadata(
    caipNetworkId: string,
    contracts: readonly string[],
  ): Promise<Map<string, TokenMetadata>> {
    const known = new Map<string, TokenMetadata>()
    const cacheKey = (contract: string) => `alchemy:token:${caipNetworkId}:${contract}`
    const missing: string[] = []
    await Promise.all(
      contracts.map(async (contract) => {
        const cached = await cache?.get<TokenMetadata>(cacheKey(contract))
        if (cached === undefined) missing.push(contract)
        else known.set(contract, cached)
      }),
    )
    for (let start = 0; start < missing.length; start += 100) {
      const chunk = missing.slice(start, start + 100)
      const answers = await rpcBatch(
        chunk.map((contract) => ({ method: 'alchemy_getTokenMetadata', params: [contract] })),
      )
      await Promise.all(
        chunk.map(async (contract, index) => {
          const parsed = tokenMetadataSchema.safeParse(answers[index]?.result)
          // One token without metadata is left out; the rest of the list still answers.
          if (!parsed.success) return
          const { name, symbol, decimals, logo } = parsed.data
          const metadata: TokenMetadata = {
            name: clip(name || symbol || ''),
            symbol: clip(symbol || ''),
            // Unknown decimals read as 0: the modal drops such tokens as low quality (§5).
            decimals: decimals ?? 0,
            ...(logo ? { logo } : {}),
          }
          known.set(contract, metadata)
          await cache?.set(cacheKey(contract), metadata, tokenMetadataCacheMs)
        }),
      )
    }
    return known
  }

  async function transferPage(
    direction: 'fromAddress' | 'toAddress',
    address: Address,
    state: NonNullable<StreamState>,
  ) {
    const filter = {
      fromBlock: '0x0',
      toBlock: 'latest',
      [direction]: address,
      // Native value a contract moved for the account (a swap's ETH out, a smart account's
      // send) where Alchemy has it; elsewhere Activity shows only top-level native value.
      category: internal
        ? ['external', 'internal', 'erc20', 'erc721']
        : ['external', 'erc20', 'erc721'],
      withMetadata: true,
      excludeZeroValue: true,
      maxCount: `0x${transfersPerPage.toString(16)}`,
      order: 'desc',
      ...(state.p === undefined ? {} : { pageKey: state.p }),
    }
    const page = await rpc(
      'alchemy_getAssetTransfers',
      [filter],
      assetTransfersSchema,
      state.p !== undefined,
    )
    return { state, transfers: page.transfers, next: page.pageKey ?? undefined }
  }

  return {
    kind: 'alchemy',

    balances: ({ address, network }) =>
      unavailableOnFailure(async () => {
        const [native, tokenPages] = await Promise.all([
          rpc('eth_getBalance', [address, 'latest'], hex),
          (async () => {
            const pages: z.output<typeof tokenBalancesSchema>[] = []
            let pageKey: string | undefined
            do {
              const params: unknown[] = [address, 'erc20']
              if (pageKey !== undefined) params.push({ pageKey })
              const page = await rpc('alchemy_getTokenBalances', params, tokenBalancesSchema)
              pages.push(page)
              pageKey = page.pageKey ?? undefined
            } while (pageKey !== undefined && pages.length < maxTokenPages)
            return pages
          })(),
        ])

        const held = new Map<string, bigint>()
        for (const page of tokenPages)
          for (const entry of page.tokenBalances) {
            if (entry.tokenBalance === null || (entry.error ?? null) !== null) continue
            const balance = hexToBigint(entry.tokenBalance)
            const contract = entry.contractAddress.toLowerCase()
            if (balance > 0n && !spamContracts.has(contract)) held.set(contract, balance)
          }
        const metadata = await tokenMetadata(network.caipNetworkId, [...held.keys()])

        const holdings: TokenHolding[] = [
          {
            name: network.nativeCurrency.name,
            symbol: network.nativeCurrency.symbol,
            decimals: network.nativeCurrency.decimals,
            balance: hexToBigint(native),
          },
        ]
        for (const [contract, balance] of held) {
          const token = metadata.get(contract)
          if (token === undefined) continue
          holdings.push({
            address: contract as Address,
            name: token.name,
            symbol: token.symbol,
            decimals: token.decimals,
            balance,
            ...(token.logo === undefined ? {} : { iconUrl: token.logo }),
          })
        }
        return holdings
      }),

    nfts: ({ address, network, cursor, limit }) =>
      unavailableOnFailure(async (): Promise<Page<NftItem>> => {
        const pageKey =
          cursor === undefined ? undefined : decodeCursor('alchemy:nfts', cursor, nftCursorSchema).p
        const query = new URLSearchParams({
          owner: address,
          withMetadata: 'true',
          pageSize: String(limit),
        })
        if (pageKey !== undefined) query.set('pageKey', pageKey)
        let page: z.output<typeof ownedNftsSchema>
        try {
          page = await fetchJson(`${nftUrl}/getNFTsForOwner?${query}`, {
            service: 'Alchemy',
            schema: ownedNftsSchema,
            timeoutMs,
          })
        } catch (error) {
          if (pageKey !== undefined && error instanceof UpstreamError && error.status === 400)
            throw new InvalidCursorError('Alchemy rejected the page key in this cursor.')
          throw error
        }
        const data = page.ownedNfts.map((nft): NftItem => {
          const contract = nft.contract.address.toLowerCase()
          const tokenId = toDecimal(nft.tokenId)
          const collection = clip(
            nft.contract.name ||
              nft.contract.openSeaMetadata?.collectionName ||
              nft.collection?.name ||
              '',
          )
          const image = nft.image
          const imageUrl = [
            image?.thumbnailUrl,
            image?.cachedUrl,
            image?.pngUrl,
            image?.originalUrl,
          ].find(isHttpUrl)
          const spamFlag = nft.spamInfo?.isSpam
          return {
            id: `${contract}:${tokenId}`,
            chainId: network.caipNetworkId,
            contract,
            tokenId,
            name: clip(nft.name || nftFallbackName(collection, tokenId)),
            collection,
            ...(imageUrl === undefined ? {} : { imageUrl }),
            isSpam:
              nft.contract.isSpam === true ||
              spamFlag === true ||
              spamFlag === 'true' ||
              spamContracts.has(contract),
          }
        })
        const next = page.pageKey ? encodeCursor('alchemy:nfts', { p: page.pageKey }) : null
        return { data, next }
      }),

    transactions: ({ address, network, cursor, limit }) =>
      unavailableOnFailure(async (): Promise<Page<Transaction>> => {
        const account = address.toLowerCase() as Address
        let state: z.output<typeof transactionCursorSchema> =
          cursor === undefined
            ? { f: { s: 0 }, t: { s: 0 } }
            : decodeCursor('alchemy:transactions', cursor, transactionCursorSchema)
        let data: Transaction[] = []
        // A round only comes back empty when a page held nothing to serve; try a little further.
        for (let round = 0; round < 3 && data.length === 0; round++) {
          if (state.f === null && state.t === null) break
          const [sent, received] = await Promise.all([
            state.f === null ? undefined : transferPage('fromAddress', account, state.f),
            state.t === null ? undefined : transferPage('toAddress', account, state.t),
          ])
          const merged = mergeStreams([sent, received], limit)
          data = merged.groups.map((transfers) =>
            toTransaction(transfers, account, network.caipNetworkId, spamContracts),
          )
          state = { f: merged.states[0] ?? null, t: merged.states[1] ?? null }
        }
        const next =
          state.f === null && state.t === null ? null : encodeCursor('alchemy:transactions', state)
        return { data, next }
      }),
  }
}

async function unavailableOnFailure<result>(work: () => Promise<result>): Promise<result> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof UpstreamError)
      throw new AccountDataUnavailableError(error.message, { cause: error })
    throw error
  }
}

function rpcError(
  method: string,
  error: { code: number; message: string },
  pageKeyFromCursor: boolean,
): Error {
  if (pageKeyFromCursor && error.code === -32602)
    return new InvalidCursorError('Alchemy rejected the page key in this cursor.')
  return new UpstreamError(`Alchemy answered ${method} with error ${error.code}: ${error.message}`)
}

function isHttpUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && /^https?:\/\//i.test(url)
}
