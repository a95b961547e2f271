/**
 * Swaps over HTTP (issue 22; spec §7 "swap tokens", "gas price", "swap allowance"). Only the
 * modal's own pages ask (their Origin is this API's; no CORS is answered) with the frame's token
 * or session (`frameCredential.ts`), for a project that exists with its `swaps` feature on and a
 * site it allows (`?hostOrigin=`), each request spending the credential's and the client's
 * budgets, and the project's once it passed every check that asks no provider:
 *
 *   GET  /v1/projects/:id/swap/tokens?chainId=      → SwapTokens
 *   GET  /v1/projects/:id/swap/token?chainId=&address= → SwapTokenAnswer (a token to import)
 *   POST /v1/projects/:id/swap/quote                → SwapQuote (SwapQuoteRequest)
 *   POST /v1/projects/:id/swap/allowance            → SwapAllowance (SwapAllowanceRequest)
 *   POST /v1/projects/:id/swap/approve              → SwapApproveTransaction (SwapApproveRequest)
 *   POST /v1/projects/:id/swap/transaction          → SwapTransaction (SwapTransactionRequest)
 *   GET  /v1/projects/:id/swap/gas-price?chainId=   → SwapGasPrice
 *
 * The chain picks the provider (`services/swap/swap.ts`); a chain without one is 400
 * `unsupportedSwapNetwork`, saying where swaps work. An amount that is empty, not a number, not
 * whole smallest units or zero is 400 `swapAmountInvalid` in the form's words, a slippage out of
 * 0.01 %–50 % (or finer than 0.01 %) 400 `swapSlippageInvalid` in the form's words, an address that
 * is not one (a mixed-case one without its EIP-55 checksum) 400 `invalidRequest` naming the field,
 * a swap whose quote has expired is 409 `swapQuoteExpired`, and a swap from the native currency
 * that says its approval is in its batch (`approvalInBatch`) 400 `invalidRequest`, none reaching
 * the provider. A token with no contract on a local chain is 400 `swapTokenNotContract`, from the
 * chain's code. A swap is built on the confirmed quote's `minimumReceived` (issue 36): when the
 * market now gives less, 409 `swapPriceMoved` and nothing built. Transactions are answered for
 * the visitor's wallet to send: the API sends nothing.
 */
import {
  minimumReceived,
  type SwapAllowance,
  type SwapQuote,
  type SwapTokenAnswer,
  type SwapTokens,
  swapAllowanceRequestSchema,
  swapApproveRequestSchema,
  swapNativeTokenAddress,
  swapQuoteLifetimeMs,
  swapQuoteRequestSchema,
  swapSlippageError,
  swapSlippageTolerance,
  swapTransactionRequestSchema,
  swapUnitsError,
} from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { type Address, isAddress, isAddressEqual } from 'viem'
import type { SwapRateLimiter } from '../services/rateLimit'
import { type SwapNetworks, unsupportedSwapNetworkMessage } from '../services/swap/swap'
import type { SwapAdapter } from '../services/swap/swapAdapter'
import { SwapProviderError, type SwapProviderFailure } from '../services/swap/swapProviderError'
import type { Storage } from '../storage/storage'
import { apiError, refuse } from './apiError'
import { frameAdmission } from './frameAdmission'
import type { FrameCredentialOptions } from './frameCredential'
import { jsonBodyLimit, noStore } from './middleware'
import { checkedBody, jsonBody } from './validators'

export type SwapRoutesOptions = {
  storage: Storage
  /** Each chain's swap provider (`createSwapNetworks`). */
  swaps: SwapNetworks
  rateLimiter: SwapRateLimiter
  trustProxy: number
  /** The public origin of this API, when a proxy makes it differ from the request URL. */
  publicOrigin: string | undefined
  /** The frame credential every request needs (`frameCredential.ts`): an Origin is not enough. */
  credential: FrameCredentialOptions
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
    code:
      | 'swapProviderTimeout'
      | 'swapProviderUnavailable'
      | 'swapRefused'
      | 'swapTokenNotContract'
      | 'swapPriceMoved'
  }
> = {
  timeout: { status: 504, code: 'swapProviderTimeout' },
  unavailable: { status: 502, code: 'swapProviderUnavailable' },
  badAnswer: { status: 502, code: 'swapProviderUnavailable' },
  refused: { status: 400, code: 'swapRefused' },
  notAContract: { status: 400, code: 'swapTokenNotContract' },
  priceMoved: { status: 409, code: 'swapPriceMoved' },
}

/** The amount in smallest units; refused in the form's words. */
function amountOf(c: Context, text: string): bigint {
  const error = swapUnitsError(text)
  if (error !== undefined) refuse(c, 400, 'swapAmountInvalid', error)
  return BigInt(text.trim())
}

