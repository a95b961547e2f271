/**
 * Proof of the wallet (issue 33, points 3 and 5): what gives an embedded wallet away — re-splitting
 * its shares (a new recovery code, a device revoked), changing its email, unlinking a way in,
 * exporting its key — needs more than the email session, which an inbox alone can start. The API
 * issues a single-use challenge for the session and the action; the frame signs it (EIP-191) with
 * the wallet's EVM key, which it can only rebuild with a device share of the wallet or the
 * recovery code; the API checks the signature against the address it keeps, and the challenge is
 * spent.
 */
import * as z from 'zod/mini'

/** The actions a proof of the wallet is asked for, and the words its message names them with. */
export const walletProofActions = {
  addDevice: 'Add this device to this wallet',
  newRecoveryCode: 'Make a new recovery code',
  revokeDevice: 'Remove a device from this wallet',
  changeEmail: 'Change the email of this wallet',
  unlinkIdentity: 'Remove a way to sign in to this wallet',
  exportKey: 'Show the private keys of this wallet',
} as const
export type WalletProofAction = keyof typeof walletProofActions

/** A challenge lasts 5 minutes and is spent by its first use. */
export const walletProofTtlMs = 5 * 60_000

/** The text the wallet's EVM key signs for a challenge. */
export const walletProofMessage = ({
  action,
  projectId,
  hostOrigin,
  challengeId,
}: {
  action: WalletProofAction
  projectId: string
  hostOrigin: string
  challengeId: string
}) =>
  `Airlock: ${walletProofActions[action]}.\nProject: ${projectId}\nSite: ${hostOrigin}\nChallenge: ${challengeId}`

/** `POST /v1/projects/:projectId/embedded-wallet/challenges`: a challenge for `action`. */
export const walletProofChallengeRequestSchema = z.object({
  hostOrigin: z.string(),
  action: z.enum(Object.keys(walletProofActions) as [WalletProofAction, ...WalletProofAction[]]),
})
export type WalletProofChallengeRequest = z.infer<typeof walletProofChallengeRequestSchema>

/** The challenge: its id (32 random bytes, base64url), the message to sign, when it ends. */
export const walletProofChallengeSchema = z.object({
  challengeId: z.string(),
  message: z.string(),
  expiresAt: z.string(),
})
export type WalletProofChallenge = z.infer<typeof walletProofChallengeSchema>

/** A signed challenge, as the routes that need a proof of the wallet take it. */
export const walletProofSchema = z.object({
  challengeId: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Not a challenge id.')),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]{130}$/, 'Not a signature (65 bytes, hex).')),
})
export type WalletProof = z.infer<typeof walletProofSchema>

/**
 * `POST /v1/projects/:projectId/embedded-wallet/key-exports`: the frame is about to show the
 * wallet's keys to the visitor (never across the bridge); the API takes the proof of the wallet
 * for `exportKey` first.
 */
export const walletKeyExportSchema = z.object({ hostOrigin: z.string(), proof: walletProofSchema })
export type WalletKeyExport = z.infer<typeof walletKeyExportSchema>
export const walletKeyExportedSchema = z.object({ exportedAt: z.string() })
export type WalletKeyExported = z.infer<typeof walletKeyExportedSchema>
