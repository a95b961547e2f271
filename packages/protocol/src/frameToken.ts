/**
 * The frame token (issue 33): what the API's relays (the bundler and its paymaster, buying crypto,
 * swaps) take instead of an `Origin` header, which any client that is not a browser sets. The
 * modal asks for one (`POST /v1/projects/:projectId/frame-token`, body `{ hostOrigin }`)
 * once the bridge has proved its host's origin, keeps it in its own memory only (never in storage,
 * never across the bridge) and sends it in the {@link frameTokenHeader} header. It is signed by
 * the API, bound to the project and the host's origin, and lives {@link frameTokenLifetimeSeconds}.
 * The frame's email or social session, where there is one, is taken instead. The request and
 * answer schemas are in frameTokenSchemas.ts: the modal's first bundle takes these constants
 * without zod.
 */
import type { ApiErrorCode } from './apiError'

/** The request header the modal sends its frame token in. */
export const frameTokenHeader = 'Airlock-Frame-Token'

/** How long a frame token is good for: the modal asks for a new one before it runs out. */
export const frameTokenLifetimeSeconds = 600

/**
 * The refusals (401) of a relay request whose frame credential is missing or no longer good: the
 * modal asks for a new token and tries once more.
 */
export const frameTokenRefusals = [
  'frameTokenRequired',
  'frameTokenInvalid',
  'frameTokenExpired',
] as const satisfies readonly ApiErrorCode[]
