/**
 * The API calls of social login, Sign In With Farcaster and the account's linked identities, as
 * the frame makes them: the URL the popup opens (and the secret the frame keeps to redeem its
 * grant), the grant redeemed, a Farcaster channel (and its secret) and its status, the list of
 * ways in and unlinking one (with a proof of the wallet). A sign-in starts the same session an email sign-in does (an HttpOnly
 * cookie of the modal's origin), so they are made through the embedded wallet's calls
 * (walletApi.ts), which name the project and the host origin and keep failures quiet. What the
 * API answers is checked against its schema.
 */
import {
  farcasterChannelSchema,
  farcasterChannelStatusSchema,
  type IdentityUnlink,
  linkedAccountsSchema,
  type SocialProvider,
  socialAuthorizationSchema,
  socialSignInAnswerSchema,
  type WalletProof,
} from '@airlock/protocol'

/** The project's API for the host origin, its failures the caller's to explain. */
type ProjectCalls = {
  get(path: string): Promise<unknown>
  post(path: string, body: Record<string, unknown>): Promise<unknown>
  remove(path: string, body?: Record<string, unknown>): Promise<unknown>
}

/** A Farcaster channel as the frame keeps it while it waits: its id and its secret. */
export type FarcasterChannelHandle = { channel: string; secret: string }

export function socialApi({ get, post, remove }: ProjectCalls) {
  return {
    /** The popup's start URL for a social login, and the secret that redeems its grant. */
    socialAuthorization: async (provider: SocialProvider) =>
      socialAuthorizationSchema.parse(
        await post(`/social/${encodeURIComponent(provider)}/authorizations`, {}),
      ),
    /**
     * The grant the API's callback page posted back, with its secret: the session (its cookie
     * set here), or the question of a link, which `link` answers yes.
     */
    socialSession: async (grant: string, secret: string, link?: true) =>
      socialSignInAnswerSchema.parse(
        await post('/social/sessions', { grant, secret, ...(link && { link }) }),
      ),

    /** A Sign In With Farcaster channel: its id, the sign-in URL for the app, and its secret. */
    farcasterChannel: async () =>
      farcasterChannelSchema.parse(await post('/social/farcaster/channels', {})),
    /**
     * Whether the visitor's app signed yet; once it did, the session (its cookie set), or the
     * question of a link, which `link` answers yes.
     */
    farcasterSession: async ({ channel, secret }: FarcasterChannelHandle, link?: true) =>
      farcasterChannelStatusSchema.parse(
        await post(`/social/farcaster/channels/${encodeURIComponent(channel)}/session`, {
          secret,
          ...(link && { link }),
        }),
      ),

    /** The session's account's ways in: its email, and its linked social accounts. */
    linkedAccounts: async () => linkedAccountsSchema.parse(await get('/identities')),
    /**
     * Unlinks a social account from the session's account, with a proof of the wallet for
     * `unlinkIdentity` (keyLifecycle.ts); the ways in left.
     */
    unlinkIdentity: async (provider: SocialProvider, subject: string, proof: WalletProof) =>
      linkedAccountsSchema.parse(
        await remove(`/identities/${encodeURIComponent(provider)}/${encodeURIComponent(subject)}`, {
          proof,
        } satisfies IdentityUnlink),
      ),
  }
}
export type SocialApi = ReturnType<typeof socialApi>
