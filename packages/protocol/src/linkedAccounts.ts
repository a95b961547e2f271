/**
 * The ways into an embedded wallet's account (issue 33), as LinkedAccounts shows them: its email,
 * when it was made with one, and each social account linked to it (Farcaster's too), with unlink.
 * The way the account was made (its email, or its own social account) is its key: it is never
 * unlinked, so an account always keeps a way in.
 */
import * as z from 'zod/mini'
import { walletProofSchema } from './embeddedWalletProof'
import { socialProviders } from './validation'

/** A social account that signs in to the account. */
export const linkedIdentitySchema = z.object({
  provider: z.enum(socialProviders),
  /** The provider's id of the account (a Farcaster fid): with `provider`, what unlink names. */
  subject: z.string(),
  /** Its name at the provider as of its last sign-in. */
  handle: z.string(),
  linkedAt: z.string(),
  /** The account was made with it: it can't be unlinked (`socialIdentityPrimary`). */
  primary: z.boolean(),
})
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>

/**
 * `GET /v1/projects/:projectId/identities?hostOrigin=`, with an email session, from the modal's
 * pages: the session's account's ways in. `DELETE …/identities/:provider/:subject?hostOrigin=`
 * (body: {@link identityUnlinkSchema}) unlinks one and answers the same list; the account's own
 * (`primary`) is refused `socialIdentityPrimary`, one that is not the account's
 * `socialIdentityNotFound`.
 */
export const linkedAccountsSchema = z.object({
  /** The address the account signs in with by code; absent for an account made socially. */
  email: z.optional(z.string()),
  identities: z.array(linkedIdentitySchema),
})
export type LinkedAccounts = z.infer<typeof linkedAccountsSchema>

/**
 * The JSON body of `DELETE …/identities/:provider/:subject?hostOrigin=` (issue 33, point 3): a
 * proof of the wallet for `unlinkIdentity` (embeddedWalletProof.ts), which an account with a
 * confirmed wallet must give — else 401 `embeddedWalletProofInvalid`, as an email change. An
 * empty body is no proof; an account with no wallet, or one still pending, has no key to sign
 * with and unlinks without one.
 */
export const identityUnlinkSchema = z.object({ proof: z.optional(walletProofSchema) })
export type IdentityUnlink = z.infer<typeof identityUnlinkSchema>