/** The slippage in percent (default the spec's 1 %); refused in the form's words. */
function slippageOf(c: Context, slippage: number | undefined): number {
  if (slippage === undefined) return swapSlippageTolerance
  const error = swapSlippageError(slippage)
  if (error !== undefined) refuse(c, 400, 'swapSlippageInvalid', error)
  return slippage
}

/** The confirmed quote's minimum received, smallest units, more than 0. */
function minimumOf(c: Context, text: string): bigint {
  if (!/^\d{1,78}$/.test(text) || BigInt(text) === 0n)
    refuse(
      c,
      400,
      'invalidRequest',
      "body.minimumReceived: the quote's minimum received, a whole number of smallest units greater than 0",
    )
  return BigInt(text)
}

/** Refuses a swap of a token for itself. */
function differentTokens(c: Context, from: string, to: string): void {
  if (isAddressEqual(from as Address, to as Address))
    refuse(c, 400, 'invalidRequest', 'Choose two different tokens to swap.')
}

/**
 * Runs `check` (which refuses with `refuse`) before the project's budget is spent; the handler
 * runs it again for the values it reads.
 */
const checkedFirst = (check: (c: Context) => unknown) =>
  createMiddleware(async (c, next) => {
    check(c)
    await next()
  })

/** What a quote and a swap name: the chain, the two tokens and the amount. */
type SwapBody = {
  chainId: number
  fromToken: string
  toToken: string
  amount: string
  slippage?: number | undefined
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
    if (error.reason !== 'refused' && error.reason !== 'notAContract')
      c.var.logger?.warn(
        { err: error.cause ?? error },
        `swap provider ${adapter.provider}: ${error.message}`,
      )
    const { status, code } = failureAnswers[error.reason]
    return apiError(c, status, code, error.message)
  }
}

/** The quote answered for a provider's price of a swap. */
function quoteOf(
  price: Awaited<ReturnType<SwapAdapter['quote']>>,
  swap: {
    chainId: number
    fromToken: Address
    toToken: Address
    amount: bigint
    slippage: number
    expiresAt: number
  },
): SwapQuote {
  return {
    chainId: swap.chainId,
    fromToken: swap.fromToken,
    toToken: swap.toToken,
    fromAmount: String(swap.amount),
    toAmount: String(price.toAmount),
    minimumReceived: String(minimumReceived(price.toAmount, swap.slippage)),
    slippage: swap.slippage,
    ...(price.priceImpact !== undefined ? { priceImpact: price.priceImpact } : {}),
    ...(price.estimatedGas !== undefined ? { estimatedGas: String(price.estimatedGas) } : {}),
    ...(price.route !== undefined ? { route: price.route } : {}),
    expiresAt: swap.expiresAt,
  }
}

