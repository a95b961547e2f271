/**
 * What AllWallets asks of the site's setup and the page: the namespaces of the site's networks,
 * and which registry wallet is installed in the host page. The registry's pages themselves are a
 * query (`queries/walletDirectory.ts`).
 */
import {
  type ChainNamespace,
  type HostWalletInfo,
  isCaipNetworkId,
  parseCaipNetworkId,
  type WalletListing,
} from '@airlock/protocol'

/**
 * The page's browser wallet that is this registry wallet, if installed: the same EIP-6963 rdns,
 * else the same name ignoring case.
 */
export function installedWalletFor(
  listing: Pick<WalletListing, 'name' | 'rdns'>,
  hostWallets: readonly HostWalletInfo[],
): HostWalletInfo | undefined {
  if (listing.rdns) {
    const byRdns = hostWallets.find((wallet) => wallet.rdns === listing.rdns)
    if (byRdns) return byRdns
  }
  const name = listing.name.trim().toLowerCase()
  return hostWallets.find((wallet) => wallet.name.trim().toLowerCase() === name)
}

/** The namespaces of the site's networks (`eip155:1` → `eip155`), each once, in order. */
export function namespacesOf(networks: readonly string[]): ChainNamespace[] {
  const namespaces = networks
    .filter(isCaipNetworkId)
    .map((network) => parseCaipNetworkId(network).namespace)
  return [...new Set(namespaces)]
}
