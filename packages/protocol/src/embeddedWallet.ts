/**
 * The embedded wallet of an email login (issue 18), as the frame and the API speak of it. The
 * frame makes the secret and splits it 2 of 3 (Shamir): it keeps the device share, the API keeps
 * the auth share — encrypted under the server key, released only to the email session — and the
 * recovery share, which the frame hands over already encrypted with something only the visitor
 * has, so the API can't open it. No two shares ever sit in one place the other parties reach.
 */
import * as z from 'zod/mini'

/** Upper bounds: a share is ~40 bytes (base64url), a sealed recovery share a few hundred. */
export const embeddedWalletLimits = { shareChars: 256, sealedShareChars: 4096 } as const

const base64url = /^[A-Za-z0-9_-]+$/

/** `POST /v1/projects/:projectId/embedded-wallet`: the wallet an email session just made. */
export const embeddedWalletCreateSchema = z.object({
  hostOrigin: z.string(),
  evmAddress: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Not an EVM address.')),
  solanaAddress: z
    .string()
    .check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Not a Solana address (base58).')),
  authShare: z
    .string()
    .check(
      z.maxLength(embeddedWalletLimits.shareChars),
      z.regex(base64url, 'Not a share (base64url).'),
    ),
  recoveryShare: z
    .string()
    .check(
      z.maxLength(embeddedWalletLimits.sealedShareChars),
      z.regex(base64url, 'Not a sealed share (base64url).'),
    ),
})
export type EmbeddedWalletCreate = z.infer<typeof embeddedWalletCreateSchema>

/** The wallet as the API gives it back to its email session: addresses and the two shares it keeps. */
export const embeddedWalletSchema = z.object({
  evmAddress: z.string(),
  solanaAddress: z.string(),
  authShare: z.string(),
  recoveryShare: z.string(),
  createdAt: z.string(),
})
export type EmbeddedWallet = z.infer<typeof embeddedWalletSchema>
