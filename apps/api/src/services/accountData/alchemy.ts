/**
 * Account data from Alchemy's hosted APIs, for operators who would rather not run the built-in
 * indexer on a busy chain. Balances: `eth_getBalance`, `alchemy_getTokenBalances` and
 * `alchemy_getTokenMetadata` (cached a day). NFTs: NFT API v3 `getNFTsForOwner`. Transactions:
 * `alchemy_getAssetTransfers` from and to the address, merged newest first and grouped by hash.
 * Any failure of Alchemy is an {@link AccountDataUnavailableError}; the API key never appears in
 * a message.
 */

import type { NftItem, Page, Transaction, TransactionTransfer } from '@airlock/protocol'
import { formatUnits } from 'viem'
import { z } from 'zod'
import type { Cache } from '../../storage/cache/cache'
import {
  type AccountDataAdapter,
  AccountDataUnavailableError,
  type Address,
  InvalidCursorError,
  type TokenHolding,
} from './adapter'
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

/** Token metadata does not change; a day keeps Alchemy calls per balance request to three. */
export const tokenMetadataCacheMs = 24 * 60 * 60_000
/** ERC-20 pages of 100 read per balance request; an address with more is mostly spam. */
const maxTokenPages = 5
/**
 * Transfers per `alchemy_getAssetTransfers` page. Fixed, so a page key read again (to serve the
 * rest of a page) gives the same page.
 */
const transfersPerPage = 100
const zeroAddress = '0x0000000000000000000000000000000000000000'
// Our cursors wrap Alchemy's page keys and must stay within the route's 512 characters. Alchemy's
// keys are UUIDs for transfers and ~180 characters for NFTs; a longer one is an unexpected answer.
const maxTransferPageKeyChars = 150
const maxNftPageKeyChars = 340

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'must be hex')
const hexToBigint = (value: string) => (value === '0x' ? 0n : BigInt(value))

const rpcEnvelope = z.object({
  id: z.union([z.number(), z.string(), z.null()]),
  result: z.unknown().optional(),
  error: z.object({ code: z.number(), message: z.string() }).optional(),
})

const tokenBalancesSchema = z.object({
  tokenBalances: z.array(
    z.object({
      contractAddress: z.string(),
      tokenBalance: hex.nullable(),
      error: z.unknown().optional(),
    }),
  ),
  pageKey: z.string().nullish(),
})

const tokenMetadataSchema = z.object({
  name: z.string().nullish(),
  symbol: z.string().nullish(),
  decimals: z.number().int().min(0).max(255).nullish(),
  logo: z.string().nullish(),
})
type TokenMetadata = { name: string; symbol: string; decimals: number; logo?: string }

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
type AssetTransfer = z.output<typeof transferSchema>

const assetTransfersSchema = z.object({
  transfers: z.array(transferSchema),
  pageKey: z.string().max(maxTransferPageKeyChars).nullish(),
})

const ownedNftsSchema = z.object({
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

const nftCursorSchema = z.object({ p: z.string().min(1).max(maxNftPageKeyChars) })
const streamStateSchema = z
  .object({
    p: z.string().min(1).max(maxTransferPageKeyChars).optional(),
    s: z.int().min(0).max(transfersPerPage),
  })
  .nullable()
const transactionCursorSchema = z.object({ f: streamStateSchema, t: streamStateSchema })
/**
 * Where one direction's listing stands: the page key of its current page (none for the first)
 * and how many of that page's transfers were served; null once done.
 */
type StreamState = z.output<typeof streamStateSchema>

/**
 * @example
 * const adapter = createAlchemyAdapter({ apiKey, baseUrl: 'https://eth-mainnet.g.alchemy.com', cache })
 * await adapter.balances({ address, network })
 */
export function createAlchemyAdapter(options: createAlchemyAdapter.Options): AccountDataAdapter {
  const { apiKey, baseUrl, spamContracts = new Set(), cache, timeoutMs = 10_000 } = options
  const rpcUrl = `${baseUrl}/v2/${encodeURIComponent(apiKey)}`
  const nftUrl = `${baseUrl}/nft/v3/${encodeURIComponent(apiKey)}`
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
      category: ['external', 'erc20', 'erc721'],
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

type StreamPage = {
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
function mergeStreams(
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
function toTransaction(
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
    transfers: transfers.map((transfer) => toTransfer(transfer, spamContracts)),
  }
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

function nftFallbackName(collection: string, tokenId: string): string {
  return collection === '' ? `#${tokenId}` : `${collection} #${tokenId}`
}

/** A token id as a decimal string, whether Alchemy wrote it in hex or decimal. */
function toDecimal(tokenId: string): string {
  try {
    return BigInt(tokenId).toString()
  } catch {
    return tokenId
  }
}

function isHttpUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && /^https?:\/\//i.test(url)
}

/** Names and symbols are chain data anyone can set; keep them to a sane length. */
function clip(text: string): string {
  return text.trim().slice(0, 100)
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
