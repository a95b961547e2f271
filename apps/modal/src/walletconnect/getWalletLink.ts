/**
 * Where a visitor without a registry wallet gets it ("Get Rainbow" on ConnectingWalletConnect):
 * its own module, so it loads with that view, not in the first bundle with the deeplinks.
 */
import type { WalletListing } from '@airlock/protocol'

/**
 * Its store for this device (App Store on an iPhone or iPad, Google Play on Android, the Chrome
 * Web Store on a desktop), else its homepage; only https links. Undefined: the registry names none.
 */
export function getWalletLink(
  wallet: WalletListing,
  isMobile: boolean,
  userAgent: string,
): string | undefined {
  const { ios, android, chrome } = wallet.stores
  const store = !isMobile ? chrome : /android/i.test(userAgent) ? android : ios
  return [store, wallet.homepage].find((link) => !!link && /^https:\/\/[^\s]+$/i.test(link))
}
