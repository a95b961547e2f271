/**
 * How the SDK announces the site's Airlock wallet over EIP-6963, so dapps that list EIP-6963
 * wallets (wagmi's injected discovery, RainbowKit, AppKit, mipd) offer it: the `info` a project
 * gives (or these defaults), read by the SDK, the API (project settings) and the wagmi connector
 * (whose `rdns` must be the announced one, for wagmi to list Airlock once, not twice).
 */

/** EIP-6963's provider info, less the uuid the SDK makes per page. */
export type WalletAnnouncementInfo = {
  name: string
  /** A data URI (EIP-6963: `data:image/...`), at least 96×96 px. */
  icon: string
  /** Reverse DNS of a domain the operator controls, e.g. `com.example.wallet`. */
  rdns: string
}

/** The name dapps list the wallet by when the project names none. */
export const defaultWalletName = 'Airlock'

/** Airlock's mark, square, as EIP-6963 wants it: a data URI. */
export const defaultWalletIcon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="24" fill="#3b82f6"/><path d="M48 20 24 32v16c0 15 10 26 24 30 14-4 24-15 24-30V32z" fill="#fff"/><circle cx="48" cy="46" r="8" fill="#3b82f6"/><rect x="45" y="50" width="6" height="14" rx="3" fill="#3b82f6"/></svg>',
)}`

/**
 * The rdns announced when the project sets none: the modal's host, reversed
 * (`modal.example.com` → `com.example.modal`), a domain its operator controls.
 */
export function defaultWalletRdns(modalUrl: string): string {
  return new URL(modalUrl).hostname.split('.').reverse().join('.')
}
