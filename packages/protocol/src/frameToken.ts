/**
 * The frame token (issue 33): what the API's relays (the bundler and its paymaster, buying crypto,
 * swaps) take instead of an `Origin` header, which any client that is not a browser sets. The
 * modal asks for one (`POST /v1/projects/:projectId/frame-token`, body {@link FrameTokenRequest})
 * once the bridge has proved its host's origin, keeps it in its own memory only (never in storage,
 * never across the bridge) and sends it in the {@link frameTokenHeader} header. It is signed by
 * the API, bound to the project and the host's origin, and lives {@link frameTokenLifetimeSeconds}.
 * The frame's email or social session, where there is one, is taken instead.
 */
import * as z from 'zod/mini'
import type { ApiErrorCode } from './apiError'

/** The request header the modal sends its frame token in. */
export const frameTokenHeader = 'Airlock-Frame-Token'

/** How long a frame token is good for: the modal asks for a new one before it runs out. */
export const frameTokenLifetimeSeconds = 600

/** The body of `POST /v1/projects/:projectId/frame-token`: the site the bridge proved. */
export const frameTokenRequestSchema = z.object({ hostOrigin: z.string() })
export type FrameTokenRequest = z.infer<typeof frameTokenRequestSchema>

/** The answer: the token, and how many seconds it is good for from now (`expires_in`'s sense). */
export const frameTokenSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(2048)),
  expiresIn: z.number().check(z.int(), z.positive()),
})
export type FrameToken = z.infer<typeof frameTokenSchema>

/**
 * The refusals (401) of a relay request whose frame credential is missing or no longer good: the
 * modal asks for a new token and tries once more.
 */
export const frameTokenRefusals = [
  'frameTokenRequired',
  'frameTokenInvalid',
  'frameTokenExpired',
] as const satisfies readonly ApiErrorCode[]
