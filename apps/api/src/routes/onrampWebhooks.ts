/**
 * The onramp providers' webhooks (issue 36): where Meld and Coinbase tell the API an order moved.
 *
 *   POST /v1/onramp/webhooks/meld       (Meld-Signature, `meldWebhook.ts`)
 *   POST /v1/onramp/webhooks/coinbase   (X-Hook0-Signature, `coinbaseWebhook.ts`)
 *
 * Not the modal's: no Origin, no project, no frame credential. The signature under the
 * provider's webhook secret is the only admission, checked over the body's exact bytes before
 * anything is read of it. A provider with no secret here: 404 `onrampWebhookNotConfigured`; a
 * signature missing, wrong or older than 5 minutes: 401 `onrampWebhookSignatureInvalid`; a signed
 * event naming no order of ours: 404 `onrampOrderUnknown`. Each refusal is logged and changes
 * nothing. A signed event that is not about an order's status is answered 200 and ignored, so the
 * provider does not retry it.
 */
import type { OnrampProviderId } from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import { readCoinbaseWebhook } from '../services/onramp/coinbaseWebhook'
import { readMeldWebhook } from '../services/onramp/meldWebhook'
import type { OnrampOrders } from '../services/onramp/onrampOrders'
import {
  OnrampWebhookError,
  type OnrampWebhookEvent,
  type SignedWebhook,
} from '../services/onramp/webhookEvent'
import { apiError } from './apiError'
import { ownOrigin } from './frameAdmission'
import { jsonBodyLimit, noStore } from './middleware'

export type OnrampWebhookRoutesOptions = {
  orders: OnrampOrders | undefined
  /** Each provider's webhook secret; none: its webhooks are refused. */
  secrets: Partial<Record<OnrampProviderId, string | undefined>>
  /** The public origin of this API: Meld signs the URL it posted to. */
  publicOrigin: string | undefined
  now: () => number
}

/** A provider's event is a few hundred bytes; Coinbase's carries a whole transaction. */
const maxBodyBytes = 64 * 1024

const readers: Record<
  OnrampProviderId,
  (request: SignedWebhook, secret: string, now: number) => OnrampWebhookEvent | undefined
> = { meld: readMeldWebhook, coinbase: readCoinbaseWebhook }

export function onrampWebhookRoutes({
  orders,
  secrets,
  publicOrigin,
  now,
}: OnrampWebhookRoutesOptions): Hono {
  const app = new Hono()
  app.use('/v1/onramp/webhooks/*', noStore)
  for (const provider of ['meld', 'coinbase'] as const)
    app.post(`/v1/onramp/webhooks/${provider}`, jsonBodyLimit(maxBodyBytes), (c) =>
      received(c, provider),
    )

  async function received(c: Context, provider: OnrampProviderId): Promise<Response> {
    const secret = secrets[provider]
    if (orders === undefined || secret === undefined) {
      c.var.logger?.warn({ provider }, 'onramp webhook refused: no webhook secret configured')
      return apiError(
        c,
        404,
        'onrampWebhookNotConfigured',
        `This API takes no ${provider} webhooks (no webhook secret is configured).`,
      )
    }
    const url = new URL(c.req.url)
    const request: SignedWebhook = {
      rawBody: await c.req.text(),
      header: (name) => c.req.header(name),
      url: `${ownOrigin(c, publicOrigin)}${url.pathname}${url.search}`,
    }
    let event: OnrampWebhookEvent | undefined
    try {
      event = readers[provider](request, secret, now())
    } catch (error) {
      if (!(error instanceof OnrampWebhookError)) throw error
      c.var.logger?.warn({ provider, reason: error.message }, 'onramp webhook refused')
      return apiError(c, 401, 'onrampWebhookSignatureInvalid', error.message)
    }
    if (event === undefined) return c.json({ received: true }, 200)
    const outcome = await orders.applyEvent(provider, event)
    if (outcome === 'unknown') {
      c.var.logger?.warn(
        { provider, order: event.orderId, providerOrder: event.providerOrderId },
        'onramp webhook refused: no such order',
      )
      return apiError(c, 404, 'onrampOrderUnknown', 'The webhook names no order of this API.')
    }
    c.var.logger?.info(
      { provider, order: event.orderId, status: event.status, outcome },
      'onramp webhook applied',
    )
    return c.json({ received: true }, 200)
  }

  return app
}
