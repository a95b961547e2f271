/**
 * Buying crypto over HTTP (issue 22; spec §7 "onramp options", "onramp quote"). Only the modal's
 * own pages ask (their Origin is this API's; no CORS is answered) with the frame's token or
 * session (`frameCredential.ts`), for a project that exists, a site it allows (`?hostOrigin=`) and
 * its `onramp` feature on, each request spending the credential's and the client's budgets, and
 * the project's once it passed every check that asks no provider (`Onramp.check`):
 *
 *   GET  /v1/projects/:id/onramp/options?hostOrigin=   → OnrampOptions
 *   POST /v1/projects/:id/onramp/quote?hostOrigin=     OnrampQuoteRequest → OnrampQuote
 *   POST /v1/projects/:id/onramp/checkout?hostOrigin=  OnrampCheckoutRequest → { url, orderId }
 *   GET  /v1/projects/:id/onramp/orders?hostOrigin=&address=&network=  → OnrampOrders
 *
 * A checkout opened is an order, recorded pending before its URL is answered (issue 36); the
 * orders of an address are listed only to a credential of that project and site, and only that
 * site's (`onrampOrders.ts`; the webhooks that move them are `onrampWebhooks.ts`).
 *
 * A bad amount is 400 `onrampInvalidAmount` with the words the visitor reads ('The maximum is
 * 7,500.00 USD'); a network no provider here delivers on, 400 `onrampUnsupportedNetwork`; a
 * provider that fails, 502 `onrampProviderUnavailable`, or 504 `onrampProviderTimeout`. Without a
 * provider key every route answers 404 `onrampNotConfigured`. The keys never leave the server.
 */
import {
  type ApiErrorCode,
  ApiRefusal,
  onrampCheckoutRequestSchema,
  onrampOrdersQuerySchema,
  onrampQuoteRequestSchema,
} from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { clientIp, unknownClient } from '../services/clientAddress'
import type { Onramp } from '../services/onramp/onramp'
import type { OnrampOrders } from '../services/onramp/onrampOrders'
import { OnrampProviderError } from '../services/onramp/providerHttp'
import type { OnrampRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { apiError } from './apiError'
import { frameAdmission } from './frameAdmission'
import type { FrameCredentialOptions } from './frameCredential'
import { jsonBodyLimit, noStore } from './middleware'
import { checkedBody, jsonBody, queryOf, routeCheck } from './validators'

export type OnrampRoutesOptions = {
  storage: Storage
  /** `createOnramp`'s answer over the configured providers; undefined: buying crypto is off. */
  onramp: Onramp | undefined
  /** The orders of checkouts opened here; present whenever `onramp` is. */
  orders: OnrampOrders | undefined
  rateLimiter: OnrampRateLimiter
  trustProxy: number
  /** The public origin of this API, when a proxy makes it differ from the request URL. */
  publicOrigin: string | undefined
  /** The frame credential every request needs (`frameCredential.ts`): an Origin is not enough. */
  credential: FrameCredentialOptions
}

/** A quote or checkout request is a handful of short strings. */
const maxBodyBytes = 4 * 1024

/** The status of each refusal the onramp service throws. */
const refusalStatus: Partial<Record<ApiErrorCode, ContentfulStatusCode>> = {
  invalidRequest: 400,
  onrampInvalidAmount: 400,
  onrampUnsupportedNetwork: 400,
  onrampNotConfigured: 404,
}

export function onrampRoutes({ onramp, orders, ...admission }: OnrampRoutesOptions): Hono {
  const app = new Hono()
  // The modal's own Origin, a project id, the frame's credential, onramp configured, the client's
  // budget, the project, the site it allows, its onramp feature on, the body and what is checked
  // of it without a provider, and then the project's budget.
  const admitted = frameAdmission(admission)({
    doing: 'buys crypto',
    service: () => onramp,
    notConfigured: (c) =>
      apiError(
        c,
        404,
        'onrampNotConfigured',
        'Buying crypto is not configured on this API (AIRLOCK_ONRAMP_MELD_API_KEY or AIRLOCK_ONRAMP_COINBASE_*).',
      ),
    feature: {
      name: 'onramp',
      code: 'onrampDisabled',
      message: 'Buying crypto is not enabled for this project',
    },
  })
  const limit = jsonBodyLimit(maxBodyBytes)
  /** The body's refusals that ask no provider, answered before the project's budget is spent. */
  const checkedFirst = routeCheck<{ Variables: { service: Onramp } }>(
    (c) => c.var.service.check(checkedBody(c)),
    failed,
  )

  app.use('/v1/projects/:id/onramp/*', noStore)

  app.get('/v1/projects/:id/onramp/options', admitted(), async (c) =>
    c.json(await c.var.service.options(), 200),
  )

  app.post(
    '/v1/projects/:id/onramp/quote',
    limit,
    admitted(jsonBody(onrampQuoteRequestSchema), checkedFirst),
    async (c) => {
      try {
        return c.json(await c.var.service.quote(c.req.valid('json')), 200)
      } catch (error) {
        return failed(c, error)
      }
    },
  )

  app.post(
    '/v1/projects/:id/onramp/checkout',
    limit,
    admitted(jsonBody(onrampCheckoutRequestSchema), checkedFirst),
    async (c) => {
      if (orders === undefined) throw new Error('onramp routes without their orders')
      const request = c.req.valid('json')
      try {
        // Coinbase binds its session to the visitor's address; a test request has none.
        const ip = clientIp(c, admission.trustProxy) ?? unknownClient
        const orderId = orders.newId()
        const { opened, purchase } = await c.var.service.checkout({
          ...request,
          clientIp: ip,
          orderId,
        })
        // Recorded before the URL is answered: a checkout the visitor can open is followed.
        await orders.record({
          id: orderId,
          projectId: c.var.project.id,
          hostOrigin: c.req.query('hostOrigin') ?? '',
          address: request.address,
          network: request.network,
          provider: request.provider,
          providerOrderId: opened.providerOrderId,
          purchaseCurrency: purchase.purchaseCurrency,
          purchaseAmount: opened.purchaseAmount,
          paymentCurrency: purchase.paymentCurrency,
          paymentAmount: purchase.amount,
        })
        return c.json({ url: opened.url, orderId }, 200)
      } catch (error) {
        return failed(c, error)
      }
    },
  )

  app.get(
    '/v1/projects/:id/onramp/orders',
    admitted(queryOf(onrampOrdersQuerySchema)),
    async (c) => {
      if (orders === undefined) throw new Error('onramp routes without their orders')
      const { hostOrigin, address, network } = c.req.valid('query')
      const listed = await orders.list({
        projectId: c.var.project.id,
        hostOrigin,
        address,
        network,
      })
      return c.json({ orders: listed }, 200)
    },
  )

  return app
}

/** The service's refusals and the providers' failures as answers; anything else is thrown on. */
function failed(c: Context, error: unknown): Response {
  if (error instanceof ApiRefusal) {
    const code: ApiErrorCode = error.code
    const status = refusalStatus[code]
    if (status !== undefined) return apiError(c, status, code, error.message)
  }
  if (error instanceof OnrampProviderError) {
    c.var.logger?.warn(
      { err: error, provider: error.provider, kind: error.kind },
      'onramp provider failed',
    )
    return error.kind === 'timeout'
      ? apiError(c, 504, 'onrampProviderTimeout', error.message)
      : apiError(c, 502, 'onrampProviderUnavailable', error.message)
  }
  throw error
}
