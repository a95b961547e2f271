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
 * server.
 */
import {
  type BundlerInfo,
  type BundlerMethod,
  bundlerMethods,
  bundlerRequestSchema,
  type CaipNetworkId,
  isCaipNetworkId,
  paymasterMethods,
} from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import { entryPoint08Address as entryPoint08 } from 'viem/account-abstraction'
import type { BundlerConfig, PaymasterConfig } from '../services/bundlers/bundlerConfig'
import type { BundlerRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { apiError, checkedJsonBody } from './apiError'
import { admitFrameRequest } from './frameAdmission'
import { jsonBodyLimit, noStore } from './middleware'

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

const isBundlerMethod = (method: string): method is BundlerMethod =>
  (bundlerMethods as readonly string[]).includes(method)

export function bundlerRoutes({
  storage,
  bundlers,
  paymasters,
  rateLimiter,
  trustProxy,
  publicOrigin,
  timeoutMs = 20_000,
}: BundlerRoutesOptions): Hono {
  const app = new Hono()
  const admission = {
    storage,
    rateLimiter,
    trustProxy,
    publicOrigin,
    doing: 'uses the bundler relay',
  }

  /**
   * The checks of every relay call, in order: the modal's own Origin, a project id, a network
   * with a bundler, the client's and project's budgets, the project, the site it allows, and its
   * smart accounts switched on. Answers the refusal, or the project's id and the network.
   */
  async function admitted(c: Context) {
    const chainId = c.req.query('chainId') ?? ''
    const bundlerUrl = isCaipNetworkId(chainId) ? bundlers[chainId as CaipNetworkId] : undefined
    const admitted = await admitFrameRequest(
      c,
      admission,
      () =>
        bundlerUrl ??
        apiError(
          c,
          404,
          'bundlerNotConfigured',
          `No bundler is configured for ${JSON.stringify(chainId.slice(0, 80))}: smart accounts are not available there.`,
        ),
    )
    if (admitted instanceof Response) return admitted
    const { project } = admitted
    if (!project.features.smartAccounts)
      return apiError(
        c,
        403,
        'smartAccountsDisabled',
        'Smart accounts are not enabled for this project',
      )
    const network = chainId as CaipNetworkId
    // The operator pays for sponsored gas: only a project that chose it has the paymaster.
    const paymasterUrl = project.features.gasSponsorship ? paymasters[network] : undefined
    return { network, bundlerUrl: admitted.service, paymasterUrl }
  }

  app.use('/v1/projects/:id/bundler', noStore)
  app.use('/v1/projects/:id/bundler/info', noStore)

  /** What the network offers a smart account: the EntryPoint, and whether gas is sponsored. */
  app.post('/v1/projects/:id/bundler/info', async (c) => {
    const relay = await admitted(c)
    if (relay instanceof Response) return relay
    const info: BundlerInfo = { entryPoint: entryPoint08, paymaster: !!relay.paymasterUrl }
    return c.json(info, 200)
  })

  app.post('/v1/projects/:id/bundler', jsonBodyLimit(maxBodyBytes), async (c) => {
    const relay = await admitted(c)
    if (relay instanceof Response) return relay
    const checked = await checkedJsonBody(c, bundlerRequestSchema)
    if (checked instanceof Response) return checked
    const request = checked.body
    if (!isBundlerMethod(request.method))
      return apiError(
        c,
        400,
        'bundlerMethodNotAllowed',
        `The bundler relay does not pass on ${JSON.stringify(request.method)}: only ${bundlerMethods.join(', ')}.`,
      )
    const forPaymaster = (paymasterMethods as readonly string[]).includes(request.method)
    const target = forPaymaster ? relay.paymasterUrl : relay.bundlerUrl
    const service = forPaymaster ? 'paymaster' : 'bundler'
    if (!target)
      return apiError(
        c,
        404,
        'paymasterNotConfigured',
        `No paymaster sponsors this project's gas on ${relay.network}: smart accounts pay their own gas there.`,
      )
    let answer: unknown
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      })
      answer = await response.json()
    } catch (error) {
      const why =
        error instanceof Error && error.name === 'TimeoutError'
          ? `did not answer within ${timeoutMs / 1000} s`
          : 'could not be reached'
      return apiError(c, 502, 'bundlerUnavailable', `The ${service} of ${relay.network} ${why}.`)
    }
    if (!isJsonRpcAnswer(answer, request.id))
      return apiError(
        c,
        502,
        'bundlerUnavailable',
        `The ${service} of ${relay.network} answered nonsense.`,
      )
    return c.json(answer, 200)
  })
  return app
}

/** A JSON-RPC 2.0 answer to the request of `id`: a result or an error object. */
function isJsonRpcAnswer(value: unknown, id: number): boolean {
  const answer = value as { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: unknown }
  return (
    typeof answer === 'object' &&
    answer !== null &&
    answer.jsonrpc === '2.0' &&
    answer.id === id &&
    ('result' in answer || (typeof answer.error === 'object' && answer.error !== null))
  )
}
