/**
 * The names' CCIP-Read (EIP-3668) gateway over HTTP (issue 21): what an offchain resolver's
 * `OffchainLookup` sends any ENS client to, with the URL template
 * `${origin}/v1/names/gateway/{sender}/{data}.json` (`GET`), or `${origin}/v1/names/gateway`
 * (`POST { sender, data }`). Answers `{ data }`, the registry's record signed for the resolver
 * (services/names/ensGateway.ts), for names under the API's parent and projects' own (all of
 * whose resolvers are `AIRLOCK_NAMES_RESOLVER`); `{ message }` with 400 for calldata it cannot read and 404 for
 * another resolver, as EIP-3668 has it. Public and CORS `*` (a page's ENS client follows the
 * lookup from the page), on the client's `lookup` budget. Without `AIRLOCK_NAMES_PARENT`,
 * `AIRLOCK_NAMES_GATEWAY_KEY` and `AIRLOCK_NAMES_RESOLVER`: 404 `namesNotConfigured`.
 */

import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import { normalize } from 'viem/ens'
import { clientAddress } from '../services/clientAddress'
import {
  addressAt,
  createEnsGatewayHandler,
  EnsGatewayError,
  ensRecordsOfName,
} from '../services/names/ensGateway'
import { namesOfAddress } from '../services/names/names'
import type { NamesConfig } from '../services/names/namesConfig'
import { publishedRecords } from '../services/names/publishedRecords'
import type { NamesRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { apiError } from './apiError'
import { rateLimitedAnswer } from './clientBudgets'
import { jsonBodyLimit } from './middleware'

export type NamesGatewayRoutesOptions = {
  storage: Storage
  /** `readNamesConfig`'s answer; without `gateway` the gateway is off. */
  names: NamesConfig | undefined
  rateLimiter: NamesRateLimiter
  trustProxy: number
  /** The clock, ms since the epoch (when a signed answer expires). Default `Date.now`. */
  now?: (() => number) | undefined
}

/** How long a client may keep an answer: a new name or record shows within a minute. */
const answerMaxAgeSeconds = 60

/** A resolve(bytes,bytes) call with a 255-byte name and a long text key, with room to spare. */
const maxBodyBytes = 8 * 1024

export function namesGatewayRoutes({
  storage,
  names,
  rateLimiter,
  trustProxy,
  now = Date.now,
}: NamesGatewayRoutesOptions): Hono {
  const app = new Hono()
  const handle =
    names?.gateway &&
    createEnsGatewayHandler({
      ...names.gateway,
      now,
      async lookup(name) {
        // A registered name, under the API's parent or a project's own (`--names-parent`), whose
        // resolver is this gateway's too: the registry holds names under their parent only.
        let normalised: string
        try {
          normalised = normalize(name)
        } catch {
          return undefined
        }
        return publishedRecords({ db: storage.db }, normalised)
      },
      async reverse(address, coinType) {
        // Its primary name among those under this parent that publish the address on that coin
        // type; the client checks it resolves back to `address` there.
        const owned = await namesOfAddress({ db: storage.db }, address)
        return owned.find((record) => addressAt(ensRecordsOfName(record), coinType) !== undefined)
          ?.name
      },
    })

  async function answer(c: Context, request: { sender: string; data: string }) {
    c.header('Cache-Control', 'no-store')
    if (!handle)
      return apiError(
        c,
        404,
        'namesNotConfigured',
        'The names gateway is not configured on this API (AIRLOCK_NAMES_PARENT, AIRLOCK_NAMES_GATEWAY_KEY, AIRLOCK_NAMES_RESOLVER).',
      )
    const spent = await rateLimiter.consume('lookup', clientAddress(c, trustProxy))
    if (!spent.allowed) return rateLimitedAnswer(c, spent.retryAfterMs)
    try {
      const body = await handle(request)
      c.header('Cache-Control', `public, max-age=${answerMaxAgeSeconds}`)
      return c.json(body, 200)
    } catch (error) {
      if (error instanceof EnsGatewayError) return c.json({ message: error.message }, error.status)
      throw error
    }
  }

  app.use(
    '/v1/names/gateway/*',
    cors({ origin: '*', allowMethods: ['GET', 'POST'], allowHeaders: ['Content-Type'] }),
  )
  app.use(
    '/v1/names/gateway',
    cors({ origin: '*', allowMethods: ['GET', 'POST'], allowHeaders: ['Content-Type'] }),
  )

  app.get('/v1/names/gateway/:sender/:file', (c) => {
    const file = c.req.param('file')
    if (!file.endsWith('.json'))
      return unreadable(c, 'expected /v1/names/gateway/{sender}/{data}.json')
    return answer(c, { sender: c.req.param('sender'), data: file.slice(0, -'.json'.length) })
  })

  app.post('/v1/names/gateway', jsonBodyLimit(maxBodyBytes), async (c) => {
    let body: unknown
    try {
      body = JSON.parse(await c.req.text())
    } catch {
      return unreadable(c, 'expected a JSON body { sender, data }')
    }
    const { sender, data } = (body ?? {}) as { sender?: unknown; data?: unknown }
    if (typeof sender !== 'string' || typeof data !== 'string')
      return unreadable(c, 'expected a JSON body { sender, data }')
    return answer(c, { sender, data })
  })

  return app
}

/** EIP-3668's error shape, `{ message }`, for a request the gateway cannot read. */
function unreadable(c: Context, message: string): Response {
  c.header('Cache-Control', 'no-store')
  return c.json({ message }, 400)
}
