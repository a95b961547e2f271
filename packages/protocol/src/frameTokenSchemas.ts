/**
 * The frame token's request and answer (frameToken.ts says what the token is for), as the API
 * checks the request and the modal checks the answer.
 */
import * as z from 'zod/mini'

/** The body of `POST /v1/projects/:projectId/frame-token`: the site the bridge proved. */
export const frameTokenRequestSchema = z.object({ hostOrigin: z.string() })
export type FrameTokenRequest = z.infer<typeof frameTokenRequestSchema>

/** The answer: the token, and how many seconds it is good for from now (`expires_in`'s sense). */
export const frameTokenSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(2048)),
  expiresIn: z.number().check(z.int(), z.positive()),
})
export type FrameToken = z.infer<typeof frameTokenSchema>
