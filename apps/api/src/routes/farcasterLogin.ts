/**
 * Sign In With Farcaster (spec §4 "Farcaster", issue 19):
 * `POST /v1/projects/:id/social/farcaster/channels` opens a relay channel and answers its sign-in
 * URL, for ConnectingFarcaster's QR code and link, and the secret the frame keeps;
 * `POST …/channels/:channel/session`, asked every second with that secret by the frame that opened
 * it (with the same email session), answers 202 while the visitor's Farcaster app has not signed,
 * then verifies what it signed and starts the same session an email code or a social login starts
 * (its cookie, its embedded wallet), keyed by the fid — or, for a new Farcaster account and a
 * signed-in frame, asks the visitor (200) before linking it to the frame's account, which the same
 * request with `link: true` does (issue 33). Requests come only from the modal's own pages, for a
 * site the project allows; opening a channel spends the email login's client and project budgets
 * (the project's only where Farcaster login is offered), and the relay is asked about a channel at
 * most once a second however often the frame asks.
 */
import {
  farcasterChannelRequestSchema,
  farcasterPollMs,
  farcasterSessionRequestSchema,
} from '@airlock/protocol'
import { Hono } from 'hono'
import {
  findFarcasterChannel,
  openFarcasterChannel,
  redeemFarcasterChannel,
} from '../services/farcaster/channels'
import type { FarcasterRelay } from '../services/farcaster/farcasterRelay'
import type { Project } from '../services/projects'
import type { EmailLoginRateLimiter } from '../services/rateLimit'
import { SocialLoginError } from '../services/social/socialLoginError'
import type { ProvenIdentity } from '../services/social/socialSignIn'
import type { Storage } from '../storage/storage'
import { frameRequests } from './frameRequest'
import { jsonBodyLimit, noStore } from './middleware'
import { socialLoginRefusal, socialSignInAnswer } from './socialLogin'
import { routeCheck } from './validators'

export type FarcasterLoginRoutesOptions = {
  storage: Storage
  /** The relay and Optimism client (`createFarcasterRelay`); undefined when Farcaster is off. */
  relay: FarcasterRelay | undefined
  rateLimiter: EmailLoginRateLimiter
  trustProxy: number
  publicOrigin: string | undefined
  now: () => number
}

const maxBodyBytes = 2048

export function farcasterLoginRoutes(options: FarcasterLoginRoutesOptions): Hono {
  const { storage, relay, now } = options
  const app = new Hono()
  const { frameRequest, currentSession, projectBudget } = frameRequests(options)
  // When the relay was last asked about each channel: entries older than a poll are dropped as
  // new ones come, so the map holds only the channels asked about within the last second.
  const lastAsked = new Map<string, number>()

  /**
   * The relay when the project offers Farcaster and this API has one.
   * @throws SocialLoginError `socialNotEnabled`
   */
  function relayFor(project: Project): FarcasterRelay {
    if (!project.features.socials.includes('farcaster'))
      throw new SocialLoginError(
        'socialNotEnabled',
        `Farcaster login is off for project "${project.id}".`,
      )
    if (relay === undefined)
      throw new SocialLoginError(
        'socialNotEnabled',
        'This Airlock API has no Farcaster relay to sign in with (AIRLOCK_FARCASTER_RPC_URL).',
      )
    return relay
  }

  /** Whether the relay may be asked about `channel` now: once a second at most. */
  function mayAsk(channel: string, at: number) {
    for (const [id, askedAt] of lastAsked) if (at - askedAt >= farcasterPollMs) lastAsked.delete(id)
    if (lastAsked.has(channel)) return false
    lastAsked.set(channel, at)
    return true
  }

  const limit = jsonBodyLimit(maxBodyBytes)
  app.use('/v1/projects/:id/social/farcaster/*', noStore)

  app.post(
    '/v1/projects/:id/social/farcaster/channels',
    limit,
    frameRequest(farcasterChannelRequestSchema, { spend: 'client' }),
    // Farcaster login offered, before the project's budget is spent.
    routeCheck<{ Variables: { project: Project } }>(
      (c) => relayFor(c.var.project),
      socialLoginRefusal,
    ),
    projectBudget,
    async (c) => {
      const { project } = c.var
      const body = c.req.valid('json')
      try {
        const farcaster = relayFor(project)
        const session = await currentSession(c, project.id, body.hostOrigin)
        const channel = await openFarcasterChannel(
          storage.db,
          farcaster,
          { projectId: project.id, hostOrigin: body.hostOrigin, sessionId: session?.id ?? null },
          now(),
        )
        return c.json(channel, 201)
      } catch (error) {
        return socialLoginRefusal(c, error)
      }
    },
  )

  app.post(
    '/v1/projects/:id/social/farcaster/channels/:channel/session',
    limit,
    frameRequest(farcasterSessionRequestSchema, { spend: false }),
    async (c) => {
      const { project } = c.var
      const body = c.req.valid('json')
      try {
        const farcaster = relayFor(project)
        const at = now()
        const scope = { projectId: project.id, hostOrigin: body.hostOrigin }
        const session = await currentSession(c, project.id, body.hostOrigin)
        const channel = await findFarcasterChannel(
          storage.db,
          c.req.param('channel'),
          scope,
          { secret: body.secret, session },
          at,
        )
        let identity: ProvenIdentity | undefined = channel.proven
        if (identity === undefined) {
          if (!mayAsk(channel.id, at)) return c.json({ pending: true }, 202)
          const state = await farcaster.channelState(channel.channelToken)
          if (state.state === 'pending') return c.json({ pending: true }, 202)
          const fid = await farcaster.verify({
            nonce: channel.nonce,
            domain: channel.domain,
            message: state.message,
            signature: state.signature,
          })
          // The fid the signature proves, whatever else the relay says.
          const handle = fid === state.fid && state.username ? state.username : `fid ${fid}`
          identity = { provider: 'farcaster', subject: String(fid), handle }
        }
        const outcome = await redeemFarcasterChannel(
          storage.db,
          channel,
          scope,
          identity,
          session,
          { link: body.link === true },
          at,
        )
        return socialSignInAnswer(c, project.id, outcome)
      } catch (error) {
        return socialLoginRefusal(c, error)
      }
    },
  )
  return app
}
