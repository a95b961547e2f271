/**
 * The built-in indexer's `AccountDataAdapter`: balances read live from the chain (native
 * `eth_getBalance`, ERC-20 `balanceOf` by multicall for every token the address ever received),
 * NFTs and activity from the indexed tables.
 */

import type {
  NetworkConfig,
  NftItem,
  Page,
  Transaction,
  TransactionTransfer,
  TransferDirection,
} from '@airlock/protocol'
import { type Kysely, sql } from 'kysely'
import { type Address, formatUnits, getAddress, type PublicClient, zeroAddress } from 'viem'
import {
  entryPoint06Address,
  entryPoint07Address,
  entryPoint08Address,
} from 'viem/account-abstraction'
import type { Database } from '../../storage/storage'
import {
  type AccountDataAdapter,
  AccountDataUnavailableError,
  type AccountQuery,
  type TokenHolding,
} from '../accountData/adapter'
import type { ContractReader } from './contractReader'
import { decodePageCursor, encodePageCursor } from './pageCursor'
import { isInternalTransferLogIndex } from './readRange'
import { tokenAbi } from './tokenMetadata'

export type BuiltinAdapterOptions = {
  db: Kysely<Database>
  client: PublicClient
  reader: ContractReader
  network: NetworkConfig
}

/**
 * Keyset paging, newest first: rows strictly before the cursor's (block, index) position, as a
 * row-value comparison both SQLite and Postgres answer from the (block, index) order.
 */
function before(
  blockColumn: string,
  indexColumn: string,
  cursor: { block: number; index: number },
) {
  return sql<boolean>`(${sql.ref(blockColumn)}, ${sql.ref(indexColumn)}) < (${cursor.block}, ${cursor.index})`
}

