/**
 * The native balance of the connected address, read from the network's RPC with viem and kept
 * for the spec's 30 s. A failed read blocks retries for 30 s and shows 'Token Balance
 * Unavailable'.
 */
import {
  balanceRetryGapMs,
  formatBalance,
  formatUnitsToDecimal,
  type NetworkConfig,
  nativeBalanceCacheMs,
  toastMessages,
} from '@airlock/protocol'
import type { ModalStore } from './store'
import { showToast } from './toasts'

type Entry = { at: number; value?: string; failed?: boolean }
const balanceCache = new Map<string, Entry>()

/** The balance as shown ('1.23 ETH'), from cache when fresh, or undefined when unavailable. */
export async function nativeBalance(
  store: ModalStore,
  network: NetworkConfig,
  address: string,
): Promise<string | undefined> {
  const key = `${network.caipNetworkId}:${address.toLowerCase()}`
  const cached = balanceCache.get(key)
  const age = cached ? Date.now() - cached.at : Number.POSITIVE_INFINITY
  if (cached?.value && age < nativeBalanceCacheMs) return cached.value
  if (cached?.failed && age < balanceRetryGapMs) return undefined
  try {
    // viem loads only when a balance is first needed; the modal opens without it.
    const { createPublicClient, http } = await import('viem')
    const client = createPublicClient({ transport: http(network.rpcUrl, { retryCount: 0 }) })
    const wei = await client.getBalance({ address: address as `0x${string}` })
    const { decimals, symbol } = network.nativeCurrency
    const value = `${formatBalance(formatUnitsToDecimal(wei, decimals))} ${symbol}`
    balanceCache.set(key, { at: Date.now(), value })
    return value
  } catch {
    balanceCache.set(key, { at: Date.now(), failed: true })
    showToast(store, {
      message: toastMessages.tokenBalanceUnavailable,
      variant: 'error',
      autoClose: true,
    })
    return undefined
  }
}

/** Forgets cached balances, e.g. after the visitor sent a transaction. */
export function clearBalanceCache() {
  balanceCache.clear()
}
