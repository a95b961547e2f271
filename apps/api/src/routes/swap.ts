/**
 * Swaps over HTTP (issue 22; spec §7 "swap tokens", "gas price", "swap allowance"). Only the
 * modal's own pages ask (their Origin is this API's; no CORS is answered), for a project that
 * exists with its `swaps` feature on and a site it allows (`?hostOrigin=`), each request spending
 * the client's and the project's budgets:
 *
 *   GET  /v1/projects/:id/swap/tokens?chainId=      → SwapTokens
 *   POST /v1/projects/:id/swap/quote                → SwapQuote (SwapQuoteRequest)
 *   POST /v1/projects/:id/swap/allowance            → SwapAllowance (SwapAllowanceRequest)
 *   POST /v1/projects/:id/swap/approve              → SwapApproveTransaction (SwapApproveRequest)
 *   POST /v1/projects/:id/swap/transaction          → SwapTransaction (SwapTransactionRequest)
 *   GET  /v1/projects/:id/swap/gas-price?chainId=   → SwapGasPrice
 *
 * The chain picks the provider (`services/swap/swap.ts`); a chain without one is 400
 * `unsupportedSwapNetwork`, saying where swaps work. An amount that is empty, not a number, not
 * whole smallest units or zero is 400 `swapAmountInvalid` in the form's words, and a swap whose
 * quote has expired is 409 `swapQuoteExpired`, neither reaching the provider. Transactions are
 * answered for the visitor's wallet to send: the API sends nothing.
 */
import {
  minimumReceived,
  type SwapAllowance,
  type SwapQuote,
  type SwapTokens,
  swapAllowanceRequestSchema,
  swapApproveRequestSchema,
  swapQuoteLifetimeMs,
  swapQuoteRequestSchema,
  swapSlippageTolerance,
  swapTransactionRequestSchema,
  swapUnitsError,
} from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { type Address, isAddressEqual } from 'viem'
import { type SwapNetworks, unsupportedSwapNetworkMessage } from '../services/swap/swap'
import type { SwapAdapter } from '../services/swap/swapAdapter'
import { SwapProviderError, type SwapProviderFailure } from '../services/swap/swapProviderError'
import type { SwapRateLimiter } from '../services/swap/swapRateLimit'
import type { Storage } from '../storage/storage'
import { apiError, checkedJsonBody } from './apiError'
import { admitFrameRequest } from './frameAdmission'
import { jsonBodyLimit, noStore } from './middleware'

export type SwapRoutesOptions = {
  storage: Storage
  /** Each chain's swap provider (`createSwapNetworks`). */
  swaps: SwapNetworks
  rateLimiter: SwapRateLimiter
  trustProxy: number
  /** The public origin of this API, when a proxy makes it differ from the request URL. */
  publicOrigin: string | undefined
  /** The clock, ms since the epoch (quotes' expiry). Default `Date.now`. */
  now?: (() => number) | undefined
}

/** A swap request is a few addresses and numbers. */
const maxBodyBytes = 4 * 1024

/** How each provider failure is answered. */
const failureAnswers: Record<
  SwapProviderFailure,
  {
    status: ContentfulStatusCode
    code: 'swapProviderTimeout' | 'swapProviderUnavailable' | 'swapRefused'
  }
> = {
  timeout: { status: 504, code: 'swapProviderTimeout' },
  unavailable: { status: 502, code: 'swapProviderUnavailable' },
  badAnswer: { status: 502, code: 'swapProviderUnavailable' },
  refused: { status: 400, code: 'swapRefused' },
}

