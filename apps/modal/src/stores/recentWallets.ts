/**
 * The wallets the visitor used before (spec §3 Recent wallet): kept in the store, remembered by
 * the frame, listed first by Connect.
 */
import { recentWalletsKept } from '@airlock/protocol'

/** A wallet the visitor used before, by the id its connection keeps across page loads. */
export type RecentWallet = { id: string; name: string; rdns?: string }

/** Adds a wallet to the recent list: newest first, no duplicates, the last 2 kept. */
export function addRecentWallet(
  list: readonly RecentWallet[],
  wallet: RecentWallet,
): RecentWallet[] {
  const rest = list.filter((item) => item.id !== wallet.id)
  return [wallet, ...rest].slice(0, recentWalletsKept)
}
