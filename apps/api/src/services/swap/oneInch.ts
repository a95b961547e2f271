/**
 * The 1inch Classic Swap API v6.0 and Gas Price API v1.5 as a swap adapter for one chain: the
 * default provider (spec §9 "Swaps provider default 1inch"). Every call is a GET with
 * `Authorization: Bearer <key>`, given `timeoutMs` (10 s) to answer; a 5xx, a timeout, an
 * unreachable host or an answer of the wrong shape is a `SwapProviderError`, and so is a 4xx,
 * with 1inch's own `description` of why. The key never leaves this module.
 *
 * Paths, parameters and fields, from 1inch's published swagger (portal.1inch.dev, Classic Swap
 * and Gas Price) and clients written against v6.0:
 * - `GET /swap/v6.0/{chain}/tokens` → `{ tokens: { [address]: { address, symbol, name, decimals, logoURI, … } } }`
 * - `GET …/quote?src&dst&amount&includeGas=true` → `{ dstAmount, gas? }` (v5's `toAmount` became `dstAmount`)
 * - `GET …/approve/spender` → `{ address }`
 * - `GET …/approve/allowance?tokenAddress&walletAddress` → `{ allowance }`
 * - `GET …/approve/transaction?tokenAddress&amount` → `{ data, gasPrice, to, value }`
 * - `GET …/swap?src&dst&amount&from&origin&slippage&disableEstimate` → `{ dstAmount, tx: { from, to, data, value, gas, gasPrice } }`
 * - `GET /gas-price/v1.5/{chain}` → `{ baseFee, low, medium, high, instant }`, each level
 *   `{ maxPriorityFeePerGas, maxFeePerGas }`, wei in decimal
 * - a 4xx body: `{ error, description, statusCode, requestId, meta }`
 *
 * - quotes ask `includeTokensInfo` and `includeProtocols` too: `srcToken`/`dstToken` `{ decimals }`
 *   and `protocols` (`[[[{ name, part, fromTokenAddress, toTokenAddress }]]]`, the route)
 * - `GET /price/v1.1/{chain}/{a},{b}?currency=USD` → `{ [address]: "usd price" }` (Spot Price API)
 * - `GET /token/v1.2/{chain}/custom/{address}` → `{ address, symbol, name, decimals, logoURI? }`
 *
 * 1inch gives no price impact: it is the USD value lost between what goes in and what comes out,
 * at the Spot Price API's prices (none when it has no price for either token). The swap binds the
 * confirmed quote (issue 36): 1inch is asked for a quote first, refused as `priceMoved` when it now
 * gives less than the confirmed minimum, else asked for the swap at the slippage that puts its
 * minimum (`dstAmount` less the slippage) at or above the confirmed one, which is checked again on
 * its answer.
 *
 * Not confirmed (no 1inch source or live call to check against): whether `tx.gas` is always a
 * number (a decimal string is taken too); the gas price answer of chains without EIP-1559 (only
 * the EIP-1559 shape is taken: another is a bad answer); whether `/approve/allowance` answers
 * the native currency (it is never asked: native needs no allowance).
 */
import type {
  SwapApproveTransaction,
  SwapGasPrice,
  SwapToken,
  SwapTransaction,
} from '@airlock/protocol'
import { swapNativeTokenAddress } from '@airlock/protocol'
import { type Address, isAddressEqual, maxUint256 } from 'viem'
import { z } from 'zod'
import { isShowableToken } from './showableToken'
import type { SwapAdapter, SwapPrice } from './swapAdapter'
import { SwapProviderError } from './swapProviderError'

export const oneInchSwapApiUrl = 'https://api.1inch.dev/swap/v6.0'
export const oneInchGasPriceApiUrl = 'https://api.1inch.dev/gas-price/v1.5'
export const oneInchPriceApiUrl = 'https://api.1inch.dev/price/v1.1'
export const oneInchTokenApiUrl = 'https://api.1inch.dev/token/v1.2'
/** How long 1inch has to answer a call. */
export const oneInchTimeoutMs = 10_000

