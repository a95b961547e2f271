/**
 * Re-splitting an embedded wallet (issue 33, point 5): the frame that has the wallet open splits
 * the SAME secret again with a fresh polynomial (so the addresses stay) into a new auth share, a
 * new recovery share and one new share per live device. A revoked device's share, or an old
 * recovery share, then combines with nothing the API keeps: it opens nothing any more.
 *
 * How the other devices learn their new share: each device has a transport key (ECDH P-256) whose
 * private half it keeps sealed under its device key, and whose public half it registers at the
 * API signed by the wallet's EVM key. The re-splitting frame checks each signature against the
 * wallet's address (so the API cannot slip in a key of its own) and seals each device's new share
 * to its key; the API keeps those seals and hands each to its device with its device key, and the
 * device swaps its share at its next opening. The API never holds two usable shares: it cannot
 * open a seal, and its own new auth share is one share.
 *
 * Revoking a device is one such re-split, in the same transaction as the revocation; a new
 * recovery code is one too (the old code then opens an old share, which combines with nothing).
 */
import * as z from 'zod/mini'
import { embeddedWalletCreateSchema, embeddedWalletLimits } from './embeddedWallet'
import { walletProofSchema } from './embeddedWalletProof'

/** A share, and a sealed one, checked as a new wallet's auth and recovery shares are. */
const { authShare: share, recoveryShare: sealedShare } = embeddedWalletCreateSchema.shape

/** The text a device's transport key is signed with (EIP-191), by the wallet's EVM key. */
export const transportKeyMessage = ({
  projectId,
  deviceId,
  publicKey,
}: {
  projectId: string
  deviceId: string
  publicKey: string
}) =>
  `Airlock: this device may receive shares of this wallet.\nProject: ${projectId}\nDevice: ${deviceId}\nKey: ${publicKey}`

/**
 * `PUT /v1/projects/:projectId/embedded-wallet/devices/:deviceId/transport-key`, from the session
 * on that device: its public transport key (P-256, uncompressed, base64url: 87 characters) and
 * the wallet EVM key's signature of `transportKeyMessage`.
 */
export const embeddedWalletTransportKeySchema = z.object({
  hostOrigin: z.string(),
  publicKey: z
    .string()
    .check(z.regex(/^[A-Za-z0-9_-]{87}$/, 'Not a transport key (65 bytes, base64url).')),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]{130}$/, 'Not a signature (65 bytes, hex).')),
})
export type EmbeddedWalletTransportKey = z.infer<typeof embeddedWalletTransportKeySchema>

/**
 * `POST /v1/projects/:projectId/embedded-wallet/shares`, from the session on a live device of
 * the wallet, with a proof of the wallet (`newRecoveryCode`, or `revokeDevice` with
 * `revokeDeviceId`): the new auth share, the new sealed recovery share, and every live device's
 * new share sealed to its transport key (the revoked one left out); with `revokeDeviceId`, that
 * device is revoked in the same transaction.
 */
export const embeddedWalletReshareSchema = z.object({
  hostOrigin: z.string(),
  authShare: share,
  recoveryShare: sealedShare,
  deviceShares: z
    .array(z.object({ deviceId: z.string(), nextShare: sealedShare }))
    .check(z.maxLength(embeddedWalletLimits.devices)),
  revokeDeviceId: z.optional(z.string()),
  proof: walletProofSchema,
})
export type EmbeddedWalletReshare = z.infer<typeof embeddedWalletReshareSchema>

/** The answer: when the shares were replaced, and when the device named was revoked. */
export const embeddedWalletResharedSchema = z.object({
  resharedAt: z.string(),
  revokedAt: z.optional(z.string()),
})
export type EmbeddedWalletReshared = z.infer<typeof embeddedWalletResharedSchema>
