/**
 * The API calls of social login and Sign In With Farcaster, as the frame makes them: the
 * provider's authorization URL, the grant redeemed for a session, a Farcaster channel and its
 * status. Each starts the same session an email sign-in does (an HttpOnly cookie of the modal's
 * origin), so they are made through the embedded wallet's `post` (walletApi.ts), which names the
 * project and the host origin and keeps failures quiet. What the API answers is checked against
 * its schema.
 */
import {
  farcasterChannelSchema,
  farcasterChannelStatusSchema,
  type SocialProvider,
  socialAuthorizationSchema,
  socialSessionSchema,
} from '@airlock/protocol'

/** A POST on the project's API for the host origin, its failures the caller's to explain. */
type ProjectPost = (path: string, body: Record<string, unknown>) => Promise<unknown>

export function socialApi(post: ProjectPost) {
  return {
    /** The provider's authorization URL for a social login (its state, PKCE and nonce kept by the API). */
    socialAuthorization: async (provider: SocialProvider) =>
      socialAuthorizationSchema.parse(
        await post(`/social/${encodeURIComponent(provider)}/authorizations`, {}),
      ),
    /** The grant the API's callback page posted back starts the session (its cookie set here). */
    socialSession: async (grant: string) =>
      socialSessionSchema.parse(await post('/social/sessions', { grant })),

    /** A Sign In With Farcaster channel: its id, and the sign-in URL for the visitor's app. */
    farcasterChannel: async () =>
      farcasterChannelSchema.parse(await post('/social/farcaster/channels', {})),
    /** Whether the visitor's app signed yet; once it did, the session started (its cookie set). */
    farcasterSession: async (channel: string) =>
      farcasterChannelStatusSchema.parse(
        await post(`/social/farcaster/channels/${encodeURIComponent(channel)}/session`, {}),
      ),
  }
}
export type SocialApi = ReturnType<typeof socialApi>
