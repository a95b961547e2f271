/**
 * The Account view's data (spec §3, §5, §6, §9): token balances, NFTs and transactions of the
 * connected address on the active network. Balances come from the wallet's EIP-7811
 * `wallet_getAssets` when it offers it, else from the API; NFTs and transactions come from the
 * API a page at a time, by opaque cursor. Everything lives in the store's `accountData` slice, so
 * it outlives the view; the network comes in as `AccountDataSources` (`api.apiFetch` and the
 * active connection in production, plain functions in tests).
 */
import {
  BaseError,
  balanceCacheMs,
  balanceRetryGapMs,
  type CaipNetworkId,
  chainSupport,
  filterLowQualityTokens,
  filterTransactions,
  formatUnitsToDecimal,
  type NftItem,
  type RequestArguments,
  type TokenBalance,
  type Transaction,
  toastMessages,
  transactionErrors,
} from '@airlock/protocol'
import type { BalancesEntry, EntryStatus, ListEntry } from './accountDataState'
import { chainClient } from './chainClient'
import { activeNetworkOf, type ModalStore, namespaceOf } from './store'
import { showToast } from './toasts'

/** The network calls the controllers make; tests pass plain functions returning canned data. */
export type AccountDataSources = {
  /** A GET on the modal's own API: `api.apiFetch` in production. */
  fetch: (
    method: 'GET',
    path: string,
    options: { query: Record<string, string> },
  ) => Promise<unknown>
  /** A request to the connected host wallet, undefined when none is connected: `connection.forward`. */
  walletRequest?: ((request: RequestArguments) => Promise<unknown> | undefined) | undefined
}

/** Whose data, on which network, for which project. */
export type AccountQuery = {
  address?: string | undefined
  caipNetworkId: CaipNetworkId
  projectId: string
}

export type AccountListKind = 'nfts' | 'transactions'
type ListItem = { nfts: NftItem; transactions: Transaction }

/** The Account view's tabs. */
export type AccountTab = 'tokens' | 'nfts' | 'activity'

const tabNamespaces: Record<AccountTab, readonly string[]> = {
  tokens: chainSupport.balances,
  // The spec lists no namespace for NFTs; the API's NFT shape (contract, tokenId) is EVM's.
  nfts: ['eip155'],
  activity: chainSupport.activity,
}

/** How long a wallet may take to answer before the API is asked instead. */
export const walletAssetsTimeoutMs = 3000
/** Lists are kept as long as balances: the spec's only account-data freshness rule. */
const listFreshMs = balanceCacheMs

/** The account data could not be read: the answer had an unexpected shape. */
export class AccountDataResponseError extends BaseError {
  override name = 'AccountDataResponseError'
  constructor(details: string) {
    super('Unexpected account data response.', { details })
  }
}

/** Transactions were asked for without an address (spec §8 Transactions). */
export class AccountAddressRequiredError extends BaseError {
  override name = 'AccountAddressRequiredError'
  constructor() {
    super(transactionErrors.noAccountAddress)
  }
}

/** Whether a tab has data on a network (spec §6). */
export function isAccountDataSupported(tab: AccountTab, caipNetworkId: CaipNetworkId): boolean {
  return tabNamespaces[tab].includes(namespaceOf(caipNetworkId) ?? '')
}

/** The cache key of an account on a network. EVM addresses are case-insensitive; others not. */
export function accountKey({ caipNetworkId, address = '' }: AccountQuery): string {
  const account = namespaceOf(caipNetworkId) === 'eip155' ? address.toLowerCase() : address
  return `${caipNetworkId}:${account}`
}

/**
 * Tokens by USD value, largest first; unknown values count as 0. Ties put the native token
 * first, then names in order.
 *
 * @example
 * sortTokens(tokens).map((token) => token.symbol) // ['ETH', 'USDC', 'DAI']
 */
export function sortTokens<token extends Pick<TokenBalance, 'value' | 'address' | 'name'>>(
  tokens: readonly token[],
): token[] {
  const usdValue = (token: token) => (Number.isFinite(token.value) ? (token.value as number) : 0)
  return [...tokens].sort(
    (a, b) =>
      usdValue(b) - usdValue(a) ||
      Number(!!a.address) - Number(!!b.address) ||
      a.name.localeCompare(b.name),
  )
}

