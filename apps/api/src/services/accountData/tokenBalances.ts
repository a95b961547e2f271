/**
 * Turns an adapter's holdings and a price source's prices into the spec's token balances (§3):
 * exact decimal amounts from raw units (viem's `formatUnits`), USD price and value, an icon for
 * every token, sorted by value. Tokens with zero decimals stay in: the modal filters them (§5),
 * not the API.
 */

import type { TokenBalance } from '@airlock/protocol'
import { formatUnits } from 'viem'
import { type AccountAddress, type TokenHolding, tokenKey } from './adapter'

/**
 * The spec's token balances for `holdings` on `caipNetworkId`, highest USD value first, then by
 * symbol. `prices` is keyed by `tokenKey` (lower-case EVM address, Solana mint as it is) or
 * 'native'; a token without a price gets `price: 0` and no `value`, and sorts after those with
 * one.
 *
 * @example
 * toTokenBalances(holdings, new Map([['native', 2500]]), 'eip155:31337')
 */
export function toTokenBalances(
  holdings: readonly TokenHolding<AccountAddress>[],
  prices: ReadonlyMap<string, number>,
  caipNetworkId: string,
): TokenBalance[] {
  const balances = holdings.map((holding): TokenBalance => {
    const numeric = formatUnits(holding.balance, holding.decimals)
    const price = prices.get(
      holding.address === undefined ? 'native' : tokenKey(caipNetworkId, holding.address),
    )
    const value = price === undefined ? undefined : Number(numeric) * price
    return {
      name: holding.name,
      symbol: holding.symbol,
      chainId: caipNetworkId,
      ...(holding.address === undefined ? {} : { address: holding.address }),
      // An absurd supply overflows a double: better no value than Infinity (JSON null).
      ...(value === undefined || !Number.isFinite(value) ? {} : { value }),
      price: price ?? 0,
      quantity: { decimals: String(holding.decimals), numeric },
      iconUrl: safeIconUrl(holding.iconUrl) ?? fallbackTokenIcon(holding.symbol),
    }
  })
  return balances.sort(compareBalances)
}

function compareBalances(a: TokenBalance, b: TokenBalance): number {
  const byValue = (b.value ?? -1) - (a.value ?? -1)
  if (byValue !== 0) return byValue
  const bySymbol = compareText(a.symbol.toLowerCase(), b.symbol.toLowerCase())
  if (bySymbol !== 0) return bySymbol
  // The native token (no address) first, then by address, so the order never depends on input.
  return compareText(a.address?.toLowerCase() ?? '', b.address?.toLowerCase() ?? '')
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** An http(s) icon URL as given; anything else (a `javascript:` URL, garbage) is dropped. */
function safeIconUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:' ? url : undefined
  } catch {
    return undefined
  }
}

/**
 * A round SVG badge with the symbol's first letter or digit, as a data URL: every token gets an
 * icon without another request, and the symbol (chain data, so untrusted) cannot inject markup.
 *
 * @example
 * fallbackTokenIcon('aUSD') // 'data:image/svg+xml,…A…'
 */
export function fallbackTokenIcon(symbol: string): string {
  const letter = /[a-z0-9]/i.exec(symbol)?.[0]?.toUpperCase() ?? '?'
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="#3b3f4a"/>` +
    `<text x="32" y="42" font-family="system-ui,sans-serif" font-size="28" ` +
    `text-anchor="middle" fill="#ffffff">${letter}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}
