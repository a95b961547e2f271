/**
 * The modal's frame token (issue 33): what the API's relays (bundler and paymaster, buying crypto,
 * swaps) take instead of an Origin. Asked of the API (`POST /v1/projects/:id/frame-token`) when a
 * relay call first needs one, kept only here, in this modal's memory (never in storage, never sent
 * across the bridge), asked again a minute before it runs out, and dropped when the API refuses
 * it. Loaded on demand by the API client (api.ts), with the first relay call.
 */
import { type FrameToken, frameTokenSchema } from '@airlock/protocol'
import type { Method, RequestOptions } from './api'

/** Whose token: the project and the site the bridge proved. */
export type FrameTarget = { projectId: string; hostOrigin: string }

/** How the tokens are asked for: the API client's transport. */
type Ask = (method: Method, path: string, options: RequestOptions) => Promise<unknown>

/** How long before its end a token is renewed, at most half its life. */
const renewBeforeMs = 60_000

type Held = { target: string; token: Promise<{ token: string; renewAt: number }> }

/**
 * @example
 * const tokens = createFrameTokens(transport)
 * const token = await tokens.tokenFor({ projectId, hostOrigin })
 */
export function createFrameTokens(ask: Ask, clock: () => number = Date.now) {
  // One modal is on one site of one project: one token at a time, the in-flight ask shared.
  let held: Held | undefined

  async function fetchToken({ projectId, hostOrigin }: FrameTarget) {
    const answer: FrameToken = frameTokenSchema.parse(
      await ask('POST', `/v1/projects/${encodeURIComponent(projectId)}/frame-token`, {
        body: { hostOrigin },
        quiet: true,
      }),
    )
    const lifetimeMs = answer.expiresIn * 1000
    return {
      token: answer.token,
      renewAt: clock() + lifetimeMs - Math.min(renewBeforeMs, lifetimeMs / 2),
    }
  }

  return {
    /** A token for `target`: the one held while it is good, else a new one. */
    async tokenFor(target: FrameTarget): Promise<string> {
      const key = `${target.projectId} ${target.hostOrigin}`
      if (held?.target === key) {
        const current = await held.token.catch(() => undefined)
        if (current && clock() < current.renewAt) return current.token
      }
      const asked = fetchToken(target)
      const mine: Held = { target: key, token: asked }
      held = mine
      // A failed ask is not kept: the next call asks again.
      asked.catch(() => {
        if (held === mine) held = undefined
      })
      return (await asked).token
    },
    /** Drops `token` when it is the one held (the API refused it). */
    async forget(token: string) {
      const current = await held?.token.catch(() => undefined)
      if (current?.token === token) held = undefined
    },
  }
}
export type FrameTokens = ReturnType<typeof createFrameTokens>