/**
 * Appends a page to a list, leaving out items already in it (a cursor page may repeat an item
 * when the list moved underneath it).
 *
 * @example
 * mergePage([{ id: 'a' }], [{ id: 'a' }, { id: 'b' }], (item) => item.id) // [{ id: 'a' }, { id: 'b' }]
 */
export function mergePage<item>(
  items: readonly item[],
  page: readonly item[],
  idOf: (item: item) => string,
): item[] {
  const seen = new Set(items.map(idOf))
  const merged = [...items]
  for (const item of page) {
    const id = idOf(item)
    if (seen.has(id)) continue
    seen.add(id)
    merged.push(item)
  }
  return merged
}

/**
 * Whether the wallet's `wallet_getCapabilities` answer offers `wallet_getAssets` on a chain:
 * `assetDiscovery.supported` or a `wallet_getAssets` entry, under the chain's hex id or `0x0`
 * (every chain).
 *
 * @example
 * supportsWalletGetAssets({ '0x1': { assetDiscovery: { supported: true } } }, '0x1') // true
 */
export function supportsWalletGetAssets(capabilities: unknown, chainIdHex: string): boolean {
  if (!isRecord(capabilities)) return false
  const chainId = BigInt(chainIdHex)
  return Object.entries(capabilities).some(([key, value]) => {
    if (!isHex(key) || !isRecord(value)) return false
    if (BigInt(key) !== chainId && BigInt(key) !== 0n) return false
    const { assetDiscovery, wallet_getAssets: getAssets } = value
    if (isRecord(assetDiscovery) && assetDiscovery.supported === true) return true
    return getAssets === true || (isRecord(getAssets) && getAssets.supported !== false)
  })
}

/**
 * Turns a `wallet_getAssets` answer (spec §3 Wallet asset response item, keyed by hex chain id)
 * into token balances of `caipNetworkId`. Assets that are not NATIVE or ERC20, or whose balance
 * or decimals are unreadable, are left out. A value the wallet doesn't give is price × amount
 * when the price is known.
 *
 * @throws {AccountDataResponseError} when the answer is not an object of asset lists.
 *
 * @example
 * walletAssetsToBalances({ '0x1': [{ address: 'native', balance: '0xde0b6b3a7640000', type: 'NATIVE',
 *   metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 } }] }, 'eip155:1')
 * // [{ name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 0, quantity: { decimals: '18', numeric: '1' }, iconUrl: '' }]
 */
export function walletAssetsToBalances(
  response: unknown,
  caipNetworkId: CaipNetworkId,
): TokenBalance[] {
  if (!isRecord(response)) throw new AccountDataResponseError('wallet_getAssets: not an object.')
  const chainId = BigInt(evmChainIdHex(caipNetworkId))
  const assets = Object.entries(response).find(([key]) => isHex(key) && BigInt(key) === chainId)
  if (!assets) return []
  if (!Array.isArray(assets[1]))
    throw new AccountDataResponseError('wallet_getAssets: the chain entry is not a list.')
  return assets[1].flatMap((asset) => walletAssetToBalance(asset, caipNetworkId) ?? [])
}

/**
 * Loads the token list of an account, from cache when fresh (30 s). A failure shows 'Token
 * Balance Unavailable' and blocks a retry for 30 s, whatever asks for it.
 */
export async function loadBalances(
  store: ModalStore,
  sources: AccountDataSources,
  query: AccountQuery,
): Promise<void> {
  if (!query.address || !isAccountDataSupported('tokens', query.caipNetworkId)) return
  const key = accountKey(query)
  const cached = store.getState().accountData.balances[key]
  if (cached && !cached.stale) {
    const age = Date.now() - cached.at
    if (cached.status === 'loading') return
    if (cached.status === 'loaded' && age < balanceCacheMs) return
    if (cached.status === 'failed' && age < balanceRetryGapMs) return
  }
  const request = nextRequest(cached)
  const previous = { tokens: cached?.tokens ?? [], source: cached?.source, at: cached?.at ?? 0 }
  setBalances(store, key, { ...previous, status: 'loading', stale: false, request })
  const isCurrent = () => store.getState().accountData.balances[key]?.request === request
  try {
    const { tokens, source } = await fetchTokenBalances(sources, query, !!cached?.stale)
    if (!isCurrent()) return
    const shown = sortTokens(filterLowQualityTokens(tokens))
    setBalances(store, key, {
      status: 'loaded',
      tokens: shown,
      source,
      at: Date.now(),
      stale: false,
      request,
    })
  } catch {
    if (!isCurrent()) return
    // The last good list stays on screen; the toast says it may be out of date.
    setBalances(store, key, {
      ...previous,
      status: 'failed',
      at: Date.now(),
      stale: false,
      request,
    })
    showToast(store, {
      message: toastMessages.tokenBalanceUnavailable,
      variant: 'error',
      autoClose: true,
    })
  }
}

