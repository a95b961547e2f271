/**
 * The Account view's data (spec §3, §5, §6, §9): token balances, NFTs and transactions of the
 * connected address on the active network. The queries themselves (keys, fetches, freshness)
 * are in `queries/`, cached by the modal's TanStack Query client (`queryClientOf(store)`); this
 * module holds what they share — whose data, where it comes from, which networks have it (the
 * refresh after the visitor's balances may have moved is queries/refresh.ts). The network comes in as
 * `AccountDataSources` (`api.apiFetch` and the active connection in production, plain functions
 * in tests).
 */
import {
  BaseError,
  type CaipNetworkId,
  chainSupport,
  evmChainId,
  namespaceOf,
  type RequestArguments,
  type TokenBalance,
  transactionErrors,
} from '@airlock/protocol'
import { formatUnits, hexToBigInt, isHex } from 'viem/utils'

/** The network calls the queries make; tests pass plain functions returning canned data. */
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

/** The Account view's tabs. */
export type AccountTab = 'tokens' | 'nfts' | 'activity'

/** What the account-data queries read, each under its own key. */
export type AccountResource = 'balances' | 'nfts' | 'transactions' | 'nativeBalance'

const tabNamespaces: Record<AccountTab, readonly string[]> = {
  tokens: chainSupport.balances,
  // The spec lists no namespace for NFTs; the API's NFT shape (contract, tokenId) is EVM's.
  nfts: ['eip155'],
  activity: chainSupport.activity,
}

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

/**
 * The query key of a resource of an account on a network. EVM addresses are case-insensitive;
 * others not. Every key starts with `accountData`, which a refresh invalidates.
 *
 * @example
 * accountDataKey('balances', { address: '0xAb…', caipNetworkId: 'eip155:1', projectId: 'demo' })
 * // ['accountData', 'balances', 'demo', 'eip155:1', '0xab…']
 */
export function accountDataKey(
  resource: AccountResource,
  { caipNetworkId, address = '', projectId }: AccountQuery,
) {
  const account = namespaceOf(caipNetworkId) === 'eip155' ? address.toLowerCase() : address
  return ['accountData', resource, projectId, caipNetworkId, account] as const
}

/** The API path of a resource of an account. */
export const accountPath = ({ address = '' }: AccountQuery, resource: string) =>
  `/v1/accounts/${encodeURIComponent(address)}/${resource}`

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
export function supportsWalletGetAssets(capabilities: unknown, chainIdHex: `0x${string}`): boolean {
  if (!isRecord(capabilities)) return false
  const chainId = hexToBigInt(chainIdHex)
  return Object.entries(capabilities).some(([key, value]) => {
    if (!isHex(key, { strict: true }) || key === '0x' || !isRecord(value)) return false
    if (hexToBigInt(key) !== chainId && hexToBigInt(key) !== 0n) return false
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
  const chainId = hexToBigInt(evmChainId(caipNetworkId))
  const assets = Object.entries(response).find(
    ([key]) => isHex(key, { strict: true }) && key !== '0x' && hexToBigInt(key) === chainId,
  )
  if (!assets) return []
  if (!Array.isArray(assets[1]))
    throw new AccountDataResponseError('wallet_getAssets: the chain entry is not a list.')
  return assets[1].flatMap((asset) => walletAssetToBalance(asset, caipNetworkId) ?? [])
}

// Internals

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function walletAssetToBalance(asset: unknown, caipNetworkId: CaipNetworkId) {
  if (!isRecord(asset) || !isHex(asset.balance, { strict: true }) || asset.balance === '0x')
    return undefined
  const type = typeof asset.type === 'string' ? asset.type.toUpperCase() : ''
  if (type !== 'NATIVE' && type !== 'ERC20') return undefined
  const metadata = isRecord(asset.metadata) ? asset.metadata : {}
  const decimals = Number(metadata.decimals)
  if (!Number.isSafeInteger(decimals) || decimals < 0 || decimals > 255) return undefined
  const numeric = formatUnits(hexToBigInt(asset.balance), decimals)
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