export function swapRoutes({ swaps, now = Date.now, ...admission }: SwapRoutesOptions): Hono {
  const app = new Hono()
  // The modal's own Origin, a project id, the frame's credential, the client's and project's
  // budgets, the project, the site it allows, its swaps switched on.
  const admitted = frameAdmission(admission)({
    doing: 'swaps tokens',
    service: () => swaps,
    feature: {
      name: 'swaps',
      code: 'swapsDisabled',
      message: 'Swaps are not enabled for this project',
    },
  })
  const limit = jsonBodyLimit(maxBodyBytes)

  /** The chain's adapter; refused with where swaps work. */
  function adapterOf(c: Context, chainId: number): SwapAdapter {
    const adapter = swaps.adapterFor(chainId)
    if (adapter === undefined)
      refuse(c, 400, 'unsupportedSwapNetwork', unsupportedSwapNetworkMessage(chainId, swaps))
    return adapter
  }

  /** The chain of a GET's `?chainId=`, a decimal eip155 chain id, and its adapter. */
  function queryChain(c: Context): { chainId: number; adapter: SwapAdapter } {
    const chainId = c.req.query('chainId') ?? ''
    if (!/^[1-9]\d{0,15}$/.test(chainId))
      refuse(c, 400, 'invalidRequest', 'query.chainId: an eip155 chain id is required')
    return { chainId: Number(chainId), adapter: adapterOf(c, Number(chainId)) }
  }

  app.use('/v1/projects/:id/swap/*', noStore)

  const chainQuery = checkedFirst(queryChain)

  app.get('/v1/projects/:id/swap/tokens', admitted(undefined, chainQuery), (c) => {
    const { adapter } = queryChain(c)
    return provided(
      c,
      adapter,
      async (): Promise<SwapTokens> => ({ tokens: await adapter.tokens() }),
    )
  })

  app.get('/v1/projects/:id/swap/gas-price', admitted(undefined, chainQuery), (c) => {
    const { chainId, adapter } = queryChain(c)
    return provided(c, adapter, async () => ({ chainId, ...(await adapter.gasPrice()) }))
  })

  /**
   * A token to import: `?address=` an EVM address (checksummed when mixed-case), and the chain's
   * adapter.
   */
  function queryToken(c: Context): { adapter: SwapAdapter; address: Address } {
    const { adapter } = queryChain(c)
    const address = c.req.query('address') ?? ''
    if (!isAddress(address, { strict: true }))
      refuse(
        c,
        400,
        'invalidRequest',
        'query.address: must be an EVM address: 0x and 40 hex digits, all lower case or with its EIP-55 checksum',
      )
    if (isAddressEqual(address, swapNativeTokenAddress))
      refuse(c, 400, 'invalidRequest', 'query.address: the native currency is in the token list')
    return { adapter, address }
  }

  app.get('/v1/projects/:id/swap/token', admitted(undefined, checkedFirst(queryToken)), (c) => {
    const { adapter, address } = queryToken(c)
    return provided(
      c,
      adapter,
      async (): Promise<SwapTokenAnswer> => ({ token: await adapter.token(address) }),
    )
  })

  /**
   * A quote's or a swap's checks that ask no provider: its chain, its amount, its slippage, two
   * tokens.
   */
  const swapOf = (c: Context, body: SwapBody) => {
    const adapter = adapterOf(c, body.chainId)
    const amount = amountOf(c, body.amount)
    const slippage = slippageOf(c, body.slippage)
    differentTokens(c, body.fromToken, body.toToken)
    return { adapter, amount, slippage }
  }
  /**
   * A swap's checks: a quote's, its minimum received, an approval in its batch only for an ERC-20,
   * the quote not expired.
   */
  const swapTransactionOf = (
    c: Context,
    body: SwapBody & {
      quoteExpiresAt: number
      minimumReceived: string
      approvalInBatch?: boolean | undefined
    },
  ) => {
    const checked = { ...swapOf(c, body), minimum: minimumOf(c, body.minimumReceived) }
    if (
      body.approvalInBatch === true &&
      isAddressEqual(body.fromToken as Address, swapNativeTokenAddress)
    )
      refuse(
        c,
        400,
        'invalidRequest',
        'approvalInBatch: the native currency needs no approval; leave it out for a swap from it.',
      )
    if (body.quoteExpiresAt <= now())
      refuse(
        c,
        409,
        'swapQuoteExpired',
        'The quote expired before the swap was confirmed. Get a new quote.',
      )
    return checked
  }
  /** An approval's checks: its chain and its amount. */
  const approvalOf = (c: Context, body: { chainId: number; amount: string }) => ({
    adapter: adapterOf(c, body.chainId),
    amount: amountOf(c, body.amount),
  })

  app.post(
    '/v1/projects/:id/swap/quote',
    limit,
    admitted(
      jsonBody(swapQuoteRequestSchema),
      checkedFirst((c) => swapOf(c, checkedBody(c))),
    ),
    (c) => {
      const { chainId, fromToken, toToken } = c.req.valid('json')
      const { adapter, amount, slippage } = swapOf(c, c.req.valid('json'))
      return provided(c, adapter, async () => {
        const swap = { fromToken: fromToken as Address, toToken: toToken as Address, amount }
        const expiresAt = now() + swapQuoteLifetimeMs
        return quoteOf(await adapter.quote(swap), { ...swap, chainId, slippage, expiresAt })
      })
    },
  )

  app.post(
    '/v1/projects/:id/swap/allowance',
    limit,
    admitted(
      jsonBody(swapAllowanceRequestSchema),
      checkedFirst((c) => adapterOf(c, checkedBody<{ chainId: number }>(c).chainId)),
    ),
    (c) => {
      const { chainId, token, owner } = c.req.valid('json')
      const adapter = adapterOf(c, chainId)
      return provided(c, adapter, async (): Promise<SwapAllowance> => {
        const { spender, allowance } = await adapter.allowance({
          token: token as Address,
          owner: owner as Address,
        })
        return { token, owner, spender, allowance: String(allowance) }
      })
    },
  )

  app.post(
    '/v1/projects/:id/swap/approve',
    limit,
    admitted(
      jsonBody(swapApproveRequestSchema),
      checkedFirst((c) => approvalOf(c, checkedBody(c))),
    ),
    (c) => {
      const body = c.req.valid('json')
      const { adapter, amount } = approvalOf(c, body)
      return provided(c, adapter, () =>
        adapter.approveTransaction({ token: body.token as Address, amount }),
      )
    },
  )

  app.post(
    '/v1/projects/:id/swap/transaction',
    limit,
    admitted(
      jsonBody(swapTransactionRequestSchema),
      checkedFirst((c) => swapTransactionOf(c, checkedBody(c))),
    ),
    (c) => {
      const { fromToken, toToken, from, approvalInBatch } = c.req.valid('json')
      const { adapter, amount, minimum } = swapTransactionOf(c, c.req.valid('json'))
      return provided(c, adapter, () =>
        adapter.swapTransaction({
          fromToken: fromToken as Address,
          toToken: toToken as Address,
          amount,
          minimumReceived: minimum,
          from: from as Address,
          ...(approvalInBatch === true ? { approvalInBatch } : {}),
        }),
      )
    },
  )

  return app
}
