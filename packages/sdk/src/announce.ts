/**
 * EIP-6963 self-announce: the site's Airlock provider, announced as a wallet of the page, so a
 * dapp that lists the page's EIP-6963 wallets (wagmi's injected discovery, RainbowKit, AppKit,
 * mipd) offers Airlock, and connecting through it opens the modal. Announced once the frame says
 * what with (the project's name, icon and rdns, or nothing when the project turned it off), and
 * again at each `eip6963:requestProvider`, as extensions do.
 */
import type { WalletAnnouncement } from '@airlock/protocol'
import type { AirlockProvider } from './provider'

/** `info`: as the frame made it, once per page (its uuid too); frozen, as EIP-6963 asks. */
export function announceProvider(info: WalletAnnouncement, provider: AirlockProvider) {
  const detail = Object.freeze({ info: Object.freeze(info), provider })
  const announce = () => dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  addEventListener('eip6963:requestProvider', announce)
  announce()
}
