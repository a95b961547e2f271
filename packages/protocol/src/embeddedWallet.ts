/**
 * The embedded wallet of an email login (issue 18), as the frame and the API speak of it. The
 * frame makes the secret and splits it 2 of 3 (Shamir): it keeps the device share, the API keeps
 * the auth share — encrypted under the server key, released only to the email session — and the
 * recovery share, which the frame hands over already encrypted with something only the visitor
 * has, so the API can't open it. No two shares ever sit in one place the other parties reach.
 *
 * The device share is kept by the frame encrypted under a key of that device which only the API
 * holds, and gives only to a session of the same email: revoking a lost device wipes its key, so
 * the share left on it is useless from then on, even to someone who later gets into the email.
 */
import * as z from 'zod/mini'
import { walletProofSchema } from './embeddedWalletProof'

/**
 * Upper bounds: a share is ~40 bytes (base64url), a sealed recovery share a few hundred; a wallet
 * has at most 10 live (not revoked) devices, each named by a label of at most 80 characters.
 */
export const embeddedWalletLimits = {
  shareChars: 256,
  sealedShareChars: 4096,
  devices: 10,
  deviceLabelChars: 80,
} as const

const base64url = /^[A-Za-z0-9_-]+$/

/**
 * A device's id: 16 random bytes, base64url (22 characters).
 * @example isEmbeddedWalletDeviceId('q1Zb0m3c6Jg2WvH1p0Yx8A') // true
 */
export const isEmbeddedWalletDeviceId = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{22}$/.test(value)

/**
 * A device's name in the list of the wallet's devices ("Chrome on macOS"): trimmed, 1 to 80
 * characters, no control characters — nor the bidirectional ones, which would make one label
 * read as another.
 */
const deviceLabelSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'A device label is 1 to 80 characters.'),
    z.maxLength(embeddedWalletLimits.deviceLabelChars, 'A device label is 1 to 80 characters.'),
    z.regex(/^[^\p{Cc}\u202A-\u202E\u2066-\u2069]*$/u, 'A device label has no control characters.'),
  )

/**
 * `POST /v1/projects/:projectId/embedded-wallet`: the wallet an email session just made, kept
 * pending (see {@link embeddedWalletConfirmedSchema}). `PUT` with the same body starts a pending
 * wallet over: a new secret, new shares, this device its first, in one transaction.
 */
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
  /** The device that made the wallet: its first device. */
  deviceLabel: deviceLabelSchema,
})
export type EmbeddedWalletCreate = z.infer<typeof embeddedWalletCreateSchema>

/**
 * A device's key, which the frame keeps its device share encrypted under: the device's id and 32
 * random bytes, base64url (43 characters). Given only to a session of the wallet's email.
 */
export const embeddedWalletDeviceKeySchema = z.object({
  deviceId: z.string(),
  deviceKey: z.string(),
})
export type EmbeddedWalletDeviceKey = z.infer<typeof embeddedWalletDeviceKeySchema>

/**
 * The wallet as the API gives it back to its email session: addresses and the two shares it
 * keeps. `device` is the key of the device `GET …/embedded-wallet?deviceId=` named.
 * `confirmedAt` is null while the wallet is pending: made, but its device share not yet read back
 * and its recovery code not yet typed back by the visitor (then only its first device may confirm
 * it, and any session of its email may start it over).
 */
export const embeddedWalletSchema = z.object({
  evmAddress: z.string(),
  solanaAddress: z.string(),
  authShare: z.string(),
  recoveryShare: z.string(),
  createdAt: z.string(),
  confirmedAt: z.nullable(z.string()),
  device: z.optional(
    z.object({
      ...embeddedWalletDeviceKeySchema.shape,
      /** Whether the device registered its transport key (`embeddedWalletShares.ts`). */
      transportKey: z.boolean(),
      /** Its share of the wallet's latest split, sealed to its transport key, when one was made. */
      nextShare: z.nullable(z.string()),
    }),
  ),
})
export type EmbeddedWallet = z.infer<typeof embeddedWalletSchema>

/**
 * The answer to `POST` (or `PUT`) `/v1/projects/:projectId/embedded-wallet`: the wallet, pending,
 * and its first device.
 */
export const embeddedWalletCreatedSchema = z.object({
  ...embeddedWalletSchema.shape,
  confirmedAt: z.null(),
  device: embeddedWalletDeviceKeySchema,
})
export type EmbeddedWalletCreated = z.infer<typeof embeddedWalletCreatedSchema>

/**
 * `POST /v1/projects/:projectId/embedded-wallet/confirmation` (body: `{ hostOrigin }`), from the
 * session on the pending wallet's first device, once the frame read its device share back from
 * its storage, rebuilt the wallet with it, and the visitor typed part of the recovery code back:
 * the wallet is confirmed, for good. Confirming a confirmed wallet answers when it was.
 */
export const embeddedWalletConfirmationSchema = z.object({ hostOrigin: z.string() })
export type EmbeddedWalletConfirmation = z.infer<typeof embeddedWalletConfirmationSchema>
export const embeddedWalletConfirmedSchema = z.object({ confirmedAt: z.string() })
export type EmbeddedWalletConfirmed = z.infer<typeof embeddedWalletConfirmedSchema>

/**
 * `POST /v1/projects/:projectId/embedded-wallet/devices`: a device that restored the wallet with
 * the recovery code joins it, with a proof of the wallet for `addDevice` (the key the code and the
 * auth share rebuilt signs it: an inbox alone adds no device); answered with its
 * {@link embeddedWalletDeviceKeySchema}, and the wallet's address is told by mail.
 */
export const embeddedWalletDeviceCreateSchema = z.object({
  hostOrigin: z.string(),
  label: deviceLabelSchema,
  proof: walletProofSchema,
})
export type EmbeddedWalletDeviceCreate = z.infer<typeof embeddedWalletDeviceCreateSchema>

/**
 * A device of the wallet, as its list shows it: never its key; its transport key (public, signed
 * by the wallet's EVM key), which a frame re-splitting the wallet seals its new share to.
 */
export const embeddedWalletDeviceSchema = z.object({
  deviceId: z.string(),
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** When it was revoked; null while it works. */
  revokedAt: z.nullable(z.string()),
  /** The device of the session that asked. */
  current: z.boolean(),
  transportKey: z.nullable(z.object({ publicKey: z.string(), signature: z.string() })),
})
export type EmbeddedWalletDevice = z.infer<typeof embeddedWalletDeviceSchema>

/** `GET /v1/projects/:projectId/embedded-wallet/devices?hostOrigin=`: newest first. */
export const embeddedWalletDevicesSchema = z.object({
  devices: z.array(embeddedWalletDeviceSchema),
})
export type EmbeddedWalletDevices = z.infer<typeof embeddedWalletDevicesSchema>
