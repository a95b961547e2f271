/**
 * Social login (spec §1, issue 19), what the frame, its popup and the API say to each other. The
 * frame asks the API for an authorization and opens its start URL in a popup: a page of the API's
 * own origin that sets a short-lived state cookie in that browser and sends it on to the provider.
 * The provider sends the visitor back to the API's callback, which takes the sign-in only with
 * that cookie, and whose page posts the outcome to the popup's opener — on the API's own origin
 * only — and closes: a one-time grant, or an error. The frame redeems the grant with the secret it
 * kept from its authorization, with the email session it had when it asked: only then is the
 * social account linked, and linking it to the account the frame is signed in to waits for the
 * visitor's yes (issue 33). The session is an email login's (cookie, embedded wallet, devices):
 * the account's login is the address the social account was linked to, or
 * `social:<provider>:<subject>`.
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
 * The popup's first page, on the API's origin: `GET <origin>/v1/social/start?state=…` sets the
 * sign-in's state cookie in the popup's browser, once, and redirects to the provider.
 */
export const socialStartPath = '/v1/social/start'

/**
 * The login of a social account linked to no other account: never an email address (no @), so
 * it can't be taken for one, nor signed in to with a code.
 * @example socialLoginOf('github', '583231') // 'social:github:583231'
 */
export const socialLoginOf = (provider: SocialProvider, subject: string) =>
  `social:${provider}:${subject}`

/** A state, a grant or a frame's secret: 32 random bytes, base64url (43 characters). */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/

/**
 * The secret a frame keeps from the authorization (or Farcaster channel) it asked for and gives
 * back to redeem it: a grant or a channel is worth nothing to another frame. It is in no URL.
 */
export const socialSecretSchema = z.string().check(z.regex(tokenPattern, 'Not a sign-in secret.'))

/**
 * `POST /v1/projects/:projectId/social/:provider/authorizations`, from the modal's pages: a sign-in
 * on this host. The frame's email session, if it has one, is noted: the grant is redeemable only
 * with that same session, and a new social account is linked to its account only once the
 * visitor says yes.
 */
export const socialAuthorizationRequestSchema = z.object({ hostOrigin: z.string() })
export type SocialAuthorizationRequest = z.infer<typeof socialAuthorizationRequestSchema>

/**
 * The answer (201): the URL the popup opens — the API's start page ({@link socialStartPath}, with
 * the `state` the callback's message names), which sends it on to the provider's authorization
 * URL (PKCE S256, and for OpenID providers a nonce) — and the secret the frame keeps to redeem the
 * grant.
 */
export const socialAuthorizationSchema = z.object({ url: z.string(), secret: socialSecretSchema })
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
 * `POST /v1/projects/:projectId/social/sessions`, from the modal's pages: the grant of a callback,
 * with the secret of its authorization, signs in on this host (the email session's cookie). A
 * grant works once, for 2 minutes, for the project and host it was made for (else
 * `socialGrantInvalid`), with its frame's secret (else `socialFrameMismatch`) and the email
 * session the frame had when it asked (else `socialSessionMismatch`). A new social account that
 * would be linked to the frame's signed-in account is answered {@link socialLinkConfirmationSchema}
 * first, the grant kept; `link: true` is the visitor's yes.
 */
export const socialSignInRequestSchema = z.object({
  hostOrigin: z.string(),
  grant: z.string().check(z.regex(tokenPattern, 'Not a social login grant.')),
  secret: socialSecretSchema,
  link: z.optional(z.literal(true)),
})
export type SocialSignInRequest = z.infer<typeof socialSignInRequestSchema>

/** A session a social login started: an email session naming the provider and handle. */
export const socialSessionSchema = z.object({
  ...emailSessionSchema.shape,
  provider: z.enum(socialProviders),
  handle: z.string(),
})
export type SocialSession = z.infer<typeof socialSessionSchema>

/**
 * The answer (200) when a sign-in would link a new social account to the account the frame is
 * signed in to: what would be linked, and to what — the account's email, or the social account
 * it was made with. Nothing is linked until the frame asks again with `link: true`.
 */
export const socialLinkConfirmationSchema = z.object({
  confirmLink: z.object({
    provider: z.enum(socialProviders),
    handle: z.string(),
    account: z.object({
      email: z.optional(z.string()),
      provider: z.optional(z.enum(socialProviders)),
      handle: z.optional(z.string()),
    }),
  }),
})
export type SocialLinkConfirmation = z.infer<typeof socialLinkConfirmationSchema>['confirmLink']

/**
 * What a redeemed grant answers: the question of a link (200), or the session (201): a new one
 * (its cookie set) naming the provider and handle, or — for a frame already signed in to the
 * account the social account signs in to — that same session.
 */
export const socialSignInAnswerSchema = z.union([socialLinkConfirmationSchema, emailSessionSchema])
export type SocialSignInAnswer = z.infer<typeof socialSignInAnswerSchema>