export type LoadListOptions = {
  /** The page after the last one loaded. */
  more?: boolean
  /** Fetch the first page again even when the cache is fresh (a retry the visitor asked for). */
  force?: boolean
}

/** Loads the first page of NFTs (spam left out), or the next page with `more`. */
export async function loadNfts(
  store: ModalStore,
  sources: AccountDataSources,
  query: AccountQuery,
  options: LoadListOptions = {},
): Promise<void> {
  if (!query.address || !isAccountDataSupported('nfts', query.caipNetworkId)) return
  await loadList(store, sources, 'nfts', { ...query, address: query.address }, options)
}

/**
 * Loads the first page of transactions, or the next page with `more`. Only the network's
 * transactions are kept, and none whose transfers are all spam NFTs. A failure shows 'Failed to
 * fetch transactions'; a failed first page leaves the list empty.
 *
 * @throws {AccountAddressRequiredError} without an address; nothing is fetched.
 */
export async function loadTransactions(
  store: ModalStore,
  sources: AccountDataSources,
  query: AccountQuery,
  options: LoadListOptions = {},
): Promise<void> {
  if (!query.address) throw new AccountAddressRequiredError()
  if (!isAccountDataSupported('activity', query.caipNetworkId)) return
  await loadList(store, sources, 'transactions', { ...query, address: query.address }, options)
}

/**
 * After the visitor's balances may have changed (a transaction sent, the wallet's account or
 * chain changed): every cached list and balance is marked stale, and the mounted view loads
 * what it shows again. A balance failure keeps its 30 s retry block. The generation it bumps
 * also clears the modal's native balance cache (balance.ts).
 */
export function refreshAccountData(store: ModalStore) {
  const data = store.getState().accountData
  const markStale = <entry extends { stale: boolean; status: EntryStatus }>(
    entries: Record<string, entry>,
    keep: (entry: entry) => boolean = () => false,
  ) =>
    Object.fromEntries(
      Object.entries(entries).map(([key, entry]) => [
        key,
        keep(entry) ? entry : { ...entry, stale: true },
      ]),
    )
  store.setState({
    accountData: {
      balances: markStale(data.balances, (entry) => entry.status === 'failed'),
      nfts: markStale(data.nfts),
      transactions: markStale(data.transactions),
      generation: data.generation + 1,
    },
  })
}

// Internals

/**
 * A load's number: one past the entry's last, so an answer to an older load of the same entry
 * is dropped. Entries are never removed, so the numbers of one entry never repeat.
 */
const nextRequest = (entry: { request: number } | undefined) => (entry?.request ?? 0) + 1

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isHex = (value: unknown): value is `0x${string}` =>
  typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value)

function evmChainIdHex(caipNetworkId: CaipNetworkId): `0x${string}` {
  const reference = caipNetworkId.split(':')[1] ?? ''
  if (!/^\d+$/.test(reference))
    throw new AccountDataResponseError(`${caipNetworkId} has no numeric chain id.`)
  return `0x${BigInt(reference).toString(16)}`
}

function walletAssetToBalance(asset: unknown, caipNetworkId: CaipNetworkId) {
  if (!isRecord(asset) || !isHex(asset.balance)) return undefined
  const type = typeof asset.type === 'string' ? asset.type.toUpperCase() : ''
  if (type !== 'NATIVE' && type !== 'ERC20') return undefined
  const metadata = isRecord(asset.metadata) ? asset.metadata : {}
  const decimals = Number(metadata.decimals)
  if (!Number.isSafeInteger(decimals) || decimals < 0 || decimals > 255) return undefined
  const numeric = formatUnitsToDecimal(BigInt(asset.balance), decimals)
  const price = finite(metadata.price) ?? 0
  const value = finite(metadata.value) ?? (price > 0 ? Number(numeric) * price : undefined)
  const address = type === 'ERC20' && typeof asset.address === 'string' ? asset.address : undefined
  const token: TokenBalance = {
    name: text(metadata.name),
    symbol: text(metadata.symbol),
    chainId: caipNetworkId,
    price,
    quantity: { decimals: String(decimals), numeric },
    iconUrl: text(metadata.iconUrl),
  }
  if (address) token.address = address
  if (value !== undefined) token.value = value
  return token
}