export declare namespace createOneInchSwap {
  type Options = {
    /** `AIRLOCK_SWAP_1INCH_API_KEY`. */
    apiKey: string
    /** An eip155 chain id 1inch swaps on (the spec's `swapSupportedChainIds`). */
    chainId: number
    /** How long 1inch has to answer a call; default {@link oneInchTimeoutMs}. */
    timeoutMs?: number | undefined
  }
}

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/)
const units = z.string().regex(/^\d{1,78}$/)
/** Gas units: documented as a number; taken as a decimal string too. */
const gasUnits = z.union([z.number().int().nonnegative(), units]).transform(String)
const hex = z.string().regex(/^0x([0-9a-fA-F]{2})*$/)

const tokensAnswer = z.object({
  tokens: z.record(
    z.string(),
    z.object({
      address,
      symbol: z.string(),
      name: z.string(),
      decimals: z.number().int().nonnegative(),
      logoURI: z.string().nullish(),
    }),
  ),
})
const tokenAnswer = z.object({
  address,
  symbol: z.string().min(1),
  name: z.string(),
  decimals: z.number().int().nonnegative().max(77),
  logoURI: z.string().nullish(),
})
const protocolPart = z.object({ name: z.string().max(100) })
const quoteAnswer = z.object({
  dstAmount: units,
  gas: gasUnits.optional(),
  srcToken: z.object({ decimals: z.number().int().nonnegative().max(77) }).optional(),
  dstToken: z.object({ decimals: z.number().int().nonnegative().max(77) }).optional(),
  protocols: z.array(z.array(z.array(protocolPart))).optional(),
})
/** USD prices by address; a price 1inch lacks is left out. */
const pricesAnswer = z.record(z.string(), z.string())
const spenderAnswer = z.object({ address })
const allowanceAnswer = z.object({ allowance: units })
const approveAnswer = z.object({ to: address, data: hex, value: units })
const swapAnswer = z.object({
  dstAmount: units,
  tx: z.object({ to: address, data: hex, value: units, gas: gasUnits.optional() }),
})
const feeLevel = z.object({ maxPriorityFeePerGas: units, maxFeePerGas: units })
const gasPriceAnswer = z.object({ baseFee: units, medium: feeLevel })
const refusalAnswer = z.object({ description: z.string().optional(), error: z.string().optional() })

const priceMoved = () =>
  new SwapProviderError(
    'priceMoved',
    'The price moved beyond your slippage tolerance: the swap would give less than the minimum you confirmed. Get a new quote.',
  )

/** A token's USD price from the Spot Price API's answer (its keys' case is 1inch's). */
const priceOf = (prices: Record<string, string>, token: Address) => {
  const entry = Object.entries(prices).find(([key]) => key.toLowerCase() === token.toLowerCase())
  const price = entry === undefined ? Number.NaN : Number(entry[1])
  return Number.isFinite(price) && price > 0 ? price : undefined
}

type Side = { amount: bigint; decimals: number; usd: number | undefined }
/**
 * The USD value lost from what goes in to what comes out, in percent to two decimals (0 when more
 * comes out); undefined without both prices.
 *
 * @example
 * usdImpact({ amount: 10n ** 18n, decimals: 18, usd: 3000 }, { amount: 2_850_000_000n, decimals: 6, usd: 1 }) // 5
 */
export function usdImpact(from: Side, to: Side): number | undefined {
  if (from.usd === undefined || to.usd === undefined) return undefined
  const value = (side: Side, usd: number) => (Number(side.amount) / 10 ** side.decimals) * usd
  const paid = value(from, from.usd)
  if (!(paid > 0)) return undefined
  const lost = (paid - value(to, to.usd)) / paid
  return Math.max(0, Math.round(lost * 10_000) / 100)
}

/**
 * The slippage 1inch is asked for so its minimum is at least `minimum` of `now`: (now − minimum)
 * / now in percent, rounded down to a ten-thousandth of a percent (rounding down keeps more), at
 * most 1inch's 50.
 *
 * @example
 * slippageFor(3_000_000n, 2_970_000n) // { text: '1', keptMillionths: 990_000n }
 */
export function slippageFor(now: bigint, minimum: bigint) {
  const givenMillionths = ((now - minimum) * 1_000_000n) / now
  const capped = givenMillionths > 500_000n ? 500_000n : givenMillionths
  const text = (Number(capped) / 10_000).toString()
  return { text, keptMillionths: 1_000_000n - capped }
}

