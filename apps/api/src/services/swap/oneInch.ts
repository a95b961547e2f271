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
 * Not confirmed (no 1inch source or live call to check against): whether `tx.gas` is always a
 * number (a decimal string is taken too); the gas price answer of chains without EIP-1559 (only
 * the EIP-1559 shape is taken: another is a bad answer); whether `/approve/allowance` answers
 * the native currency (it is never asked: native needs no allowance). 1inch gives no price
 * impact, so quotes from it have none.
 */
import type {
  SwapApproveTransaction,
  SwapGasPrice,
  SwapToken,
  SwapTransaction,
} from '@airlock/protocol'
import { swapNativeTokenAddress, swapSlippageTolerance } from '@airlock/protocol'
import { type Address, isAddressEqual, maxUint256 } from 'viem'
import { z } from 'zod'
import type { SwapAdapter, SwapPrice } from './swapAdapter'
import { SwapProviderError } from './swapProviderError'

export const oneInchSwapApiUrl = 'https://api.1inch.dev/swap/v6.0'
export const oneInchGasPriceApiUrl = 'https://api.1inch.dev/gas-price/v1.5'
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
const quoteAnswer = z.object({ dstAmount: units, gas: gasUnits.optional() })
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

    async quote({ fromToken, toToken, amount }): Promise<SwapPrice> {
      const answer = await get(
        `${swapUrl}/quote`,
        { src: fromToken, dst: toToken, amount: String(amount), includeGas: 'true' },
        quoteAnswer,
      )
      return {
        toAmount: BigInt(answer.dstAmount),
        ...(answer.gas !== undefined ? { estimatedGas: BigInt(answer.gas) } : {}),
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
      from,
      approvalInBatch,
    }): Promise<SwapTransaction> {
      const { tx } = await get(
        `${swapUrl}/swap`,
        {
          src: fromToken,
          dst: toToken,
          amount: String(amount),
          from,
          // The EOA that sends it (1inch asks for compliance checks); the visitor's own.
          origin: from,
          slippage: String(swapSlippageTolerance),
          // 1inch simulates the swap and refuses one that would fail (balance, allowance): the
          // wallet is never asked to send it. One whose approval comes first in its atomic batch
          // would fail alone (no allowance yet): 1inch is told not to simulate it, and the
          // wallet's estimate of the whole batch (the bundler's) checks it and sets its gas.
          disableEstimate: approvalInBatch ? 'true' : 'false',
        },
        swapAnswer,
      )
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
