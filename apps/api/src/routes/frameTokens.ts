/**
 * `POST /v1/projects/:id/frame-token` `{ hostOrigin }` → `{ token, expiresIn }` (issue 33): the
 * frame token the relays take instead of an Origin (`frameCredential.ts`). The modal asks once the
 * bridge has proved the site it is on, keeps the token in its memory and asks again before it
 * runs out. It is given as the frame's other requests are admitted: the modal's own Origin (no
 * CORS is answered, so no other page can read it), a project that allows the site, and the
 * client's and project's budgets of tokens, which bound how many tokens — and so how many relay
 * budgets (`token`) — one client can hold.
 */
import { frameTokenRequestSchema } from '@airlock/protocol'
import { Hono } from 'hono'
import type { FrameTokens } from '../services/frameTokens'
import type { FrameTokenRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { frameRequests } from './frameRequest'
import { jsonBodyLimit, noStore } from './middleware'

export type FrameTokenRoutesOptions = {
  storage: Storage
  frameTokens: FrameTokens
  /** Tokens a minute per client and per project (the `token` budget is the relays'). */
  rateLimiter: FrameTokenRateLimiter
  trustProxy: number
  /** The public origin of this API, when a proxy makes it differ from the request URL. */
  publicOrigin: string | undefined
  now: () => number
}

/** `{ "hostOrigin": "…" }`: an origin is short. */
const maxBodyBytes = 1024

export function frameTokenRoutes({ frameTokens, ...admission }: FrameTokenRoutesOptions): Hono {
  const app = new Hono()
  const { frameRequest } = frameRequests(admission)
  app.post(
    '/v1/projects/:id/frame-token',
    noStore,
    jsonBodyLimit(maxBodyBytes),
    frameRequest(frameTokenRequestSchema, { doing: 'gets frame tokens' }),
    async (c) =>
      c.json(
        await frameTokens.issue({
          projectId: c.var.project.id,
          hostOrigin: c.req.valid('json').hostOrigin,
        }),
        200,
      ),
  )
  return app
}