const finite = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined
const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** The wallet's own view of its assets, or undefined when it doesn't offer one. */
async function walletBalances(sources: AccountDataSources, query: AccountQuery) {
  const { walletRequest } = sources
  if (!walletRequest || !query.address || namespaceOf(query.caipNetworkId) !== 'eip155')
    return undefined
  const chainIdHex = evmChainIdHex(query.caipNetworkId)
  const capabilitiesRequest = walletRequest({
    method: 'wallet_getCapabilities',
    params: [query.address],
  })
  if (!capabilitiesRequest) return undefined
  const capabilities = await withTimeout(capabilitiesRequest, walletAssetsTimeoutMs)
  if (!supportsWalletGetAssets(capabilities, chainIdHex)) return undefined
  const assetsRequest = walletRequest({
    method: 'wallet_getAssets',
    params: [{ account: query.address, chainFilter: [chainIdHex] }],
  })
  if (!assetsRequest) return undefined
  return walletAssetsToBalances(
    await withTimeout(assetsRequest, walletAssetsTimeoutMs),
    query.caipNetworkId,
  )
}

async function fetchTokenBalances(
  sources: AccountDataSources,
  query: AccountQuery,
  fresh: boolean,
): Promise<{ tokens: TokenBalance[]; source: 'wallet' | 'api' }> {
  // Any trouble with the wallet (no support, an error, no answer in time): the API answers.
  const fromWallet = await walletBalances(sources, query).catch(() => undefined)
  if (fromWallet) return { tokens: fromWallet, source: 'wallet' }
  const response = await sources.fetch('GET', accountPath(query, 'balances'), {
    // After a refresh (a sent transaction, a wallet event) the API's cache is skipped too.
    query: {
      projectId: query.projectId,
      chainId: query.caipNetworkId,
      ...(fresh ? { cache: 'false' } : {}),
    },
  })
  if (!isRecord(response) || !Array.isArray(response.balances))
    throw new AccountDataResponseError('balances: expected { balances: [] }.')
  return { tokens: response.balances.filter(isTokenBalance), source: 'api' }
}

function isTokenBalance(value: unknown): value is TokenBalance {
  if (!isRecord(value) || !isRecord(value.quantity)) return false
  return (
    typeof value.name === 'string' &&
    typeof value.symbol === 'string' &&
    typeof value.quantity.decimals === 'string' &&
    typeof value.quantity.numeric === 'string'
  )
}

const accountPath = ({ address = '' }: AccountQuery, resource: string) =>
  `/v1/accounts/${encodeURIComponent(address)}/${resource}`

