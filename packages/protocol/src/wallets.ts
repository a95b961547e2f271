/**
 * The wallet registry the API serves (`GET /v1/wallets`) and the modal's AllWallets view lists:
 * the project's own curated data set of wallets, their namespaces and their WalletConnect links.
 * Declared once as zod schemas; the types are what the schemas read.
 */
import * as z from 'zod/mini'
import { knownNamespaces } from './caip'

/** Deeplink prefixes: `native` is a scheme (`rainbow:`), `universal` an https URL. */
const walletLinksSchema = z.object({
  native: z.optional(z.string()),
  universal: z.optional(z.string()),
})
export type WalletLinks = z.infer<typeof walletLinksSchema>

/**
 * One wallet of the registry, as the API lists it.
 *
 * @example
 * walletListingSchema.safeParse(item).success
 */
export const walletListingSchema = z.object({
  /** Stable id: the WalletConnect registry's id where the wallet has one. */
  id: z.string(),
  name: z.string(),
  /** EIP-6963 reverse-DNS id, when the wallet has a browser extension that announces one. */
  rdns: z.optional(z.string()),
  homepage: z.optional(z.string()),
  /** The API's URL for the logo (`/v1/wallets/{id}/image`); it answers a fallback image if none. */
  imageUrl: z.string(),
  namespaces: z.array(z.enum(knownNamespaces)),
  /** WalletConnect deeplinks on phones. */
  mobile: walletLinksSchema,
  /** WalletConnect deeplinks of the desktop app. */
  desktop: walletLinksSchema,
  /** App store and extension store links. */
  stores: z.object({
    ios: z.optional(z.string()),
    android: z.optional(z.string()),
    chrome: z.optional(z.string()),
  }),
})
export type WalletListing = z.infer<typeof walletListingSchema>

/**
 * `GET /v1/wallets` answers a page of wallets, how many match in all, and the next page's
 * number (absent on the last page).
 *
 * @example
 * walletPageSchema.parse(await response.json()).data
 */
export const walletPageSchema = z.object({
  count: z.number(),
  data: z.array(walletListingSchema),
  nextPage: z.optional(z.number()),
})
export type WalletPage = z.infer<typeof walletPageSchema>

/** Wallets per page of AllWallets' infinite scroll. */
export const walletPageSize = 40
