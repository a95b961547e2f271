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

/** What the SDK announces (EIP-6963's `info`): the frame makes the uuid, once per page. */
export type WalletAnnouncement = WalletAnnouncementInfo & { uuid: string }

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

/** A project's announcement as it reaches the modal: its own name, icon, rdns (null: the default). */
export type ProjectWalletAnnouncement = {
  name: string | null
  icon: string | null
  rdns: string | null
}

const namePattern = /^[^\p{Cc}\p{Cf}]{1,64}$/u
/** EIP-6963 asks for a data URI; these image types, under 64 KiB. */
const iconPattern = /^data:image\/(svg\+xml|png|webp|jpeg|gif)[;,]/
const maxIconChars = 64 * 1024
/** Reverse DNS: at least two lowercase labels (letters, digits, hyphens), joined by dots. */
const rdnsPattern = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/

/**
 * Why a project's announcement field is refused, or undefined when it is fine: what the API
 * checks before it stores one.
 * @example
 * walletAnnouncementError('rdns', 'Example.com') // 'use reverse DNS in lowercase, e.g. com.example.wallet'
 */
export function walletAnnouncementError(
  field: keyof WalletAnnouncementInfo,
  value: string,
): string | undefined {
  if (field === 'name' && !namePattern.test(value))
    return 'use 1 to 64 characters, no control or format characters'
  if (field === 'icon' && (!iconPattern.test(value) || value.length > maxIconChars))
    return 'use a data:image/ URI (svg+xml, png, webp, jpeg or gif) under 64 KiB'
  if (field === 'rdns' && (!rdnsPattern.test(value) || value.length > 253))
    return 'use reverse DNS in lowercase, e.g. com.example.wallet'
  return undefined
}

/**
 * What the SDK announces for a project: its own fields, else the defaults; undefined when the
 * project turned the announcement off (null).
 */
export function resolveWalletAnnouncement(
  project: ProjectWalletAnnouncement | null | undefined,
  modalUrl: string,
  uuid: string,
): WalletAnnouncement | undefined {
  if (project === null) return undefined
  return {
    uuid,
    name: project?.name ?? defaultWalletName,
    icon: project?.icon ?? defaultWalletIcon,
    rdns: project?.rdns ?? defaultWalletRdns(modalUrl),
  }
}
