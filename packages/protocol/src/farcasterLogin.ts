/**
 * Sign In With Farcaster (spec §4 "Farcaster", issue 19), what the frame and the API say to each
 * other. The frame asks the API for a channel; the API opens one on the Farcaster auth relay and
 * answers its sign-in URL, which ConnectingFarcaster shows as a QR code and a link for the
 * visitor's Farcaster app, and a secret the frame keeps (never in the URL or the QR code). The
 * frame then asks about the channel every second, with the secret and the email session it had
 * when it opened it: the API asks the relay, and once the app has signed, verifies the Sign In
 * With Farcaster message (nonce, domain, signature, and the fid's custody or auth address on the
 * Farcaster contracts) and starts the session — the same session, cookie and embedded wallet as an
 * email or social login, keyed by the fid (`social:farcaster:<fid>`) or by the account it was
 * linked to. A link to the frame's signed-in account waits for the visitor's yes (issue 33).
 */
import * as z from 'zod/mini'
import { emailSessionSchema } from './emailLogin'
import { socialLinkConfirmationSchema, socialSecretSchema } from './socialLogin'

/** A channel is asked about for at most 10 minutes; the relay's own lasts longer. */
export const farcasterChannelTtlMs = 10 * 60_000
/** How often the frame asks about its channel, and the API asks the relay at most. */
export const farcasterPollMs = 1000

/** A channel's id in the API: 32 random bytes, base64url (43 characters). */
export const farcasterChannelIdPattern = /^[A-Za-z0-9_-]{43}$/

/** `POST /v1/projects/:projectId/social/farcaster/channels`, from the modal's pages. */
export const farcasterChannelRequestSchema = z.object({ hostOrigin: z.string() })
export type FarcasterChannelRequest = z.infer<typeof farcasterChannelRequestSchema>

/**
 * The answer (201): the channel's id in the API, the relay's sign-in URL the visitor's Farcaster
 * app opens (`https://farcaster.xyz/~/siwf?channelToken=…`), and the secret only the frame that
 * opened the channel keeps: without it, the channel signs no one in.
 */
export const farcasterChannelSchema = z.object({
  channel: z.string().check(z.regex(farcasterChannelIdPattern)),
  url: z.string(),
  secret: socialSecretSchema,
})
export type FarcasterChannel = z.infer<typeof farcasterChannelSchema>

/**
 * `POST /v1/projects/:projectId/social/farcaster/channels/:channel/session`, from the modal's
 * pages, every second, with the channel's secret: 202 `{ pending: true }` until the app signed;
 * then 201 with the session (a new one, its cookie set; or the frame's own, for its own account),
 * once — or 200 with the question of a link to the frame's signed-in account, which `link: true`
 * answers yes. A channel unknown, used, expired or for another site is `socialStateInvalid`;
 * without its secret, `socialFrameMismatch`; from another email session than the one that opened
 * it, `socialSessionMismatch`; a signature that does not verify, `socialCodeInvalid`.
 */
export const farcasterSessionRequestSchema = z.object({
  hostOrigin: z.string(),
  secret: socialSecretSchema,
  link: z.optional(z.literal(true)),
})
export type FarcasterSessionRequest = z.infer<typeof farcasterSessionRequestSchema>

export const farcasterChannelStatusSchema = z.union([
  z.object({ pending: z.literal(true) }),
  socialLinkConfirmationSchema,
  emailSessionSchema,
])
export type FarcasterChannelStatus = z.infer<typeof farcasterChannelStatusSchema>
