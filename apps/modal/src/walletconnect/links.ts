/**
 * WalletConnect deeplinks (spec §1 "mobile wallet via QR code or deeplink"): a registry wallet's
 * native scheme (`rainbow:` → `rainbow://wc?uri=…`) or universal link (`https://rnbwapp.com` →
 * `https://rnbwapp.com/wc?uri=…`) carrying the pairing URI. Phones use the wallet's mobile
 * links, desktops its desktop app's; a wallet without one gets the QR code.
 */
import type { WalletLinks, WalletListing } from '@airlock/protocol'

/** `scheme:` / `scheme://path` / `https://host/path` + the pairing URI. */
export function formatWalletLink(prefix: string, uri: string): string {
  const encoded = encodeURIComponent(uri)
  if (/^https:\/\//i.test(prefix)) return `${prefix.replace(/\/?$/, '/')}wc?uri=${encoded}`
  const scheme = prefix.includes('://')
    ? prefix
    : `${prefix.replaceAll('/', '').replaceAll(':', '')}://`
  return `${scheme.replace(/\/?$/, '/')}wc?uri=${encoded}`
}

/** Only schemes a wallet app could own, never javascript: or data:. */
const isSafePrefix = (prefix: string | undefined): prefix is string =>
  !!prefix &&
  (/^https:\/\/[^\s]+$/i.test(prefix) ||
    (/^[a-z][a-z0-9+.-]*:(\/\/[^\s]*)?$/i.test(prefix) &&
      !/^(javascript|data|vbscript|file|http|blob|about):/i.test(prefix)))

function pick(links: WalletLinks): string | undefined {
  if (isSafePrefix(links.native)) return links.native
  if (isSafePrefix(links.universal)) return links.universal
  return undefined
}

/** The link that opens the wallet with this pairing, or undefined: show the QR code. */
export function walletLink(
  wallet: WalletListing | undefined,
  uri: string,
  isMobile: boolean,
): string | undefined {
  if (!wallet) return undefined
  const prefix = pick(isMobile ? wallet.mobile : wallet.desktop)
  return prefix ? formatWalletLink(prefix, uri) : undefined
}