export function swapRoutes({
  storage,
  swaps,
  rateLimiter,
  trustProxy,
  publicOrigin,
  now = Date.now,
}: SwapRoutesOptions): Hono {
  const app = new Hono()

  /**
   * The checks of every swap request, in order: the modal's own Origin, a project id, the
   * client's and project's budgets, the project, the site it allows, its swaps switched on.
   */
  async function admitted(c: Context): Promise<Response | undefined> {
    const admission = { storage, rateLimiter, trustProxy, publicOrigin, doing: 'swaps tokens' }
    const admitted = await admitFrameRequest(c, admission, () => swaps)
    if (admitted instanceof Response) return admitted
    if (!admitted.project.features.swaps)
      return apiError(c, 403, 'swapsDisabled', 'Swaps are not enabled for this project')
    return undefined
  }

  /** The chain's adapter, or the refusal that says where swaps work. */
  function adapterOf(c: Context, chainId: number): SwapAdapter | Response {
    const adapter = swaps.adapterFor(chainId)
    return (
      adapter ??
      apiError(c, 400, 'unsupportedSwapNetwork', unsupportedSwapNetworkMessage(chainId, swaps))
    )
  }

  /** The chain of a GET's `?chainId=`, a decimal eip155 chain id. */
  function queryAdapter(c: Context): SwapAdapter | Response {
    const chainId = c.req.query('chainId') ?? ''
    if (!/^[1-9]\d{0,15}$/.test(chainId))
      return apiError(c, 400, 'invalidRequest', 'query.chainId: an eip155 chain id is required')
    return adapterOf(c, Number(chainId))
  }

  /** The amount in smallest units, or its refusal in the form's words. */
  function amountOf(c: Context, text: string): bigint | Response {
    const error = swapUnitsError(text)
    return error === undefined ? BigInt(text.trim()) : apiError(c, 400, 'swapAmountInvalid', error)
  }

  /** Runs the provider's work, answering its failures. */
  async function provided(
    c: Context,
    adapter: SwapAdapter,
    work: () => Promise<unknown>,
  ): Promise<Response> {
    try {
      return c.json(await work(), 200)
    } catch (error) {
      if (!(error instanceof SwapProviderError)) throw error
      if (error.reason !== 'refused')
        c.var.logger?.warn(
          { err: error.cause ?? error },
          `swap provider ${adapter.provider}: ${error.message}`,
        )
      const { status, code } = failureAnswers[error.reason]
      return apiError(c, status, code, error.message)
    }
  }

  const sameTokens = (c: Context, from: string, to: string) =>
    isAddressEqual(from as Address, to as Address)
      ? apiError(c, 400, 'invalidRequest', 'Choose two different tokens to swap.')
      : undefined

  app.use('/v1/projects/:id/swap/*', noStore)

  app.get('/v1/projects/:id/swap/tokens', async (c) => {
    const refused = await admitted(c)
    if (refused) return refused
    const adapter = queryAdapter(c)
    if (adapter instanceof Response) return adapter
    return provided(
      c,
      adapter,
      async (): Promise<SwapTokens> => ({ tokens: await adapter.tokens() }),
    )
  })

  app.get('/v1/projects/:id/swap/gas-price', async (c) => {
    const refused = await admitted(c)
    if (refused) return refused
    const adapter = queryAdapter(c)
    if (adapter instanceof Response) return adapter
    const chainId = Number(c.req.query('chainId'))
    return provided(c, adapter, async () => ({ chainId, ...(await adapter.gasPrice()) }))
  })

  app.post('/v1/projects/:id/swap/quote', jsonBodyLimit(maxBodyBytes), async (c) => {
    const refused = await admitted(c)
    if (refused) return refused
    const checked = await checkedJsonBody(c, swapQuoteRequestSchema)
    if (checked instanceof Response) return checked
    const { chainId, fromToken, toToken } = checked.body
    const adapter = adapterOf(c, chainId)
    if (adapter instanceof Response) return adapter
    const amount = amountOf(c, checked.body.amount)
    if (amount instanceof Response) return amount
    const same = sameTokens(c, fromToken, toToken)
    if (same) return same
    return provided(c, adapter, async (): Promise<SwapQuote> => {
      const price = await adapter.quote({
        fromToken: fromToken as Address,
        toToken: toToken as Address,
        amount,
      })
      return {
        chainId,
        fromToken,
        toToken,
        fromAmount: String(amount),
        toAmount: String(price.toAmount),
        minimumReceived: String(minimumReceived(price.toAmount)),
        slippage: swapSlippageTolerance,
        ...(price.priceImpact !== undefined ? { priceImpact: price.priceImpact } : {}),
        ...(price.estimatedGas !== undefined ? { estimatedGas: String(price.estimatedGas) } : {}),
        expiresAt: now() + swapQuoteLifetimeMs,
      }
    })
  })

  app.post('/v1/projects/:id/swap/allowance', jsonBodyLimit(maxBodyBytes), async (c) => {
    const refused = await admitted(c)
    if (refused) return refused
    const checked = await checkedJsonBody(c, swapAllowanceRequestSchema)
    if (checked instanceof Response) return checked
    const { chainId, token, owner } = checked.body
    const adapter = adapterOf(c, chainId)
    if (adapter instanceof Response) return adapter
    return provided(c, adapter, async (): Promise<SwapAllowance> => {
      const { spender, allowance } = await adapter.allowance({
        token: token as Address,
        owner: owner as Address,
      })
      return { token, owner, spender, allowance: String(allowance) }
    })
  })

  app.post('/v1/projects/:id/swap/approve', jsonBodyLimit(maxBodyBytes), async (c) => {
    const refused = await admitted(c)
    if (refused) return refused
    const checked = await checkedJsonBody(c, swapApproveRequestSchema)
    if (checked instanceof Response) return checked
    const adapter = adapterOf(c, checked.body.chainId)
    if (adapter instanceof Response) return adapter
    const amount = amountOf(c, checked.body.amount)
    if (amount instanceof Response) return amount
    return provided(c, adapter, () =>
      adapter.approveTransaction({ token: checked.body.token as Address, amount }),
    )
  })

  app.post('/v1/projects/:id/swap/transaction', jsonBodyLimit(maxBodyBytes), async (c) => {
    const refused = await admitted(c)
    if (refused) return refused
    const checked = await checkedJsonBody(c, swapTransactionRequestSchema)
    if (checked instanceof Response) return checked
    const { chainId, fromToken, toToken, from, quoteExpiresAt } = checked.body
    const adapter = adapterOf(c, chainId)
    if (adapter instanceof Response) return adapter
    const amount = amountOf(c, checked.body.amount)
    if (amount instanceof Response) return amount
    const same = sameTokens(c, fromToken, toToken)
    if (same) return same
    if (quoteExpiresAt <= now())
      return apiError(
        c,
        409,
        'swapQuoteExpired',
        'The quote expired before the swap was confirmed. Get a new quote.',
      )
    return provided(c, adapter, () =>
      adapter.swapTransaction({
        fromToken: fromToken as Address,
        toToken: toToken as Address,
        amount,
        from: from as Address,
      }),
    )
  })

  return app
}
