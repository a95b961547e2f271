/**
 * The native balance of the connected address, read from the network's RPC with viem and kept
 * for the spec's 30 s: the Account header's fallback when the token list (accountData.ts) has no
 * native token, e.g. the wallet's `wallet_getAssets` left it out or the list failed. A failed
 * read blocks retries for 30 s; the token list, not this fallback, reports failures. The cache
 * is one modal's (`createModal` makes it) and is forgotten whenever its account data is
 * refreshed (`refreshAccountData`: a transaction sent, the wallet's account or chain changed).
 */
import {
  balanceRetryGapMs,
  formatBalance,
  formatUnitsToDecimal,
  type NetworkConfig,
  nativeBalanceCacheMs,
} from '@airlock/protocol'
import { chainClient } from './chainClient'
import type { ModalStore } from './store'

type Entry = { at: number; value?: string; failed?: boolean }

/**
 * @example
 * const { nativeBalance } = createNativeBalances(store)
 * await nativeBalance(network, address) // '1.23 ETH'
 */
export function createNativeBalances(store: ModalStore) {
  const balanceCache = new Map<string, Entry>()
  // `refreshAccountData` bumps the generation: the visitor's balances may have changed.
  store.subscribe(({ accountData }, previous) => {
    if (accountData.generation !== previous.accountData.generation) balanceCache.clear()
  })

  /** The balance as shown ('1.23 ETH'), from cache when fresh, or undefined when unavailable. */
  async function nativeBalance(
    network: NetworkConfig,
    address: string,
  ): Promise<string | undefined> {
    const key = `${network.caipNetworkId}:${address.toLowerCase()}`
    const cached = balanceCache.get(key)
    const age = cached ? Date.now() - cached.at : Number.POSITIVE_INFINITY
    if (cached?.value && age < nativeBalanceCacheMs) return cached.value
    if (cached?.failed && age < balanceRetryGapMs) return undefined
    try {
      const client = await chainClient(network)
      const wei = await client.getBalance({ address: address as `0x${string}` })
      const { decimals, symbol } = network.nativeCurrency
      const value = `${formatBalance(formatUnitsToDecimal(wei, decimals))} ${symbol}`
      balanceCache.set(key, { at: Date.now(), value })
      return value
    } catch {
      balanceCache.set(key, { at: Date.now(), failed: true })
      return undefined
    }
  }

  return { nativeBalance }
}