export function createBuiltinAdapter(options: BuiltinAdapterOptions): AccountDataAdapter {
  const { db, network } = options
  const chainId = network.caipNetworkId
  const checkNetwork = (query: AccountQuery) => {
    if (query.network.caipNetworkId !== chainId)
      throw new Error(`This adapter serves ${chainId}, not ${query.network.caipNetworkId}`)
  }

  return {
    kind: 'builtin',

    async balances(query) {
      checkNetwork(query)
      const owner = query.address.toLowerCase() as Address
      const tokens = await db
        .selectFrom('indexer_transfers as transfer')
        .innerJoin('indexer_tokens as token', (join) =>
          join
            .onRef('token.chain_id', '=', 'transfer.chain_id')
            .onRef('token.address', '=', 'transfer.token_address'),
        )
        .select(['token.address', 'token.name', 'token.symbol', 'token.decimals'])
        .distinct()
        .where('transfer.chain_id', '=', chainId)
        .where('transfer.kind', '=', 'erc20')
        .where('transfer.to_address', '=', owner)
        .execute()
      // Without decimals an amount cannot be shown right; such contracts are not served.
      const readable = tokens
        .filter((token) => token.decimals !== null)
        .sort(
          (a, b) =>
            (a.symbol ?? '').localeCompare(b.symbol ?? '') || (a.address < b.address ? -1 : 1),
        )

      const [native, results] = await unavailableOnFailure(() =>
        Promise.all([
          options.client.getBalance({ address: owner }),
          options.reader.read(
            readable.map((token) => ({
              address: token.address as Address,
              abi: tokenAbi,
              functionName: 'balanceOf',
              args: [owner],
            })),
          ),
        ]),
      )
      const holdings: TokenHolding[] = []
      if (native > 0n) holdings.push({ ...network.nativeCurrency, balance: native })
      readable.forEach((token, index) => {
        const result = results[index]
        if (!result?.ok || typeof result.value !== 'bigint' || result.value === 0n) return
        holdings.push({
          address: getAddress(token.address),
          name: token.name ?? token.symbol ?? getAddress(token.address),
          symbol: token.symbol ?? '',
          decimals: token.decimals ?? 0,
          balance: result.value,
        })
      })
      return holdings
    },

    async nfts(query) {
      checkNetwork(query)
      const owner = query.address.toLowerCase()
      const after = query.cursor === undefined ? undefined : decodePageCursor('n', query.cursor)
      const rows = await db
        .selectFrom('indexer_nfts as nft')
        .leftJoin('indexer_tokens as token', (join) =>
          join
            .onRef('token.chain_id', '=', 'nft.chain_id')
            .onRef('token.address', '=', 'nft.contract'),
        )
        .leftJoin('spam_contracts as spam', (join) =>
          join
            .onRef('spam.chain_id', '=', 'nft.chain_id')
            .onRef('spam.address', '=', 'nft.contract'),
        )
        .select([
          'nft.contract',
          'nft.token_id',
          'nft.name',
          'nft.image',
          'nft.owner_block_number',
          'nft.owner_log_index',
          'token.name as collection',
          'spam.address as spam',
        ])
        .where('nft.chain_id', '=', chainId)
        .where('nft.owner', '=', owner)
        .$if(after !== undefined, (select) =>
          select.where(before('nft.owner_block_number', 'nft.owner_log_index', after!)),
        )
        .orderBy('nft.owner_block_number', 'desc')
        .orderBy('nft.owner_log_index', 'desc')
        .limit(query.limit + 1)
        .execute()

      const page = rows.slice(0, query.limit)
      const last = page.at(-1)
      return {
        data: page.map((row): NftItem => {
          const collection = row.collection ?? ''
          const item: NftItem = {
            id: `${getAddress(row.contract)}:${row.token_id}`,
            chainId,
            contract: getAddress(row.contract),
            tokenId: row.token_id,
            name: row.name ?? nftFallbackName(collection, row.token_id),
            collection,
            isSpam: row.spam !== null,
          }
          if (row.image !== null) item.imageUrl = row.image
          return item
        }),
        next:
          rows.length > query.limit && last !== undefined
            ? encodePageCursor('n', {
                block: Number(last.owner_block_number),
                index: last.owner_log_index,
              })
            : null,
      }
    },

    async transactions(query): Promise<Page<Transaction>> {
      checkNetwork(query)
      const account = query.address.toLowerCase()
      const after = query.cursor === undefined ? undefined : decodePageCursor('t', query.cursor)
      const hashes = await db
        .selectFrom('indexer_transfers')
        .select(['tx_hash', 'block_number', 'tx_index'])
        .distinct()
        .where('chain_id', '=', chainId)
        .where((eb) =>
          eb.or([
            eb('from_address', '=', account),
            eb('to_address', '=', account),
            eb('tx_from', '=', account),
          ]),
        )
        .$if(after !== undefined, (select) =>
          select.where(before('block_number', 'tx_index', after!)),
        )
        .orderBy('block_number', 'desc')
        .orderBy('tx_index', 'desc')
        .limit(query.limit + 1)
        .execute()
      const page = hashes.slice(0, query.limit)
      if (page.length === 0) return { data: [], next: null }

      const transfers = await db
        .selectFrom('indexer_transfers as transfer')
        .leftJoin('indexer_tokens as token', (join) =>
          join
            .onRef('token.chain_id', '=', 'transfer.chain_id')
            .onRef('token.address', '=', 'transfer.token_address'),
        )
        .leftJoin('indexer_nfts as nft', (join) =>
          join
            .onRef('nft.chain_id', '=', 'transfer.chain_id')
            .onRef('nft.contract', '=', 'transfer.token_address')
            .onRef('nft.token_id', '=', 'transfer.value')
            .on('transfer.kind', '=', 'erc721'),
        )
        .leftJoin('spam_contracts as spam', (join) =>
          join
            .onRef('spam.chain_id', '=', 'transfer.chain_id')
            .onRef('spam.address', '=', 'transfer.token_address'),
        )
        .select([
          'transfer.tx_hash',
          'transfer.block_timestamp',
          'transfer.log_index',
          'transfer.kind',
          'transfer.from_address',
          'transfer.to_address',
          'transfer.value',
          'transfer.tx_status',
          'transfer.tx_from',
          'transfer.tx_to',
          'token.name as token_name',
          'token.symbol as token_symbol',
          'token.decimals as token_decimals',
          'nft.name as nft_name',
          'nft.image as nft_image',
          'spam.address as spam',
        ])
        .where('transfer.chain_id', '=', chainId)
        .where(
          'transfer.tx_hash',
          'in',
          page.map((row) => row.tx_hash),
        )
        .orderBy('transfer.log_index')
        .execute()

      const byTx = new Map<string, typeof transfers>()
      for (const transfer of transfers) {
        const group = byTx.get(transfer.tx_hash)
        if (group === undefined) byTx.set(transfer.tx_hash, [transfer])
        else group.push(transfer)
      }
      const data = page.flatMap(({ tx_hash: hash }): Transaction[] => {
        const rows = byTx.get(hash)
        const first = rows?.[0]
        if (rows === undefined || first === undefined) return []
        // What the transaction moved, less a smart account's gas payment to the EntryPoint.
        const moved = rows.filter((row) => !isGasPrefund(row))
        const own = moved.filter(
          (row) => row.from_address === account || row.to_address === account,
        )
        const operation = operationType(own, account)
        return [
          {
            id: hash,
            metadata: {
              minedAt: new Date(Number(first.block_timestamp) * 1000).toISOString(),
              chain: chainId,
              operationType: operation,
              status: first.tx_status === 'success' ? 'confirmed' : 'failed',
              sentFrom: getAddress(first.tx_from),
              sentTo: sentTo(operation, own, account, first.tx_to),
            },
            // The account's own movements; a call it made that moved others' tokens shows those.
            transfers: (own.length > 0 ? own : moved).map((row) =>
              transactionTransfer(row, network, account),
            ),
          },
        ]
      })
      const last = page.at(-1)
      return {
        data,
        next:
          hashes.length > query.limit && last !== undefined
            ? encodePageCursor('t', { block: Number(last.block_number), index: last.tx_index })
            : null,
      }
    },
  }
}

