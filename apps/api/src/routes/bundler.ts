/**
 * The bundler relay (issue 20): `POST /v1/projects/:id/bundler?hostOrigin=&chainId=` passes one
 * JSON-RPC request of the modal's smart account to the network's ERC-4337 bundler and answers
 * what it answered. Only the modal's own pages ask (their Origin is this API's; no CORS is
 * answered), for a site the project allows, of a project with its `smartAccounts` feature on, on
 * a network with a configured bundler, with the user-operation methods only (`bundlerMethods`);
 * ERC-7677's paymaster methods go to the network's paymaster instead, when it has one and the
 * project has `gasSponsorship` on. Each call
 * spends the client's and the project's budgets. `POST …/bundler/info` says what the network
 * offers (the EntryPoint, a paymaster) without asking either. The services' URLs never leave the
 * server: the relay is a service (`services/bundlers/bundlerRelay.ts`); this adapts it to HTTP.
 */
import { type BundlerInfo, bundlerRequestSchema } from '@airlock/protocol'
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { entryPoint08Address as entryPoint08 } from 'viem/account-abstraction'
import type { BundlerConfig, PaymasterConfig } from '../services/bundlers/bundlerConfig'
import {
  BundlerRelayError,
  type BundlerRelayErrorCode,
  createBundlerRelay,
} from '../services/bundlers/bundlerRelay'
import type { BundlerRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { apiError } from './apiError'
import { frameAdmission } from './frameAdmission'
import { jsonBodyLimit, noStore } from './middleware'
import { jsonBody } from './validators'

export type BundlerRoutesOptions = {
  storage: Storage
  bundlers: BundlerConfig
  paymasters: PaymasterConfig
  rateLimiter: BundlerRateLimiter
  trustProxy: number
  publicOrigin: string | undefined
  /** How long the bundler (or paymaster) may take to answer; default 20 s. */
  timeoutMs?: number | undefined
}

/** A signed user operation with its init code: a few KB; batches of calls a few more. */
const maxBodyBytes = 64 * 1024

const relayErrorStatus: Record<BundlerRelayErrorCode, ContentfulStatusCode> = {
  bundlerMethodNotAllowed: 400,
  paymasterNotConfigured: 404,
  bundlerUnavailable: 502,
}

export function bundlerRoutes({
  bundlers,
  paymasters,
  timeoutMs,
  ...admission
}: BundlerRoutesOptions): Hono {
  const app = new Hono()
  const relay = createBundlerRelay({ bundlers, paymasters, timeoutMs })
  // The modal's own Origin, a project id, a network with a bundler, the client's and project's
  // budgets, the project, the site it allows, and its smart accounts switched on.
  const admitted = frameAdmission(admission)({
    doing: 'uses the bundler relay',
    service: (c) => relay.bundlerOf(c.req.query('chainId') ?? ''),
    notConfigured: (c) =>
      apiError(
        c,
        404,
        'bundlerNotConfigured',
        `No bundler is configured for ${JSON.stringify((c.req.query('chainId') ?? '').slice(0, 80))}: smart accounts are not available there.`,
      ),
    feature: {
      name: 'smartAccounts',
      code: 'smartAccountsDisabled',
      message: 'Smart accounts are not enabled for this project',
    },
  })

  app.use('/v1/projects/:id/bundler', noStore)
  app.use('/v1/projects/:id/bundler/info', noStore)

  /** What the network offers a smart account: the EntryPoint, and whether gas is sponsored. */
  app.post('/v1/projects/:id/bundler/info', admitted(), (c) => {
    const sponsored = c.var.project.features.gasSponsorship
    const paymaster = !!relay.paymasterOf(c.var.service.network, sponsored)
    const info: BundlerInfo = { entryPoint: entryPoint08, paymaster }
    return c.json(info, 200)
  })

  app.post(
    '/v1/projects/:id/bundler',
    jsonBodyLimit(maxBodyBytes),
    admitted(jsonBody(bundlerRequestSchema)),
    async (c) => {
      const { network, bundlerUrl } = c.var.service
      const paymasterUrl = relay.paymasterOf(network, c.var.project.features.gasSponsorship)
      try {
        const answer = await relay.send({ network, bundlerUrl, paymasterUrl }, c.req.valid('json'))
        return c.json(answer, 200)
      } catch (error) {
        if (!(error instanceof BundlerRelayError)) throw error
        return apiError(c, relayErrorStatus[error.code], error.code, error.message)
      }
    },
  )
  return app
}