function withTimeout<value>(promise: Promise<value>, ms: number): Promise<value> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms.`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function setBalances(store: ModalStore, key: string, entry: BalancesEntry) {
  const data = store.getState().accountData
  store.setState({ accountData: { ...data, balances: { ...data.balances, [key]: entry } } })
}

function listEntry<kind extends AccountListKind>(
  store: ModalStore,
  kind: kind,
  key: string,
): ListEntry<ListItem[kind]> | undefined {
  return store.getState().accountData[kind][key] as ListEntry<ListItem[kind]> | undefined
}

function setList<kind extends AccountListKind>(
  store: ModalStore,
  kind: kind,
  key: string,
  entry: ListEntry<ListItem[kind]>,
) {
  const data = store.getState().accountData
  store.setState({ accountData: { ...data, [kind]: { ...data[kind], [key]: entry } } })
}

const isNftItem = (value: unknown): value is NftItem =>
  isRecord(value) && typeof value.id === 'string' && typeof value.name === 'string'

const isTransaction = (value: unknown): value is Transaction =>
  isRecord(value) &&
  typeof value.id === 'string' &&
  isRecord(value.metadata) &&
  Array.isArray(value.transfers)

/** What a page holds that the tab shows. */
function shownItems<kind extends AccountListKind>(
  kind: kind,
  data: readonly unknown[],
  query: AccountQuery,
): ListItem[kind][] {
  if (kind === 'nfts')
    return data.filter(isNftItem).filter((nft) => !nft.isSpam) as ListItem[kind][]
  return filterTransactions(data.filter(isTransaction), query.caipNetworkId) as ListItem[kind][]
}

async function fetchPage(
  sources: AccountDataSources,
  kind: AccountListKind,
  query: AccountQuery,
  cursor: string | undefined,
  fresh = false,
): Promise<{ data: unknown[]; next: string | null }> {
  const params: Record<string, string> = {
    projectId: query.projectId,
    chainId: query.caipNetworkId,
  }
  if (cursor) params.cursor = cursor
  if (fresh) params.cache = 'false'
  const response = await sources.fetch('GET', accountPath(query, kind), { query: params })
  if (!isRecord(response) || !Array.isArray(response.data))
    throw new AccountDataResponseError(`${kind}: expected { data: [], next }.`)
  const next = typeof response.next === 'string' && response.next ? response.next : null
  return { data: response.data, next }
}

function reportListFailure(store: ModalStore, kind: AccountListKind) {
  if (kind !== 'transactions') return
  showToast(store, {
    message: toastMessages.failedToFetchTransactions,
    variant: 'error',
    autoClose: true,
  })
}

async function loadList<kind extends AccountListKind>(
  store: ModalStore,
  sources: AccountDataSources,
  kind: kind,
  query: AccountQuery & { address: string },
  { more = false, force = false }: LoadListOptions,
) {
  const key = accountKey(query)
  const cached = listEntry(store, kind, key)
  const idOf = (item: ListItem[kind]) => item.id

  if (more) {
    // A stale list loads its first page again instead (the view asks for it).
    if (cached?.status !== 'loaded' || cached.stale || cached.loadingMore || !cached.next) return
    const cursor = cached.next
    setList(store, kind, key, { ...cached, loadingMore: true, moreFailed: false })
    const latest = () => {
      const entry = listEntry(store, kind, key)
      return entry?.request === cached.request ? entry : undefined
    }
    try {
      const page = await fetchPage(sources, kind, query, cursor)
      const entry = latest()
      if (!entry) return
      setList(store, kind, key, {
        ...entry,
        items: mergePage(entry.items, shownItems(kind, page.data, query), idOf),
        // A cursor that doesn't move would page forever.
        next: page.next === cursor ? null : page.next,
        loadingMore: false,
      })
    } catch {
      const entry = latest()
      if (!entry) return
      setList(store, kind, key, { ...entry, loadingMore: false, moreFailed: true })
      reportListFailure(store, kind)
    }
    return
  }

  if (cached && !cached.stale && !force) {
    if (cached.status === 'loading' || Date.now() - cached.at < listFreshMs) return
  }
  const fresh = force || !!cached?.stale
  const request = nextRequest(cached)
  setList(store, kind, key, {
    status: 'loading',
    items: cached?.items ?? [],
    next: null,
    loadingMore: false,
    moreFailed: false,
    at: cached?.at ?? 0,
    stale: false,
    request,
  })
  const isCurrent = () => listEntry(store, kind, key)?.request === request
  try {
    const page = await fetchPage(sources, kind, query, undefined, fresh)
    if (!isCurrent()) return
    setList(store, kind, key, {
      status: 'loaded',
      items: mergePage([], shownItems(kind, page.data, query), idOf),
      next: page.next,
      loadingMore: false,
      moreFailed: false,
      at: Date.now(),
      stale: false,
      request,
    })
  } catch {
    if (!isCurrent()) return
    setList(store, kind, key, {
      status: 'failed',
      items: [],
      next: null,
      loadingMore: false,
      moreFailed: false,
      at: Date.now(),
      stale: false,
      request,
    })
    reportListFailure(store, kind)
  }
}

/**
 * A transaction the site sent straight to the wallet: once it is mined, the indexer needs a
 * moment to see it, so the account data is refreshed a little after the receipt, and again
 * later in case indexing lagged.
 */
export async function refreshAfterMined(store: ModalStore, hash: unknown) {
  const network = activeNetworkOf(store.getState())
  if (typeof hash === 'string' && /^0x[0-9a-f]{64}$/i.test(hash) && network) {
    try {
      const client = await chainClient(network)
      await client.waitForTransactionReceipt({ hash: hash as `0x${string}`, timeout: 60_000 })
    } catch {
      // No receipt in time: refresh on the schedule anyway.
    }
  }
  refreshAfterIndexing(store)
}

/** The indexer sees a mined transaction a moment later: refresh then, and again in case it lagged. */
export function refreshAfterIndexing(store: ModalStore) {
  for (const delayMs of [1_500, 4_000]) setTimeout(() => refreshAccountData(store), delayMs)
}
