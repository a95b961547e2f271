/**
 * Social login (spec §1, issue 19), what the frame, its popup and the API say to each other. The
 * frame asks the API for an authorization and opens its URL in a popup; the provider sends the
 * visitor back to the API's callback, whose page posts the outcome to the popup's opener — on the
 * API's own origin only — and closes: a one-time grant, or an error. The frame turns the grant into
 * a session, the same session (cookie, embedded wallet, devices) as an email login: the account's
 * login is the address the social account was linked to, or `social:<provider>:<subject>`.
 */
import * as z from 'zod/mini'
import { apiErrorCodes } from './apiError'
import { emailSessionSchema } from './emailLogin'
import { type SocialProvider, socialProviders } from './validation'

/** The providers a visitor signs in with through a redirect (farcaster signs in otherwise). */
export const oauthSocialProviders = [
  'google',
  'x',
  'discord',
  'github',
  'apple',
  'facebook',
] as const satisfies readonly SocialProvider[]
export type OAuthSocialProvider = (typeof oauthSocialProviders)[number]

/** An authorization (its state) is good for one callback, within 10 minutes. */
export const socialAuthorizationTtlMs = 10 * 60_000
/** A grant starts one session, within 2 minutes. */
export const socialGrantTtlMs = 2 * 60_000
/** The `type` of the message the callback page posts to its opener. */
export const socialMessageType = 'airlock:social'

/**
 * The login of a social account linked to no other account: never an email address (no @), so
 * it can't be taken for one, nor signed in to with a code.
 * @example socialLoginOf('github', '583231') // 'social:github:583231'
 */
export const socialLoginOf = (provider: SocialProvider, subject: string) =>
  `social:${provider}:${subject}`

/** A state or a grant: 32 random bytes, base64url (43 characters). */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/

/**
 * `POST /v1/projects/:projectId/social/:provider/authorizations`, from the modal's pages: a sign-in
 * on this host. The frame may carry its email session cookie: the social account is then linked
 * to that session's account.
 */
export const socialAuthorizationRequestSchema = z.object({ hostOrigin: z.string() })
export type SocialAuthorizationRequest = z.infer<typeof socialAuthorizationRequestSchema>

/**
 * The answer (201): the provider's authorization URL to open in the popup. It carries the state
 * the callback's message names, a PKCE challenge (S256) and, for OpenID providers, a nonce.
 */
export const socialAuthorizationSchema = z.object({ url: z.string() })
export type SocialAuthorization = z.infer<typeof socialAuthorizationSchema>

/**
 * What the callback page posts to `window.opener`, with the API's origin as the target: the grant
 * of the authorization `state`, or why there is none (`state` absent when the callback had none
 * of its form). Only a message from the API's origin, from the popup, is to be believed.
 */
export const socialCallbackMessageSchema = z.union([
  z.object({
    type: z.literal(socialMessageType),
    state: z.string(),
    grant: z.string().check(z.regex(tokenPattern)),
  }),
  z.object({
    type: z.literal(socialMessageType),
    state: z.optional(z.string()),
    error: z.object({ code: z.enum(apiErrorCodes), message: z.string() }),
  }),
])
export type SocialCallbackMessage = z.infer<typeof socialCallbackMessageSchema>

/**
 * `POST /v1/projects/:projectId/social/sessions`, from the modal's pages: the grant of a callback
 * starts a session on this host (the email session's cookie). A grant works once, for 2 minutes,
 * for the project and host it was made for; anything else is `socialGrantInvalid`.
 */
export const socialSignInRequestSchema = z.object({
  hostOrigin: z.string(),
  grant: z.string().check(z.regex(tokenPattern, 'Not a social login grant.')),
})
export type SocialSignInRequest = z.infer<typeof socialSignInRequestSchema>

/** The answer (201): the session started, as `GET …/email/session` reads it back. */
export const socialSessionSchema = z.object({
  ...emailSessionSchema.shape,
  provider: z.enum(socialProviders),
  handle: z.string(),
})
export type SocialSession = z.infer<typeof socialSessionSchema>
