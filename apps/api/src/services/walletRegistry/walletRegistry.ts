/**
 * The wallet registry in the database: the wallets `GET /v1/wallets` lists, their chain
 * namespaces and logos. Writes are one transaction each; reads filter and page in SQL, the same
 * queries on SQLite and Postgres.
 */

import {
  type ChainNamespace,
  knownNamespaces,
  type WalletLinks,
  type WalletListing,
} from '@airlock/protocol'
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely'
import type { UpdatedTimestamp } from '../../storage/columnTypes'
import type { Database } from '../../storage/storage'
import type { RegistryWallet, WalletImageType } from './registryFile'

export type WalletsTable = {
  id: string
  name: string
  /** `name` lower-cased (in JS, so search and exclusion agree on every dialect). */
  name_lower: string
  rdns: string | null
  rank: number
  /** 1 or 0: SQLite has no boolean to bind. */
  recommended: number
  homepage: string | null
  /** JSON `{ mobile, desktop, stores }`. */
  links: string
  /** The logo's bytes (`blob` / `bytea`), null without one. */
  image: Uint8Array | null
  image_type: string | null
  /** sha256 of `image`, 16 hex characters. */
  image_hash: string | null
  updated_at: UpdatedTimestamp
}

export type WalletNamespacesTable = { wallet_id: string; namespace: string }

/** The registry's tables, added to the API's `Database` with `withTables`. */
export type WalletRegistryTables = {
  wallets: WalletsTable
  wallet_namespaces: WalletNamespacesTable
}

type RegistryDb = Kysely<Database & WalletRegistryTables>

const registryDb = (db: Kysely<Database>): RegistryDb => db.withTables<WalletRegistryTables>()

/** A stored wallet without its logo's bytes, as lists show it. */
export type StoredWallet = Omit<WalletListing, 'imageUrl'> & {
  rank: number
  recommended: boolean
  /** The logo's version, undefined when the wallet has none. */
  imageHash: string | undefined
}

export type WalletQuery = {
  /** A case-insensitive substring of the name. */
  search?: string | undefined
  /** Wallets that support at least one of these. */
  namespaces?: readonly ChainNamespace[] | undefined
  /** Only these wallets, by id, rdns or name (ignoring case), in this order, before the rest of the order. */
  include?: readonly string[] | undefined
  /** Not these wallets: each value matches an id, an rdns, or a name ignoring case. */
  exclude?: readonly string[] | undefined
  recommended?: boolean | undefined
  offset: number
  limit: number
}

export class WalletNotFoundError extends Error {
  override readonly name = 'WalletNotFoundError'
  constructor(readonly walletId: string) {
    super(`Wallet ${JSON.stringify(walletId)} does not exist.`)
  }
}

/** Rows per insert: well under both dialects' limits on bound values. */
const insertChunk = 50

/**
 * Stores `wallets`: a wallet whose id exists is replaced (`mode: 'upsert'`, the default) or left
 * alone (`'insertMissing'`, for the built-in data set when replicas start together). One
 * transaction: all of them or none.
 */