/**
 * @example
 * const swap = createOneInchSwap({ apiKey: config.swap.oneInchApiKey, chainId: 8453 })
 * const { toAmount } = await swap.quote({ fromToken: swapNativeTokenAddress, toToken: usdc, amount: 10n ** 18n })
 */
export function createOneInchSwap({
  apiKey,
  chainId,
  timeoutMs = oneInchTimeoutMs,
}: createOneInchSwap.Options): SwapAdapter {
  const swapUrl = `${oneInchSwapApiUrl}/${chainId}`

  /** 1inch's answer to `url`, checked against `schema`; every failure a SwapProviderError. */
  async function get<output>(
    url: string,
    query: Record<string, string>,
    schema: z.ZodType<output>,
  ): Promise<output> {
    const target = new URL(url)
    for (const [name, value] of Object.entries(query)) target.searchParams.set(name, value)
    const seconds = timeoutMs / 1000
    const failed = (error: unknown) =>
      error instanceof Error && error.name === 'TimeoutError'
        ? new SwapProviderError('timeout', `1inch did not answer within ${seconds} s.`, {
            cause: error,
          })
        : new SwapProviderError('unavailable', '1inch could not be reached.', { cause: error })
    let response: Response
    let body: unknown
    try {
      response = await fetch(target, {
        headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      })
      body = await response.json().catch((error: unknown) => {
        // The timeout also ends a body still coming; any other unreadable body is nonsense.
        if (error instanceof Error && error.name === 'TimeoutError') throw error
        return undefined
      })
    } catch (error) {
      throw failed(error)
    }
    if (response.status >= 500)
      throw new SwapProviderError('unavailable', `1inch failed (HTTP ${response.status}).`)
    if (response.status === 401 || response.status === 403)
      throw new SwapProviderError(
        'unavailable',
        `1inch did not accept this API's key (HTTP ${response.status}).`,
      )
    if (response.status === 429)
      throw new SwapProviderError(
        'unavailable',
        '1inch is limiting this API’s requests (HTTP 429).',
      )
    if (!response.ok) {
      const refusal = refusalAnswer.safeParse(body)
      const why = (refusal.data?.description || refusal.data?.error || `HTTP ${response.status}`)
        .replace(/\s+/g, ' ')
        .slice(0, 200)
      throw new SwapProviderError('refused', `1inch refused the swap: ${why}`)
    }
    const parsed = schema.safeParse(body)
    if (!parsed.success)
      throw new SwapProviderError(
        'badAnswer',
        `1inch answered something unexpected (${new URL(url).pathname.split('/').pop()}).`,
        { cause: parsed.error },
      )
    return parsed.data
  }

  const isNative = (token: Address) => isAddressEqual(token, swapNativeTokenAddress)
  const quoteOf = (fromToken: Address, toToken: Address, amount: bigint) =>
    get(
      `${swapUrl}/quote`,
      {
        src: fromToken,
        dst: toToken,
        amount: String(amount),
        includeGas: 'true',
        includeTokensInfo: 'true',
        includeProtocols: 'true',
      },
      quoteAnswer,
    )
  const spender = async () =>
    (await get(`${swapUrl}/approve/spender`, {}, spenderAnswer)).address as Address

  return {
    provider: '1inch',

    async tokens(): Promise<SwapToken[]> {
      const answer = await get(`${swapUrl}/tokens`, {}, tokensAnswer)
      return Object.values(answer.tokens).map(({ address, symbol, name, decimals, logoURI }) => ({
        address,
        symbol,
        name,
        decimals,
        ...(logoURI ? { logoURI } : {}),
      }))
    },

    async token(tokenAddress): Promise<SwapToken> {
      const token = await get(
        `${oneInchTokenApiUrl}/${chainId}/custom/${tokenAddress}`,
        {},
        tokenAnswer,
      ).catch((error: unknown) => {
        if (error instanceof SwapProviderError && error.reason === 'refused')
          throw new SwapProviderError(
            'notAContract',
            `${tokenAddress} is not a token 1inch knows on this chain.`,
            { cause: error },
          )
        throw error
      })
      if (!isShowableToken(token))
        throw new SwapProviderError(
          'notAContract',
          `${tokenAddress} is not a token to import: its symbol or name is too long or has characters that change how text shows.`,
        )
      const { logoURI, ...rest } = token
      return { ...rest, ...(logoURI ? { logoURI } : {}) }
    },

    async quote({ fromToken, toToken, amount }): Promise<SwapPrice> {
      const [answer, prices] = await Promise.all([
        quoteOf(fromToken, toToken, amount),
        // The price impact needs them; a quote without them stands, with no impact.
        get(
          `${oneInchPriceApiUrl}/${chainId}/${fromToken},${toToken}`,
          { currency: 'USD' },
          pricesAnswer,
        ).catch(() => undefined),
      ])
      const toAmount = BigInt(answer.dstAmount)
      const priceImpact =
        prices && answer.srcToken && answer.dstToken
          ? usdImpact(
              { amount, decimals: answer.srcToken.decimals, usd: priceOf(prices, fromToken) },
              {
                amount: toAmount,
                decimals: answer.dstToken.decimals,
                usd: priceOf(prices, toToken),
              },
            )
          : undefined
      const route = [
        ...new Set(answer.protocols?.flat(2).map((part) => part.name.replace(/_/g, ' '))),
      ]
      return {
        toAmount,
        ...(priceImpact !== undefined ? { priceImpact } : {}),
        ...(answer.gas !== undefined ? { estimatedGas: BigInt(answer.gas) } : {}),
        ...(route.length > 0 ? { route: route.slice(0, 20) } : {}),
      }
    },

    async allowance({ token, owner }) {
      if (isNative(token)) return { spender: await spender(), allowance: maxUint256 }
      const [router, answer] = await Promise.all([
        spender(),
        get(
          `${swapUrl}/approve/allowance`,
          { tokenAddress: token, walletAddress: owner },
          allowanceAnswer,
        ),
      ])
      return { spender: router, allowance: BigInt(answer.allowance) }
    },

    async approveTransaction({ token, amount }): Promise<SwapApproveTransaction> {
      // With `amount`, the approval is for this swap only, not the unlimited one 1inch gives without.
      const { to, data, value } = await get(
        `${swapUrl}/approve/transaction`,
        { tokenAddress: token, amount: String(amount) },
        approveAnswer,
      )
      return { to, data, value }
    },

    async swapTransaction({
      fromToken,
      toToken,
      amount,
      minimumReceived,
      from,
      approvalInBatch,
    }): Promise<SwapTransaction> {
      const now = BigInt((await quoteOf(fromToken, toToken, amount)).dstAmount)
      if (now < minimumReceived) throw priceMoved()
      const slippage = slippageFor(now, minimumReceived)
      const { dstAmount, tx } = await get(
        `${swapUrl}/swap`,
        {
          src: fromToken,
          dst: toToken,
          amount: String(amount),
          from,
          // The EOA that sends it (1inch asks for compliance checks); the visitor's own.
          origin: from,
          slippage: slippage.text,
          // 1inch simulates the swap and refuses one that would fail (balance, allowance): the
          // wallet is never asked to send it. One whose approval comes first in its atomic batch
          // would fail alone (no allowance yet): 1inch is told not to simulate it, and the
          // wallet's estimate of the whole batch (the bundler's) checks it and sets its gas.
          disableEstimate: approvalInBatch ? 'true' : 'false',
        },
        swapAnswer,
      )
      // 1inch's minimum is its dstAmount less the slippage: it must not fall below the confirmed one.
      if ((BigInt(dstAmount) * slippage.keptMillionths) / 1_000_000n < minimumReceived)
        throw priceMoved()
      return {
        to: tx.to,
        data: tx.data,
        value: tx.value,
        ...(tx.gas !== undefined && !approvalInBatch ? { gas: tx.gas } : {}),
      }
    },

    async gasPrice(): Promise<Omit<SwapGasPrice, 'chainId'>> {
      const { baseFee, medium } = await get(
        `${oneInchGasPriceApiUrl}/${chainId}`,
        {},
        gasPriceAnswer,
      )
      // What a unit is expected to cost: the base fee and the tip; maxFeePerGas is the cap.
      return {
        gasPrice: String(BigInt(baseFee) + BigInt(medium.maxPriorityFeePerGas)),
        maxFeePerGas: medium.maxFeePerGas,
        maxPriorityFeePerGas: medium.maxPriorityFeePerGas,
      }
    },
  }
}
