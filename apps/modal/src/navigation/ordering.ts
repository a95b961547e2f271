/**
 * The spec's §2 ordering defaults for the Connect view: the order of connect methods and of
 * connector types, and which of the page's wallets are shown at all (§5).
 */
import { type HostWalletInfo, isBrowserWalletShown, isWalletExcluded } from '@airlock/protocol'
import { stableWalletId } from '../connectors/hostWalletIdentity'
import type { RecentWallet } from '../stores/recentWallets'

export type ConnectMethod = 'email' | 'social' | 'wallet'

/** Email, social, wallet; wallet first when an injected or announced wallet is shown. */
export function connectMethodOrder(injectedShown: boolean): ConnectMethod[] {
  return injectedShown ? ['wallet', 'email', 'social'] : ['email', 'social', 'wallet']
}

export const connectorTypeOrder = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const
export type ConnectorSection = (typeof connectorTypeOrder)[number]

export type ConnectorEntry = { section: ConnectorSection; wallet: HostWalletInfo }

export type ConnectorListInput = {
  hostWallets: readonly HostWalletInfo[]
  recent: readonly RecentWallet[]
  featuredWalletIds: readonly string[]
  excludeWallets: readonly string[]
  isMobile: boolean
  /** The namespaces of the site's networks: wallets that speak none of them are left out. */
  siteNamespaces?: readonly string[]
}

/**
 * The page's wallets in connector-type order: recent, then injected/announced, then featured.
 * Excluded wallets, a desktop 'Browser Wallet' and wallets of none of the site's namespaces are
 * left out; each wallet appears once.
 */
export function orderHostWallets(input: ConnectorListInput): ConnectorEntry[] {
  const shown = input.hostWallets.filter(
    (wallet) =>
      !isWalletExcluded(wallet, input.excludeWallets) &&
      (!input.siteNamespaces?.length ||
        (wallet.namespaces ?? ['eip155']).some((namespace) =>
          input.siteNamespaces?.includes(namespace),
        )) &&
      (wallet.type !== 'INJECTED' ||
        isBrowserWalletShown({ isMobile: input.isMobile, isInstalled: true })),
  )
  const sectionOf = (wallet: HostWalletInfo): ConnectorSection => {
    const id = stableWalletId(wallet)
    if (input.recent.some((recent) => recent.id === id)) return 'recent'
    return 'injected'
  }
  const featuredRank = (wallet: HostWalletInfo) => {
    const index = input.featuredWalletIds.findIndex(
      (featured) => featured === wallet.rdns || featured === wallet.name,
    )
    return index === -1 ? Number.MAX_SAFE_INTEGER : index
  }
  const recentRank = (wallet: HostWalletInfo) =>
    input.recent.findIndex((recent) => recent.id === stableWalletId(wallet))
  return shown
    .map((wallet) => ({ section: sectionOf(wallet), wallet }))
    .sort(
      (a, b) =>
        connectorTypeOrder.indexOf(a.section) - connectorTypeOrder.indexOf(b.section) ||
        (a.section === 'recent' ? recentRank(a.wallet) - recentRank(b.wallet) : 0) ||
        featuredRank(a.wallet) - featuredRank(b.wallet),
    )
}