export async function storeWallets(
  db: Kysely<Database>,
  wallets: readonly RegistryWallet[],
  { mode = 'upsert' }: { mode?: 'upsert' | 'insertMissing' } = {},
): Promise<{ created: number; updated: number }> {
  const updatedAt = new Date().toISOString()
  return registryDb(db)
    .transaction()
    .execute(async (trx) => {
      const ids = wallets.map((wallet) => wallet.id)
      const existing = new Set<string>()
      for (const chunk of chunks(ids, 500))
        for (const row of await trx
          .selectFrom('wallets')
          .select('id')
          .where('id', 'in', chunk)
          .execute())
          existing.add(row.id)
      const toWrite =
        mode === 'upsert' ? wallets : wallets.filter((wallet) => !existing.has(wallet.id))

      for (const chunk of chunks(toWrite, insertChunk)) {
        const rows = chunk.map((wallet) => ({
          id: wallet.id,
          name: wallet.name,
          name_lower: wallet.name.toLowerCase(),
          rdns: wallet.rdns ?? null,
          rank: wallet.rank,
          recommended: wallet.recommended ? 1 : 0,
          homepage: wallet.homepage ?? null,
          links: JSON.stringify({
            mobile: wallet.mobile,
            desktop: wallet.desktop,
            stores: wallet.stores,
          }),
          image: wallet.image ? Buffer.from(wallet.image.bytes) : null,
          image_type: wallet.image?.contentType ?? null,
          image_hash: wallet.image?.hash ?? null,
          updated_at: updatedAt,
        }))
        await trx
          .insertInto('wallets')
          .values(rows)
          .onConflict((conflict) =>
            mode === 'upsert'
              ? conflict.column('id').doUpdateSet((eb) => ({
                  name: eb.ref('excluded.name'),
                  name_lower: eb.ref('excluded.name_lower'),
                  rdns: eb.ref('excluded.rdns'),
                  rank: eb.ref('excluded.rank'),
                  recommended: eb.ref('excluded.recommended'),
                  homepage: eb.ref('excluded.homepage'),
                  links: eb.ref('excluded.links'),
                  image: eb.ref('excluded.image'),
                  image_type: eb.ref('excluded.image_type'),
                  image_hash: eb.ref('excluded.image_hash'),
                  updated_at: eb.ref('excluded.updated_at'),
                }))
              : conflict.column('id').doNothing(),
          )
          .execute()
        await trx
          .deleteFrom('wallet_namespaces')
          .where(
            'wallet_id',
            'in',
            chunk.map((wallet) => wallet.id),
          )
          .execute()
        await trx
          .insertInto('wallet_namespaces')
          .values(
            chunk.flatMap((wallet) =>
              wallet.namespaces.map((namespace) => ({ wallet_id: wallet.id, namespace })),
            ),
          )
          .onConflict((conflict) => conflict.columns(['wallet_id', 'namespace']).doNothing())
          .execute()
      }
      const created = toWrite.filter((wallet) => !existing.has(wallet.id)).length
      return { created, updated: toWrite.length - created }
    })
}

/** Removes a wallet, its namespaces and logo; returns its name. */
export async function removeWallet(db: Kysely<Database>, walletId: string): Promise<string> {
  return registryDb(db)
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom('wallets')
        .select('name')
        .where('id', '=', walletId)
        .executeTakeFirst()
      if (row === undefined) throw new WalletNotFoundError(walletId)
      await trx.deleteFrom('wallet_namespaces').where('wallet_id', '=', walletId).execute()
      await trx.deleteFrom('wallets').where('id', '=', walletId).execute()
      return row.name
    })
}