/** The ERC-4337 EntryPoints (v0.6, v0.7, v0.8), lower case: where user operations are sent. */
const entryPoints = new Set(
  [entryPoint06Address, entryPoint07Address, entryPoint08Address].map((address) =>
    address.toLowerCase(),
  ),
)

/**
 * A smart account's payment of its user operation's gas: ether it sent, from inside a bundle sent
 * to an EntryPoint, to that EntryPoint. It is the operation's fee, not something the visitor sent.
 */
function isGasPrefund(row: {
  kind: string
  log_index: number
  to_address: string
  tx_to: string | null
}): boolean {
  return (
    row.kind === 'native' &&
    isInternalTransferLogIndex(row.log_index) &&
    row.to_address === row.tx_to &&
    entryPoints.has(row.to_address)
  )
}

type TransferView = {
  kind: 'native' | 'erc20' | 'erc721'
  from_address: string
  to_address: string
  value: string
  token_name: string | null
  token_symbol: string | null
  token_decimals: number | null
  nft_name: string | null
  nft_image: string | null
  spam: string | null
}

/**
 * `mint`: everything came from the zero address; `receive`: only incoming; `send`: only
 * outgoing; `trade`: both ways (a swap, as Zerion calls it); `execute`: none of the account's
 * own (a contract call).
 */
function operationType(own: readonly TransferView[], account: string): string {
  const incoming = own.filter((row) => row.to_address === account && row.from_address !== account)
  const outgoing = own.filter((row) => row.from_address === account)
  if (own.length === 0) return 'execute'
  if (incoming.length > 0 && outgoing.length > 0) return 'trade'
  if (outgoing.length > 0) return 'send'
  return incoming.every((row) => row.from_address === zeroAddress) ? 'mint' : 'receive'
}

/**
 * Whom a transaction went to, as the visitor means it: for a send, the one receiver of what the
 * account sent (an ERC-20's or an NFT's recipient, not the token contract the transaction
 * called; a smart account's, not the EntryPoint); else, or when several got something, the
 * transaction's `to`.
 */
function sentTo(
  operation: string,
  own: readonly TransferView[],
  account: string,
  transactionTo: string | null,
): string {
  const receivers = new Set(
    own.filter((row) => row.from_address === account).map((row) => row.to_address),
  )
  const [receiver] = receivers
  if (operation === 'send' && receivers.size === 1 && receiver) return getAddress(receiver)
  return transactionTo === null ? '' : getAddress(transactionTo)
}

/**
 * The account's side of a transfer, as Zerion gives it: `out` what it sent, `in` what it got
 * (an internal transfer too: the ETH a swap router pays out), `self` both; none when the transfer
 * is not the account's.
 */
function transferDirection(
  row: Pick<TransferView, 'from_address' | 'to_address'>,
  account: string,
): TransferDirection | undefined {
  const sent = row.from_address === account
  const got = row.to_address === account
  if (sent && got) return 'self'
  if (sent) return 'out'
  return got ? 'in' : undefined
}

function transactionTransfer(
  row: TransferView,
  network: NetworkConfig,
  account: string,
): TransactionTransfer {
  const direction = transferDirection(row, account)
  const side = direction === undefined ? {} : { direction }
  if (row.kind === 'erc721') {
    const nft: NonNullable<TransactionTransfer['nft_info']> = {
      name: row.nft_name ?? nftFallbackName(row.token_name ?? '', row.value),
      flags: { is_spam: row.spam !== null },
    }
    if (row.nft_image !== null) nft.content = { preview: { url: row.nft_image } }
    return { ...side, nft_info: nft }
  }
  const native = row.kind === 'native'
  const decimals = native ? network.nativeCurrency.decimals : (row.token_decimals ?? 0)
  return {
    ...side,
    fungible_info: {
      symbol: native ? network.nativeCurrency.symbol : (row.token_symbol ?? ''),
      quantity: { numeric: formatUnits(BigInt(row.value), decimals) },
    },
  }
}

function nftFallbackName(collection: string, tokenId: string): string {
  return collection === '' ? `#${tokenId}` : `${collection} #${tokenId}`
}

async function unavailableOnFailure<result>(read: () => Promise<result>): Promise<result> {
  try {
    return await read()
  } catch (error) {
    throw new AccountDataUnavailableError('The chain RPC did not answer.', { cause: error })
  }
}
