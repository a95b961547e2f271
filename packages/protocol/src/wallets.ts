/**
 * The wallet registry the API serves (`GET /v1/wallets`) and the modal's AllWallets view lists:
 * the project's own curated data set of wallets, their namespaces and their WalletConnect links.
 */
import type { ChainNamespace } from './caip'

/** Deeplink prefixes: `native` is a scheme (`rainbow:`), `universal` an https URL. */
export type WalletLinks = { native?: string; universal?: string }

/** One wallet of the registry, as the API lists it. */
export type WalletListing = {
  /** Stable id: the WalletConnect registry's id where the wallet has one. */
  id: string
  name: string
  /** EIP-6963 reverse-DNS id, when the wallet has a browser extension that announces one. */
  rdns?: string
  homepage?: string
  /** The API's URL for the logo (`/v1/wallets/{id}/image`); it answers a fallback image if none. */
  imageUrl: string
  namespaces: ChainNamespace[]
  /** WalletConnect deeplinks on phones. */
  mobile: WalletLinks
  /** WalletConnect deeplinks of the desktop app. */
  desktop: WalletLinks
  /** App store and extension store links. */
  stores: { ios?: string; android?: string; chrome?: string }
}

/** `GET /v1/wallets` answers a page of wallets and how many match in all. */
export type WalletPage = {
  count: number
  data: WalletListing[]
  /** The next page's number, absent on the last page. */
  nextPage?: number
}

/** Wallets per page of AllWallets' infinite scroll. */
export const walletPageSize = 40
