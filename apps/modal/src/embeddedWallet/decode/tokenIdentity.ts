/**
 * Which symbol and decimals the approval screen shows for a token, and how far to trust them:
 * the project's token list or the indexer (the account's balances) are trusted; the token
 * contract's own `symbol()` and `decimals()` are a claim anyone can write, shown as unverified —
 * beside the trusted units when they differ, or alone when nothing trusted knows the token.
 */
import type { Address } from 'viem'

export type TokenUnits = { symbol: string; decimals: number }

/** A trusted source's entry: the token's address (any case) and its units. */
export type KnownToken = TokenUnits & { address: string }

export type TokenIdentity =
  /** Nothing known: the amount stays in raw units of the token's address. */
  | { source: 'none' }
  /** From the project's token list or the indexer; `claim` when the contract says otherwise. */
  | { source: 'trusted'; units: TokenUnits; claim?: TokenUnits }
  /** Only the contract's claim: unverified. */
  | { source: 'contract'; units: TokenUnits }

/**
 * @example
 * tokenIdentityOf(usdc, [{ address: usdc, symbol: 'USDC', decimals: 6 }], { symbol: 'USDT', decimals: 6 })
 * // { source: 'trusted', units: { symbol: 'USDC', decimals: 6 }, claim: { symbol: 'USDT', decimals: 6 } }
 */
export function tokenIdentityOf(
  token: Address,
  trusted: readonly KnownToken[],
  claim: TokenUnits | undefined,
): TokenIdentity {
  const known = trusted.find((entry) => entry.address.toLowerCase() === token.toLowerCase())
  if (known) {
    const units = { symbol: known.symbol, decimals: known.decimals }
    const differs = claim && (claim.symbol !== units.symbol || claim.decimals !== units.decimals)
    return { source: 'trusted', units, ...(differs ? { claim } : {}) }
  }
  return claim ? { source: 'contract', units: claim } : { source: 'none' }
}