export async function countWallets(db: Kysely<Database>): Promise<number> {
  const row = await registryDb(db)
    .selectFrom('wallets')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/**
 * One page of wallets matching `query`, and how many match in all. Order: `include`'s order
 * when given, then rank, then name.
 */
export async function findWallets(
  db: Kysely<Database>,
  query: WalletQuery,
): Promise<{ count: number; wallets: StoredWallet[] }> {
  const rdb = registryDb(db)
  const filtered = rdb.selectFrom('wallets').where((eb) => {
    const conditions: Expression<SqlBool>[] = []
    const search = query.search?.trim().toLowerCase()
    if (search)
      conditions.push(
        sql<SqlBool>`${eb.ref('name_lower')} like ${`%${escapeLike(search)}%`} escape '\\'`,
      )
    if (query.namespaces?.length)
      conditions.push(
        eb.exists(
          eb
            .selectFrom('wallet_namespaces')
            .select('wallet_namespaces.wallet_id')
            .whereRef('wallet_namespaces.wallet_id', '=', 'wallets.id')
            .where('wallet_namespaces.namespace', 'in', [...query.namespaces]),
        ),
      )
    if (query.include?.length) conditions.push(matchesAny(eb, query.include))
    if (query.exclude?.length) conditions.push(eb.not(matchesAny(eb, query.exclude)))
    if (query.recommended !== undefined)
      conditions.push(eb('wallets.recommended', '=', query.recommended ? 1 : 0))
    return eb.and(conditions)
  })

  const counted = await filtered
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow()
  let ordered = filtered.select([
    'id',
    'name',
    'rdns',
    'rank',
    'recommended',
    'homepage',
    'links',
    'image_hash',
  ])
  const include = query.include ?? []
  if (include.length > 0)
    ordered = ordered.orderBy((eb) => {
      // The first listed value a wallet matches places it; `lit` keeps positions numbers in SQL.
      let position = eb
        .case()
        .when(matchesAny(eb, include.slice(0, 1)))
        .then(eb.lit<number>(0))
      for (const [index, value] of include.entries())
        if (index > 0) position = position.when(matchesAny(eb, [value])).then(eb.lit(index))
      return position.else(eb.lit(include.length)).end()
    })
  const rows = await ordered
    .orderBy('rank')
    .orderBy('name_lower')
    .orderBy('id')
    .limit(query.limit)
    .offset(query.offset)
    .execute()

  const namespaces = new Map<string, ChainNamespace[]>()
  if (rows.length > 0)
    for (const row of await rdb
      .selectFrom('wallet_namespaces')
      .select(['wallet_id', 'namespace'])
      .where(
        'wallet_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute())
      namespaces.set(row.wallet_id, [
        ...(namespaces.get(row.wallet_id) ?? []),
        row.namespace as ChainNamespace,
      ])

  return {
    count: Number(counted.count),
    wallets: rows.map((row) => {
      const links = JSON.parse(row.links) as {
        mobile: WalletLinks
        desktop: WalletLinks
        stores: StoredWallet['stores']
      }
      return {
        id: row.id,
        name: row.name,
        ...(row.rdns !== null ? { rdns: row.rdns } : {}),
        ...(row.homepage !== null ? { homepage: row.homepage } : {}),
        namespaces: (namespaces.get(row.id) ?? []).sort(
          (a, b) => knownNamespaces.indexOf(a) - knownNamespaces.indexOf(b),
        ),
        mobile: links.mobile,
        desktop: links.desktop,
        stores: links.stores,
        rank: Number(row.rank),
        recommended: Number(row.recommended) === 1,
        imageHash: row.image_hash ?? undefined,
      }
    }),
  }
}

/** A wallet's logo and name, for `GET /v1/wallets/:id/image`. */
export async function findWalletImage(
  db: Kysely<Database>,
  walletId: string,
): Promise<
  | {
      name: string
      image: { bytes: Uint8Array; contentType: WalletImageType; hash: string } | undefined
    }
  | undefined
> {
  const row = await registryDb(db)
    .selectFrom('wallets')
    .select(['name', 'image', 'image_type', 'image_hash'])
    .where('id', '=', walletId)
    .executeTakeFirst()
  if (row === undefined) return undefined
  return {
    name: row.name,
    image:
      row.image !== null && row.image_type !== null && row.image_hash !== null
        ? {
            bytes: new Uint8Array(row.image),
            contentType: row.image_type as WalletImageType,
            hash: row.image_hash,
          }
        : undefined,
  }
}

/** Matches a wallet whose id or rdns is one of `values`, or whose name is one ignoring case. */
function matchesAny(
  eb: ExpressionBuilder<Database & WalletRegistryTables, 'wallets'>,
  values: readonly string[],
): Expression<SqlBool> {
  const names = [...new Set(values.map((value) => value.trim().toLowerCase()))]
  return eb.or([
    eb('wallets.id', 'in', [...values]),
    // Never NULL: a wallet without an rdns must not turn `not (…)` into NULL and drop out.
    eb.and([eb('wallets.rdns', 'is not', null), eb('wallets.rdns', 'in', [...values])]),
    eb('wallets.name_lower', 'in', names),
  ])
}

/** `%`, `_` and the escape character itself match literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

function chunks<item>(items: readonly item[], size: number): item[][] {
  const result: item[][] = []
  for (let index = 0; index < items.length; index += size)
    result.push(items.slice(index, index + size))
  return result
}
